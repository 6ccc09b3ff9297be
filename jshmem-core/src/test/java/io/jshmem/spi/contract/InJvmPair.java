package io.jshmem.spi.contract;

import io.jshmem.spi.Transport;
import io.jshmem.spi.TransportProvider;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;

/**
 * Two PEs as two threads of this JVM, each with its own native heap and its own engine made by a provider's
 * {@code create} (collective: both threads call it at once, exchanging through the {@link InJvmJob}'s allgather), for
 * {@link TransportContractTest}. PE 0 is the initiator, PE 1 the target.
 */
public final class InJvmPair implements TransportContractTest.Pair {
    private static final int N = 2;
    private final Arena arena;
    private final MemorySegment[] heaps;
    private final Transport[] engines;

    private InJvmPair(Arena arena, MemorySegment[] heaps, Transport[] engines) {
        this.arena = arena;
        this.heaps = heaps;
        this.engines = engines;
    }

    /** Creates both engines with {@code provider} (each serving the other PE) and waits for both. */
    public static InJvmPair create(TransportProvider provider, Duration timeout) throws Exception {
        Arena arena = Arena.ofShared();
        MemorySegment[] heaps = new MemorySegment[N];
        for (int i = 0; i < N; i++) {
            heaps[i] = arena.allocate(TransportContractTest.HEAP_BYTES, 4096);
        }
        InJvmJob job = new InJvmJob(N, timeout);
        EveryPe.Made<Transport> made = EveryPe.run("contract-pe-", N, timeout, Transport.class, job::abort, pe -> {
            boolean[] peers = new boolean[N];
            peers[1 - pe] = true;
            return provider.create(job.setup(pe, heaps[pe]), peers);
        });
        Throwable failure = made.failure();
        InJvmPair pair = new InJvmPair(arena, heaps, made.made());
        if (failure != null) {
            pair.close();
            if (failure instanceof Exception e) {
                throw e;
            }
            throw new IllegalStateException(failure);
        }
        return pair;
    }

    @Override
    public Transport engine() {
        return engines[0];
    }

    @Override
    public int nPes() {
        return N;
    }

    @Override
    public int target() {
        return 1;
    }

    @Override
    public MemorySegment targetHeap() {
        return heaps[1];
    }

    /** Closes both engines at once (an engine's close may wait for its peer), then frees the heaps. */
    @Override
    public void close() {
        Thread[] closers = new Thread[N];
        for (int i = 0; i < N; i++) {
            Transport t = engines[i];
            closers[i] = Thread.ofPlatform().start(() -> {
                if (t != null) {
                    t.close();
                }
            });
        }
        try {
            for (Thread c : closers) {
                c.join(60_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        arena.close();
    }
}
