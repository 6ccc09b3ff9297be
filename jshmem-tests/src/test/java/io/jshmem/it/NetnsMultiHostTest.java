package io.jshmem.it;

import io.jshmem.examples.RmaRing;
import io.jshmem.it.pe.EnvLaunchPe;
import io.jshmem.it.pe.HeapPe;
import io.jshmem.it.pe.MultiHostPe;
import io.jshmem.it.pe.RmaPe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two "hosts" made of two network namespaces joined by a veth pair ({@link TwoHosts}): one shmemrun per namespace
 * ({@code ip netns exec <ns> java ... ShmemRun --nnodes 2 --node-rank R --nproc-per-node 2 --master-addr 192.0.2.1}),
 * so PEs 0-1 share node 0 and PEs 2-3 node 1. Same-namespace peers use the SHM engine, the others UCX over tcp on
 * the veth (UCX_TLS=tcp, UCX_NET_DEVICES set to the veth end in each namespace). Runs the RMA and heap programs,
 * every atomic, putSignal and barriers, the examples, the Open MPI and Slurm environments, and a PE killed on one
 * node. Skipped, visibly, where namespaces cannot be made (not root, no iproute2) or libucp is missing.
 */
@Timeout(240)
class NetnsMultiHostTest {
    private static final int PER_NODE = TwoHosts.PER_NODE;
    private static final int NPES = TwoHosts.NPES;
    private static final Duration JOB_DEADLINE = Duration.ofSeconds(150);
    private static final int LAUNCHER_TIMEOUT_S = 120;
    private static TwoHosts hosts;

    @BeforeAll
    static void makeTwoHosts() throws Exception {
        hosts = TwoHosts.open("two-host network namespace tests", 29_500);
    }

    @AfterAll
    static void removeTwoHosts() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @BeforeEach
    void needsTwoHosts() {
        hosts.assumeReady();
    }

    @Test
    void rmaFormsWorkAcrossTwoHosts() throws Exception {
        TwoNodes r = runShmemrun(RmaPe.class.getName(), Map.of());
        r.assertSucceeded();
        r.assertEveryPePrinted(pe -> "RMA OK pe " + pe + " of " + NPES);
    }

    @Test
    void heapOperationsWorkAcrossTwoHosts() throws Exception {
        TwoNodes r = runShmemrun(HeapPe.class.getName(), Map.of());
        r.assertSucceeded();
        r.assertEveryPePrinted(pe -> "HEAP OK pe " + pe);
    }

    @Test
    void atomicsSignalsAndBarriersWorkAcrossTwoHosts() throws Exception {
        TwoNodes r = runShmemrun(MultiHostPe.class.getName(), Map.of(), "ops");
        r.assertSucceeded();
        r.assertEveryPePrinted(pe -> "MULTIHOST OK pe " + pe + " of " + NPES + " (node " + pe / PER_NODE + ")");
    }

    @Test
    void rmaRingExampleRunsUnchangedAcrossTwoHosts() throws Exception {
        TwoNodes r = runShmemrun(RmaRing.class.getName(), Map.of());
        r.assertSucceeded();
        r.assertEveryPePrinted(pe -> "[SUCCESS] run success in pe " + pe);
    }

    @Test
    void signalPipelineExampleRunsUnchangedAcrossTwoHosts() throws Exception {
        String example = "io.jshmem.examples.SignalPipeline";
        boolean present;
        try {
            Class.forName(example, false, getClass().getClassLoader());
            present = true;
        } catch (ClassNotFoundException e) {
            present = false;
        }
        Assumptions.assumeTrue(present, () -> example + " is not on the class path (not written yet)");
        TwoNodes r = runShmemrun(example, Map.of());
        r.assertSucceeded();
        for (int node = 0; node < 2; node++) {
            for (String line : r.stdout(node)) {
                assertTrue(!line.contains("[ERROR]"), () -> "example reported an error:\n" + r.procs.dump());
            }
        }
    }

    @Test
    void killedPeOnOneHostIsReportedOnBoth() throws Exception {
        TwoNodes r = runShmemrun(MultiHostPe.class.getName(), Map.of("JSHMEM_TIMEOUT", "60"), "kill");
        int killed = NPES - 1;
        // Node 1 ran the killed PE: its launcher says so; node 0 hears of it through the rendezvous it serves.
        assertEquals(137, r.codes[1], () -> "node 1 status\n" + r.procs.dump());
        assertTrue(r.launcherSaid(1, "shmemrun: PE " + killed + " failed first: killed by signal 9"), r.procs::dump);
        assertTrue(r.codes[0] != 0, () -> "node 0 status\n" + r.procs.dump());
        assertTrue(r.launcherSaid(0, "shmemrun: PE " + killed + " failed first"), r.procs::dump);
        Pattern detected = Pattern.compile("\\[pe (\\d)] DETECTED failed PE " + killed + " after (\\d+) ms.*");
        List<Integer> reporters = new ArrayList<>();
        for (int node = 0; node < 2; node++) {
            for (String line : r.procs.stdout(node)) {
                Matcher m = detected.matcher(line);
                if (m.matches()) {
                    System.out.println("two-host kill: " + line);
                    reporters.add(Integer.parseInt(m.group(1)));
                    long ms = Long.parseLong(m.group(2));
                    assertTrue(ms < 15_000, () -> "detection took " + ms + " ms:\n" + r.procs.dump());
                }
            }
        }
        reporters.sort(null);
        assertEquals(List.of(0, 1, 2), reporters, () -> "every surviving PE must report PE " + killed + ":\n"
                + r.procs.dump());
    }

