package io.jshmem.bench.jmh;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.memory.Block;
import io.jshmem.memory.SymmetricAllocator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The symmetric allocator: the deterministic allocator alone (allocate + free of 64 B with 16 live blocks around
 * it, so the free list is not trivially empty) and the collective {@code malloc + free} of a one-PE job, which
 * adds the agreement check and the barrier.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class AllocatorBench {
    private SymmetricAllocator allocator;
    private ShmemRuntime shmem;

    @Setup(Level.Trial)
    public void setUp() {
        allocator = new SymmetricAllocator(4096, 64L << 20);
        for (int i = 0; i < 16; i++) {
            allocator.allocate(64 + 64L * i, 64);
        }
        System.setProperty("shmem.symmetric.size", "16m");
        shmem = Shmem.init();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        shmem.close();
    }

    @Benchmark
    public long allocateFree64() {
        Block b = allocator.allocate(64, 64);
        allocator.free(b.offset());
        return b.offset();
    }

    @Benchmark
    public long mallocFree64OnePe() {
        SymmetricMemory m = shmem.malloc(64);
        long off = m.heapOffset();
        shmem.free(m);
        return off;
    }
}
