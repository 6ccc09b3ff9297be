package io.jshmem;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.spi.contract.PrivateHeapKindProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contiguous put and get on a DEVICE_SIDE block of a kind without host views ({@link PrivateHeapKindProvider}) in
 * a one-PE job in this JVM: every form moves the bytes through the kind's copies; bad input is refused naming the
 * argument with nothing moved; the calls that take HOST_SIDE buffers only still refuse the block naming its kind.
 * The multi-PE cases are jshmem-tests' KindRmaTest. This module's test class path registers no provider (see
 * {@link MemoryKindsTest}), so each test registers the test kind through the context class loader, which
 * {@link java.util.ServiceLoader} consults, and restores it afterwards.
 */
@Timeout(120)
class KindRmaTest {
    private static final String KIND = "jshmem.device.kind";

    private ClassLoader saved;
    private URLClassLoader registering;

    @BeforeEach
    void chooseTheKind(@TempDir Path dir) throws IOException {
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve("io.jshmem.spi.MemoryKindProvider"),
                PrivateHeapKindProvider.class.getName() + "\n");
        saved = Thread.currentThread().getContextClassLoader();
        registering = new URLClassLoader(new URL[] {dir.toUri().toURL()}, KindRmaTest.class.getClassLoader());
        Thread.currentThread().setContextClassLoader(registering);
        System.setProperty(PrivateHeapKindProvider.ENABLE_PROPERTY, "true");
        System.setProperty(KIND, PrivateHeapKindProvider.NAME);
    }

    @AfterEach
    void forgetTheKind() throws IOException {
        System.clearProperty(PrivateHeapKindProvider.ENABLE_PROPERTY);
        System.clearProperty(KIND);
        Thread.currentThread().setContextClassLoader(saved);
        registering.close();
    }

    private static byte[] read(ShmemRuntime rt, SymmetricMemory d) {
        byte[] out = new byte[(int) d.byteSize()];
        rt.getmem(MemorySegment.ofArray(out), 0, d, 0, out.length, 0);
        return out;
    }

    private static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (seed + 7 * i);
        }
        return b;
    }

    @Test
    void everyContiguousFormMovesTheBytesThroughTheKindsCopies() {
        try (ShmemRuntime rt = Shmem.init(); Arena arena = Arena.ofConfined()) {
            SymmetricMemory d = rt.malloc(256, MemType.DEVICE_SIDE);
            byte[] src = pattern(256, 3);
            rt.putmem(d, 0, MemorySegment.ofArray(src), 0, 256, 0);
            assertArrayEquals(src, read(rt, d), "putmem then getmem");

            MemorySegment nat = arena.allocate(64);
            nat.copyFrom(MemorySegment.ofArray(pattern(64, 90)));
            rt.putmemNbi(d, 17, nat, 0, 40, 0);
            rt.quiet();
            byte[] want = src.clone();
            System.arraycopy(pattern(64, 90), 0, want, 17, 40);
            assertArrayEquals(want, read(rt, d), "putmemNbi from native memory at an odd offset");

            MemorySegment back = arena.allocate(64);
            rt.getmemNbi(back, 5, d, 100, 30, 0);
            rt.quiet();
            byte[] got = new byte[30];
            MemorySegment.copy(back, ValueLayout.JAVA_BYTE, 5, got, 0, 30);
            byte[] expect = new byte[30];
            System.arraycopy(want, 100, expect, 0, 30);
            assertArrayEquals(expect, got, "getmemNbi into native memory");

            long[] longs = {11, 22, 33, 44, 55};
            rt.put(ValueLayout.JAVA_LONG, d, 3, MemorySegment.ofArray(longs), 1, 4, 0);
            long[] out = new long[6];
            rt.get(ValueLayout.JAVA_LONG, MemorySegment.ofArray(out), 1, d, 3, 4, 0);
            assertArrayEquals(new long[] {0, 22, 33, 44, 55, 0}, out, "typed put and get at element indices");
            int[] ints = {-1, -2};
            rt.putNbi(ValueLayout.JAVA_INT, d, 0, MemorySegment.ofArray(ints), 0, 2, 0);
            int[] io = new int[2];
            rt.getNbi(ValueLayout.JAVA_INT, MemorySegment.ofArray(io), 0, d, 0, 2, 0);
            rt.quiet();
            assertArrayEquals(ints, io, "typed nbi");

            try (Context ctx = rt.createCtx()) {
                ctx.putmem(d, 200, MemorySegment.ofArray(new byte[] {9, 8, 7}), 0, 3, 0);
                byte[] three = new byte[3];
                ctx.getmem(MemorySegment.ofArray(three), 0, d, 200, 3, 0);
                assertArrayEquals(new byte[] {9, 8, 7}, three, "a created context");
            }
            byte[] before = read(rt, d);
            rt.putmem(d, 256, MemorySegment.ofArray(new byte[0]), 0, 0, 0);
            rt.getmem(null, 0, d, 0, 0, 0);
            assertArrayEquals(before, read(rt, d), "zero-length transfers move nothing");
            rt.free(d);
        }
    }

    @Test
    void badInputIsRefusedNamingTheArgumentWithNothingMoved() {
        try (ShmemRuntime rt = Shmem.init()) {
            SymmetricMemory d = rt.malloc(64, MemType.DEVICE_SIDE);
            byte[] init = pattern(64, 1);
            rt.putmem(d, 0, MemorySegment.ofArray(init), 0, 64, 0);
            MemorySegment src = MemorySegment.ofArray(new byte[128]);
            refused(ShmemArgumentException.class, () -> rt.putmem(d, 60, src, 0, 8, 0), "destOffset = 60 with bytes"
                    + " = 8 is outside dest (a DEVICE_SIDE block of memory kind 'private-test' of 64 bytes)");
            refused(ShmemArgumentException.class, () -> rt.putmem(d, -1, src, 0, 8, 0), "destOffset = -1");
            refused(ShmemArgumentException.class, () -> rt.putmemNbi(d, 0, src, 0, -8, 0), "bytes = -8");
            refused(ShmemArgumentException.class, () -> rt.putmem(d, Long.MAX_VALUE, src, 0, 2, 0),
                    "destOffset = " + Long.MAX_VALUE);
            refused(ShmemArgumentException.class, () -> rt.put(ValueLayout.JAVA_LONG, d, 7, src, 0, 2, 0),
                    "destIndex = 7 with count = 2", "elements of 8 bytes");
            refused(ShmemArgumentException.class, () -> rt.putmem(d, 0, src, 100, 64, 0), "src", "srcOffset = 100");
            refused(ShmemArgumentException.class, () -> rt.putmem(d, 0, src, 0, 8, 1), "pe = 1", "0..0");
            refused(ShmemArgumentException.class, () -> rt.getmem(MemorySegment.ofArray(new byte[8]), 0, d, 0, 8,
                    -1), "pe = -1");
            refused(ShmemArgumentException.class, () -> rt.getmem(MemorySegment.ofArray(new byte[4]), 0, d, 0, 8,
                    0), "dest", "bytes = 8");
            refused(ShmemArgumentException.class, () -> rt.getmem(src.asReadOnly(), 0, d, 0, 8, 0), "read-only");
            assertArrayEquals(init, read(rt, d), "nothing moved");

            ShmemRuntime other = Shmem.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(8 << 20));
            try {
                refused(ShmemArgumentException.class, () -> other.putmem(d, 0, src, 0, 8, 0),
                        "dest belongs to instance 0");
            } finally {
                other.close();
            }
            assertArrayEquals(init, read(rt, d), "nothing moved by another instance");

            refusedAsHostOnly(() -> rt.p(ValueLayout.JAVA_LONG, d, 0, 1L, 0));
            refusedAsHostOnly(() -> rt.g(ValueLayout.JAVA_LONG, d, 0, 0));
            refusedAsHostOnly(() -> rt.atomicAdd(DataType.LONG, d, 0, 1, 0));
            refusedAsHostOnly(() -> rt.iput(ValueLayout.JAVA_LONG, d, 0, 1, src, 0, 1, 1, 0));
            refusedAsHostOnly(() -> rt.putmemSignal(d, 0, src, 0, 8, d, 1, 1, SignalOp.SET, 0));
            assertArrayEquals(init, read(rt, d), "refused calls moved nothing");

            rt.free(d);
            refused(ShmemStateException.class, () -> rt.putmem(d, 0, src, 0, 8, 0), "has been freed");
            refused(ShmemStateException.class, () -> rt.getmem(MemorySegment.ofArray(new byte[8]), 0, d, 0, 8, 0),
                    "has been freed");
        }
    }

    private static void refusedAsHostOnly(Executable call) {
        refused(ShmemArgumentException.class, call, "DEVICE_SIDE buffer", PrivateHeapKindProvider.NAME,
                "HOST_SIDE buffers only", "contiguous putmem/getmem/put/get");
    }

    private static void refused(Class<? extends RuntimeException> type, Executable call, String... parts) {
        RuntimeException e = assertThrows(type, call);
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), () -> "message lacks '" + p + "': " + e.getMessage());
        }
    }
}
