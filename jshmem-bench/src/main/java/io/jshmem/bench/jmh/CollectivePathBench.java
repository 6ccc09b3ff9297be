package io.jshmem.bench.jmh;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
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
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a team collective costs before any communication: a broadcast of 8 bytes on a one-PE TEAM_WORLD takes the
 * whole checked path (operand checks, the team's lock, the profiling span, the epoch, the algorithm choice, the
 * eager algorithm with no child, the copy into dest) and nothing else. {@code reentrantLockPair} is the uncontended
 * lock and unlock of the JDK's lock the team used before its own, for scale.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class CollectivePathBench {
    private ShmemRuntime shmem;
    private Team world;
    private SymmetricMemory dest;
    private SymmetricMemory source;
    private final ReentrantLock lock = new ReentrantLock();
    private long counter;

    @Setup(Level.Trial)
    public void setUp() {
        System.setProperty("shmem.symmetric.size", "16m");
        shmem = Shmem.init();
        world = shmem.teamWorld();
        dest = shmem.malloc(64);
        source = shmem.malloc(64);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        shmem.free(source);
        shmem.free(dest);
        shmem.close();
    }

    @Benchmark
    public void broadcast8() {
        world.broadcastmem(dest, 0, source, 0, 8, 0);
    }

    @Benchmark
    public long reentrantLockPair() {
        lock.lock();
        try {
            return ++counter;
        } finally {
            lock.unlock();
        }
    }
}
