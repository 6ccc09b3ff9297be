package io.jshmem.operand;

import io.jshmem.MemType;
import io.jshmem.error.ShmemStateException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A block of a kind that is not host-addressable hands out no host view (local(), ptr of any PE), naming the kind,
 * and still frees like any block; a host-addressable kind's block slices its views from the heap's mappings.
 */
@Timeout(30)
class KindBlockViewsTest {
    private static final Object OWNER = new Object();

    @Test
    void aBlockWithoutHostViewsRefusesEveryViewNamingTheKind() {
        KindBlock b = KindBlock.withoutHostViews(OWNER, 3, MemType.DEVICE_SIDE, "gpu-test", 4096, 256, null, 2);
        assertFalse(b.hostAddressable());
        for (Runnable view : new Runnable[] {b::local, () -> b.ptr(0), () -> b.ptr(1)}) {
            ShmemStateException e = assertThrows(ShmemStateException.class, view::run);
            assertTrue(e.getMessage().contains("memory kind 'gpu-test' (DEVICE_SIDE) is not host-addressable")
                    && e.getMessage().contains("jshmem hands out no host views of it"), e.getMessage());
        }
        assertThrows(ShmemStateException.class, () -> b.ptr(0), "refused again, not cached as empty");
        ShmemStateException bad = assertThrows(ShmemStateException.class, () -> b.ptr(0));
        assertTrue(bad.getMessage().startsWith("ptr(0) of SymmetricMemory[DEVICE_SIDE (gpu-test), instance=3, "
                + "offset=4096, bytes=256]"), bad.getMessage());
        RuntimeException rma = OperandErrors.unusableBlock("dest", b, OWNER);
        assertFalse(rma.getMessage().contains("local()/ptr(pe) views"), "RMA refusal offers no host views");
        assertTrue(b.claimFree());
        b.completeFree();
        assertTrue(b.isFreed());
        assertThrows(ShmemStateException.class, () -> b.ptr(1));
    }

    @Test
    void aHostAddressableBlockSlicesItsViewsFromTheMappings() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment[] heaps = {arena.allocate(8192, 64), arena.allocate(8192, 64)};
            KindBlock b = new KindBlock(OWNER, 1, MemType.DEVICE_SIDE, "mapped-test", 1024, 64, heaps[0],
                    pe -> heaps[pe], null, 2);
            assertTrue(b.hostAddressable());
            assertEquals(heaps[0].address() + 1024, b.local().address());
            b.ptr(1).orElseThrow().set(ValueLayout.JAVA_LONG, 8, 42L);
            assertEquals(42L, heaps[1].get(ValueLayout.JAVA_LONG, 1032));
            assertTrue(OperandErrors.unusableBlock("dest", b, OWNER).getMessage().contains("local()/ptr(pe) views"));
            assertTrue(b.claimFree());
            b.completeFree();
        }
    }
}
