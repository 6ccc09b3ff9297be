package io.jshmem.memory.cuda;

import io.jshmem.MemType;
import io.jshmem.error.ShmemStateException;
import io.jshmem.spi.MemoryKindCapabilities;
import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindProvider;
import io.jshmem.spi.MemoryKindSetup;
import io.jshmem.spi.MemoryKindUnsupportedException;
import io.jshmem.spi.contract.InJvmKindJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cuda kind beyond the contract: what it says when it cannot serve (no library, no device, cuInit failing),
 * lazy loading, peers on other hosts, ranges near the limits of a long, failed opens and repeated closes; all over
 * the test double of the driver.
 */
@Timeout(120)
class CudaProviderTest {
    @Test
    void nameKindAndCapabilitiesNeedNoDriver() {
        MemoryKindProvider p = new CudaKindProvider("/nonexistent/libcuda.so.1");
        assertEquals("cuda", p.name());
        assertEquals(MemType.DEVICE_SIDE, p.memType());
        assertEquals(new MemoryKindCapabilities(false, false), p.capabilities());
    }

    @Test
    void aMissingLibraryNamesItAndTheFix() {
        String why = new CudaKindProvider("/nonexistent/libcuda.so.1").unavailableReason().orElseThrow();
        assertTrue(why.contains("/nonexistent/libcuda.so.1") && why.contains("install the NVIDIA driver")
                && why.contains("JSHMEM_CUDA_LIBRARY"), why);
    }

    @Test
    void theSettingNamesTheLibrary() {
        System.setProperty("jshmem.cuda.library", "/nonexistent/by-setting/libcuda.so.1");
        try {
            String why = new CudaKindProvider().unavailableReason().orElseThrow();
            assertTrue(why.contains("/nonexistent/by-setting/libcuda.so.1"), why);
        } finally {
            System.clearProperty("jshmem.cuda.library");
        }
    }

    @Test
    void aDriverWithoutDevicesSaysSo() {
        String why = new CudaKindProvider(FakeCuda.library(FakeCuda.NO_DEVICE)).unavailableReason().orElseThrow();
        assertTrue(why.contains("sees no GPU") && why.contains("cuDeviceGetCount = 0")
                && why.contains("CUDA_VISIBLE_DEVICES"), why);
    }

    @Test
    void aFailingCuInitIsNamed() {
        CudaKindProvider p = new CudaKindProvider(FakeCuda.library(FakeCuda.INIT_FAILS));
        String why = p.unavailableReason().orElseThrow();
        assertTrue(why.startsWith("cuInit(0) of ") && why.contains("CUDA_ERROR_NO_DEVICE (100)")
                && why.contains("nvidia-smi"), why);
        assertEquals(Optional.of(why), p.unavailableReason(), "the same answer every time");
        Throwable e = assertThrows(IllegalStateException.class, () -> InJvmKindJob.open(p, 1, 4096, 1,
                Duration.ofSeconds(10)).close()).getCause();
        assertTrue(e instanceof ShmemStateException && e.getMessage().contains("CUDA_ERROR_NO_DEVICE"), e.toString());
    }

