package io.jshmem.it.pe.fuzz;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.ShmemRuntime;
import io.jshmem.Team;

import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.Set;
import java.util.function.Function;

/**
 * Team collectives with random operands and non-zero positions on every kind of team ({@link FuzzTeams}: world,
 * shared, strided split, 2-D rows and columns, one-PE teams, a destroyed team). Every PE draws the same arguments
 * from the shared seed; the members of each team run the call (the teams of one kind run it side by side), and every
 * PE updates the model of every PE, so the heap check after the call compares each PE's whole blocks, canaries
 * included, with what the call may write: data must land exactly at the position asked for. A valid call runs on
 * every member; an invalid one must throw on every member before anything is written, so the next collective still
 * works. collect draws a count per member (zeros included), and sometimes has one member pass another destIndex,
 * which every member must reject; a call on the destroyed team must fail naming that.
 */
final class FuzzCollectives extends FuzzBase {
    private final FuzzTeams teams;

    FuzzCollectives(ShmemRuntime rt, FuzzHeap heap, FuzzArgs args, FuzzLedger ledger) {
        super(rt, heap, args, ledger);
        this.teams = new FuzzTeams(rt);
    }

    /** The valid collectives of the current round, for the problem report. */
    final java.util.List<String> recent = new java.util.ArrayList<>();

    void next() {
        FuzzTeams.Kind kind = teams.draw(args);
        switch (args.below(5)) {
            case 0 -> broadcast(kind);
            case 1 -> reduce(kind);
            case 2 -> fcollect(kind);
            case 3 -> collect(kind);
            default -> alltoall(kind);
        }
    }

    /** What a call writes on PE {@code p}, a member of team {@code m}, given the sources before the call. */
    private interface Effect {
        void apply(int p, int[] m, byte[][] sources);
    }

    /**
     * Runs a drawn call: on this PE when it is a member of its team of {@code kind} (or the team is destroyed, which
     * every PE holds), booked against the culprits for its team; then applies the effect of the valid call to the
     * model of every PE whose team accepts it.
     */
    private void run(FuzzTeams.Kind kind, String what, Function<int[], Set<String>> culprits, Buf source,
                     FuzzLedger.Call call, Effect effect) {
        String label = kind.label() + " team: " + what;
        if (kind.destroyed()) {
            recent.add("invalid " + label);
            ledger.run(new FuzzLedger.Plan(label, false, names("destroyed")), call);
            return;
        }
        int[] mine = kind.of(me);
        if (mine.length > 0) {
            Set<String> c = culprits.apply(mine);
            recent.add((c.isEmpty() ? "" : "invalid ") + label);
            ledger.run(new FuzzLedger.Plan(label, c.isEmpty(), c), call);
        }
        byte[][] sources = new byte[nPes][];
        if (source.isData()) {
            for (int p = 0; p < nPes; p++) {
                sources[p] = heap.mirror[p][source.block()].clone();
            }
        }
        for (int p = 0; p < nPes; p++) {
            int[] m = kind.of(p);
            if (m.length > 0 && culprits.apply(m).isEmpty()) {
                effect.apply(p, m, sources);
            }
        }
    }

    private static boolean overlaps(Buf a, long aStart, long aBytes, Buf b, long bStart, long bBytes) {
        return a.isData() && b.isData() && a.block() == b.block() && aBytes > 0 && bBytes > 0
                && aStart < bStart + bBytes && bStart < aStart + aBytes;
    }

    /** A data block other than {@code other}'s when both are data blocks (collectives that reject any overlap). */
    private Buf apart(Buf b, Buf other) {
        if (b.isData() && other.isData() && b.block() == other.block()) {
            int next = (b.block() + 1) % FuzzHeap.SIZES.length;
            return new Buf(heap.blocks[next], next, "data");
        }
        return b;
    }

    private static boolean product(long count, int factor) {
        return count >= 0 && BigInteger.valueOf(count).multiply(BigInteger.valueOf(factor))
                .compareTo(BigInteger.valueOf(Long.MAX_VALUE)) <= 0;
    }

    /** A zero-length copy is a no-op wherever it points (a valid empty call may name any position). */
    private void copy(byte[] from, long fromIndex, int p, int block, long toIndex, long nelems) {
        if (nelems == 0) {
            return;
        }
        System.arraycopy(from, (int) (fromIndex * 8), heap.mirror[p][block], (int) (toIndex * 8), (int) (nelems * 8));
    }

    /**
     * A position in a range of {@code limit} elements: in its first half more often than the shared distribution
     * gives, so that enough calls are valid for their data to be checked, else that distribution's edges and hostile
     * values.
     */
    private long pos(long limit) {
        return args.chance(50) ? args.below((int) Math.min(limit / 2, 4096) + 1) : args.index(limit);
    }

    /** A count for a range of {@code limit} elements: small ones more often, else the shared distribution. */
    private long cnt(long limit) {
        return args.chance(50) ? args.below((int) Math.min(limit, 4) + 1) : args.count(limit);
    }

    // ---- the calls -------------------------------------------------------------------------------------------

