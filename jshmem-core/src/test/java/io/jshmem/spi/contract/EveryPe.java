package io.jshmem.spi.contract;

import java.lang.reflect.Array;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Runs one collective call (an engine's {@code create}, a memory kind's {@code open}) on every PE of an in-JVM job
 * at once, a platform thread a PE, and gathers what each made. A PE whose call fails runs {@code abort}, so that the
 * others leave their barriers instead of waiting for it.
 */
final class EveryPe {
    private EveryPe() {
    }

    /** PE {@code pe}'s part of the collective call. */
    @FunctionalInterface
    interface Call<T> {
        T make(int pe) throws Exception;
    }

    /** What each PE made (null where it made nothing) and the first failure in PE order (null: every PE made one). */
    record Made<T>(T[] made, Throwable failure) {
    }

    /** Runs {@code call} for PEs 0 to {@code nPes - 1} on threads named {@code threadPrefix + pe}; waits for each. */
    static <T> Made<T> run(String threadPrefix, int nPes, Duration timeout, Class<T> type, Runnable abort,
                           Call<T> call) throws InterruptedException {
        AtomicReferenceArray<Object> outcome = new AtomicReferenceArray<>(nPes);
        Thread[] threads = new Thread[nPes];
        for (int i = 0; i < nPes; i++) {
            int pe = i;
            threads[i] = Thread.ofPlatform().name(threadPrefix + pe).start(() -> {
                try {
                    outcome.set(pe, call.make(pe));
                } catch (Throwable e) {
                    outcome.set(pe, e);
                    abort.run();
                }
            });
        }
        @SuppressWarnings("unchecked")
        T[] made = (T[]) Array.newInstance(type, nPes);
        Throwable failure = null;
        Duration wait = timeout.multipliedBy(2);
        for (int i = 0; i < nPes; i++) {
            threads[i].join(wait.toMillis());
            Object o = outcome.get(i);
            if (type.isInstance(o)) {
                made[i] = type.cast(o);
            } else if (failure == null) {
                failure = o instanceof Throwable t ? t
                        : new IllegalStateException("PE " + i + " made no " + type.getSimpleName() + " within " + wait);
            }
        }
        return new Made<>(made, failure);
    }
}
