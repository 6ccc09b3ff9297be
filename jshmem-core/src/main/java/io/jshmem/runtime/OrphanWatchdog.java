package io.jshmem.runtime;

import io.jshmem.config.Setting;

import java.io.PrintStream;

/**
 * Ends a PE whose job is gone. The rendezvous connection is the PE's lifeline to its launcher (or, without a
 * launcher, to the PE hosting the rendezvous): when it ends without the server's shutdown notice, that process died,
 * nobody can collect this PE's status or end it, and it would otherwise run on in its own code forever.
 *
 * <p>Why not the kernel's parent-death signal: {@code PR_SET_PDEATHSIG} fires when the forking <em>thread</em> of
 * the parent exits, which in a JVM launcher is not the death of the process, and it does not cover launcher-free
 * jobs at all. The rendezvous connection covers both, and a kill -9 of the other side closes it at once.
 *
 * <p>Called on the bootstrap client's event thread, never on a thread of the user. Halting (not {@code exit}) is
 * deliberate: shutdown hooks or a user thread blocked in native code must not keep an orphan alive.
 */
final class OrphanWatchdog {
    /** Exit status of a PE that outlived its job. */
    static final int STATUS = 1;
    /**
     * Time between the failure being recorded (operations in flight fail with PeFailedException and may be
     * reported by the application) and the halt; well inside the 2 s the failure model promises.
     */
    static final long GRACE_MS = 250;

    /** How often the launcher watch looks at the parent process (a /proc lookup: negligible). */
    static final long LAUNCHER_POLL_MS = 200;
    /** Set by shmemrun in every PE's environment; its presence means the parent process is the launcher. */
    static final String LAUNCH_ID_VARIABLE = "JSHMEM_LAUNCH_ID";
    private static final java.util.concurrent.atomic.AtomicBoolean WATCHING =
            new java.util.concurrent.atomic.AtomicBoolean();
    /** The first report wins: the rendezvous and the launcher watch may both notice one death. */
    private static final java.util.concurrent.atomic.AtomicBoolean REPORTED =
            new java.util.concurrent.atomic.AtomicBoolean();

    private OrphanWatchdog() {
    }

    /**
     * Under shmemrun, also watches the launcher process itself: on the nodes of a multi-node job other than node 0
     * the rendezvous lives elsewhere and survives the local launcher, whose death would otherwise go unnoticed.
     * One watch per process, whatever the number of instances.
     */
    static void watchLauncher(boolean orphanExit, int pe, PrintStream err) {
        if (System.getenv(LAUNCH_ID_VARIABLE) == null || !WATCHING.compareAndSet(false, true)) {
            return;
        }
        java.util.Optional<ProcessHandle> parent = ProcessHandle.current().parent();
        if (parent.isEmpty()) {
            return;
        }
        ProcessHandle launcher = parent.get();
        Thread.ofPlatform().daemon().name("jshmem-launcher-watch").start(() -> {
            try {
                while (launcher.isAlive()) {
                    Thread.sleep(LAUNCHER_POLL_MS);
                }
            } catch (InterruptedException e) {
                return;
            }
            rendezvousLost(orphanExit, pe, "its launcher shmemrun (PID " + launcher.pid() + ") is gone", err);
        });
    }

    /** Records nothing itself; prints the reason and halts after the grace period unless the user opted out. */
    static void rendezvousLost(boolean orphanExit, int pe, String reason, PrintStream err) {
        if (!REPORTED.compareAndSet(false, true)) {
            return;
        }
        if (!orphanExit) {
            err.println("jshmem: PE " + pe + ": " + reason + "; " + Setting.ORPHAN_EXIT.envName()
                    + "=false keeps this PE running, but its jshmem operations now fail");
            err.flush();
            return;
        }
        err.println("jshmem: PE " + pe + " exits: its job is gone (" + reason + "). PEs end with their launcher;"
                + " set " + Setting.ORPHAN_EXIT.envName() + "=false to keep a PE running without it");
        err.flush();
        Thread halter = Thread.ofPlatform().daemon().name("jshmem-orphan-exit").unstarted(() -> {
            try {
                Thread.sleep(GRACE_MS);
            } catch (InterruptedException e) {
                // Halt at once instead.
            }
            GlobalExit.haltNow(STATUS);
        });
        halter.start();
    }
}