    private void broadcast(FuzzTeams.Kind kind) {
        Buf dest = buf();
        Buf source = args.chance(30) ? dest : buf();
        long destIndex = pos(limit(dest) / 8);
        long sourceIndex = args.chance(30) ? destIndex : pos(limit(source) / 8);
        long nelems = cnt(limit(source) / 8);
        int root = args.chance(90) ? args.below(nPes) : args.pe(nPes) + nPes;
        Function<int[], Set<String>> culprits = m -> {
            Set<String> c = names();
            if (nelems < 0) {
                c.add("nelems");
            }
            if (root < 0 || root >= m.length) {
                c.add("root");
            }
            sameLengthCulprits(c, dest, destIndex, source, sourceIndex, nelems);
            return c;
        };
        String what = "broadcast(dest " + dest.kind() + " " + dest.block() + " @" + destIndex + ", source "
                + source.kind() + " " + source.block() + " @" + sourceIndex + ", nelems=" + nelems + ", root=" + root
                + ")";
        Team team = kind.team();
        run(kind, what, culprits, source, () -> team.broadcast(ValueLayout.JAVA_LONG, dest.mem(), destIndex,
                source.mem(), sourceIndex, nelems, root),
                (p, m, src) -> copy(src[m[root]], sourceIndex, p, dest.block(), destIndex, nelems));
    }

    /**
     * The culprits of a collective that reads {@code n} longs of source into {@code n} longs of dest (broadcast,
     * reduce): unusable buffers, ranges outside them, and sources that overlap dest other than exactly in place.
     */
    private void sameLengthCulprits(Set<String> c, Buf dest, long destIndex, Buf source, long sourceIndex, long n) {
        bufCulprits(dest, "dest", c);
        bufCulprits(source, "source", c);
        if (dest.isData() && !contig(destIndex, n, 8, limit(dest))) {
            c.add("destIndex");
        }
        if (source.isData() && !contig(sourceIndex, n, 8, limit(source))) {
            c.add("sourceIndex");
        }
        boolean inPlace = dest.block() == source.block() && destIndex == sourceIndex;
        if (c.isEmpty() && !inPlace && overlaps(dest, destIndex * 8, n * 8, source, sourceIndex * 8, n * 8)) {
            c.add("overlaps");
        }
    }

