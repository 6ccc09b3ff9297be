package io.jshmem.memory.cuda;

import io.jshmem.DataType;
import io.jshmem.HeapUsage;
import io.jshmem.MemType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cuda kind through jshmem itself, on a one-PE job in this JVM with the test double of the driver: chosen by
 * JSHMEM_DEVICE_KIND, found through META-INF/services, opened on the first DEVICE_SIDE allocation, its blocks refuse
 * host views and atomics naming the kind, contiguous put and get move their bytes through the GPU heap's copies, and
 * finalize releases the GPU heap; without a driver the allocation fails with the
 * kind's reason.
 */
@Timeout(120)
class CudaJobTest {
    @AfterEach
    void clear() {
        System.clearProperty("jshmem.device.kind");
        System.clearProperty("jshmem.cuda.library");
        System.clearProperty("shmem.symmetric.size");
    }

    @Test
    void deviceSideAllocatesOnTheGpuHeapAndFinalizeReleasesIt() {
        String lib = FakeCuda.library(FakeCuda.ONE_DEVICE);
        System.setProperty("jshmem.device.kind", "cuda");
        System.setProperty("jshmem.cuda.library", lib);
        System.setProperty("shmem.symmetric.size", "4m");
        try (ShmemRuntime rt = Shmem.init()) {
            HeapUsage before = rt.heapUsage();
            SymmetricMemory d = rt.malloc(4096, MemType.DEVICE_SIDE);
            assertEquals(MemType.DEVICE_SIDE, d.memType());
            assertEquals(4096L, d.byteSize());
            assertEquals(1, FakeCuda.live(lib, 0), "one GPU heap allocated, on the first DEVICE_SIDE malloc");
            assertEquals(before, rt.heapUsage(), "the host heap is untouched");
            ShmemStateException view = assertThrows(ShmemStateException.class, d::local);
            assertTrue(view.getMessage().contains("memory kind 'cuda' (DEVICE_SIDE) is not host-addressable"),
                    view.getMessage());
            assertThrows(ShmemStateException.class, () -> d.ptr(0));
            // contiguous put and get move the bytes with the GPU heap's copies (cuMemcpyHtoD/DtoH of the double)
            long[] src = {11, 22, 33, 44};
            rt.putmem(d, 8, MemorySegment.ofArray(src), 0, 32, 0);
            rt.putNbi(ValueLayout.JAVA_LONG, d, 100, MemorySegment.ofArray(src), 2, 2, 0);
            rt.quiet();
            long[] got = new long[6];
            rt.getmem(MemorySegment.ofArray(got), 8, d, 8, 32, 0);
            rt.get(ValueLayout.JAVA_LONG, MemorySegment.ofArray(got), 5, d, 101, 1, 0);
            assertArrayEquals(new long[] {0, 11, 22, 33, 44, 44}, got, "put and get through the GPU heap");
            ShmemArgumentException range = assertThrows(ShmemArgumentException.class,
                    () -> rt.putmem(d, 4090, MemorySegment.ofArray(src), 0, 8, 0));
            assertTrue(range.getMessage().contains("a DEVICE_SIDE block of memory kind 'cuda' of 4096 bytes"),
                    range.getMessage());
            ShmemArgumentException amo = assertThrows(ShmemArgumentException.class,
                    () -> rt.atomicAdd(DataType.LONG, d, 0, 1, 0));
            assertTrue(amo.getMessage().contains("HOST_SIDE buffers only") && amo.getMessage().contains("'cuda'"),
                    amo.getMessage());
            long[] after = new long[6];
            rt.getmem(MemorySegment.ofArray(after), 8, d, 8, 32, 0);
            rt.get(ValueLayout.JAVA_LONG, MemorySegment.ofArray(after), 5, d, 101, 1, 0);
            assertArrayEquals(new long[] {0, 11, 22, 33, 44, 44}, after, "the refused calls moved nothing");
            long[] head = new long[1];
            rt.getmem(MemorySegment.ofArray(head), 0, d, 0, 8, 0);
            assertEquals(0, head[0], "the refused atomicAdd left word 0 alone");
            long[] tail = {-1};
            rt.getmem(MemorySegment.ofArray(tail), 0, d, 4088, 8, 0);
            assertEquals(0, tail[0], "the refused out-of-range putmem wrote nothing at the block's end");
            rt.free(d, MemType.DEVICE_SIDE);
            assertTrue(d.isFreed());
        }
        assertEquals(0, FakeCuda.live(lib, 0), "finalize freed the GPU heap");
        assertEquals(0, FakeCuda.live(lib, 2), "and released the primary context");
    }

    @Test
    void withoutADriverTheAllocationSaysWhy() {
        System.setProperty("jshmem.cuda.library", "/nonexistent/libcuda.so.1");
        try (ShmemRuntime rt = Shmem.init()) {
            String m = assertThrows(ShmemStateException.class, () -> rt.malloc(64, MemType.DEVICE_SIDE))
                    .getMessage();
            assertTrue(m.contains("found but unavailable: cuda: the CUDA driver library /nonexistent/libcuda.so.1"
                    + " does not load") && m.contains("install the NVIDIA driver"), m);
        }
    }
}
