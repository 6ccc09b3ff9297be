package io.jshmem.it;

import io.jshmem.it.pe.OwnCodePe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The failure model: PEs die with their job. kill -9 of shmemrun, or of the PE hosting a launcher-free job's rendezvous,
 * ends every other PE within 2 s (asserted with a margin for loaded machines; the measured time is printed), even
 * one sleeping or computing in its own code; JSHMEM_ORPHAN_EXIT=false keeps a PE alive on purpose.
 */
class JobDeathTest {
    private static final long LIMIT_MS = 8_000;
    private static final Pattern READY = Pattern.compile("READY pe=(\\d+) pid=(\\d+)");

    @Test
    @Timeout(90)
    void killedLauncherTakesItsPesWithIt() throws Exception {
        try (DirectProcesses procs = new DirectProcesses()) {
            procs.start(Map.of("SHMEM_SYMMETRIC_SIZE", "4m"), "io.jshmem.launcher.ShmemRun", "-np", "3",
                    OwnCodePe.class.getName());
            List<ProcessHandle> pes = awaitReady(procs, 0, 3);
            procs.handle(0).destroyForcibly();
            long ms = awaitGone(pes);
            System.out.println("JobDeathTest: PEs of a killed shmemrun gone after " + ms + " ms");
            assertTrue(ms < LIMIT_MS, "PEs outlived their launcher by " + ms + " ms (failure model: 2 s)");
        }
    }

    @Test
    @Timeout(90)
    void killedRendezvousHostEndsTheOthersUnlessTheyOptOut() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (DirectProcesses procs = new DirectProcesses()) {
            for (int rank = 0; rank < 3; rank++) {
                Map<String, String> env = new HashMap<>(Map.of("RANK", "" + rank, "WORLD_SIZE", "3",
                        "LOCAL_RANK", "" + rank, "LOCAL_WORLD_SIZE", "3", "MASTER_ADDR", "127.0.0.1",
                        "MASTER_PORT", "" + port, "JSHMEM_SECRET", "job-death-secret-0123456789",
                        "SHMEM_SYMMETRIC_SIZE", "4m"));
                if (rank == 2) {
                    env.put("JSHMEM_ORPHAN_EXIT", "false");
                }
                procs.start(env, OwnCodePe.class.getName());
            }
            List<ProcessHandle> pes = new ArrayList<>();
            for (int rank = 0; rank < 3; rank++) {
                pes.addAll(awaitReady(procs, rank, 1));
            }
            procs.handle(0).destroyForcibly();
            long ms = awaitGone(List.of(procs.handle(1)));
            System.out.println("JobDeathTest: PE 1 gone " + ms + " ms after its rendezvous host PE 0 was killed");
            assertTrue(ms < LIMIT_MS, "PE 1 outlived the rendezvous host by " + ms + " ms (failure model: 2 s)");
            assertTrue(procs.output(1).stream().anyMatch(l -> l.contains("jshmem: PE 1 exits: its job is gone")
                    && l.contains("JSHMEM_ORPHAN_EXIT")), procs::dump);
            Thread.sleep(1_500);
            assertTrue(procs.handle(2).isAlive(), () -> "JSHMEM_ORPHAN_EXIT=false did not keep PE 2 alive"
                    + procs.dump());
            assertTrue(procs.output(2).stream().anyMatch(l -> l.contains("JSHMEM_ORPHAN_EXIT=false keeps this PE"
                    + " running")), procs::dump);
        }
        ShmFiles.assertNoneLeft();
    }

    /** Waits for {@code count} READY lines in process {@code i}'s output; returns the PEs' processes. */
    private static List<ProcessHandle> awaitReady(DirectProcesses procs, int i, int count) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            List<ProcessHandle> found = new ArrayList<>();
            for (String line : procs.output(i)) {
                Matcher m = READY.matcher(line);
                if (m.find()) {
                    Optional<ProcessHandle> h = ProcessHandle.of(Long.parseLong(m.group(2)));
                    h.ifPresent(found::add);
                }
            }
            if (found.size() == count) {
                return found;
            }
            if (!procs.handle(i).isAlive()) {
                fail("process " + i + " ended before its PEs were ready" + procs.dump());
            }
            Thread.sleep(20);
        }
        throw new AssertionError("PEs not ready within 60 s" + procs.dump());
    }

    /**
     * Whether the process still runs. A zombie has ended: once the launcher is dead its PEs belong to the machine's
     * init process, which may reap them late, and ProcessHandle counts an unreaped process as alive.
     */
    private static boolean running(ProcessHandle h) {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + h.pid() + "/stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X' && h.isAlive();
        } catch (IOException | RuntimeException e) {
            return h.isAlive();
        }
    }

    /** Milliseconds until every process is gone; kills the rest (by pid) and fails after 20 s. */
    private static long awaitGone(List<ProcessHandle> pes) throws InterruptedException, IOException {
        long start = System.nanoTime();
        while (pes.stream().anyMatch(JobDeathTest::running)) {
            if (System.nanoTime() - start > 20_000_000_000L) {
                pes.forEach(ProcessHandle::destroyForcibly);
                fail("PEs still alive 20 s after their job died: " + pes);
            }
            Thread.sleep(5);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }
}
