package io.jshmem.spi.contract;

import io.jshmem.config.HostCpus;
import io.jshmem.config.Settings;
import io.jshmem.error.BootstrapException;
import io.jshmem.spi.TransportSetup;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A job of PEs that are threads of this JVM, for engine tests: each PE's {@link TransportSetup} with an allgather
 * over a {@link CyclicBarrier}, and a plain barrier. Each PE passes its own native heap, so an engine sees separate
 * memory regions exactly as separate processes would. Thread-safe: one thread a PE.
 */
public final class InJvmJob {
    private final int nPes;
    private final Duration timeout;
    private final CyclicBarrier barrier;
    private final byte[][] slots;
    private volatile boolean aborted;

    /** A job of {@code nPes} PEs whose barriers and allgathers give up after {@code timeout}. */
    public InJvmJob(int nPes, Duration timeout) {
        this.nPes = nPes;
        this.timeout = timeout;
        this.barrier = new CyclicBarrier(nPes);
        this.slots = new byte[nPes][];
    }

    /** PEs in the job. */
    public int nPes() {
        return nPes;
    }

    /** Makes every current and later barrier fail at once (a PE failed; the others must not wait for it). */
    public void abort() {
        aborted = true;
        barrier.reset();
    }

    /** Waits for every PE of the job; a {@link BootstrapException} when one failed or the timeout passed. */
    public void barrier() {
        if (aborted) {
            throw new BootstrapException("another PE of the test job failed");
        }
        try {
            barrier.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BootstrapException("interrupted in the test barrier", e);
        } catch (BrokenBarrierException | TimeoutException e) {
            throw new BootstrapException("test barrier broken or timed out (another PE failed?)", e);
        }
    }

    /** PE {@code pe}'s setup over {@code heap}: every host is localhost, settings are empty. */
    public TransportSetup setup(int pe, MemorySegment heap) {
        return new TransportSetup() {
            @Override
            public int myPe() {
                return pe;
            }

            @Override
            public int nPes() {
                return nPes;
            }

            @Override
            public MemorySegment localHeap() {
                return heap;
            }

            @Override
            public String hostOf(int p) {
                return "localhost";
            }

            @Override
            public int hostPes() {
                return nPes;
            }

            @Override
            public int hostCores() {
                return HostCpus.shared(settings());
            }

            @Override
            public Settings settings() {
                return Settings.of(Map.of());
            }

            @Override
            public Duration timeout() {
                return timeout;
            }

            @Override
            public byte[][] allgather(String key, byte[] mine) {
                slots[pe] = mine.clone();
                barrier();
                byte[][] all = new byte[nPes][];
                for (int i = 0; i < nPes; i++) {
                    all[i] = slots[i].clone();
                }
                barrier(); // nobody overwrites a slot before everyone has read it
                return all;
            }
        };
    }

    /** The same setup with another deadline (to test timeouts quickly). */
    public record TimeoutOverride(TransportSetup delegate, Duration timeout) implements TransportSetup {
        @Override
        public int myPe() {
            return delegate.myPe();
        }

        @Override
        public int nPes() {
            return delegate.nPes();
        }

        @Override
        public MemorySegment localHeap() {
            return delegate.localHeap();
        }

        @Override
        public String hostOf(int pe) {
            return delegate.hostOf(pe);
        }

        @Override
        public int hostPes() {
            return delegate.hostPes();
        }

        @Override
        public int hostCores() {
            return delegate.hostCores();
        }

        @Override
        public Settings settings() {
            return delegate.settings();
        }

        @Override
        public byte[][] allgather(String key, byte[] mine) {
            return delegate.allgather(key, mine);
        }
    }
}
