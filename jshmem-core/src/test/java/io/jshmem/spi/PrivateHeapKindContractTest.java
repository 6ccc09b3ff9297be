package io.jshmem.spi;

import io.jshmem.spi.contract.MemoryKindContractTest;
import io.jshmem.spi.contract.PrivateHeapKindProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The memory-kind contract on the test kind that is not host-addressable ({@link PrivateHeapKindProvider}): its
 * heaps have no host mappings, so everything goes through its copies; plus the default copies of the SPI refusing,
 * with the kind named, a heap that maps no peer.
 */
class PrivateHeapKindContractTest extends MemoryKindContractTest {
    @BeforeAll
    static void enable() {
        System.setProperty(PrivateHeapKindProvider.ENABLE_PROPERTY, "true");
    }

    @AfterAll
    static void disable() {
        System.clearProperty(PrivateHeapKindProvider.ENABLE_PROPERTY);
    }

    @Override
    protected MemoryKindProvider provider() {
        return new PrivateHeapKindProvider();
    }

    @Override
    protected void assertReleased(MemoryKindHeap closed) {
        assertFalse(PrivateHeapKindProvider.isOpen(closed), "close removes the heap from the kind's registry");
    }

    @Test
    void theKindDeclaresNoHostViewsAndGivesNone() {
        MemoryKindProvider p = provider();
        assertEquals(new MemoryKindCapabilities(false, false), p.capabilities());
        System.clearProperty(PrivateHeapKindProvider.ENABLE_PROPERTY);
        try {
            assertTrue(p.unavailableReason().orElseThrow().contains(PrivateHeapKindProvider.ENABLE_PROPERTY));
        } finally {
            System.setProperty(PrivateHeapKindProvider.ENABLE_PROPERTY, "true");
        }
    }

    @Test
    void defaultCopiesRefuseAnUnmappedHeapNamingTheKind() {
        try (Arena arena = Arena.ofConfined()) {
            MemoryKindHeap unmapped = new StubHeap(4096, null, "unmapped-test");
            assertNull(unmapped.local());
            var src = arena.allocate(8);
            for (Runnable call : new Runnable[] {() -> unmapped.copyIn(1, 0, src), () -> unmapped.copyOut(1, 0, src),
                () -> unmapped.copy(1, 0, 0, 8, 8)}) {
                MemoryKindUnsupportedException e = assertThrows(MemoryKindUnsupportedException.class, call::run);
                assertEquals("unmapped-test", e.kind());
                assertTrue(e.getMessage().contains("memory kind 'unmapped-test'")
                        && e.getMessage().contains("PE 1's heap is not mapped in this process"), e.getMessage());
            }
        }
    }

    @Test
    void defaultCopiesRefuseRangesOutsideTheHeapNamingThem() {
        try (Arena arena = Arena.ofShared()) {
            var heap = arena.allocate(4096, 64);
            MemoryKindHeap mapped = new StubHeap(heap.byteSize(), heap, "mapped-test");
            IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
                    () -> mapped.copyIn(0, 4090, arena.allocate(8)));
            assertTrue(e.getMessage().startsWith("offset = 4090 with 8 bytes is outside the 4096-byte heap"),
                    e.getMessage());
            var src = arena.allocate(8).fill((byte) 9);
            mapped.copyIn(0, 4088, src);
            assertEquals(9, heap.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 4095));
        }
    }

    /** A heap relying on the interface's default copies: {@code mapped} is every PE's view, null for none here. */
    private record StubHeap(long byteSize, MemorySegment mapped, String kindName) implements MemoryKindHeap {
        @Override
        public MemorySegment local() {
            return mapped;
        }

        @Override
        public MemorySegment peer(int pe) {
            return mapped;
        }

        @Override
        public void close() {
        }
    }
}
