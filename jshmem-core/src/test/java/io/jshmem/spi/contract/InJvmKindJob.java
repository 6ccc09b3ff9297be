package io.jshmem.spi.contract;

import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindProvider;
import io.jshmem.spi.MemoryKindSetup;

import java.time.Duration;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

/**
 * A job of PEs as threads of this JVM, each opening its heap of one memory kind with the provider's {@code open}
 * (collective: every thread calls it at once, exchanging through an in-memory allgather), for
 * {@link MemoryKindContractTest}.
 */
public final class InJvmKindJob implements AutoCloseable {
    private final MemoryKindHeap[] heaps;

    private InJvmKindJob(MemoryKindHeap[] heaps) {
        this.heaps = heaps;
    }

    /** Opens {@code nPes} heaps of at least {@code bytes} bytes with {@code provider}, and waits for every one. */
    public static InJvmKindJob open(MemoryKindProvider provider, int nPes, long bytes, int instanceId,
                                    Duration timeout) throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(nPes);
        byte[][] slots = new byte[nPes][];
        EveryPe.Made<MemoryKindHeap> made = EveryPe.run("kind-contract-pe-", nPes, timeout, MemoryKindHeap.class,
                barrier::reset, pe -> provider.open(new Setup(pe, nPes, bytes, instanceId, timeout, barrier, slots)));
        MemoryKindHeap[] heaps = made.made();
        Throwable failure = made.failure();
        if (failure != null) {
            for (MemoryKindHeap h : heaps) {
                if (h != null) {
                    h.close();
                }
            }
            throw new IllegalStateException("open of memory kind '" + provider.name() + "' failed", failure);
        }
        return new InJvmKindJob(heaps);
    }

    /** PE {@code pe}'s heap. */
    public MemoryKindHeap heap(int pe) {
        return heaps[pe];
    }

    /** PEs in the job. */
    public int nPes() {
        return heaps.length;
    }

    /** Closes every PE's heap (each once). */
    @Override
    public void close() {
        for (int i = 0; i < heaps.length; i++) {
            if (heaps[i] != null) {
                heaps[i].close();
                heaps[i] = null;
            }
        }
    }

    /** Forgets PE {@code pe}'s heap once the caller has closed it itself. */
    void closed(int pe) {
        heaps[pe] = null;
    }

    private record Setup(int myPe, int nPes, long byteSize, int instanceId, Duration timeout, CyclicBarrier gate,
                         byte[][] slots) implements MemoryKindSetup {
        @Override
        public byte[][] allgather(byte[] mine) {
            slots[myPe] = mine.clone();
            await();
            byte[][] all = new byte[nPes][];
            for (int pe = 0; pe < nPes; pe++) {
                all[pe] = slots[pe].clone();
            }
            await();
            return all;
        }

        @Override
        public void barrier() {
            await();
        }

        private void await() {
            try {
                gate.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("PE " + myPe + ": the other PEs did not arrive within " + timeout, e);
            }
        }
    }
}
