package io.jshmem.it.pe;

import io.jshmem.DataType;
import java.lang.foreign.MemorySegment;
import io.jshmem.Context;
import io.jshmem.CtxOption;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.ThreadLevel;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Thread levels and contexts: initThread(MULTIPLE); 32 contexts, each driven by its own virtual thread (private,
 * serialized or plain), doing puts, gets, nbi forms and atomics with their own quiet, then destroyed; the default
 * context used by many virtual threads at once; destroy completing outstanding work.
 */
public final class ContextsPe {
    static final int CONTEXTS = 32;
    static final int OPS = 200;
    static final int SLICE = 16;

    public static void main(String[] args) throws Exception {
        try (ShmemRuntime shmem = Shmem.initThread(ThreadLevel.MULTIPLE)) {
            FailFast.run(() -> {
                Expect.equal(ThreadLevel.MULTIPLE, shmem.queryThread(), "queryThread");
                Expect.equal(ThreadLevel.MULTIPLE, Shmem.queryThread(), "facade queryThread");
                int me = shmem.myPe();
                int n = shmem.nPes();
                int next = (me + 1) % n;
                int prev = (me + n - 1) % n;
                SymmetricMemory counters = shmem.calloc(4, 8);
                SymmetricMemory slab = shmem.calloc((long) CONTEXTS * SLICE, 8);
                shmem.barrierAll();

                List<Thread> threads = new ArrayList<>();
                List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
                for (int t = 0; t < CONTEXTS; t++) {
                    int id = t;
                    threads.add(Thread.ofVirtual().name("ctx-" + t).start(() -> {
                        try {
                            driveContext(shmem, counters, slab, id, me, next);
                        } catch (Throwable e) {
                            errors.add(e);
                        }
                    }));
                }
                for (Thread t : threads) {
                    t.join();
                }
                if (!errors.isEmpty()) {
                    throw Expect.failure("a context thread failed: " + errors.getFirst(), errors.getFirst());
                }
                shmem.barrierAll();
                Expect.equal((long) n * CONTEXTS * OPS, shmem.atomicFetch(DataType.LONG, counters, 0, 0),
                        "fetchAdd over contexts");
                for (int t = 0; t < CONTEXTS; t++) {
                    for (int k = 0; k < SLICE; k++) {
                        Expect.equal(value(prev, t, k), slab.local().getAtIndex(ValueLayout.JAVA_LONG,
                                (long) t * SLICE + k), "slice " + t + " element " + k + " from PE " + prev);
                    }
                }
                shmem.barrierAll();

                // The default context from many virtual threads at once (MULTIPLE).
                threads.clear();
                for (int t = 0; t < 16; t++) {
                    threads.add(Thread.ofVirtual().start(() -> {
                        for (int i = 0; i < OPS; i++) {
                            shmem.atomicInc(DataType.LONG, counters, 1, next);
                        }
                    }));
                }
                for (Thread t : threads) {
                    t.join();
                }
                shmem.barrierAll();
                Expect.equal(16L * OPS, counters.local().getAtIndex(ValueLayout.JAVA_LONG, 1),
                        "default context MULTIPLE");

                // Options and destroy completing outstanding nbi work.
                Context ctx = shmem.createCtx(CtxOption.NOSTORE, CtxOption.SERIALIZED);
                Expect.equal(Set.copyOf(EnumSet.of(CtxOption.NOSTORE, CtxOption.SERIALIZED)), ctx.options(), "options");
                Expect.equal(Set.of(), shmem.options(), "default context has no options");
                Expect.isTrue(ctx.runtime() == shmem && ctx.myPe() == me && ctx.nPes() == n, "context identity");
                Expect.isTrue(ctx.team() == shmem.teamWorld() && Shmem.ctxGetTeam(shmem) == shmem.teamWorld(),
                        "ctxGetTeam: the world team");
                ctx.putNbi(ValueLayout.JAVA_LONG, counters, 2, MemorySegment.ofArray(new long[]{4242L + me}), 0, 1,
                        next);
                ctx.close();
                Expect.isTrue(ctx.isDestroyed(), "isDestroyed");
                Expect.thrown(io.jshmem.error.ShmemStateException.class, ctx::team, "destroyed");
                shmem.barrierAll();
                Expect.equal(4242L + prev, counters.local().getAtIndex(ValueLayout.JAVA_LONG, 2),
                        "destroy completed nbi");
                Context viaFacade = Shmem.ctxCreate();
                viaFacade.p(ValueLayout.JAVA_LONG, counters, 3, 7L, next);
                Shmem.ctxDestroy(viaFacade);
                shmem.barrierAll();
                Expect.equal(7L, counters.local().getAtIndex(ValueLayout.JAVA_LONG, 3), "facade context");
                shmem.barrierAll();
                shmem.free(slab);
                shmem.free(counters);
                System.out.println("CONTEXTS OK pe " + me);
            });
        }
    }

    private static void driveContext(ShmemRuntime shmem, SymmetricMemory counters, SymmetricMemory slab, int id,
                                     int me, int next) {
        Context ctx = switch (id % 3) {
            case 0 -> shmem.createCtx(CtxOption.PRIVATE);
            case 1 -> shmem.createCtx(CtxOption.SERIALIZED);
            default -> shmem.createCtx();
        };
        long[] slice = new long[SLICE];
        for (int k = 0; k < SLICE; k++) {
            slice[k] = value(me, id, k);
        }
        long[] fetched = new long[1];
        for (int i = 0; i < OPS; i++) {
            if ((i & 1) == 0) {
                ctx.atomicFetchAdd(DataType.LONG, counters, 0, 1, 0);
            } else {
                ctx.atomicFetchAddNbi(DataType.LONG, MemorySegment.ofArray(fetched), 0, counters, 0, 1, 0);
            }
            if (i % 50 == 0) {
                ctx.putNbi(ValueLayout.JAVA_LONG, slab, (long) id * SLICE, MemorySegment.ofArray(slice), 0, SLICE,
                        next);
                ctx.quiet();
            }
        }
        ctx.quiet();
        long[] back = new long[SLICE];
        ctx.getNbi(ValueLayout.JAVA_LONG, MemorySegment.ofArray(back), 0, slab, (long) id * SLICE, SLICE, next);
        ctx.quiet();
        Expect.isTrue(java.util.Arrays.equals(slice, back), "context " + id + " reads back its slice");
        Expect.isTrue(fetched[0] >= 0, "nbi fetch landed");
        ctx.close();
    }

    static long value(int pe, int ctx, int k) {
        return pe * 1_000_000L + ctx * 1000L + k;
    }
}
