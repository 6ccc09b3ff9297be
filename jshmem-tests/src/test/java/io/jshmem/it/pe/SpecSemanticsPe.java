package io.jshmem.it.pe;

import io.jshmem.HeapUsage;
import io.jshmem.InitAttributes;
import io.jshmem.MemType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemOutOfMemoryException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.Supplier;

/**
 * OpenSHMEM 1.6 and CANN SHMEM semantics, one case per argument ({@code addr}, {@code calloc} or {@code reinit}):
 * <ul>
 *   <li>{@code addr}: {@code shmem_addr_accessible} asked of local memory: true for a buffer's local view and slices
 *       of it (on every PE), false for private memory, another instance's heap, another PE's mapped heap, null, bad
 *       PEs and after finalize;</li>
 *   <li>{@code calloc}: a count * size product beyond 2^63 - 1 is an invalid argument naming both (not out of
 *       memory), a product beyond the heap is out of memory, on every allocation form; a bad argument on one PE
 *       only makes every PE throw at once (none is left waiting) and nothing is allocated;</li>
 *   <li>{@code reinit}: an init with explicit attributes of a live instance is rejected naming it, with nothing
 *       changed, while a plain init still nests.</li>
 * </ul>
 * Prints {@code SPEC <case> OK pe P of N}.
 */
public final class SpecSemanticsPe {
    private SpecSemanticsPe() {
    }

    public static void main(String[] args) {
        String which = args[0];
        ShmemRuntime rt = Shmem.init();
        switch (which) {
            case "addr" -> addrAccessible(rt);
            case "calloc" -> callocOverflow(rt);
            case "reinit" -> reinit(rt);
            default -> throw new IllegalArgumentException(which);
        }
        int me = rt.myPe();
        int n = rt.nPes();
        rt.close();
        System.out.println("SPEC " + which + " OK pe " + me + " of " + n);
    }

    // ---- shmem_addr_accessible of local memory ----------------------------------------------------------------

    private static void addrAccessible(ShmemRuntime rt) {
        int me = rt.myPe();
        int n = rt.nPes();
        SymmetricMemory m = rt.malloc(256);
        MemorySegment local = m.local();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment priv = arena.allocate(256, 8);
            for (int pe = 0; pe < n; pe++) {
                Expect.isTrue(rt.addrAccessible(local, pe), "a buffer's local view is accessible on PE " + pe);
                Expect.isTrue(rt.addrAccessible(local.asSlice(40, 16), pe), "a slice of it on PE " + pe);
                Expect.isTrue(rt.addrAccessible(local.asSlice(255), pe), "its last byte on PE " + pe);
                Expect.isTrue(Shmem.addrAccessible(local.asSlice(8), pe), "facade, a slice on PE " + pe);
                Expect.isTrue(rt.addrAccessible(MemorySegment.ofAddress(local.address() + 100), pe),
                        "a raw address inside the heap on PE " + pe);
                Expect.isTrue(!rt.addrAccessible(priv, pe), "private native memory is not symmetric (PE " + pe
                        + ")");
                Expect.isTrue(!Shmem.addrAccessible(priv.asSlice(8, 8), pe), "facade, private memory (PE " + pe
                        + ")");
                Expect.isTrue(!rt.addrAccessible(MemorySegment.ofArray(new long[4]), pe),
                        "a Java array's segment is not symmetric (PE " + pe + ")");
                Expect.isTrue(!rt.addrAccessible(MemorySegment.ofAddress(priv.address()), pe),
                        "a raw private address (PE " + pe + ")");
                Expect.isTrue(!rt.addrAccessible((MemorySegment) null, pe), "null (PE " + pe + ")");
            }
            for (int bad : new int[] {-1, n, n + 7, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
                Expect.isTrue(!rt.addrAccessible(local, bad), "bad PE " + bad + " is false, not an exception");
                Expect.isTrue(!Shmem.addrAccessible(local, bad), "facade, bad PE " + bad);
            }
            // Another PE's heap mapped here is that PE's memory, not a symmetric address of this PE.
            int next = (me + 1) % n;
            if (n > 1 && m.ptr(next).isPresent()) {
                Expect.isTrue(!rt.addrAccessible(m.ptr(next).get(), me), "PE " + next + "'s mapped copy");
            }
            // Another instance's heap is not this instance's.
            ShmemRuntime other = ShmemRuntime.init(InitAttributes.fromEnvironment().instanceId(1)
                    .heapSize(2L << 20));
            SymmetricMemory o = other.malloc(64);
            Shmem.setInstance(0);
            Expect.isTrue(other.addrAccessible(o.local(), me), "instance 1's buffer through instance 1");
            Expect.isTrue(!rt.addrAccessible(o.local(), me), "instance 1's buffer through instance 0");
            Expect.isTrue(!other.addrAccessible(local, me), "instance 0's buffer through instance 1");
            MemorySegment kept = o.local();
            other.free(o);
            other.close();
            Expect.isTrue(!other.addrAccessible(MemorySegment.ofAddress(kept.address()), me),
                    "after finalize of instance 1");
        }
        rt.free(m);
    }

