package io.jshmem.it.pe;

import io.jshmem.InitAttributes;
import io.jshmem.InitStatus;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.ThreadLevel;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The setup chapter of OpenSHMEM 1.6: shmem_query_initialized (and jshmem's queryFinalized)
 * before, during and after a job; nested init / init_thread / finalize counted (n inits need n finalizes, the others
 * act as barriers, values checked across them); shmem_pe_accessible and shmem_addr_accessible for every PE, bad PE
 * numbers, null, freed and foreign-instance buffers; re-init of an instance after its last finalize. Prints
 * {@code SETUP CHAPTER OK pe N} with the number of checks.
 */
public final class SetupChapterPe {
    private static int checks;

    public static void main(String[] args) {
        check(!Shmem.queryInitialized(), "queryInitialized before init");
        check(!ShmemRuntime.queryInitialized(), "object API queryInitialized before init");
        check(!Shmem.queryFinalized(), "queryFinalized before init");

        ShmemRuntime rt = Shmem.init();
        int me = rt.myPe();
        int n = rt.nPes();
        check(Shmem.queryInitialized(), "queryInitialized after init");
        check(!Shmem.queryFinalized(), "queryFinalized while live");
        equal(1, rt.initCount(), "initCount after the first init");

        accessibility(rt, me, n);
        nested(rt, me, n);
        foreignAndReinit(rt, me, n);

        Shmem.finalizeShmem(); // the last one: really finalizes
        check(!Shmem.queryInitialized(), "queryInitialized after the last finalize");
        check(Shmem.queryFinalized(), "queryFinalized after the last finalize");
        check(!ShmemRuntime.queryInitialized(), "object API queryInitialized after finalize");
        check(ShmemRuntime.queryFinalized(), "object API queryFinalized after finalize");
        equal(0, rt.initCount(), "initCount after the last finalize");
        equal(InitStatus.NOT_INITIALIZED, Shmem.initStatus(), "status after the last finalize");
        check(!rt.peAccessible(0), "peAccessible after finalize");
        Shmem.finalizeShmem(); // nothing live: does nothing
        rt.close(); // a call after the last one does nothing
        Expect.thrown(ShmemStateException.class, Shmem::myPe, "finalized");
        System.out.println("SETUP CHAPTER OK pe " + me + " of " + n + " checks " + checks);
    }

    private static void accessibility(ShmemRuntime rt, int me, int n) {
        for (int pe = 0; pe < n; pe++) {
            check(rt.peAccessible(pe), "peAccessible(" + pe + ")");
            check(Shmem.peAccessible(pe), "facade peAccessible(" + pe + ")");
        }
        for (int bad : new int[] {-1, n, n + 1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            check(!rt.peAccessible(bad), "peAccessible(" + bad + ") is false, not an exception");
            check(!Shmem.peAccessible(bad), "facade peAccessible(" + bad + ")");
        }
        SymmetricMemory m = Shmem.malloc(64);
        for (int pe = 0; pe < n; pe++) {
            check(rt.addrAccessible(m, pe), "addrAccessible(live buffer, " + pe + ")");
            check(Shmem.addrAccessible(m, pe), "facade addrAccessible(live buffer, " + pe + ")");
        }
        for (int bad : new int[] {-1, n, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            check(!rt.addrAccessible(m, bad), "addrAccessible(live buffer, bad pe " + bad + ")");
        }
        check(!rt.addrAccessible((SymmetricMemory) null, 0), "addrAccessible(null, 0)");
        check(!rt.addrAccessible((MemorySegment) null, 0), "addrAccessible((MemorySegment) null, 0)");
        check(!Shmem.addrAccessible((SymmetricMemory) null, me), "facade addrAccessible(null)");
        // The buffer works as addrAccessible says: a ring of puts lands.
        Shmem.p(m, 0, 7000L + me, (me + 1) % n);
        Shmem.barrierAll();
        equal(7000L + (me + n - 1) % n, Shmem.gLong(m, 0, me), "value put through an accessible buffer");
        Shmem.free(m);
        for (int pe = 0; pe < n; pe++) {
            check(!rt.addrAccessible(m, pe), "addrAccessible(freed buffer, " + pe + ")");
        }
    }

    private static void nested(ShmemRuntime rt, int me, int n) {
        ThreadLevel level = rt.queryThread();
        check(Shmem.init() == rt, "a nested init returns the live runtime");
        equal(2, rt.initCount(), "initCount after one nested init");
        check(Shmem.initThread(ThreadLevel.SINGLE) == rt, "a nested initThread returns the live runtime");
        equal(level, rt.queryThread(), "a nested initThread keeps the first init's thread level");
        check(ShmemRuntime.init(InitAttributes.fromEnvironment()) == rt, "object API nested init");
        equal(4, rt.initCount(), "initCount after three nested inits");
        // Explicit attributes naming another job are a mistake: rejected, the count unchanged.
        Expect.thrown(ShmemStateException.class, () -> Shmem.init(InitAttributes.of(0, n + 1, "tcp://127.0.0.1:1")),
                "already initialized as PE " + me + " of " + n, "finalize it first");
        equal(4, rt.initCount(), "initCount after a rejected nested init");

        SymmetricMemory m = Shmem.malloc(8L * 4);
        for (int round = 0; round < 3; round++) {
            // A non-last finalize acts as barrierAll: the puts before it are complete and visible after it.
            Shmem.p(m, round, 100L * round + me, (me + 1) % n);
            Shmem.finalizeShmem();
            equal(100L * round + (me + n - 1) % n, Shmem.gLong(m, round, me), "value across nested finalize "
                    + round);
            equal(3 - round, rt.initCount(), "initCount after nested finalize " + round);
            check(Shmem.queryInitialized(), "queryInitialized after nested finalize " + round);
            check(!Shmem.queryFinalized(), "queryFinalized after nested finalize " + round);
            equal(InitStatus.INITIALIZED, rt.initStatus(), "status after nested finalize " + round);
        }
        Shmem.free(m);
    }

    private static void foreignAndReinit(ShmemRuntime rt0, int me, int n) {
        for (int generation = 1; generation <= 2; generation++) {
            ShmemRuntime rt1 = Shmem.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(8 << 20));
            equal(1, rt1.initCount(), "instance 1 initCount, generation " + generation);
            SymmetricMemory b1 = rt1.malloc(64);
            SymmetricMemory b0 = rt0.malloc(64);
            check(rt1.addrAccessible(b1, me), "own-instance buffer, generation " + generation);
            check(!rt0.addrAccessible(b1, me), "a buffer of instance 1 is not accessible through instance 0");
            check(!rt1.addrAccessible(b0, me), "a buffer of instance 0 is not accessible through instance 1");
            check(Shmem.addrAccessible(b1, (me + 1) % n), "facade on the current instance (1)");
            rt1.p(ValueLayout.JAVA_LONG, b1, 0, 500L + generation * 10 + me, (me + 1) % n);
            rt1.barrierAll();
            equal(500L + generation * 10 + (me + n - 1) % n, rt1.g(ValueLayout.JAVA_LONG, b1, 0, me),
                    "value through instance 1, generation " + generation);
            rt0.free(b0);
            rt1.free(b1);
            rt1.close();
            equal(0, rt1.initCount(), "instance 1 finalized, generation " + generation);
            check(!rt1.addrAccessible(b1, me), "a buffer of a finalized instance");
            equal(0, Shmem.currentInstance(), "the facade falls back to instance 0");
            check(Shmem.queryInitialized(), "instance 0 still live after instance 1's finalize");
        }
    }

    private static void check(boolean condition, String what) {
        checks++;
        Expect.isTrue(condition, what);
    }

    private static void equal(Object expected, Object actual, String what) {
        checks++;
        Expect.equal(expected, actual, what);
    }
}
