package io.jshmem.it.pe;

import io.jshmem.InitAttributes;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * OpenSHMEM 1.6 and CANN SHMEM semantics, one case per argument ({@code addr}):
 * <ul>
 *   <li>{@code addr}: {@code shmem_addr_accessible} asked of local memory: true for a buffer's local view and slices
 *       of it (on every PE), false for private memory, another instance's heap, another PE's mapped heap, null, bad
 *       PEs and after finalize.</li>
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
}