    @Test
    void loadingTheProviderTouchesNoNativeCode() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), LazyLoadProbe.class.getName()).redirectErrorStream(true);
        pb.environment().put("JSHMEM_CUDA_LIBRARY", FakeCuda.library(FakeCuda.TWO_DEVICES));
        Process p = pb.start();
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe JVM did not finish");
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("cuda:DEVICE_SIDE:MemoryKindCapabilities[hostAddressable=false, atomics=false]"),
                    out);
            assertTrue(out.contains("driver-mapped=false"), out);
        } finally {
            p.destroyForcibly(); // by handle: only the process this test started
        }
    }

    @Test
    void aPeerOnAnotherHostIsRefusedNamingIt() throws Exception {
        String lib = FakeCuda.library(FakeCuda.TWO_DEVICES);
        try (InJvmKindJob job = InJvmKindJob.open(new OtherHostForPe1(new CudaKindProvider(lib)), 2, 1 << 16, 1,
                Duration.ofSeconds(30)); Arena arena = Arena.ofConfined()) {
            MemoryKindHeap heap = job.heap(0);
            MemorySegment eight = arena.allocate(8).fill((byte) 3);
            MemoryKindUnsupportedException e = assertThrows(MemoryKindUnsupportedException.class,
                    () -> heap.copyIn(1, 0, eight));
            assertEquals("cuda", e.kind());
            assertTrue(e.getMessage().contains("PE 1 runs on host other-host") && e.getMessage().contains(
                    "HOST_SIDE"), e.getMessage());
            assertThrows(MemoryKindUnsupportedException.class, () -> heap.copy(0, 0, 1, 0, 8));
            assertThrows(MemoryKindUnsupportedException.class, () -> heap.copyOut(1, 0, eight));
            heap.copyIn(0, 8, eight);
            MemorySegment back = arena.allocate(8);
            heap.copyOut(0, 8, back);
            assertArrayEquals(eight.toArray(ValueLayout.JAVA_BYTE), back.toArray(ValueLayout.JAVA_BYTE));
            assertNull(heap.local(), "GPU memory is never handed out as a host segment");
            assertNull(heap.peer(0));
        }
        assertEquals(0, FakeCuda.live(lib, 0), "every allocation freed");
        assertEquals(0, FakeCuda.live(lib, 1), "every IPC mapping closed");
        assertEquals(0, FakeCuda.live(lib, 2), "every primary context released");
    }

    @Test
    void rangesNearTheLimitsOfALongAreRefusedBeforeAnyCall() throws Exception {
        String lib = FakeCuda.library(FakeCuda.TWO_DEVICES);
        try (InJvmKindJob job = InJvmKindJob.open(new CudaKindProvider(lib), 2, 4096, 1, Duration.ofSeconds(30));
             Arena arena = Arena.ofConfined()) {
            MemoryKindHeap heap = job.heap(0);
            MemorySegment eight = arena.allocate(8);
            for (long offset : new long[] {Long.MAX_VALUE, Long.MAX_VALUE - 4, Long.MIN_VALUE, 4089}) {
                IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
                        () -> heap.copyIn(1, offset, eight));
                assertTrue(e.getMessage().startsWith("offset = " + offset + " with 8 bytes is outside the 4096-byte"
                        + " heap of memory kind 'cuda'"), e.getMessage());
            }
            assertThrows(IndexOutOfBoundsException.class, () -> heap.copy(0, 0, 1, 8, Long.MAX_VALUE));
            assertThrows(IndexOutOfBoundsException.class, () -> heap.copy(0, 0, 1, 0, -1));
            IndexOutOfBoundsException pe = assertThrows(IndexOutOfBoundsException.class,
                    () -> heap.copyIn(2, 0, eight));
            assertTrue(pe.getMessage().contains("pe = 2") && pe.getMessage().contains("0..1"), pe.getMessage());
            heap.copyIn(1, 4088, eight);
            heap.copyIn(1, 4096, arena.allocate(0));
        }
    }

    @Test
    void anOpenThatFailsOnEveryPeIsThrownOnEveryPeAndLeavesNothing() {
        String lib = FakeCuda.library(FakeCuda.TWO_DEVICES);
        Throwable cause = assertThrows(IllegalStateException.class, () -> InJvmKindJob.open(
                new CudaKindProvider(lib), 2, Long.MAX_VALUE / 2, 1, Duration.ofSeconds(30)).close()).getCause();
        assertTrue(cause instanceof ShmemStateException, cause.toString());
        assertTrue(cause.getMessage().contains("not every PE could allocate its heap")
                && cause.getMessage().contains("PE 0: allocating") && cause.getMessage().contains("PE 1: allocating")
                && cause.getMessage().contains("cuMemAlloc_v2"), cause.getMessage());
        assertEquals(0, FakeCuda.live(lib, 0));
        assertEquals(0, FakeCuda.live(lib, 2));
    }

    @Test
    void closeIsIdempotentAndAClosedHeapTakesNoCopies() throws Exception {
        String lib = FakeCuda.library(FakeCuda.TWO_DEVICES);
        InJvmKindJob job = InJvmKindJob.open(new CudaKindProvider(lib), 2, 4096, 1, Duration.ofSeconds(30));
        MemoryKindHeap heap = job.heap(1);
        assertEquals(1, ((CudaHeap) heap).device(), "PE 1 is local rank 1: GPU 1 of 2");
        assertEquals(0, ((CudaHeap) job.heap(0)).device());
        job.close();
        heap.close();
        try (Arena arena = Arena.ofConfined()) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> heap.copyIn(1, 0, arena.allocate(8)));
            assertTrue(e.getMessage().contains("closed heap of memory kind 'cuda'"), e.getMessage());
        }
        assertEquals(0, FakeCuda.live(lib, 0));
        assertEquals(0, FakeCuda.live(lib, 2));
    }

    /** Makes PE 1 look as if it ran on another host, by rewriting the host identities the kind exchanges first. */
    private record OtherHostForPe1(MemoryKindProvider inner) implements MemoryKindProvider {
        @Override
        public MemType memType() {
            return inner.memType();
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public MemoryKindCapabilities capabilities() {
            return inner.capabilities();
        }

        @Override
        public Optional<String> unavailableReason() {
            return inner.unavailableReason();
        }

        @Override
        public MemoryKindHeap open(MemoryKindSetup setup) {
            return inner.open(new MemoryKindSetup() {
                private boolean first = true;

                @Override
                public int myPe() {
                    return setup.myPe();
                }

                @Override
                public int nPes() {
                    return setup.nPes();
                }

                @Override
                public int instanceId() {
                    return setup.instanceId();
                }

                @Override
                public long byteSize() {
                    return setup.byteSize();
                }

                @Override
                public byte[][] allgather(byte[] mine) {
                    byte[][] all = setup.allgather(mine);
                    if (first) {
                        first = false;
                        all[1] = "other-host/boot".getBytes(StandardCharsets.UTF_8);
                    }
                    return all;
                }

                @Override
                public void barrier() {
                    setup.barrier();
                }
            });
        }
    }
}
