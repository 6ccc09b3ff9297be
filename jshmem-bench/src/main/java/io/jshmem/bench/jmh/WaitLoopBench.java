package io.jshmem.bench.jmh;

import io.jshmem.DataType;
import io.jshmem.Cmp;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

/**
 * The wait loop's fixed cost when the condition already holds (what every ping-pong pays on top of the cache-line
 * transfer): {@code waitUntilLong}, {@code testLong} and {@code signalWaitUntil} on this PE's own word, against an
 * acquire load of the same word.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class WaitLoopBench {
    private static final java.lang.invoke.VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private ShmemRuntime shmem;
    private SymmetricMemory word;

    @Setup(Level.Trial)
    public void setUp() {
        System.setProperty("shmem.symmetric.size", "16m");
        shmem = Shmem.init();
        word = shmem.malloc(64);
        word.local().set(ValueLayout.JAVA_LONG, 0, 5L);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        shmem.free(word);
        shmem.close();
    }

    @Benchmark
    public void waitUntilSatisfied() {
        shmem.waitUntil(DataType.LONG, word, 0, Cmp.GE, 5);
    }

    @Benchmark
    public boolean testSatisfied() {
        return shmem.test(DataType.LONG, word, 0, Cmp.GE, 5);
    }

    @Benchmark
    public long signalWaitUntilSatisfied() {
        return shmem.signalWaitUntil(word, 0, Cmp.GE, 5);
    }

    @Benchmark
    public long acquireLoad() {
        return (long) LONG.getAcquire(word.local(), 0L);
    }
}
