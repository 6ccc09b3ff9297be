package io.jshmem.it.pe;

import io.jshmem.Handle;
import io.jshmem.InitAttributes;
import io.jshmem.InitStatus;
import io.jshmem.InstanceScope;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * CANN's multi-instance test in one launched job: instance 0 from the launcher, instance 1 with a session derived
 * through it; distinct heaps, RMA in each, cross-instance buffers/streams/teams rejected, the scoped switch that
 * restores the previous instance and blocks other threads' lifecycle calls, finalize(1) falling back to 0, and a
 * second generation of instance 1.
 */
public final class MultiInstancePe {
    public static void main(String[] args) throws Exception {
        ShmemRuntime rt0 = Shmem.init();
        Expect.equal(0, Shmem.currentInstance(), "current after init of 0");
        ShmemRuntime rt1 = Shmem.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(8 << 20));
        Expect.equal(1, Shmem.currentInstance(), "the new instance becomes current");
        Expect.equal(1, rt1.instanceId(), "instance id");
        Expect.equal(InitStatus.INITIALIZED, Shmem.initStatus(1), "status of 1");
        Expect.equal(rt0.myPe(), rt1.myPe(), "same PE numbering");
        // OpenSHMEM 1.6: a second init of a live instance nests instead of throwing.
        Expect.isTrue(Shmem.init(InitAttributes.fromEnvironment().instanceId(1)) == rt1, "nested init of 1");
        Expect.equal(2, rt1.initCount(), "instance 1 init count");
        Expect.equal(1, rt0.initCount(), "instance 0 init count");
        rt1.close(); // the matching finalize: a barrier, instance 1 stays live
        Expect.equal(InitStatus.INITIALIZED, Shmem.initStatus(1), "status of 1 after its non-last finalize");
        Expect.thrown(ShmemArgumentException.class, () -> InitAttributes.fromEnvironment().instanceId(255),
                "instanceId = 255", "0..254");
        int me = rt0.myPe();
        int n = rt0.nPes();
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;

        SymmetricMemory b0 = rt0.malloc(4096);
        SymmetricMemory b1 = rt1.malloc(4096);
        Expect.equal(b0.heapOffset(), b1.heapOffset(), "first blocks sit at the same offset of each heap");
        long a0 = b0.local().address();
        long a1 = b1.local().address();
        Expect.isTrue(a0 + 4096 <= a1 || a1 + 4096 <= a0, "heaps overlap: " + a0 + " vs " + a1);
        rt0.p(ValueLayout.JAVA_LONG, b0, 0, 100L + me, next);
        rt1.p(ValueLayout.JAVA_LONG, b1, 0, 200L + me, next);
        rt0.barrierAll();
        rt1.barrierAll();
        Expect.equal(100L + prev, b0.local().get(ValueLayout.JAVA_LONG, 0), "instance 0 value");
        Expect.equal(200L + prev, b1.local().get(ValueLayout.JAVA_LONG, 0), "instance 1 value");

        crossInstance(rt0, rt1, b0, b1, next);
        scope(rt0, rt1);

