package io.jshmem.it;

import io.jshmem.it.pe.EnvLaunchPe;
import io.jshmem.it.pe.UniqueIdPe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shmem.init() without shmemrun: under torchrun, Slurm and Open MPI variables (PE 0 serves the rendezvous at the
 * master address), alone (a one-PE job), and self-bootstrapped through a unique id handed over in a file.
 */
class EnvironmentLaunchTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @Test
    @Timeout(120)
    void shouldInitUnderTorchrunVariables() throws Exception {
        int port = freePort();
        runTwo(rank -> Map.of("RANK", "" + rank, "WORLD_SIZE", "2", "LOCAL_RANK", "" + rank,
                "LOCAL_WORLD_SIZE", "2", "MASTER_ADDR", "127.0.0.1", "MASTER_PORT", "" + port,
                "JSHMEM_SECRET", "torch-test-secret-0123456789"));
    }

    @Test
    @Timeout(120)
    void shouldInitUnderSlurmVariables() throws Exception {
        int port = freePort();
        runTwo(rank -> Map.of("SLURM_PROCID", "" + rank, "SLURM_NTASKS", "2", "SLURM_LOCALID", "" + rank,
                "SLURM_JOB_ID", "4711", "SLURM_TASKS_PER_NODE", "2", "SLURM_NODEID", "0", "MASTER_ADDR", "127.0.0.1", "MASTER_PORT", "" + port));
    }

    @Test
    @Timeout(120)
    void shouldInitUnderOpenMpiVariables() throws Exception {
        int port = freePort();
        runTwo(rank -> Map.of("OMPI_COMM_WORLD_RANK", "" + rank, "OMPI_COMM_WORLD_SIZE", "2",
                "OMPI_COMM_WORLD_LOCAL_RANK", "" + rank, "OMPI_COMM_WORLD_LOCAL_SIZE", "2",
                "MASTER_ADDR", "127.0.0.1", "MASTER_PORT", "" + port, "JSHMEM_SECRET", "mpi-secret-0123456789abcdef"));
    }

    @Test
    @Timeout(120)
    void shouldRunAloneAsOnePeJob() throws Exception {
        try (DirectProcesses procs = new DirectProcesses()) {
            procs.start(Map.of("SHMEM_SYMMETRIC_SIZE", "1m"), EnvLaunchPe.class.getName());
            assertArrayEquals(new int[] {0}, procs.awaitAll(LIMIT), procs.dump());
            assertTrue(procs.output(0).contains("ENV OK pe 0 of 1"), procs.dump());
        }
        ShmFiles.assertNoneLeft();
    }

    @Test
    @Timeout(120)
    void shouldSelfBootstrapWithUniqueId(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("uid");
        try (DirectProcesses procs = new DirectProcesses()) {
            for (int pe = 0; pe < 3; pe++) {
                procs.start(Map.of(), UniqueIdPe.class.getName(), file.toString(), "" + pe, "3");
            }
            assertArrayEquals(new int[] {0, 0, 0}, procs.awaitAll(LIMIT), procs.dump());
            for (int pe = 0; pe < 3; pe++) {
                assertTrue(procs.output(pe).contains("UID OK pe " + pe + " heap 1048576"), procs.dump());
            }
        }
        ShmFiles.assertNoneLeft();
    }

    @Test
    @Timeout(120)
    void shouldInitFromRendezvousUrlAttribute() throws Exception {
        String url = "tcp://127.0.0.1:" + freePort();
        try (DirectProcesses procs = new DirectProcesses()) {
            for (int pe = 0; pe < 2; pe++) {
                procs.start(Map.of("JSHMEM_SECRET", "url-secret-0123456789"), UniqueIdPe.class.getName(), url,
                        "" + pe, "2");
            }
            assertArrayEquals(new int[] {0, 0}, procs.awaitAll(LIMIT), procs.dump());
            assertTrue(procs.output(1).contains("UID OK pe 1 heap 1048576"), procs.dump());
        }
        ShmFiles.assertNoneLeft();
    }

    private static void runTwo(IntFunction<Map<String, String>> envOf) throws Exception {
        try (DirectProcesses procs = new DirectProcesses()) {
            for (int rank = 0; rank < 2; rank++) {
                Map<String, String> env = new HashMap<>(envOf.apply(rank));
                env.put("SHMEM_SYMMETRIC_SIZE", "1m");
                procs.start(env, EnvLaunchPe.class.getName());
            }
            assertArrayEquals(new int[] {0, 0}, procs.awaitAll(LIMIT), procs.dump());
            assertTrue(procs.output(0).contains("ENV OK pe 0 of 2"), procs.dump());
            assertTrue(procs.output(1).contains("ENV OK pe 1 of 2"), procs.dump());
        }
        ShmFiles.assertNoneLeft();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
