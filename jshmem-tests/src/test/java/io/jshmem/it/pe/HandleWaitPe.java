package io.jshmem.it.pe;

import io.jshmem.Handle;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.error.ShmemException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * CANN's handle_wait test in the seed's order: put on a stream to the next PE, handleWait(Handle(WORLD), stream),
 * synchronize, then the value read locally must be the previous PE's; repeated, over a split team too, and with
 * rma_d2h_demo's kernel as a lambda. Also a failing kernel fails the stream, and streams are unusable after
 * destroy.
 */
public final class HandleWaitPe {
    private static final int ROUNDS = 50;

    public static void main(String[] args) {
        try (ShmemRuntime rt = Shmem.init()) {
            int me = rt.myPe();
            int n = rt.nPes();
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;
            SymmetricMemory buf = rt.calloc(ROUNDS, 8);
            MemorySegment src = Arena.ofShared().allocate(8L * ROUNDS);
            Stream stream = rt.createStream();
            Handle world = new Handle(rt.teamWorld());
            for (int r = 0; r < ROUNDS; r++) {
                if (me == n - 1 && r % 10 == 5) {
                    // A late PE: only handleWait's barrier makes the others wait for its put.
                    sleep(200);
                }
                src.setAtIndex(ValueLayout.JAVA_LONG, r, (prevValue(me, r)));
                Shmem.putmemOnStream(buf, 8L * r, src, 8L * r, 8, next, stream);
                Shmem.handleWait(world, stream);
                stream.synchronize();
                VarHandle.acquireFence();
                Expect.equal(prevValue(prev, r), buf.local().getAtIndex(ValueLayout.JAVA_LONG, r),
                        "round " + r + " value from PE " + prev);
            }
            // A handle over a split team: the even PEs.
            Team evens = rt.teamWorld().splitStrided(0, 2, (n + 1) / 2);
            if (evens.isValid()) {
                int tn = evens.nPes();
                int tNext = evens.translatePe((evens.myPe() + 1) % tn, rt.teamWorld());
                SymmetricMemory tb = rt.malloc(8);
                MemorySegment v = Arena.ofAuto().allocate(8);
                v.set(ValueLayout.JAVA_LONG, 0, 5000L + me);
                stream.putmem(tb, 0, v, 0, 8, tNext);
                stream.handleWait(new Handle(evens));
                stream.synchronize();
                int tPrev = evens.translatePe((evens.myPe() + tn - 1) % tn, rt.teamWorld());
                Expect.equal(5000L + tPrev, tb.local().get(ValueLayout.JAVA_LONG, 0), "team handle value");
                evens.destroy();
            } else {
                rt.malloc(8);
            }
            // rma_d2h_demo: p then quiet in a kernel, handle wait, synchronize, check.
            SymmetricMemory d2h = rt.malloc(8);
            stream.launch(ctx -> {
                ctx.p(ValueLayout.JAVA_LONG, d2h, 0, (long) ctx.myPe() + 1, (ctx.myPe() + 1) % ctx.nPes());
                ctx.quiet();
            });
            stream.handleWait(world);
            stream.synchronize();
            Expect.equal((long) prev + 1, rt.g(ValueLayout.JAVA_LONG, d2h, 0, me), "kernel value");
            // A failing kernel fails the stream; later operations are skipped.
            Stream failing = rt.createStream();
            failing.launch(ctx -> {
                throw new IllegalStateException("kernel bug");
            });
            failing.launch(ctx -> ctx.p(ValueLayout.JAVA_LONG, d2h, 0, -1L, me));
            ShmemException e = Expect.thrown(ShmemException.class, failing::synchronize, "kernel bug",
                    "skipped the operations queued after it");
            Expect.equal((long) prev + 1, rt.g(ValueLayout.JAVA_LONG, d2h, 0, me),
                    "operation after the failure was skipped");
            Expect.isTrue(e.getCause() instanceof IllegalStateException, "cause " + e.getCause());
            failing.destroy();
            Expect.thrown(ShmemStateException.class, () -> failing.quiet(), "destroyed");
            Expect.thrown(ShmemStateException.class, () -> rt.defaultStream().destroy(), "cannot be destroyed");
            stream.destroy();
            stream.destroy(); // a second destroy does nothing
            System.out.println("HANDLE WAIT OK pe " + me + " of " + n);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long prevValue(int pe, int round) {
        return 1_000L * (pe + 1) + round;
    }
}