    private void reduce(FuzzTeams.Kind kind) {
        Buf dest = buf();
        Buf source = args.chance(30) ? dest : buf();
        long destIndex = pos(limit(dest) / 8);
        long sourceIndex = args.chance(30) ? destIndex : pos(limit(source) / 8);
        long count = cnt(limit(source) / 8);
        Function<int[], Set<String>> culprits = m -> {
            Set<String> c = names();
            if (count < 0) {
                c.add("count");
            }
            sameLengthCulprits(c, dest, destIndex, source, sourceIndex, count);
            return c;
        };
        String what = "sum reduce(dest " + dest.kind() + " " + dest.block() + " @" + destIndex + ", source "
                + source.kind() + " " + source.block() + " @" + sourceIndex + ", count=" + count + ")";
        Team team = kind.team();
        run(kind, what, culprits, source, () -> team.reduce(ReduceOp.SUM, DataType.LONG, dest.mem(), destIndex,
                source.mem(), sourceIndex, count), (p, m, src) -> {
                    for (int i = 0; i < count; i++) {
                        long sum = 0;
                        for (int q : m) {
                            sum += java.lang.foreign.MemorySegment.ofArray(src[q])
                                    .get(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN),
                                            (sourceIndex + i) * 8);
                        }
                        modelSet(p, dest.block(), destIndex + i, 8, sum);
                    }
                });
    }

    /** fcollect between different blocks (in place depends on the PE, so the same arguments cannot express it). */
    private void fcollect(FuzzTeams.Kind kind) {
        Buf dest = buf();
        Buf source = apart(buf(), dest);
        long destIndex = pos(limit(dest) / 8);
        long sourceIndex = pos(limit(source) / 8);
        long nelems = cnt(limit(source) / 8);
        Function<int[], Set<String>> culprits = m -> {
            Set<String> c = names();
            bufCulprits(dest, "dest", c);
            bufCulprits(source, "source", c);
            if (!product(nelems, m.length)) {
                c.add("nelems");
            } else if (dest.isData() && !contig(destIndex, nelems * m.length, 8, limit(dest))) {
                c.add("destIndex");
            }
            if (source.isData() && !contig(sourceIndex, nelems, 8, limit(source))) {
                c.add("sourceIndex");
            }
            return c;
        };
        String what = "fcollect(dest " + dest.kind() + " " + dest.block() + " @" + destIndex + ", source "
                + source.kind() + " " + source.block() + " @" + sourceIndex + ", nelems=" + nelems + ")";
        Team team = kind.team();
        run(kind, what, culprits, source, () -> team.fcollect(ValueLayout.JAVA_LONG, dest.mem(), destIndex,
                source.mem(), sourceIndex, nelems), (p, m, src) -> {
                    for (int k = 0; k < m.length; k++) {
                        copy(src[m[k]], sourceIndex, p, dest.block(), destIndex + k * nelems, nelems);
                    }
                });
    }

    /**
     * collect between different blocks. With a valid sourceIndex each member contributes its own count (drawn per
     * team position, zeros included, clamped to the source so that no member alone fails its local check);
     * otherwise all pass one drawn count. Sometimes the last member passes destIndex + 1: every member must throw.
     */
    private void collect(FuzzTeams.Kind kind) {
        Buf dest = buf();
        Buf source = apart(buf(), dest);
        long destIndex = pos(limit(dest) / 8);
        long sourceIndex = pos(limit(source) / 8);
        long srcElems = limit(source) / 8;
        boolean perMember = source.isData() && sourceIndex >= 0 && sourceIndex <= srcElems && args.chance(70);
        long uniform = cnt(srcElems);
        long[] counts = new long[nPes];
        for (int k = 0; k < nPes; k++) {
            long drawn = args.chance(20) ? 0 : args.below(12);
            counts[k] = perMember ? Math.min(drawn, srcElems - sourceIndex) : uniform;
        }
        long destElems = limit(dest) / 8;
        boolean skew = args.chance(8) && destIndex >= 0 && destIndex < destElems;
        Function<int[], Set<String>> culprits = m -> {
            Set<String> c = names();
            long mine = counts[0];
            if (mine < 0) {
                c.add("nelems");
            }
            bufCulprits(dest, "dest", c);
            bufCulprits(source, "source", c);
            if (dest.isData() && (destIndex < 0 || destIndex > destElems)) {
                c.add("destIndex");
            }
            if (source.isData() && !contig(sourceIndex, mine, 8, limit(source))) {
                c.add("sourceIndex");
            }
            if (!c.isEmpty()) {
                return c;
            }
            if (skew && m.length > 1) {
                c.add("dest");
                return c;
            }
            long total = 0;
            for (int k = 0; k < m.length; k++) {
                total += counts[k];
            }
            if (total > destElems - destIndex) {
                c.add("destIndex");
            }
            return c;
        };
        int[] mine = kind.of(me);
        int position = FuzzTeams.indexOf(mine, me);
        long myCount = position >= 0 ? counts[position] : counts[0];
        long myDestIndex = skew && mine.length > 1 && position == mine.length - 1 ? destIndex + 1 : destIndex;
        long expectedTotal = 0;
        for (int k = 0; k < mine.length; k++) {
            expectedTotal += counts[k];
        }
        long expected = expectedTotal;
        String what = "collect(dest " + dest.kind() + " " + dest.block() + " @" + destIndex + (skew ? " (last member"
                + " +1)" : "") + ", source " + source.kind() + " " + source.block() + " @" + sourceIndex + ", counts "
                + (perMember ? java.util.Arrays.toString(java.util.Arrays.copyOf(counts, Math.max(1, mine.length)))
                : Long.toString(uniform)) + ")";
        Team team = kind.team();
        run(kind, what, culprits, source, () -> {
            long total = team.collect(ValueLayout.JAVA_LONG, dest.mem(), myDestIndex, source.mem(), sourceIndex,
                    myCount);
            if (total != expected) {
                throw new AssertionError("collect returned " + total + " elements, expected " + expected);
            }
        }, (p, m, src) -> {
            long at = destIndex;
            for (int k = 0; k < m.length; k++) {
                copy(src[m[k]], sourceIndex, p, dest.block(), at, counts[k]);
                at += counts[k];
            }
        });
    }

    /** alltoall between different blocks: block j of member k's source lands in block k of member j's dest. */
    private void alltoall(FuzzTeams.Kind kind) {
        Buf dest = buf();
        Buf source = apart(buf(), dest);
        long destIndex = pos(limit(dest) / 8);
        long sourceIndex = pos(limit(source) / 8);
        long nelems = cnt(limit(source) / 8);
        Function<int[], Set<String>> culprits = m -> {
            Set<String> c = names();
            bufCulprits(dest, "dest", c);
            bufCulprits(source, "source", c);
            if (!product(nelems, m.length)) {
                c.add("nelems");
                return c;
            }
            if (dest.isData() && !contig(destIndex, nelems * m.length, 8, limit(dest))) {
                c.add("destIndex");
            }
            if (source.isData() && !contig(sourceIndex, nelems * m.length, 8, limit(source))) {
                c.add("sourceIndex");
            }
            return c;
        };
        String what = "alltoall(dest " + dest.kind() + " " + dest.block() + " @" + destIndex + ", source "
                + source.kind() + " " + source.block() + " @" + sourceIndex + ", nelems=" + nelems + ")";
        Team team = kind.team();
        run(kind, what, culprits, source, () -> team.alltoall(ValueLayout.JAVA_LONG, dest.mem(), destIndex,
                source.mem(), sourceIndex, nelems), (p, m, src) -> {
                    int j = FuzzTeams.indexOf(m, p);
                    for (int k = 0; k < m.length; k++) {
                        copy(src[m[k]], sourceIndex + j * nelems, p, dest.block(), destIndex + k * nelems, nelems);
                    }
                });
    }
}
