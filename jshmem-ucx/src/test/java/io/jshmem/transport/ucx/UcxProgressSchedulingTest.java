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
 * The progress thread's scheduling class (JSHMEM_UCX_PROGRESS_PRIORITY): idle by default, normal on request, a bad
 * value refused by name. The kernel's own view of each thread ({@code /proc/.../stat}, field 41: the policy) is what
 * is checked, not only what the engine reports.
 */
@Timeout(120)
class UcxProgressSchedulingTest {
    private static final int SCHED_OTHER = 0;
    private static final int SCHED_IDLE = 5;
    private static final String THREAD_NAME_PREFIX = "jshmem-ucx-prog"; // the kernel keeps 15 characters

    @AfterEach
    void clearSetting() {
        System.clearProperty(Setting.UCX_PROGRESS_PRIORITY.propertyName());
    }

    @Test
    void aThreadLowersOnlyItselfIntoTheIdleClass() throws Exception {
        assumeLinuxProc();
        AtomicReference<String> refused = new AtomicReference<>("not run");
        AtomicReference<Integer> policy = new AtomicReference<>(-1);
        Thread t = Thread.ofPlatform().start(() -> {
            refused.set(IdleScheduling.lowerCurrentThread());
            policy.set(policyOf(Path.of("/proc/thread-self/stat")));
        });
        t.join();
        assertNull(refused.get(), "sched_setscheduler(SCHED_IDLE) on oneself must be allowed unprivileged");
        assertEquals(SCHED_IDLE, policy.get(), "the lowered thread's policy as the kernel reports it");
        assertEquals(SCHED_OTHER, policyOf(Path.of("/proc/thread-self/stat")), "the calling test thread is unchanged");
    }

    @Test
    void theEngineRunsItsProgressThreadsIdleByDefault() throws Exception {
        UcxTestSupport.assumeUcx();
        assumeLinuxProc();
        UcxJobRunner.run(2, pe -> {
            assertEquals("idle", pe.transport().tuning().get("progressScheduling"), "PE " + pe.pe());
            pe.barrier();
            if (pe.pe() == 0) {
                List<Integer> policies = progressThreadPolicies();
                assertFalse(policies.isEmpty(), "no " + THREAD_NAME_PREFIX + "* thread found in /proc/self/task");
                for (int p : policies) {
                    assertEquals(SCHED_IDLE, p, "policies of the progress threads: " + policies);
                }
            }
            pe.barrier();
        });
    }

    @Test
    void normalKeepsTheJvmsScheduling() throws Exception {
        UcxTestSupport.assumeUcx();
        assumeLinuxProc();
        System.setProperty(Setting.UCX_PROGRESS_PRIORITY.propertyName(), " Normal ");
        UcxJobRunner.run(2, pe -> {
            assertEquals("normal", pe.transport().tuning().get("progressScheduling"), "PE " + pe.pe());
            pe.barrier();
            if (pe.pe() == 0) {
                List<Integer> policies = progressThreadPolicies();
                assertFalse(policies.isEmpty(), "no " + THREAD_NAME_PREFIX + "* thread found in /proc/self/task");
                for (int p : policies) {
                    assertEquals(SCHED_OTHER, p, "policies of the progress threads: " + policies);
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
        assertTrue(m.contains("JSHMEM_UCX_PROGRESS_PRIORITY") && m.contains("realtime") && m.contains("idle, normal"),
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
