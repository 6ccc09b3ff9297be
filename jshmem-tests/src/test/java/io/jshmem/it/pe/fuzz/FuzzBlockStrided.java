package io.jshmem.it.pe.fuzz;

import io.jshmem.Context;
import io.jshmem.ShmemRuntime;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.Set;

/**
 * Block-strided ibput/ibget (OpenSHMEM 1.6) with random operands: ints, longs or 16-byte elements, random strides,
 * block sizes and block counts on both sides (hostile values included, so that {@code (nblocks-1)*stride} would
 * wrap). The oracle computes the span in BigInteger; the model gives the expected bytes.
 */
final class FuzzBlockStrided extends FuzzBase {
    private static final MemoryLayout[] TYPES = {ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, Context.INT128};

    FuzzBlockStrided(ShmemRuntime rt, FuzzHeap heap, FuzzArgs args, FuzzLedger ledger) {
        super(rt, heap, args, ledger);
    }

    /** Whether {@code nblocks} blocks of {@code bsize} elements, {@code stride} apart, fit in {@code limit} bytes. */
    static boolean blocks(long index, long stride, long bsize, long nblocks, long size, long limit) {
        if (stride < 1 || index < 0 || bsize < 0 || nblocks < 0) {
            return false;
        }
        if (bsize == 0 || nblocks == 0) {
            return true;
        }
        BigInteger end = BigInteger.valueOf(nblocks - 1).multiply(BigInteger.valueOf(stride))
                .add(BigInteger.valueOf(index)).add(BigInteger.valueOf(bsize));
        return end.multiply(BigInteger.valueOf(size)).compareTo(BigInteger.valueOf(limit)) <= 0;
    }

    void next() {
        boolean put = args.chance(50);
        MemoryLayout type = TYPES[args.below(TYPES.length)];
        int size = (int) type.byteSize();
        Buf remote = buf();
        Local loc = local();
        int localSize = loc.size();
        long remoteIndex = args.index(limit(remote) / size);
        long remoteStride = args.stride();
        long localIndex = args.index(loc.bytes() / size);
        long localStride = args.stride();
        long bsize = args.count(limit(remote) / size);
        long nblocks = args.count(8);
        int pe = args.pe(nPes);
        long seed = args.value();
        String rName = put ? "dest" : "src";
        String lName = put ? "src" : "dest";
        String rStride = put ? "dst" : "sst";
        String lStride = put ? "sst" : "dst";
        Set<String> culprits = names();
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        // Nothing moves when bsize or nblocks is 0: a null buffer is an empty one then (signs still checked).
        long moved = bsize == 0 || nblocks == 0 ? 0 : bsize < 0 || nblocks < 0 ? -1 : 1;
        bufCulprits(remote, rName, culprits, moved, remoteIndex, rName + "Index", bsize < 0 ? "bsize" : "nblocks");
        if (remote.isData() && !blocks(remoteIndex, remoteStride, bsize, nblocks, size, limit(remote))) {
            culprits.add(rName + "Index");
            culprits.add(rStride);
            culprits.add("bsize");
            culprits.add("nblocks");
        }
        if (remoteStride < 1 || localStride < 1 || bsize < 0 || nblocks < 0) {
            culprits.add(rStride); // strides and signs are checked whatever the buffers
            culprits.add(lStride);
            culprits.add("bsize");
            culprits.add("nblocks");
        }
        if (localCulprits(loc, !put, lName, lName + "Index", localIndex, "nblocks", moved, culprits)
                && !blocks(localIndex, localStride, bsize, nblocks, size, localSize)) {
            culprits.add(lName + "Index");
            culprits.add(lStride);
            culprits.add("bsize");
            culprits.add("nblocks");
        }
        String what = (put ? "ibput" : "ibget") + "(" + type + ", " + remote.kind() + " block " + remote.block()
                + " @" + remoteIndex + " stride " + remoteStride + ", " + loc + " @" + localIndex
                + " stride " + localStride + ", bsize=" + bsize + ", nblocks=" + nblocks + ", pe=" + pe + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        boolean moves = plan.valid() && bsize > 0 && nblocks > 0;
        if (acting) {
            heap.resetLocal();
            if (localSize > 0) {
                MemorySegment slice = heap.local(localSize);
                for (int i = 0; i < localSize; i++) {
                    slice.set(ValueLayout.JAVA_BYTE, i, content(seed, i));
                }
            }
            MemorySegment local = heap.local(localSize, loc.state());
            boolean ok = ledger.run(plan, () -> {
                if (put) {
                    rt.ibput(type, remote.mem(), remoteIndex, remoteStride, local, localIndex, localStride, bsize,
                            nblocks, pe);
                } else {
                    rt.ibget(type, local, localIndex, localStride, remote.mem(), remoteIndex, remoteStride, bsize,
                            nblocks, pe);
                }
            });
            if (!ok && localSize > 0 && !heap.localHolds(localSize, seed)) {
                ledger.sideEffects++;
                ledger.problem(plan, "the rejected call changed the local operand");
            }
            if (ok && !put && moves) {
                // Blocks may overlap on this side (a stride below bsize): later blocks win, as they are applied.
                byte[] m = heap.mirror[pe][remote.block()];
                byte[] want = new byte[localSize];
                for (int i = 0; i < localSize; i++) {
                    want[i] = content(seed, i);
                }
                for (long k = 0; k < nblocks; k++) {
                    for (long b = 0; b < bsize * size; b++) {
                        want[(int) ((localIndex + k * localStride) * size + b)] =
                                m[(int) ((remoteIndex + k * remoteStride) * size + b)];
                    }
                }
                for (int i = 0; i < localSize; i++) {
                    if (local.get(ValueLayout.JAVA_BYTE, i) != want[i]) {
                        ledger.problem(plan, "ibget delivered a wrong byte at local offset " + i);
                        break;
                    }
                }
            }
            if (localSize >= 0) {
                heap.verifyTail(localSize, what, ledger.problems);
            }
        }
        if (moves && put) {
            byte[] m = heap.mirror[pe][remote.block()];
            for (long k = 0; k < nblocks; k++) {
                for (long b = 0; b < bsize * size; b++) {
                    m[(int) ((remoteIndex + k * remoteStride) * size + b)] =
                            content(seed, (localIndex + k * localStride) * size + b);
                }
            }
        }
    }
}
