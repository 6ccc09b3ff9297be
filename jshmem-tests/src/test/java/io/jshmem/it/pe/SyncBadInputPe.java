package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.Cmp;
import io.jshmem.Context;
import io.jshmem.CtxOption;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Bad input to atomics, signals, waits, locks and contexts: each call throws an exception that names the argument,
 * its value and the valid range, and nothing is modified at any PE.
 */
public final class SyncBadInputPe {
    public static void main(String[] args) throws Exception {
        try (ShmemRuntime shmem = Shmem.init()) {
            FailFast.run(() -> {
                int me = shmem.myPe();
                int n = shmem.nPes();
                int next = (me + 1) % n;
                SymmetricMemory longs = shmem.calloc(8, 8);
                SymmetricMemory ints = shmem.calloc(8, 4);
                shmem.barrierAll();

                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.atomicFetchAdd(DataType.LONG, longs, 8, 1, next),
                        "index = 8", "valid is 0 <= index and index + count <= 8");
                Expect.thrown(ShmemArgumentException.class, () -> shmem.atomicSet(DataType.LONG, longs, -1, 1, next),
                        "index = -1");
                Expect.thrown(ShmemArgumentException.class, () -> shmem.atomicFetchInc(DataType.INT, ints, 8, next),
                        "index = 8", "8 elements of 4 bytes");
                Expect.thrown(ShmemArgumentException.class, () -> shmem.atomicAdd(DataType.LONG, longs, 0, 1, n),
                        "pe = " + n, "valid range is 0.." + (n - 1));
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.atomicCompareSwap(DataType.LONG, null, 0, 0, 1, next),
                        "dest is null");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.atomicFetchAddNbi(DataType.LONG, MemorySegment.ofArray(new long[2]), 2, longs, 0,
                                1, next), "fetchIndex", "fetch");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.atomicFetchAddNbi(DataType.LONG, (MemorySegment) null, 0, longs, 0, 1, next),
                                "fetch is null");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.atomicFetchNbi(DataType.INT, MemorySegment.ofArray(new int[1]), 1, ints, 0, next),
                        "fetchIndex");

                // signals
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.putSignal(ValueLayout.JAVA_LONG, longs, 0, MemorySegment.ofArray(new long[]{5}),
                        0, 1, longs, 8, 1, SignalOp.SET, next), "index = 8");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.putSignal(ValueLayout.JAVA_LONG, longs, 0, MemorySegment.ofArray(new long[]{5}),
                        0, 1, longs, 1, 1, null, next), "sigOp is null");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.putSignal(ValueLayout.JAVA_LONG, longs, 7,
                        MemorySegment.ofArray(new long[]{5, 6}), 0, 2, longs, 1, 1, SignalOp.SET, next),
                        "destIndex = 7", "outside dest");
                Expect.thrown(ShmemArgumentException.class, () -> shmem.signalAdd(ints, 4, 1, next), "index = 4",
                        "4 elements of 8 bytes");
                Expect.thrown(ShmemArgumentException.class, () -> SignalOp.fromCode(2), "sigOp = 2", "0 (SET)");

                // waits
                Expect.thrown(ShmemArgumentException.class, () -> shmem.waitUntil(DataType.LONG, longs, 0, null, 0),
                        "cmp is null");
                Expect.thrown(ShmemArgumentException.class, () -> Cmp.fromCode(6), "cmp = 6", "valid codes are 0..5");
                Expect.thrown(ShmemArgumentException.class, () -> Cmp.fromCode(-1), "cmp = -1");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.test(DataType.SHORT, ints, 16, Cmp.EQ, (short) 0),
                        "index = 16");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.waitUntilAll(DataType.INT, ints, 4, 5, null, Cmp.EQ, 0), "nelems = 5",
                                "index + nelems <= 8");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.waitUntilAny(DataType.LONG, longs, 0, 4, new int[3], Cmp.EQ, 0),
                                "status has 3 entries");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.waitUntilAllVector(DataType.LONG, longs, 0, 4, null, Cmp.EQ, new long[2]),
                                "values has 2");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.testAllVector(DataType.INT, ints, 0, 4, null, Cmp.EQ, null), "values is null");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.testSome(DataType.LONG, longs, 0, 4, new int[2], null, Cmp.EQ, 0), "indices has 2");
                Expect.thrown(ShmemArgumentException.class,
                        () -> shmem.waitUntilSome(DataType.LONG, longs, 0, -1, new int[2], null, Cmp.EQ, 0),
                                "nelems = -1");

                // locks: clearing a lock this PE does not hold
                Expect.thrown(ShmemStateException.class, () -> shmem.clearLock(longs, 6), "not held by PE " + me);
                Expect.thrown(ShmemArgumentException.class, () -> shmem.setLock(longs, 8), "index = 8");

                // contexts
                // The default context is the runtime itself and Context.close() on it finalizes the
                // runtime (documented), so there is no separate "destroy the default context" call to reject any
                // more; what remains checkable is that the default context is live and never counts as destroyed.
                Expect.isTrue(!shmem.isDestroyed() && shmem.options().isEmpty(),
                        "default context cannot be destroyed: live, no options");
                Expect.thrown(ShmemArgumentException.class, () -> shmem.createCtx(CtxOption.PRIVATE, null),
                        "options[1] is null");
                Context ctx = shmem.createCtx(CtxOption.PRIVATE);
                AtomicReference<Throwable> fromOther = new AtomicReference<>();
                Thread other = Thread.ofVirtual().start(() -> {
                    try {
                        ctx.atomicAdd(DataType.LONG, longs, 0, 1, next);
                    } catch (Throwable t) {
                        fromOther.set(t);
                    }
                });
                other.join();
                Expect.isTrue(fromOther.get() instanceof ShmemStateException
                        && fromOther.get().getMessage().contains("PRIVATE"),
                                "PRIVATE from another thread: " + fromOther);
                ctx.close();
                Expect.thrown(ShmemStateException.class, () -> ctx.atomicAdd(DataType.LONG, longs, 0, 1, next),
                        "destroyed");
                Expect.thrown(ShmemStateException.class, () -> ctx.p(ValueLayout.JAVA_LONG, longs, 0, 1L, next),
                        "destroyed");
                Expect.thrown(ShmemStateException.class, ctx::quiet, "destroyed");
                Expect.thrown(ShmemStateException.class, ctx::close, "destroyed");
                Expect.thrown(ShmemArgumentException.class, () -> shmem.peQuiet(0, n), "pes[1] = " + n);

                // freed memory
                SymmetricMemory gone = shmem.malloc(64);
                shmem.free(gone);
                Expect.thrown(ShmemStateException.class, () -> shmem.atomicFetch(DataType.LONG, gone, 0, next),
                        "freed");

                // nothing was modified anywhere
                shmem.barrierAll();
                for (int i = 0; i < 8; i++) {
                    Expect.equal(0L, longs.local().getAtIndex(ValueLayout.JAVA_LONG, i),
                            "long slot " + i + " untouched");
                    Expect.equal(0, ints.local().getAtIndex(ValueLayout.JAVA_INT, i), "int slot " + i + " untouched");
                }
                shmem.barrierAll();
                shmem.free(ints);
                shmem.free(longs);
                System.out.println("SYNC BAD INPUT OK pe " + me);
            });
        }
    }
}
