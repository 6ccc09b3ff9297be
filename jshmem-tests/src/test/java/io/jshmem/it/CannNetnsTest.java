package io.jshmem.it;

import io.jshmem.it.pe.HandleWaitPe;
import io.jshmem.it.pe.StreamOrderPe;
import io.jshmem.transport.ucx.UcxTransportProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CANN's handle_wait across two hosts: two network namespaces joined by a veth pair ({@link NetnsPair}),
 * one shmemrun per namespace with two PEs each, so that stream puts and signals to the other node go through the
 * UCX engine over tcp. Skipped, visibly, where namespaces cannot be made or libucp is missing.
 */
@Timeout(240)
class CannNetnsTest {
    private static final int PER_NODE = 2;
    private static NetnsPair pair;
    private static String skipReason;
    private static String secret;
    private static int nextPort = 29_700;

    @BeforeAll
    static void makeTwoHosts() throws Exception {
        skipIf(!UcxTransportProvider.isAvailable(), () -> "libucp is not loadable ("
                + UcxTransportProvider.unavailableReason() + ")");
        Optional<String> why = NetnsPair.whyUnavailable();
        skipIf(why.isPresent(), () -> why.orElseThrow());
        if (skipReason != null) {
            return;
        }
        try {
            pair = NetnsPair.create();
        } catch (java.io.IOException e) {
            skipIf(true, () -> "network namespaces cannot be created here: " + e.getMessage());
            return;
        }
        byte[] r = new byte[12];
        new SecureRandom().nextBytes(r);
        secret = "cann-netns-" + HexFormat.of().formatHex(r);
    }

    @AfterAll
    static void removeTwoHosts() {
        if (pair != null) {
            pair.close();
        }
    }

    /**
     * Remembers why the class cannot run; {@link #needsTwoHosts()} then skips every test with that reason, so that
     * reports count them as skipped (an abort in {@code @BeforeAll} would report a class with no tests).
     */
    private static void skipIf(boolean condition, java.util.function.Supplier<String> why) {
        if (condition && skipReason == null) {
            skipReason = "SKIPPING two-host handle_wait tests: " + why.get();
        }
    }

    @BeforeEach
    void needsTwoHosts() {
        Assumptions.assumeTrue(skipReason == null, () -> skipReason);
    }

    @Test
    void handleWaitAcrossTwoHosts() throws Exception {
        runOnTwoNodes(HandleWaitPe.class.getName(), pe -> "HANDLE WAIT OK pe " + pe + " of " + 2 * PER_NODE);
    }

    @Test
    void streamOrderAndSignalsAcrossTwoHosts() throws Exception {
        runOnTwoNodes(StreamOrderPe.class.getName(), pe -> "STREAM ORDER OK pe " + pe + " of " + 2 * PER_NODE);
    }

    private static void runOnTwoNodes(String mainClass, java.util.function.IntFunction<String> line)
            throws Exception {
        int port = nextPort++;
        try (NodeProcesses procs = new NodeProcesses()) {
            for (int node : new int[] {1, 0}) {
                List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command()
                                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()),
                        "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                        "io.jshmem.launcher.ShmemRun", "--nnodes", "2", "--node-rank", "" + node, "--nproc-per-node",
                        "" + PER_NODE, "--master-addr", NetnsPair.ADDRESSES[0], "--master-port", "" + port,
                        "--timeout", "150", "--grace", "10", mainClass));
                Map<String, String> env = Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", pair.device(node),
                        "SHMEM_SYMMETRIC_SIZE", "32m", "JSHMEM_SECRET", secret);
                procs.start("node " + node, pair.inNamespace(node, cmd), env);
            }
            int[] codes = procs.awaitAll(Duration.ofSeconds(200));
            assertArrayEquals(new int[] {0, 0}, codes, procs::dump);
            for (int pe = 0; pe < 2 * PER_NODE; pe++) {
                String expected = "[pe " + pe + "] " + line.apply(pe);
                int index = pe / PER_NODE == 1 ? 0 : 1; // node 1 was started first
                assertTrue(procs.stdout(index).contains(expected), () -> "missing '" + expected + "'\n"
                        + procs.dump());
            }
        }
    }
}
