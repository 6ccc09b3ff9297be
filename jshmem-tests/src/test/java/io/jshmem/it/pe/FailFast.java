package io.jshmem.it.pe;

/**
 * Runs a PE program's checks so that a failed check ends the PE at once with status 1 and the failure on stderr.
 * Letting the exception leave a try-with-resources block would run the collective finalize while the other PEs
 * are still in the program, and the job would only end at its deadline.
 */
final class FailFast {
    interface Body {
        void run() throws Exception;
    }

    private FailFast() {
    }

    static void run(Body body) {
        try {
            body.run();
        } catch (Throwable t) {
            t.printStackTrace();
            System.err.flush();
            System.out.flush();
            Runtime.getRuntime().halt(1);
        }
    }
}
