package io.jshmem.bootstrap;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;

/**
 * The rounds of one barrier or allgather name: the k-th arrival of a PE joins round k, which completes when every
 * PE has arrived k times. Only bookkeeping; the {@link RendezvousStore} answers the waiters. Not thread-safe: used
 * under the store's lock.
 *
 * @param <W> what waits for a round (the store's waiter)
 */
final class Collective<W> {
    /** One round: the contributions by PE, and who waits for it. */
    static final class Round<W> {
        final int generation;
        final byte[][] data;
        final List<W> waiters = new ArrayList<>();
        int count;

        Round(int generation, int nPes) {
            this.generation = generation;
            this.data = new byte[nPes][];
        }
    }

    private final int nPes;
    private final int[] arrivals;
    private final TreeMap<Integer, Round<W>> rounds = new TreeMap<>();

    Collective(int nPes) {
        this.nPes = nPes;
        this.arrivals = new int[nPes];
    }

    /** Records {@code pe}'s next arrival with its contribution; returns the round it joined. */
    Round<W> arrive(int pe, byte[] data, W waiter) {
        int generation = ++arrivals[pe];
        Round<W> round = rounds.computeIfAbsent(generation, g -> new Round<>(g, nPes));
        round.data[pe] = data;
        round.count++;
        round.waiters.add(waiter);
        return round;
    }

    /** Whether every PE has arrived; a complete round is removed. */
    boolean completeIfFull(Round<W> round) {
        if (round.count < nPes) {
            return false;
        }
        rounds.remove(round.generation);
        return true;
    }

    /**
     * Takes back the arrival of {@code waiter} (PE {@code pe}) when its deadline passed before the round completed,
     * so the others see that PE as missing, which it now is. Returns the PEs that had not arrived before, or null
     * when the round completed or was failed already.
     */
    List<Integer> withdraw(int generation, int pe, W waiter) {
        Round<W> round = rounds.get(generation);
        if (round == null || !round.waiters.remove(waiter)) {
            return null;
        }
        List<Integer> missing = new ArrayList<>();
        for (int p = 0; p < nPes; p++) {
            if (round.data[p] == null) {
                missing.add(p);
            }
        }
        round.data[pe] = null;
        round.count--;
        if (arrivals[pe] == generation) {
            arrivals[pe]--;
        }
        if (round.waiters.isEmpty()) {
            rounds.remove(generation);
        }
        return missing;
    }

    /** Removes every pending round and returns their waiters (the job failed). */
    Collection<W> clear() {
        List<W> all = new ArrayList<>();
        rounds.values().forEach(r -> all.addAll(r.waiters));
        rounds.clear();
        return all;
    }

    /** The waiters of every pending round. */
    Collection<W> waiters() {
        List<W> all = new ArrayList<>();
        rounds.values().forEach(r -> all.addAll(r.waiters));
        return all;
    }
}
