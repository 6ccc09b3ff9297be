package io.jshmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jshmem.error.ShmemArgumentException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * torchrun-style multi-node launch: the flags, their errors, and two launchers of one job on this host (node 0
 * serves the rendezvous on 127.0.0.1, node 1 points its PEs there), including failures seen across nodes.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MultiNodeLaunchTest {
    private static final String SECRET = "multi-node-test-secret-0123456789";

    static JobSpec parse(Map<String, String> environment, String... args) {
        ShmemRun cmd = new ShmemRun(System.out, System.err);
        cmd.launcherEnvironment = environment;
        ShmemRun.commandLine(cmd).parseArgs(args);
        return cmd.spec();
    }

    static String error(Map<String, String> environment, String... args) {
        return assertThrows(ShmemArgumentException.class, () -> parse(environment, args)).getMessage();
    }

    @Test
    void torchrunFlagsDescribeThisNodesShareOfTheJob() {
        JobSpec s = parse(Map.of("JSHMEM_SECRET", SECRET), "--nnodes", "3", "--node-rank", "1",
                "--nproc-per-node", "4", "--master-addr", "192.0.2.1", "--master-port", "29555", "com.example.Main",
                "--nnodes", "9");
        assertEquals(4, s.nPes());
        assertEquals(12, s.totalPes());
        assertEquals(4, s.firstPe());
        assertEquals(new NodeLayout(3, 1, "192.0.2.1", 29555, SECRET), s.nodes());
        assertEquals(List.of("--nnodes", "9"), s.args());
        assertFalse(s.nodes().servesRendezvous());
        assertFalse(s.nodes().toString().contains(SECRET), "the secret must not be printed");
        // torchrun's underscore spellings, the default port, and the secret given through --env.
        s = parse(Map.of(), "--nnodes=2", "--node_rank=0", "--nproc_per_node=2", "--master_addr=node0",
                "--env", "JSHMEM_SECRET=" + SECRET, "com.example.Main");
        assertEquals(new NodeLayout(2, 0, "node0", NodeLayout.DEFAULT_MASTER_PORT, SECRET), s.nodes());
        assertTrue(s.nodes().servesRendezvous());
        // -np alone keeps the one-node job with its private loopback rendezvous.
        assertEquals(NodeLayout.SINGLE, parse(Map.of(), "-np", "3", "com.example.Main").nodes());
        assertEquals(NodeLayout.SINGLE, parse(Map.of(), "--nproc-per-node", "3", "com.example.Main").nodes());
    }

    @Test
    void badMultiNodeUsageIsExplained() {
        Map<String, String> env = Map.of("JSHMEM_SECRET", SECRET);
        assertTrue(error(Map.of(), "--nnodes", "2", "--nproc-per-node", "2", "--master-addr", "192.0.2.1", "M")
                .startsWith("JSHMEM_SECRET is not set: a job on 2 nodes needs the same session secret"));
        assertTrue(error(Map.of("JSHMEM_SECRET", "short"), "--nnodes", "2", "--nproc-per-node", "2",
                "--master-addr", "192.0.2.1", "M").startsWith("JSHMEM_SECRET has 5 characters: valid are at least 16"));
        assertTrue(error(env, "--nnodes", "2", "--nproc-per-node", "2", "M")
                .startsWith("masterAddr is missing: a job on 2 nodes needs --master-addr"));
        assertTrue(error(env, "--nnodes", "2", "-np", "4", "--master-addr", "a", "M")
                .startsWith("-np = 4 with --nnodes 2 is ambiguous"));
        assertTrue(error(env, "-np", "2", "--nproc-per-node", "2", "M").contains("are both given"));
        assertTrue(error(env, "--nnodes", "2", "--node-rank", "2", "--nproc-per-node", "1", "--master-addr", "a",
                "M").startsWith("nodeRank = 2 is invalid: valid range is 0..1 (--nnodes 2)"));
        assertTrue(error(env, "--node-rank", "1", "-np", "1", "M").startsWith("--node-rank = 1 is invalid"));
        assertTrue(error(env, "--nnodes", "0", "-np", "1", "M").startsWith("nNodes = 0 is invalid"));
        assertTrue(error(env, "--nnodes", "2", "--nproc-per-node", "1", "--master-addr", "a", "--master-port", "0",
                "M").startsWith("masterPort = 0 is invalid: valid range is 1..65535 on a multi-node job"));
        assertTrue(error(env, "M").startsWith("the number of PEs is missing"));
    }

    @Test
    void shmemrunExitsWithUsageStatusWithoutSecret() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ShmemRun cmd = new ShmemRun(System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
        cmd.launcherEnvironment = Map.of();
        int code = ShmemRun.commandLine(cmd).execute("--nnodes", "2", "--node-rank", "1", "--nproc-per-node", "1",
                "--master-addr", "192.0.2.1", "M");
        assertEquals(ShmemRun.EXIT_USAGE, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("shmemrun: JSHMEM_SECRET is not set"),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void remotePeLossCountsAtOnceAndLocalNumbersAreJobWide() {
        FirstFailure f = new FirstFailure(2, 2);
        f.lost(0, "connection reset", 0, false);
        assertEquals(0, f.get().pe());
        assertEquals(1, f.get().code());
        assertTrue(f.get().why().contains("runs on another node"), f.get().why());
        FirstFailure local = new FirstFailure(2, 2);
        local.lost(3, "connection reset", 0, false);
        assertEquals(null, local.get(), "a local PE's lost connection waits for its exit");
        local.exited(3, 137, false);
        assertEquals("killed by signal 9 (exit 137)", local.get().why());
    }

    @Test
    void heapFilesOfOtherNodesAreLeftAlone(@TempDir Path dir) throws IOException {
        String session = "0123456789ab";
        for (int pe = 0; pe < 4; pe++) {
            Files.write(dir.resolve("jshmem-" + session + "-" + pe), new byte[1]);
        }
        Files.write(dir.resolve("jshmem-" + session + "-x"), new byte[1]);
        assertEquals(2, HeapFiles.remove(session, java.util.Set.of(dir), 2, 2));
        assertTrue(Files.exists(dir.resolve("jshmem-" + session + "-0")));
        assertTrue(Files.exists(dir.resolve("jshmem-" + session + "-1")));
        assertFalse(Files.exists(dir.resolve("jshmem-" + session + "-3")));
        assertTrue(Files.exists(dir.resolve("jshmem-" + session + "-x")), "not a PE's heap file");
    }

    @Test
    void twoLaunchersRunOneJob() throws Exception {
        JobResult[] r = runTwoNodes(TestApps.PrintEnv.class, "a");
        for (int node = 0; node < 2; node++) {
            assertEquals(0, r[node].exitCode(), r[node].transcript());
            assertEquals(2 * node, r[node].firstPe());
            for (int local = 0; local < 2; local++) {
                int pe = 2 * node + local;
                assertEquals("pe=" + pe + " npes=4 local=" + local + "/2 args=[a]", r[node].stdout(pe).get(0));
            }
        }
        assertEquals(r[0].sessionName(), r[1].sessionName(), "both nodes derive the same session");
        int other = 0;
        assertThrows(ShmemArgumentException.class, () -> r[1].stdout(other), "PE 0 does not run on node 1");
    }

    @Test
    void pesOfBothNodesMeetAtNodeZerosRendezvous() throws Exception {
        JobResult[] r = runTwoNodes(TestApps.Rendezvous.class, "gather");
        for (int node = 0; node < 2; node++) {
            assertEquals(0, r[node].exitCode(), r[node].transcript());
            for (int pe = 2 * node; pe < 2 * node + 2; pe++) {
                assertTrue(r[node].stdout(pe).contains("source=shmemrun all=[0, 1, 2, 3]"), r[node].transcript());
            }
        }
    }

    @Test
    void peVanishingOnNodeOneIsReportedByNodeZero() throws Exception {
        JobResult[] r = runTwoNodes(TestApps.Rendezvous.class, "vanish:3");
        assertEquals(3, r[0].failedPe(), r[0].transcript());
        assertTrue(r[0].messages().stream().anyMatch(m -> m.startsWith("shmemrun: PE 3 failed first: lost its"
                + " rendezvous connection without goodbye")), r[0].transcript());
        assertEquals(1, r[0].exitCode(), r[0].transcript());
        // Node 1 saw PE 3 exit with 0 (it has no rendezvous to tell it more) and PE 2 fail on the lost peer.
        assertEquals(2, r[1].failedPe(), r[1].transcript());
        assertEquals(0, r[1].peExitCode(3), r[1].transcript());
        assertTrue(r[1].stderr(2).stream().anyMatch(l -> l.contains("PE 3")), r[1].transcript());
    }

    @Test
    void globalExitOnNodeOneEndsBothNodes() throws Exception {
        JobResult[] r = runTwoNodes(TestApps.Rendezvous.class, "abort:3:5");
        assertEquals(5, r[0].exitCode(), r[0].transcript());
        assertTrue(r[0].messages().contains("shmemrun: PE 3 failed first: called globalExit(5): test abort"),
                r[0].transcript());
        assertEquals(5, r[1].exitCode(), r[1].transcript());
        assertEquals(List.of(5, 5), r[0].peExitCodes(), "node 0's PEs exit with the status when told");
    }

    /** Node 1 first (its PEs retry until node 0's rendezvous listens), then node 0, each on its own thread. */
    private static JobResult[] runTwoNodes(Class<?> main, String... args) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        JobResult[] results = new JobResult[2];
        Thread[] threads = new Thread[2];
        PrintStream discard = new PrintStream(java.io.OutputStream.nullOutputStream());
        for (int node : new int[] {1, 0}) {
            JobSpec spec = LauncherTest.spec(main, 2, args)
                    .withNodes(NodeLayout.multiNode(2, node, "127.0.0.1", port, SECRET))
                    .withGrace(java.time.Duration.ofSeconds(5));
            threads[node] = Thread.ofPlatform().name("launcher-node" + node)
                    .start(() -> results[node] = Launcher.run(spec, discard, discard));
        }
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(100));
            assertFalse(t.isAlive(), t.getName() + " still runs after 100 s");
        }
        return results;
    }
}
