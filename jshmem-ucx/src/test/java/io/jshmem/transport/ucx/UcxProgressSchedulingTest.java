package io.jshmem.transport.ucx;

import io.jshmem.config.Setting;
import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The progress thread's scheduling class (JSHMEM_UCX_PROGRESS_PRIORITY): by default batch where every PE of the host
 * has a core and idle where they outnumber the cores (JSHMEM_HOST_CPUS), idle or normal on request, a bad value
 * refused by name. The kernel's own view of each thread ({@code /proc/.../stat}, field 41: the policy) is what
 * is checked, not only what the engine reports.
 */
@Timeout(120)
class UcxProgressSchedulingTest {
    private static final int SCHED_OTHER = 0;
    private static final int SCHED_BATCH = 3;
    private static final int SCHED_IDLE = 5;
    private static final String THREAD_NAME_PREFIX = "jshmem-ucx-prog"; // the kernel keeps 15 characters

    @AfterEach
    void clearSettings() {
        System.clearProperty(Setting.UCX_PROGRESS_PRIORITY.propertyName());
        System.clearProperty(Setting.HOST_CPUS.propertyName());
    }

    @Test
    void autoIsIdleOnlyWhereTheHostsPesOutnumberItsCores() {
        assertEquals(ProgressScheduling.BATCH, ProgressScheduling.choose(ProgressScheduling.Choice.AUTO, 1, 1));
        assertEquals(ProgressScheduling.BATCH, ProgressScheduling.choose(ProgressScheduling.Choice.AUTO, 2, 2));
        assertEquals(ProgressScheduling.BATCH, ProgressScheduling.choose(ProgressScheduling.Choice.AUTO, 2, 64));
        assertEquals(ProgressScheduling.IDLE, ProgressScheduling.choose(ProgressScheduling.Choice.AUTO, 3, 2));
        assertEquals(ProgressScheduling.IDLE, ProgressScheduling.choose(ProgressScheduling.Choice.AUTO, 8, 2));
        for (int[] host : new int[][] {{1, 1}, {8, 2}}) {
            assertEquals(ProgressScheduling.BATCH, ProgressScheduling.choose(ProgressScheduling.Choice.BATCH,
                    host[0], host[1]), "an explicit choice holds whatever the host");
            assertEquals(ProgressScheduling.IDLE, ProgressScheduling.choose(ProgressScheduling.Choice.IDLE,
                    host[0], host[1]));
            assertEquals(ProgressScheduling.NORMAL, ProgressScheduling.choose(ProgressScheduling.Choice.NORMAL,
                    host[0], host[1]));
        }
    }

    @Test
    void aThreadMovesOnlyItselfIntoTheBatchOrIdleClass() throws Exception {
        assumeLinuxProc();
        assertEquals(SCHED_BATCH, policyAfter(ProgressScheduling.BATCH));
        assertEquals(SCHED_IDLE, policyAfter(ProgressScheduling.IDLE));
        assertEquals(SCHED_OTHER, policyAfter(ProgressScheduling.NORMAL));
        assertEquals(SCHED_OTHER, policyOf(Path.of("/proc/thread-self/stat")), "the calling test thread is unchanged");
    }

    /** The kernel's policy of a fresh thread after it applied {@code s} to itself (which must succeed). */
    private static int policyAfter(ProgressScheduling s) throws InterruptedException {
        AtomicReference<String> refused = new AtomicReference<>("not run");
        AtomicReference<Integer> policy = new AtomicReference<>(-1);
        Thread t = Thread.ofPlatform().start(() -> {
            refused.set(s.applyToCurrentThread());
            policy.set(policyOf(Path.of("/proc/thread-self/stat")));
        });
        t.join();
        assertNull(refused.get(), s + ": moving oneself to this class must be allowed unprivileged");
        return policy.get();
    }

    @Test
    void byDefaultTheProgressThreadsAreBatchWhereEveryPeHasACore() throws Exception {
        System.setProperty(Setting.HOST_CPUS.propertyName(), "2");
        assertProgressThreads(null, "batch", SCHED_BATCH);
    }

    @Test
    void byDefaultTheProgressThreadsAreIdleWherePesOutnumberTheCores() throws Exception {
        System.setProperty(Setting.HOST_CPUS.propertyName(), "1");
        assertProgressThreads(null, "idle", SCHED_IDLE);
    }

    @Test
    void batchOnRequestEvenWherePesOutnumberTheCores() throws Exception {
        System.setProperty(Setting.HOST_CPUS.propertyName(), "1");
        assertProgressThreads("batch", "batch", SCHED_BATCH);
    }

    @Test
    void idleOnRequest() throws Exception {
        assertProgressThreads(" IDLE ", "idle", SCHED_IDLE);
    }

    @Test
    void normalKeepsTheJvmsScheduling() throws Exception {
        assertProgressThreads("normal", "normal", SCHED_OTHER);
    }

    /** With the setting at {@code value} (null: unset), every PE reports {@code label} and the kernel {@code policy}. */
    private static void assertProgressThreads(String value, String label, int policy) throws Exception {
        UcxTestSupport.assumeUcx();
        assumeLinuxProc();
        if (value != null) {
            System.setProperty(Setting.UCX_PROGRESS_PRIORITY.propertyName(), value);
        }
        UcxJobRunner.run(2, pe -> {
            assertEquals(label, pe.transport().tuning().get("progressScheduling"), "PE " + pe.pe());
            pe.barrier();
            if (pe.pe() == 0) {
                List<Integer> policies = progressThreadPolicies();
                assertFalse(policies.isEmpty(), "no " + THREAD_NAME_PREFIX + "* thread found in /proc/self/task");
                for (int p : policies) {
                    assertEquals(policy, p, "policies of the progress threads: " + policies);
                }
            }
            pe.barrier();
        });
    }

    @Test
    void aBadPriorityIsRefusedByName() {
        UcxTestSupport.assumeUcx();
        System.setProperty(Setting.UCX_PROGRESS_PRIORITY.propertyName(), "realtime");
        Throwable thrown = assertThrows(Throwable.class, () -> UcxJobRunner.run(2, pe -> {
        }));
        Throwable e = thrown;
        while (e != null && !(e instanceof ShmemArgumentException)) {
            e = e.getCause();
        }
        assertTrue(e != null, () -> "no ShmemArgumentException in the cause chain of " + thrown);
        String m = e.getMessage();
        assertTrue(m.contains("JSHMEM_UCX_PROGRESS_PRIORITY") && m.contains("realtime")
                && m.contains("auto, batch, idle, normal"),
                m);
    }

    private static void assumeLinuxProc() {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/stat")),
                "needs Linux's /proc/thread-self/stat to read a thread's scheduling policy");
    }

    /** The kernel's policy of each live progress thread of this JVM. */
    private static List<Integer> progressThreadPolicies() throws IOException {
        List<Integer> out = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    if (Files.readString(task.resolve("comm")).strip().startsWith(THREAD_NAME_PREFIX)) {
                        out.add(policyOf(task.resolve("stat")));
                    }
                } catch (IOException gone) {
                    // The thread ended between the listing and the read: not one of the engine's live threads.
                }
            }
        }
        return out;
    }

    /** Field 41 of a stat file (proc(5)); the fields are counted after the command name's closing parenthesis. */
    private static int policyOf(Path stat) {
        try {
            String s = Files.readString(stat);
            String[] fields = s.substring(s.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[41 - 3]);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + stat, e);
        }
    }
}
