package io.jshmem.apps;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;

import java.util.List;

/**
 * The frame every program runs in: init, {@code --help}, bad arguments (PE 0 prints one line naming the argument,
 * its value and the valid range, every PE exits with status 2), verification failure (status 1), an exception on
 * any PE (the job ends at once through global exit with status 1), finalize.
 */
final class AppMain {
    static final int OK = 0;
    static final int VERIFICATION_FAILED = 1;
    static final int BAD_ARGUMENT = 2;

    /** A program body; it validates every flag before its first collective call and returns the exit status. */
    @FunctionalInterface
    interface Body {
        int run(ShmemRuntime shmem, Flags flags);
    }

    private AppMain() {
    }

    static void run(String program, String usage, String[] args, List<String> valueFlags, List<String> switches,
                    Body body) {
        Flags flags = Flags.parse(args, valueFlags, switches);
        int status;
        try (ShmemRuntime shmem = Shmem.init()) {
            status = runIn(shmem, program, usage, flags, body);
        }
        System.out.flush();
        System.exit(status);
    }

    private static int runIn(ShmemRuntime shmem, String program, String usage, Flags flags, Body body) {
        boolean root = shmem.myPe() == 0;
        if (flags.help()) {
            if (root) {
                System.out.println(usage);
            }
            return OK;
        }
        try {
            flags.checkSyntax();
            return body.run(shmem, flags);
        } catch (BadArgument e) {
            if (root) {
                System.err.println(program + ": " + e.getMessage() + " (run with --help for usage)");
            }
            return BAD_ARGUMENT;
        } catch (RuntimeException | Error e) {
            // One PE failed in the middle of a collective algorithm: the others would wait for it in a barrier (or
            // in finalize) until the launcher's deadline; end the whole job now instead.
            System.err.println(program + ": PE " + shmem.myPe() + " failed: " + e);
            e.printStackTrace();
            shmem.globalExit(VERIFICATION_FAILED);
            throw e;
        }
    }
}
