package io.jshmem.memory;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class SymmetricAllocatorTest {

    @Test
    void shouldGiveSameOffsetsForSameCallSequence() {
        SymmetricAllocator a = new SymmetricAllocator(65536, 1 << 24);
        SymmetricAllocator b = new SymmetricAllocator(65536, 1 << 24);
        Random r = new Random(42);
        List<Long> liveA = new ArrayList<>();
        List<Long> liveB = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            if (!liveA.isEmpty() && r.nextInt(3) == 0) {
                int k = r.nextInt(liveA.size());
                a.free(liveA.remove(k));
                b.free(liveB.remove(k));
            } else {
                long size = 1 + r.nextInt(5000);
                long align = 1L << r.nextInt(10);
                Block x = a.allocate(size, align);
                Block y = b.allocate(size, align);
                assertEquals(x, y);
                assertEquals(0, x.offset() % align);
                liveA.add(x.offset());
                liveB.add(y.offset());
            }
        }
    }

    @Test
    void shouldNeverHandOutOverlappingBlocks() {
        SymmetricAllocator a = new SymmetricAllocator(0, 1 << 20);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            blocks.add(a.allocate(100 + i, 64));
        }
        for (int i = 0; i < blocks.size(); i++) {
            for (int j = i + 1; j < blocks.size(); j++) {
                Block x = blocks.get(i);
                Block y = blocks.get(j);
                assertTrue(x.offset() + x.size() <= y.offset() || y.offset() + y.size() <= x.offset(),
                        x + " overlaps " + y);
            }
        }
    }

    @Test
    void shouldCoalesceFreedNeighbours() {
        SymmetricAllocator a = new SymmetricAllocator(0, 4096);
        Block x = a.allocate(1024, 8);
        Block y = a.allocate(1024, 8);
        Block z = a.allocate(2048, 8);
        a.free(x.offset());
        a.free(z.offset());
        a.free(y.offset());
        assertEquals(4096, a.largestFree());
        assertEquals(0, a.usedBytes());
        assertEquals(new Block(0, 4096), a.allocate(4096, 8));
    }

    @Test
    void shouldRejectDoubleFreeAndForeignOffsets() {
        SymmetricAllocator a = new SymmetricAllocator(0, 4096);
        Block x = a.allocate(64, 8);
        a.free(x.offset());
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> a.free(x.offset()));
        assertTrue(e.getMessage().contains("offset = 0"), e.getMessage());
        assertThrows(ShmemArgumentException.class, () -> a.free(12345));
    }

    @Test
    void shouldReportExhaustionWithSizes() {
        SymmetricAllocator a = new SymmetricAllocator(0, 4096);
        a.allocate(4000, 8);
        ShmemException e = assertThrows(ShmemException.class, () -> a.allocate(200, 8));
        assertTrue(e.getMessage().contains("SHMEM_SYMMETRIC_SIZE"), e.getMessage());
    }

    @Test
    void shouldResizeInPlaceWhenNeighbourIsFree() {
        SymmetricAllocator a = new SymmetricAllocator(0, 4096);
        Block x = a.allocate(64, 8);
        assertTrue(a.resizeInPlace(x.offset(), 1024));
        assertEquals(1024, a.sizeOf(x.offset()));
        Block y = a.allocate(64, 8);
        assertEquals(1024, y.offset());
        assertFalse(a.resizeInPlace(x.offset(), 2048));
        assertTrue(a.resizeInPlace(x.offset(), 16));
        assertEquals(16, a.sizeOf(x.offset()));
        assertEquals(16 + 64, a.usedBytes());
    }
}
