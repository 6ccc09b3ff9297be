package io.jshmem.it.pe;

import java.io.IOException;

/** Ends this JVM with a real SIGKILL (no shutdown hooks, no goodbye), as an out-of-memory killer or kill -9 would. */
final class SelfKill {
    private SelfKill() {
    }

    static void now() throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).inheritIO().start().waitFor();
        Thread.sleep(60_000);
    }
}