    @Test
    void openMpiEnvironmentSpansTwoHosts() throws Exception {
        runDirect(pe -> Map.of("OMPI_COMM_WORLD_RANK", "" + pe, "OMPI_COMM_WORLD_SIZE", "" + NPES,
                "OMPI_COMM_WORLD_LOCAL_RANK", "" + pe % PER_NODE, "OMPI_COMM_WORLD_LOCAL_SIZE", "" + PER_NODE));
    }

    @Test
    void slurmEnvironmentSpansTwoHosts() throws Exception {
        runDirect(pe -> Map.of("SLURM_PROCID", "" + pe, "SLURM_NTASKS", "" + NPES, "SLURM_LOCALID",
                "" + pe % PER_NODE, "SLURM_NODEID", "" + pe / PER_NODE, "SLURM_TASKS_PER_NODE", PER_NODE + "(x2)",
                "SLURM_JOB_ID", "4711"));
    }

    /** One shmemrun per namespace, node 1 started first (its PEs wait for node 0's rendezvous). */
    private static TwoNodes runShmemrun(String mainClass, Map<String, String> extraEnv, String... args)
            throws Exception {
        int port = hosts.nextPort();
        NodeProcesses procs = new NodeProcesses();
        try {
            for (int node : new int[] {1, 0}) {
                List<String> cmd = TwoHosts.shmemrun(node, port, LAUNCHER_TIMEOUT_S, mainClass, List.of(args));
                Map<String, String> env = new HashMap<>(hosts.nodeEnv(node));
                env.putAll(extraEnv);
                procs.start("node " + node, hosts.pair().inNamespace(node, cmd), env);
            }
            int[] launchOrder = procs.awaitAll(JOB_DEADLINE);
            return new TwoNodes(procs, new int[] {launchOrder[1], launchOrder[0]}, new int[] {1, 0});
        } finally {
            procs.close();
        }
    }

    /** PEs started directly in their namespaces with a launcher's variables; PE 0 serves the rendezvous. */
    private static void runDirect(IntFunction<Map<String, String>> launcherVars) throws Exception {
        int port = hosts.nextPort();
        try (NodeProcesses procs = new NodeProcesses()) {
            for (int pe = 0; pe < NPES; pe++) {
                List<String> cmd = TwoHosts.javaCommand(List.of(EnvLaunchPe.class.getName()));
                Map<String, String> env = new HashMap<>(hosts.nodeEnv(pe / PER_NODE));
                env.putAll(launcherVars.apply(pe));
                env.put("MASTER_ADDR", NetnsPair.ADDRESSES[0]);
                env.put("MASTER_PORT", "" + port);
                procs.start("pe " + pe, hosts.pair().inNamespace(pe / PER_NODE, cmd), env);
            }
            int[] codes = procs.awaitAll(JOB_DEADLINE);
            assertArrayEquals(new int[NPES], codes, procs::dump);
            for (int pe = 0; pe < NPES; pe++) {
                assertTrue(procs.stdout(pe).contains("ENV OK pe " + pe + " of " + NPES), procs::dump);
            }
        }
    }

    /** The two launchers' outputs, by node. */
    private record TwoNodes(NodeProcesses procs, int[] codes, int[] nodeToIndex) {
        void assertSucceeded() {
            assertArrayEquals(new int[] {0, 0}, codes, () -> "launcher exit status by node\n" + procs.dump());
        }

        void assertEveryPePrinted(IntFunction<String> line) {
            for (int pe = 0; pe < NPES; pe++) {
                String expected = "[pe " + pe + "] " + line.apply(pe);
                int node = pe / PER_NODE;
                assertTrue(stdout(node).contains(expected), () -> "node " + node + " did not print '" + expected
                        + "'\n" + procs.dump());
            }
        }

        boolean launcherSaid(int node, String prefix) {
            return procs.stderr(nodeToIndex[node]).stream().anyMatch(l -> l.startsWith(prefix));
        }

        List<String> stdout(int node) {
            return procs.stdout(nodeToIndex[node]);
        }
    }
}
