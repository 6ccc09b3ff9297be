package io.jshmem.it.pe.fuzz;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.ShmemRuntime;
import io.jshmem.Team;

import java.lang.foreign.ValueLayout;
import java.util.Set;

/**
 * Team collectives with random operands, called by every PE with the same arguments (they are drawn from the
 * shared seed): a valid call runs on all of them, an invalid one must throw on all of them before anything is
 * written, so the next collective still works.
 */
final class FuzzCollectives extends FuzzBase {
    private final Team world;

    FuzzCollectives(ShmemRuntime rt, FuzzHeap heap, FuzzArgs args, FuzzLedger ledger) {
        super(rt, heap, args, ledger);
        this.world = rt.teamWorld();
    }

    /** The valid collectives of the current round, for the problem report. */
    final java.util.List<String> recent = new java.util.ArrayList<>();

    void next() {
        switch (args.below(3)) {
            case 0 -> broadcast();
            case 1 -> reduce();
            default -> fcollect();
        }
    }

    private static boolean overlaps(Buf a, long aStart, long aBytes, Buf b, long bStart, long bBytes) {
        return a.isData() && b.isData() && a.block() == b.block() && aBytes > 0 && bBytes > 0
                && aStart < bStart + bBytes && bStart < aStart + aBytes;
    }

    private void broadcast() {
        Buf dest = buf();
        Buf source = args.chance(30) ? dest : buf();
        long destIndex = args.index(limit(dest) / 8);
        long sourceIndex = args.chance(30) ? destIndex : args.index(limit(source) / 8);
        long nelems = args.count(limit(source) / 8);
        int root = args.chance(90) ? args.below(nPes) : args.pe(nPes) + nPes;
        Set<String> culprits = names();
        if (nelems < 0) {
            culprits.add("nelems");
        }
        if (root < 0 || root >= nPes) {
            culprits.add("root");
        }
        bufCulprits(dest, "dest", culprits);
        bufCulprits(source, "source", culprits);
        if (dest.isData() && !contig(destIndex, nelems, 8, limit(dest))) {
            culprits.add("destIndex");
        }
        if (source.isData() && !contig(sourceIndex, nelems, 8, limit(source))) {
            culprits.add("sourceIndex");
        }
        boolean inPlace = dest.block() == source.block() && destIndex == sourceIndex;
        if (culprits.isEmpty() && !inPlace && overlaps(dest, destIndex * 8, nelems * 8, source, sourceIndex * 8,
                nelems * 8)) {
            culprits.add("overlaps");
        }
        String what = "broadcast(dest " + dest.kind() + " " + dest.block() + " @" + destIndex + ", source "
                + source.kind() + " " + source.block() + " @" + sourceIndex + ", nelems=" + nelems + ", root=" + root
                + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        recent.add((plan.valid() ? "" : "invalid ") + what);
        ledger.run(plan, () -> world.broadcast(ValueLayout.JAVA_LONG, dest.mem(), destIndex, source.mem(), sourceIndex,
                nelems, root));
        if (plan.valid() && nelems > 0) {
            byte[] from = java.util.Arrays.copyOfRange(heap.mirror[root][source.block()], (int) (sourceIndex * 8),
                    (int) ((sourceIndex + nelems) * 8));
            for (int p = 0; p < nPes; p++) {
                System.arraycopy(from, 0, heap.mirror[p][dest.block()], (int) (destIndex * 8), from.length);
            }
        }
    }