        Shmem.setInstance(1);
        Shmem.finalizeShmem(1);
        Expect.equal(0, Shmem.currentInstance(), "finalize(1) falls back to instance 0");
        Expect.equal(InitStatus.NOT_INITIALIZED, Shmem.initStatus(1), "status of 1 after finalize");
        // finalize retires every block as free does: local() and ptr() of one throw, naming why.
        Expect.thrown(ShmemStateException.class, () -> b1.local().get(ValueLayout.JAVA_LONG, 0), "finalized");
        Expect.thrown(ShmemStateException.class, () -> Shmem.setInstance(1), "not initialized");
        Expect.thrown(ShmemStateException.class, () -> Shmem.finalizeShmem(7), "not initialized");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.withInstance(300), "0..254");

        // A second generation of instance 1 gets a fresh session.
        ShmemRuntime again = Shmem.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(4 << 20));
        SymmetricMemory c = again.malloc(8);
        again.p(ValueLayout.JAVA_LONG, c, 0, 300L + me, next);
        again.barrierAll();
        Expect.equal(300L + prev, c.local().get(ValueLayout.JAVA_LONG, 0), "second generation value");
        again.close();
        Expect.equal(0, Shmem.currentInstance(), "back on 0");
        rt0.free(b0);
        rt0.close();
        System.out.println("MULTI INSTANCE OK pe " + me);
    }

    private static void crossInstance(ShmemRuntime rt0, ShmemRuntime rt1, SymmetricMemory b0, SymmetricMemory b1,
                                      int next) {
        MemorySegment src = Arena.ofAuto().allocate(8);
        String other = "instance the call is made on"; // misuse messages name both instances
        Expect.thrown(ShmemArgumentException.class, () -> rt0.putmem(b1, 0, src, 0, 8, next), other);
        Expect.thrown(ShmemArgumentException.class, () -> rt1.getmem(src, 0, b0, 0, 8, next), other);
        Expect.thrown(ShmemArgumentException.class, () -> rt1.free(b0), other);
        Expect.thrown(ShmemArgumentException.class, () -> rt1.signalAdd(b0, 0, 1, next), other);
        Shmem.setInstance(1);
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.p(b0, 0, 1L, next), other);
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.free(b0), other);
        Stream s1 = rt1.createStream();
        Expect.thrown(ShmemArgumentException.class, () -> s1.putmem(b0, 0, src, 0, 8, next), other);
        Expect.thrown(ShmemArgumentException.class, () -> s1.signalOp(b0, 0, 1, SignalOp.SET, next), other);
        Expect.thrown(ShmemArgumentException.class, () -> s1.barrier(rt0.teamWorld()), "another jshmem instance");
        Expect.thrown(ShmemArgumentException.class, () -> s1.handleWait(Handle.world(rt0)), "another jshmem instance");
        Shmem.setInstance(0);
        // The facade works on the current instance: a stream of another one is refused by name, as a block of
        // another one is (rt.ptr, Shmem.ptr and team.ptr too), rather than quieted on its own instance behind the
        // caller's back.
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.quietOnStream(s1), "stream");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.putmemOnStream(b1, 0, src, 0, 8, next, s1),
                "belongs to instance 1");
        Shmem.setInstance(1);
        Shmem.quietOnStream(s1);
        Expect.isTrue(!s1.isDestroyed(), "quietOnStream returned; s1 still usable");
        // The buffer, not the stream, is what crosses instances here: b0 belongs to instance 0, s1 to instance 1.
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.putmemOnStream(b0, 0, src, 0, 8, next, s1),
                "belongs to instance 0");
        Shmem.setInstance(0);
        // The stream works with its own instance's buffers.
        s1.putmem(b1, 8, src, 0, 8, next);
        s1.handleWait(Handle.world(rt1));
        s1.synchronize();
        s1.destroy();
        Expect.thrown(ShmemStateException.class, s1::synchronize, "destroyed");
        Expect.thrown(ShmemStateException.class, () -> s1.putmem(b1, 8, src, 0, 8, next), "destroyed");
    }

    private static void scope(ShmemRuntime rt0, ShmemRuntime rt1) throws Exception {
        Shmem.setInstance(0);
        CompletableFuture<Integer> blocked;
        try (InstanceScope sc = Shmem.withInstance(1)) {
            Expect.equal(1, Shmem.currentInstance(), "inside the scope");
            Expect.equal(0, sc.previousInstanceId(), "previous");
            SymmetricMemory inScope = Shmem.malloc(64); // the holder's own lifecycle calls go through
            Expect.thrown(ShmemArgumentException.class, () -> rt0.free(inScope), "instance the call is made on");
            Shmem.free(inScope);
            blocked = CompletableFuture.supplyAsync(() -> {
                Shmem.setInstance(0);
                return Shmem.currentInstance();
            });
            Thread.sleep(300);
            Expect.isTrue(!blocked.isDone(), "another thread's setInstance waits while the scope is held");
            Expect.equal(1, Shmem.currentInstance(), "still instance 1");
        }
        Expect.equal(0, (int) blocked.get(10, TimeUnit.SECONDS), "the waiting call ran after the scope");
        Expect.equal(0, Shmem.currentInstance(), "scope restored instance 0");
        rt1.barrierAll();
        rt0.barrierAll();
    }
}
