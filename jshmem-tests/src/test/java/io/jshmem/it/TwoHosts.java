package io.jshmem.it;

import io.jshmem.transport.ucx.UcxTransportProvider;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The two-host set-up of the network-namespace tests: a {@link NetnsPair} made once per test class, a session
 * secret, the node environment (UCX over tcp on the veth end of each namespace) and the commands that start a PE
 * JVM or one shmemrun per node. Where namespaces cannot be made or libucp is missing, the reason is remembered and
 * {@link #assumeReady()} skips every test with it, so that reports count them as skipped (an abort in
 * {@code @BeforeAll} would report a class with no tests).
 *
 * <p>Use: {@link #open} in {@code @BeforeAll}, {@link #assumeReady()} in {@code @BeforeEach}, {@link #close()} in
 * {@code @AfterAll}. Not thread-safe (JUnit runs a class's tests one after another here).
 */
final class TwoHosts implements AutoCloseable {
    /** PEs per node; PEs 0-1 are node 0 (the rendezvous' namespace), PEs 2-3 node 1. */
    static final int PER_NODE = 2;
    static final int NPES = 2 * PER_NODE;

    private final String what;
    private NetnsPair pair;
    private String skipReason;
    private String secret;
    private int nextPort;

    private TwoHosts(String what, int firstPort) {
        this.what = what;
        this.nextPort = firstPort;
    }

    /**
     * Makes the two hosts, or remembers why they cannot be made. {@code what} names the tests in the skip message;
     * {@code firstPort} is the first rendezvous port (each class its own range, so that classes never collide).
     */
    static TwoHosts open(String what, int firstPort) throws InterruptedException {
        TwoHosts h = new TwoHosts(what, firstPort);
        h.skipIf(!UcxTransportProvider.isAvailable(), () -> "libucp is not loadable ("
                + UcxTransportProvider.unavailableReason() + ")");
        Optional<String> why = NetnsPair.whyUnavailable();
        h.skipIf(why.isPresent(), why::orElseThrow);
        if (h.skipReason != null) {
            return h;
        }
        try {
            h.pair = NetnsPair.create();
        } catch (IOException e) {
            h.skipIf(true, () -> "network namespaces cannot be created here: " + e.getMessage());
            return h;
        }
        byte[] r = new byte[16];
        new SecureRandom().nextBytes(r);
        h.secret = "netns-test-" + HexFormat.of().formatHex(r);
        return h;
    }

    /** Remembers the first reason why the class cannot run. */
    void skipIf(boolean condition, Supplier<String> why) {
        if (condition && skipReason == null) {
            skipReason = "SKIPPING " + what + ": " + why.get();
        }
    }

    /** Skips the calling test, with the reason, where the two hosts could not be made. */
    void assumeReady() {
        Assumptions.assumeTrue(skipReason == null, () -> skipReason);
    }

    NetnsPair pair() {
        return pair;
    }

    /** A fresh rendezvous port for the next job. */
    int nextPort() {
        return nextPort++;
    }

    /** Node {@code node}'s environment: UCX over tcp on its veth end, a 32 MiB heap, the session secret. */
    Map<String, String> nodeEnv(int node) {
        return Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", pair.device(node), "SHMEM_SYMMETRIC_SIZE", "32m",
                "JSHMEM_SECRET", secret);
    }

    /** This JVM's java command and class path, followed by {@code tail}. */
    static List<String> javaCommand(List<String> tail) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path")));
        cmd.addAll(tail);
        return cmd;
    }

    /** Node {@code node}'s shmemrun of {@code mainClass}, {@link #PER_NODE} PEs, rendezvous at node 0's address. */
    static List<String> shmemrun(int node, int port, int timeoutSeconds, String mainClass, List<String> args) {
        List<String> tail = new ArrayList<>(List.of("io.jshmem.launcher.ShmemRun", "--nnodes", "2", "--node-rank",
                "" + node, "--nproc-per-node", "" + PER_NODE, "--master-addr", NetnsPair.ADDRESSES[0],
                "--master-port", "" + port, "--timeout", "" + timeoutSeconds, "--grace", "10", mainClass));
        tail.addAll(args);
        return javaCommand(tail);
    }

    /** Deletes both namespaces; idempotent. */
    @Override
    public void close() {
        if (pair != null) {
            pair.close();
        }
    }
}