    private void reduce() {
        Buf dest = buf();
        Buf source = args.chance(30) ? dest : buf();
        long destIndex = args.index(limit(dest) / 8);
        long sourceIndex = args.chance(30) ? destIndex : args.index(limit(source) / 8);
        long count = args.count(limit(source) / 8);
        Set<String> culprits = names();
        if (count < 0) {
            culprits.add("count");
        }
        bufCulprits(dest, "dest", culprits);
        bufCulprits(source, "source", culprits);
        if (dest.isData() && !contig(destIndex, count, 8, limit(dest))) {
            culprits.add("destIndex");
        }
        if (source.isData() && !contig(sourceIndex, count, 8, limit(source))) {
            culprits.add("sourceIndex");
        }
        boolean inPlace = dest.block() == source.block() && destIndex == sourceIndex;
        if (culprits.isEmpty() && !inPlace && overlaps(dest, destIndex * 8, count * 8, source, sourceIndex * 8,
                count * 8)) {
            culprits.add("overlaps");
        }
        String what = "sum reduce(dest " + dest.kind() + " " + dest.block() + " @" + destIndex + ", source "
                + source.kind() + " " + source.block() + " @" + sourceIndex + ", count=" + count + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        recent.add((plan.valid() ? "" : "invalid ") + what);
        ledger.run(plan, () -> world.reduce(ReduceOp.SUM, DataType.LONG, dest.mem(), destIndex, source.mem(),
                sourceIndex, count));
        if (plan.valid() && count > 0) {
            long[] sums = new long[(int) count];
            for (int p = 0; p < nPes; p++) {
                for (int i = 0; i < count; i++) {
                    sums[i] += modelGet(p, source.block(), sourceIndex + i, 8);
                }
            }
            for (int p = 0; p < nPes; p++) {
                for (int i = 0; i < count; i++) {
                    modelSet(p, dest.block(), destIndex + i, 8, sums[i]);
                }
            }
        }
    }

    /** fcollect between different blocks (in place depends on the PE, so the same arguments cannot express it). */
    private void fcollect() {
        Buf dest = buf();
        Buf source = buf();
        if (dest.isData() && source.isData() && dest.block() == source.block()) {
            source = new Buf(heap.blocks[(source.block() + 1) % FuzzHeap.SIZES.length],
                    (source.block() + 1) % FuzzHeap.SIZES.length, "data");
        }
        Buf src = source;
        long destIndex = args.index(limit(dest) / 8);
        long sourceIndex = args.index(limit(src) / 8);
        long nelems = args.count(limit(src) / 8);
        Set<String> culprits = names();
        if (nelems < 0) {
            culprits.add("nelems");
        }
        bufCulprits(dest, "dest", culprits);
        bufCulprits(src, "source", culprits);
        boolean allFits = nelems >= 0 && java.math.BigInteger.valueOf(nelems).multiply(java.math.BigInteger.valueOf(nPes))
                .compareTo(java.math.BigInteger.valueOf(Long.MAX_VALUE)) <= 0;
        if (!allFits) {
            culprits.add("nelems");
        } else if (dest.isData() && !contig(destIndex, nelems * nPes, 8, limit(dest))) {
            culprits.add("destIndex");
        }
        if (src.isData() && !contig(sourceIndex, nelems, 8, limit(src))) {
            culprits.add("sourceIndex");
        }
        String what = "fcollect(dest " + dest.kind() + " " + dest.block() + " @" + destIndex + ", source "
                + src.kind() + " " + src.block() + " @" + sourceIndex + ", nelems=" + nelems + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        recent.add((plan.valid() ? "" : "invalid ") + what);
        ledger.run(plan, () -> world.fcollect(ValueLayout.JAVA_LONG, dest.mem(), destIndex, src.mem(), sourceIndex,
                nelems));
        if (plan.valid() && nelems > 0) {
            byte[][] parts = new byte[nPes][];
            for (int p = 0; p < nPes; p++) {
                parts[p] = java.util.Arrays.copyOfRange(heap.mirror[p][src.block()], (int) (sourceIndex * 8),
                        (int) ((sourceIndex + nelems) * 8));
            }
            for (int p = 0; p < nPes; p++) {
                for (int q = 0; q < nPes; q++) {
                    System.arraycopy(parts[q], 0, heap.mirror[p][dest.block()], (int) ((destIndex + q * nelems) * 8),
                            parts[q].length);
                }
            }
        }
    }
}
