package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.Context;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Ordering stress: a writer PE repeatedly stores data, orders it (fence, quiet, peQuiet, a context's fence, or
 * put-with-signal) and then stores a flag; its partner reads the flag with an acquire load and then the data, and
 * must never see a flag without the data that preceded it (data >= flag, the values only grow).
 */
public final class OrderingPe {
    private static final long DEADLINE_NANOS = 60_000_000_000L;
    private static final int WORDS = 512; // 4 KiB: a wide window for a reordered signal to show

    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        try (ShmemRuntime shmem = Shmem.init()) {
            FailFast.run(() -> {
                int me = shmem.myPe();
                int partner = me ^ 1;
                boolean paired = partner < shmem.nPes();
                boolean writer = (me & 1) == 1;
                SymmetricMemory data = shmem.calloc(WORDS, 8);
                SymmetricMemory flag = shmem.calloc(1, 8);
                String[] modes = {"fence", "quiet", "peQuiet", "atomicFlag", "putSignal", "putSignalNbiAdd",
                        "ctxFence"};
                for (String mode : modes) {
                    data.local().fill((byte) 0);
                    flag.local().fill((byte) 0);
                    shmem.barrierAll();
                    int n = mode.equals("fence") ? iterations : iterations / 5;
                    if (paired && writer) {
                        write(shmem, mode, data, flag, partner, n);
                    } else if (paired) {
                        long samples = read(shmem, mode, data, flag, n);
                        System.out.println("ordering " + mode + ": " + n + " iterations, " + samples + " samples, "
                                + "no flag seen before its data");
                    }
                    shmem.barrierAll();
                }
                shmem.free(flag);
                shmem.free(data);
                System.out.println("ORDERING OK pe " + me);
            });
        }
    }

    private static void write(ShmemRuntime shmem, String mode, SymmetricMemory data, SymmetricMemory flag, int peer,
                              int n) {
        long[] words = new long[WORDS];
        Context ctx = mode.equals("ctxFence") ? shmem.createCtx() : shmem;
        for (int i = 1; i <= n; i++) {
            java.util.Arrays.fill(words, i);
            switch (mode) {
                case "putSignal" -> shmem.putSignal(ValueLayout.JAVA_LONG, data, 0, MemorySegment.ofArray(words), 0,
                        WORDS, flag, 0, i, SignalOp.SET, peer);
                case "putSignalNbiAdd" -> shmem.putSignalNbi(ValueLayout.JAVA_LONG, data, 0,
                        MemorySegment.ofArray(words), 0, WORDS, flag, 0, 1, SignalOp.ADD, peer);
                default -> {
                    if (mode.equals("fence") || mode.equals("ctxFence")) {
                        ctx.p(ValueLayout.JAVA_LONG, data, 0, (long) i, peer);
                        ctx.p(ValueLayout.JAVA_LONG, data, WORDS - 1, (long) i, peer);
                    } else {
                        ctx.put(ValueLayout.JAVA_LONG, data, 0, MemorySegment.ofArray(words), 0, WORDS, peer);
                    }
                    switch (mode) {
                        case "quiet" -> shmem.quiet();
                        case "peQuiet" -> shmem.peQuiet(peer);
                        default -> ctx.fence();
                    }
                    if (mode.equals("atomicFlag")) {
                        shmem.atomicSet(DataType.LONG, flag, 0, i, peer);
                    } else {
                        ctx.p(ValueLayout.JAVA_LONG, flag, 0, (long) i, peer);
                    }
                }
            }
        }
        shmem.quiet();
        if (ctx != shmem) {
            ctx.close();
        }
    }

    private static long read(ShmemRuntime shmem, String mode, SymmetricMemory data, SymmetricMemory flag, int n) {
        MemorySegment d = data.local();
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        long samples = 0;
        long f;
        do {
            f = shmem.signalFetch(flag, 0); // acquire load
            long first = d.getAtIndex(ValueLayout.JAVA_LONG, 0);
            long last = d.getAtIndex(ValueLayout.JAVA_LONG, WORDS - 1);
            if (first < f || last < f) {
                throw Expect.failure(mode + ": flag " + f + " observed before its data (data words " + first
                        + ", " + last + ")", null);
            }
            samples++;
            if ((samples & 1023) == 0 && System.nanoTime() > deadline) {
                throw Expect.failure(mode + ": flag stuck at " + f + " of " + n, null);
            }
        } while (f < n);
        return samples;
    }
}
