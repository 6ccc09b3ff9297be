package io.jshmem.spi.contract;

import io.jshmem.spi.Transport;
import io.jshmem.spi.TransportProvider;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReferenceArray;

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
        AtomicReferenceArray<Object> made = new AtomicReferenceArray<>(N);
        Thread[] threads = new Thread[N];
        for (int i = 0; i < N; i++) {
            int pe = i;
            threads[i] = Thread.ofPlatform().name("contract-pe-" + pe).start(() -> {
                try {
                    boolean[] peers = new boolean[N];
                    peers[1 - pe] = true;
                    made.set(pe, provider.create(job.setup(pe, heaps[pe]), peers));
                } catch (Throwable e) {
                    made.set(pe, e);
                    job.abort();
                }
            });
        }
        Transport[] engines = new Transport[N];
        Throwable failure = null;
        for (int i = 0; i < N; i++) {
            threads[i].join(timeout.toMillis() * 2);
            Object o = made.get(i);
            if (o instanceof Transport t) {
                engines[i] = t;
            } else if (failure == null) {
                failure = o instanceof Throwable e ? e : new IllegalStateException("PE " + i + " made no engine");
            }
        }
        InJvmPair pair = new InJvmPair(arena, heaps, engines);
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