    // ---- calloc overflow and one-PE argument errors ----------------------------------------------------------

    private static void callocOverflow(ShmemRuntime rt) {
        int me = rt.myPe();
        int n = rt.nPes();
        HeapUsage before = rt.heapUsage();
        String max = Long.toString(Long.MAX_VALUE / 2);
        Expect.thrown(ShmemArgumentException.class, () -> rt.calloc(Long.MAX_VALUE, 2), "count = "
                + Long.MAX_VALUE, "elementSize = 2", "overflows", max);
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.calloc(Long.MAX_VALUE, 2), "count", "elementSize",
                max);
        Expect.thrown(ShmemArgumentException.class, () -> rt.calloc(3, Long.MAX_VALUE / 2), "count = 3",
                "elementSize = " + Long.MAX_VALUE / 2, "at most 2");
        Expect.thrown(ShmemArgumentException.class, () -> rt.calloc(Long.MAX_VALUE, 2, MemType.HOST_SIDE),
                "count = " + Long.MAX_VALUE, "elementSize = 2");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.calloc(1L << 62, 4, MemType.HOST_SIDE), "count",
                "elementSize = 4");
        // A product that fits but exceeds the heap stays out of memory.
        Expect.thrown(ShmemOutOfMemoryException.class, () -> rt.calloc(rt.heapSize(), 2), "SHMEM_SYMMETRIC_SIZE");
        Expect.thrown(ShmemArgumentException.class, () -> rt.calloc(-1, 8), "count = -1");
        Expect.equal(before, rt.heapUsage(), "nothing allocated by the rejected callocs");

        // One PE alone with a bad argument: every PE throws, at once, and nothing is allocated on any.
        alone(rt, "calloc", () -> rt.calloc(Long.MAX_VALUE, 2), () -> rt.calloc(4, 8), "count = " + Long.MAX_VALUE);
        alone(rt, "calloc", () -> rt.calloc(-5, 8), () -> rt.calloc(4, 8), "count = -5");
        alone(rt, "malloc", () -> rt.malloc(-1), () -> rt.malloc(64), "bytes = -1");
        alone(rt, "malloc", () -> rt.malloc(rt.heapSize() * 4), () -> rt.malloc(64), "SHMEM_SYMMETRIC_SIZE");
        alone(rt, "align", () -> rt.align(3, 64), () -> rt.align(64, 64), "alignment = 3");
        alone(rt, "malloc_with_hints", () -> rt.mallocWithHints(64, 1L << 40),
                () -> rt.mallocWithHints(64, ShmemRuntime.MALLOC_ATOMICS_REMOTE), "hints");
        alone(rt, "calloc", () -> rt.calloc(Long.MAX_VALUE, 2, MemType.HOST_SIDE), () -> rt.calloc(4, 8),
                "elementSize = 2");
        Expect.equal(before, rt.heapUsage(), "nothing allocated by the calls rejected on one PE");

        // The heap is still symmetric: a collective allocation works and puts land.
        SymmetricMemory z = rt.calloc(4, 8);
        for (int i = 0; i < 4; i++) {
            Expect.equal(0L, z.local().getAtIndex(ValueLayout.JAVA_LONG, i), "calloc zeroes element " + i);
        }
        rt.barrierAll(); // every PE has read its zeroes before any put lands in them
        rt.p(ValueLayout.JAVA_LONG, z, 1, 900L + me, (me + 1) % n);
        rt.barrierAll();
        Expect.equal(900L + (me + n - 1) % n, z.local().getAtIndex(ValueLayout.JAVA_LONG, 1), "put after rejections");
        rt.free(z);
    }

    /**
     * PE 0 calls {@code bad} while the others call {@code good} (the same operation): PE 0 throws its argument error
     * naming {@code fragment}, the others throw the collective check's error naming PE 0, within seconds.
     */
    private static void alone(ShmemRuntime rt, String operation, Supplier<SymmetricMemory> bad,
                              Supplier<SymmetricMemory> good, String fragment) {
        long start = System.nanoTime();
        if (rt.myPe() == 0) {
            RuntimeException e = Expect.thrown(RuntimeException.class, bad::get, fragment);
            Expect.isTrue(e instanceof ShmemArgumentException || e instanceof ShmemOutOfMemoryException,
                    operation + " alone on PE 0: an argument or out-of-memory error, not " + e);
        } else {
            Expect.thrown(ShmemArgumentException.class, good::get, operation, "every PE must pass the same",
                    "PE 0");
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        Expect.isTrue(ms < 5_000, operation + " with a bad argument on PE 0 only took " + ms + " ms: a PE waited");
        // No barrier here: one would line up with the check a PE left waiting is still in and hide the fault.
    }

    // ---- init with explicit attributes of a live instance ----------------------------------------------------

    private static void reinit(ShmemRuntime rt) {
        int me = rt.myPe();
        int n = rt.nPes();
        long heap = rt.heapSize();
        Expect.equal(1, rt.initCount(), "one init");
        String[] fragments = {"instance 0 is live", "already initialized as PE " + me + " of " + n,
            "heap of " + heap + " bytes", "explicit attributes", "finalize it first", "plain init()"};
        Expect.thrown(ShmemStateException.class,
                () -> ShmemRuntime.init(InitAttributes.fromEnvironment().heapSize(1L << 20)),
                concat(fragments, "SHMEM_SYMMETRIC_SIZE=1048576"));
        Expect.thrown(ShmemStateException.class, () -> Shmem.init(InitAttributes.of(me, n, "tcp://127.0.0.1:1")),
                concat(fragments, "PE " + me + " of " + n + ", unique id tcp://127.0.0.1:1"));
        Expect.thrown(ShmemStateException.class, () -> ShmemRuntime.initThread(InitAttributes.fromEnvironment()
                .timeout(java.time.Duration.ofSeconds(77)), io.jshmem.ThreadLevel.SINGLE), fragments);
        Expect.equal(1, rt.initCount(), "rejected inits changed no count");
        Expect.equal(heap, rt.heapSize(), "rejected inits changed no heap");
        Expect.isTrue(Shmem.queryInitialized(), "still initialized");
        Expect.equal(0, Shmem.currentInstance(), "still current");

        // A plain init nests, as OpenSHMEM 1.6 says.
        Expect.isTrue(Shmem.init() == rt, "plain init nests");
        Expect.isTrue(ShmemRuntime.init(InitAttributes.fromEnvironment()) == rt, "plain attributes nest");
        Expect.equal(3, rt.initCount(), "two nested inits");
        rt.close();
        rt.close();
        Expect.equal(1, rt.initCount(), "two nested finalizes");

        // The same for instance 1, started with explicit attributes.
        ShmemRuntime other = ShmemRuntime.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(2L << 20));
        Expect.thrown(ShmemStateException.class,
                () -> ShmemRuntime.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(2L << 20)),
                "instance 1 is live", "SHMEM_SYMMETRIC_SIZE=2097152", "finalize it first");
        Expect.equal(1, other.initCount(), "instance 1: the rejected init changed no count");
        Expect.equal(1, Shmem.currentInstance(), "instance 1 stays current");
        Expect.isTrue(ShmemRuntime.init(InitAttributes.fromEnvironment().instanceId(1)) == other,
                "a plain init of instance 1 nests");
        other.close();
        other.close();
        Expect.equal(0, other.initCount(), "instance 1 finalized");
        // After finalize the same explicit attributes start it again.
        ShmemRuntime again = ShmemRuntime.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(2L << 20));
        Expect.equal(1, again.initCount(), "instance 1 started again");
        again.close();
        Shmem.setInstance(0);
    }

    private static String[] concat(String[] a, String b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + 1);
        r[a.length] = b;
        return r;
    }
}
