package io.jshmem.examples;

import io.jshmem.MemType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.ValueLayout;

/**
 * CANN SHMEM's examples/rma_d2h_demo on the JVM: a kernel launched on a stream stores the next PE's number into that
 * PE's symmetric {@code input} with a scalar int32 {@code p}, quiets, loads it back with a scalar {@code g}, quiets,
 * ten times over, and keeps the loaded value as its {@code output}. After the stream is synchronized and a barrier,
 * every PE prints {@code "N: received message <input> <output>"}; the demo succeeds when {@code input} is this PE's
 * number (written by the previous PE) and {@code output} the next PE's, and ends with the seed's
 * {@code [SUCCESS] run success in pe N} and {@code [INFO] demo run end in pe N.} lines.
 *
 * <p>Run: {@code bin/shmemrun -np 4 io.jshmem.examples.RmaD2hDemo}
 */
public final class RmaD2hDemo {
    /** The seed's {@code aclshmemx_malloc(2*1024*1024, HOST_SIDE)}. */
    private static final long INPUT_BYTES = 2L << 20;
    private static final int ROUNDS = 10;

    private RmaD2hDemo() {
    }

    public static void main(String[] args) {
        boolean ok;
        int me;
        try (ShmemRuntime shmem = Shmem.init()) {
            me = shmem.myPe();
            int n = shmem.nPes();
            // The seed allocates input as HOST_SIDE memory (jshmem's host symmetric heap).
            SymmetricMemory input = shmem.malloc(INPUT_BYTES, MemType.HOST_SIDE);
            input.local().set(ValueLayout.JAVA_INT, 0, 0);
            // The seed's output is device memory outside the symmetric heap: a plain local variable here.
            int[] output = {me};
            shmem.barrierAll();
            try (Stream stream = shmem.createStream()) {
                stream.launch(ctx -> {
                    int peer = (ctx.myPe() + 1) % ctx.nPes();
                    for (int round = 0; round < ROUNDS; round++) {
                        ctx.p(ValueLayout.JAVA_INT, input, 0, peer, peer);
                        ctx.quiet();
                        int got = ctx.g(ValueLayout.JAVA_INT, input, 0, peer);
                        ctx.quiet();
                        output[0] = got;
                    }
                });
                stream.synchronize();
            }
            shmem.barrierAll();
            int received = input.local().get(ValueLayout.JAVA_INT, 0);
            System.out.printf("%d: received message %d %d%n", me, received, output[0]);
            ok = output[0] == (me + 1) % n && received == me;
            System.out.println(ok ? "[SUCCESS] run success in pe " + me
                    : "[ERROR] run result incorrect in pe " + me + ", hopes " + (me + 1) % n + ", given " + output[0]);
            shmem.free(input, MemType.HOST_SIDE);
        }
        System.out.println("[INFO] demo run end in pe " + me + ".");
        if (!ok) {
            System.exit(1);
        }
    }
}
