package io.jshmem.bootstrap;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    /** Rounds a PE withdrew from (its wait timed out), by generation; kept until the PE arrives there again. */
    private final Map<Integer, Set<Integer>> gaveUp = new HashMap<>();
    /** Rounds that can never complete because a PE gave up on them and left the job: generation to that PE. */
    private final Map<Integer, Integer> abandoned = new HashMap<>();

    Collective(int nPes) {
        this.nPes = nPes;
        this.arrivals = new int[nPes];
    }

    /**
     * The PE whose departure dooms the round {@code pe} would join next ({@link #abandon}), or -1 when none: that
     * arrival should fail at once instead of waiting for its deadline.
     */
    int abandonedBy(int pe) {
        return abandoned.getOrDefault(arrivals[pe] + 1, -1);
    }

    /** Records {@code pe}'s next arrival with its contribution; returns the round it joined. */
    Round<W> arrive(int pe, byte[] data, W waiter) {
        int generation = ++arrivals[pe];
        Set<Integer> quit = gaveUp.get(generation);
        if (quit != null && quit.remove(pe) && quit.isEmpty()) {
            gaveUp.remove(generation);
        }
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
            gaveUp.computeIfAbsent(generation, g -> new HashSet<>()).add(pe);
        }
        if (round.waiters.isEmpty()) {
            rounds.remove(generation);
        }
        return missing;
    }

    /**
     * {@code pe} left the job (said goodbye on its last connection): every round it gave up on and did not rejoin
     * can never complete. Those rounds are removed and marked, so that later arrivals fail at once too; returns
     * their waiters. A PE that left without giving up on a round may still come back (a new instance on the same
     * rendezvous), so only rounds it withdrew from are doomed.
     */
    Collection<W> abandon(int pe) {
        List<W> doomed = new ArrayList<>();
        for (Map.Entry<Integer, Set<Integer>> e : gaveUp.entrySet()) {
            int generation = e.getKey();
            if (e.getValue().contains(pe) && arrivals[pe] < generation) {
                abandoned.putIfAbsent(generation, pe);
                Round<W> round = rounds.remove(generation);
                if (round != null) {
                    doomed.addAll(round.waiters);
                }
            }
        }
        return doomed;
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
