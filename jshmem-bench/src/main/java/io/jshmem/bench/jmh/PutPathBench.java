package io.jshmem.bench.jmh;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

/**
 * The bounds-checked put path on a one-PE job (the target is this PE's own mapped heap, reached through the same
 * routing and SHM engine as a peer on the host): {@code putmem} of 8 and 64 bytes, {@code p} of a long, against
 * the raw store into the mapped segment; put 8 B + quiet against a store and a full fence, get 8 B against a load;
 * 64 B and 4 KiB from an off-heap segment against the same from a Java array (wrapped once, or at every call). {@code checks} switches the API's argument checks
 * ({@code jshmem.checks}), so the difference shows what the checks cost.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class PutPathBench {
    @Param({"true", "false"})
    public String checks;

    private ShmemRuntime shmem;
    private Arena arena;
    private SymmetricMemory dest;
    private MemorySegment src;
    private MemorySegment mapped;
    private final byte[] array = new byte[4096];
    private MemorySegment arraySegment;
    private long value;

    @Setup(Level.Trial)
    public void setUp() {
        System.setProperty("jshmem.checks", checks);
        System.setProperty("shmem.symmetric.size", "16m");
        shmem = Shmem.init();
        arena = Arena.ofShared();
        dest = shmem.malloc(4096);
        src = arena.allocate(4096, 64);
        src.fill((byte) 7);
        mapped = dest.ptr(shmem.myPe()).orElseThrow();
        arraySegment = MemorySegment.ofArray(array);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        shmem.free(dest);
        shmem.close();
        arena.close();
    }

    @Benchmark
    public void putmem8() {
        shmem.putmem(dest, 0, src, 0, 8, 0);
    }

    @Benchmark
    public void putmem64() {
        shmem.putmem(dest, 0, src, 0, 64, 0);
    }

    /** The same 64 bytes from a Java array: one heap segment made once, and one wrapped at every call. */
    @Benchmark
    public void putmem64FromArray() {
        shmem.putmem(dest, 0, arraySegment, 0, 64, 0);
    }

    @Benchmark
    public void putmem64WrapArray() {
        shmem.putmem(dest, 0, MemorySegment.ofArray(array), 0, 64, 0);
    }

    @Benchmark
    public void putmem4k() {
        shmem.putmem(dest, 0, src, 0, 4096, 0);
    }

    @Benchmark
    public void putmem4kFromArray() {
        shmem.putmem(dest, 0, arraySegment, 0, 4096, 0);
    }

    @Benchmark
    public void pLong() {
        shmem.p(ValueLayout.JAVA_LONG, dest, 0, ++value, 0);
    }

    @Benchmark
    public void rawStore8() {
        mapped.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, ++value);
    }

    /** The figure the goal names: put 8 B + quiet, against a raw store + full fence below. */
    @Benchmark
    public void putmem8Quiet() {
        shmem.putmem(dest, 0, src, 0, 8, 0);
        shmem.quiet();
    }

    @Benchmark
    public void rawStore8Fence() {
        mapped.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, ++value);
        VarHandle.fullFence();
    }

    /** get 8 B into a local segment and read it, against a raw load of the mapped word below. */
    @Benchmark
    public long getmem8() {
        shmem.getmem(src, 0, dest, 0, 8, 0);
        return src.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
    }

    @Benchmark
    public long rawLoad8() {
        return mapped.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
    }

    @Benchmark
    public void rawCopy64() {
        MemorySegment.copy(src, 0, mapped, 0, 64);
    }
}
