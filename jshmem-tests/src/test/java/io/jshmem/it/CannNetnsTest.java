package io.jshmem.it;

import io.jshmem.it.pe.HandleWaitPe;
import io.jshmem.it.pe.StreamOrderPe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CANN's handle_wait across two hosts: two network namespaces joined by a veth pair ({@link TwoHosts}),
 * one shmemrun per namespace with two PEs each, so that stream puts and signals to the other node go through the
 * UCX engine over tcp. Skipped, visibly, where namespaces cannot be made or libucp is missing.
 */
@Timeout(240)
class CannNetnsTest {
    private static final int PER_NODE = TwoHosts.PER_NODE;
    private static TwoHosts hosts;

    @BeforeAll
    static void makeTwoHosts() throws Exception {
        hosts = TwoHosts.open("two-host handle_wait tests", 29_700);
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
    void handleWaitAcrossTwoHosts() throws Exception {
        runOnTwoNodes(HandleWaitPe.class.getName(), pe -> "HANDLE WAIT OK pe " + pe + " of " + 2 * PER_NODE);
    }

    @Test
    void streamOrderAndSignalsAcrossTwoHosts() throws Exception {
        runOnTwoNodes(StreamOrderPe.class.getName(), pe -> "STREAM ORDER OK pe " + pe + " of " + 2 * PER_NODE);
    }

    private static void runOnTwoNodes(String mainClass, IntFunction<String> line) throws Exception {
        int port = hosts.nextPort();
        try (NodeProcesses procs = new NodeProcesses()) {
            for (int node : new int[] {1, 0}) {
                List<String> cmd = TwoHosts.shmemrun(node, port, 150, mainClass, List.of());
                procs.start("node " + node, hosts.pair().inNamespace(node, cmd), hosts.nodeEnv(node));
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
