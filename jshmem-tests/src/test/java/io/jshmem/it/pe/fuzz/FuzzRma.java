package io.jshmem.it.pe.fuzz;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Set;

/**
 * RMA calls with random operands: byte and typed put/get (blocking and nbi) through the object API, the facade's
 * array forms (null arrays included), strided iput/iget, block-strided ibput/ibget ({@link FuzzBlockStrided}), scalar
 * p/g and stream puts. The model gives the expected
 * bytes of every put and get.
 */
final class FuzzRma extends FuzzBase {
    private static final ValueLayout[] TYPES = {ValueLayout.JAVA_BYTE, ValueLayout.JAVA_SHORT, ValueLayout.JAVA_INT,
        ValueLayout.JAVA_LONG, ValueLayout.JAVA_DOUBLE};
    private static final int[] ARRAY_LENGTHS = {0, 1, 8, 100, 512};

    private final io.jshmem.Stream stream;
    private final FuzzBlockStrided blockStrided;

    FuzzRma(ShmemRuntime rt, FuzzHeap heap, FuzzArgs args, FuzzLedger ledger, io.jshmem.Stream stream) {
        super(rt, heap, args, ledger);
        this.stream = stream;
        this.blockStrided = new FuzzBlockStrided(rt, heap, args, ledger);
    }

    void next() {
        int kind = args.below(100);
        if (kind < 40) {
            contiguous(args.below(6));
        } else if (kind < 55) {
            facadeArray(args.below(4), args.chance(50));
        } else if (kind < 70) {
            stridedCall(args.chance(50));
        } else if (kind < 88) {
            scalar(args.chance(50), args.chance(30));
        } else if (kind < 90) {
            streamTransfer(args.chance(50));
        } else if (kind < 95) {
            blockStrided.acting = acting;
            blockStrided.next();
        } else {
            facadeLocalBlock(args.chance(50));
        }
    }

    /**
     * 0 putmem, 1 getmem, 2 putmemNbi, 3 getmemNbi, 4 typed put (nbi half the time), 5 typed get (nbi half the
     * time).
     */
    private void contiguous(int form) {
        boolean typed = form >= 4;
        boolean put = form % 2 == 0;
        boolean nbi = typed ? args.chance(50) : form >= 2;
        ValueLayout type = typed ? TYPES[args.below(TYPES.length)] : ValueLayout.JAVA_BYTE;
        int size = (int) type.byteSize();
        Buf remote = buf();
        Local loc = local();
        int localSize = loc.size();
        long remoteIndex = args.index(limit(remote) / size);
        long localIndex = args.index(loc.bytes() / size);
        long count = args.count(limit(remote) / size);
        int pe = args.pe(nPes);
        long seed = args.value();
        String rName = put ? "dest" : "src";
        String lName = put ? "src" : "dest";
        String rIdx = rName + (typed ? "Index" : "Offset");
        String lIdx = lName + (typed ? "Index" : "Offset");
        String countName = typed ? "count" : "bytes";
        Set<String> culprits = names();
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        bufCulprits(remote, rName, culprits, count, remoteIndex, rIdx, countName);
        if (remote.isData() && !contig(remoteIndex, count, size, limit(remote))) {
            culprits.add(rIdx);
            culprits.add(countName);
        }
        if (localCulprits(loc, !put, lName, lIdx, localIndex, countName, count, culprits)
                && !contig(localIndex, count, size, localSize)) {
            culprits.add(lIdx);
            culprits.add(countName);
        }
        String what = (typed ? (put ? "put" : "get") : (put ? "putmem" : "getmem")) + (nbi ? "Nbi" : "") + "("
                + type + ", " + remote.kind() + " block " + remote.block() + ", " + rIdx + "=" + remoteIndex + ", "
                + loc + " @" + localIndex + ", count=" + count + ", pe=" + pe + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        transfer(plan, put, remote, remoteIndex, localSize, localIndex, count, size, pe, seed, () -> {
            MemorySegment local = heap.local(localSize, loc.state());
            if (typed) {
                if (put) {
                    if (nbi) {
                        rt.putNbi(type, remote.mem(), remoteIndex, local, localIndex, count, pe);
                    } else {
                        rt.put(type, remote.mem(), remoteIndex, local, localIndex, count, pe);
                    }
                } else if (nbi) {
                    rt.getNbi(type, local, localIndex, remote.mem(), remoteIndex, count, pe);
                } else {
                    rt.get(type, local, localIndex, remote.mem(), remoteIndex, count, pe);
                }
            } else if (put) {
                if (nbi) {
                    rt.putmemNbi(remote.mem(), remoteIndex, local, localIndex, count, pe);
                } else {
                    rt.putmem(remote.mem(), remoteIndex, local, localIndex, count, pe);
                }
            } else if (nbi) {
                rt.getmemNbi(local, localIndex, remote.mem(), remoteIndex, count, pe);
            } else {
                rt.getmem(local, localIndex, remote.mem(), remoteIndex, count, pe);
            }
            if (nbi) {
                rt.quiet();
            }
        });
    }

    /**
     * Runs a put or get whose local operand is the guarded local slice; on the acting PE checks the slice and the
     * guards, and on every PE applies a valid put to the model.
     */
    private void transfer(FuzzLedger.Plan plan, boolean put, Buf remote, long remoteIndex, int localSize,
                          long localIndex, long count, int size, int pe, long seed, FuzzLedger.Call call) {
        if (acting) {
            heap.resetLocal();
            if (localSize > 0) {
                MemorySegment local = heap.local(localSize);
                for (int i = 0; i < localSize; i++) {
                    local.set(ValueLayout.JAVA_BYTE, i, content(seed, i));
                }
            }
            boolean ok = ledger.run(plan, call);
            if (!ok && localSize > 0 && !heap.localHolds(localSize, seed)) {
                ledger.sideEffects++;
                ledger.problem(plan, "the rejected call changed the local operand");
            }
            if (ok && !put && count > 0) {
                MemorySegment local = heap.local(localSize);
                for (long k = 0; k < count * size; k++) {
                    byte want = heap.mirror[pe][remote.block()][(int) (remoteIndex * size + k)];
                    if (local.get(ValueLayout.JAVA_BYTE, localIndex * size + k) != want) {
                        ledger.problem(plan, "get delivered wrong byte " + k);
                        break;
                    }
                }
            }
            if (localSize >= 0) {
                heap.verifyTail(localSize, plan.what(), ledger.problems);
            }
        }
        if (plan.valid() && put) {
            for (long k = 0; k < count * size; k++) {
                heap.mirror[pe][remote.block()][(int) (remoteIndex * size + k)] = content(seed, localIndex * size + k);
            }
        }
    }

    /** The facade's typed array forms: 0 long[], 1 int[], 2 short[], 3 byte[]; null arrays 3 % of the time. */
    private void facadeArray(int form, boolean put) {
        int size = new int[] {8, 4, 2, 1}[form];
        Buf remote = buf();
        int length = args.chance(3) ? -1 : ARRAY_LENGTHS[args.below(ARRAY_LENGTHS.length)];
        long remoteIndex = args.index(limit(remote) / size);
        int localIndex = args.intIndex(Math.max(length, 0));
        int count = args.intCount(Math.max(length, 0));
        int pe = args.pe(nPes);
        long seed = args.value();
        String rName = put ? "dest" : "src";
        String lName = put ? "src" : "dest";
        Set<String> culprits = names();
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        bufCulprits(remote, rName, culprits, count, remoteIndex, rName + "Index", "count");
        if (remote.isData() && !contig(remoteIndex, count, size, limit(remote))) {
            culprits.add(rName + "Index");
            culprits.add("count");
        }
        // A null array is an empty buffer: fine for a zero-length transfer only.
        if (localCulprits(new Local(length, "ok"), !put, lName, lName + "Index", localIndex, "count", count,
                culprits) && !contig(localIndex, count, size, (long) length * size)) {
            culprits.add(lName + "Index");
            culprits.add("count");
        }
        String what = "Shmem." + (put ? "put" : "get") + "(" + size + "-byte array of " + length + ", " + remote.kind()
                + " block " + remote.block() + " @" + remoteIndex + ", array @" + localIndex + ", count=" + count
                + ", pe=" + pe + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        if (acting) {
            Object array = length < 0 ? null : switch (form) {
                case 0 -> new long[length];
                case 1 -> new int[length];
                case 2 -> new short[length];
                default -> new byte[length];
            };
            MemorySegment view = array == null ? null : ofArray(array);
            if (view != null) {
                for (long i = 0; i < view.byteSize(); i++) {
                    view.set(ValueLayout.JAVA_BYTE, i, content(seed, i));
                }
            }
            boolean ok = ledger.run(plan, () -> arrayCall(form, put, remote, remoteIndex, array, localIndex, count, pe));
            if (ok && !put && count > 0) {
                for (long k = 0; k < (long) count * size; k++) {
                    byte want = heap.mirror[pe][remote.block()][(int) (remoteIndex * size + k)];
                    if (view.get(ValueLayout.JAVA_BYTE, (long) localIndex * size + k) != want) {
                        ledger.problem(plan, "facade get delivered wrong byte " + k);
                        break;
                    }
                }
            }
        }
        if (plan.valid() && put) {
            for (long k = 0; k < (long) count * size; k++) {
                heap.mirror[pe][remote.block()][(int) (remoteIndex * size + k)] =
                        content(seed, (long) localIndex * size + k);
            }
        }
    }

    private static MemorySegment ofArray(Object a) {
        return switch (a) {
            case long[] l -> MemorySegment.ofArray(l);
            case int[] i -> MemorySegment.ofArray(i);
            case short[] s -> MemorySegment.ofArray(s);
            case byte[] b -> MemorySegment.ofArray(b);
            default -> throw new IllegalArgumentException(String.valueOf(a));
        };
    }

    private static void arrayCall(int form, boolean put, Buf remote, long remoteIndex, Object array, int localIndex,
                                  int count, int pe) {
        switch (form) {
            case 0 -> {
                if (put) {
                    Shmem.put(remote.mem(), remoteIndex, (long[]) array, localIndex, count, pe);
                } else {
                    Shmem.get((long[]) array, localIndex, remote.mem(), remoteIndex, count, pe);
                }
            }
            case 1 -> {
                if (put) {
                    Shmem.put(remote.mem(), remoteIndex, (int[]) array, localIndex, count, pe);
                } else {
                    Shmem.get((int[]) array, localIndex, remote.mem(), remoteIndex, count, pe);
                }
            }
            case 2 -> {
                if (put) {
                    Shmem.put(remote.mem(), remoteIndex, (short[]) array, localIndex, count, pe);
                } else {
                    Shmem.get((short[]) array, localIndex, remote.mem(), remoteIndex, count, pe);
                }
            }
            default -> {
                if (put) {
                    Shmem.put(remote.mem(), remoteIndex, (byte[]) array, localIndex, count, pe);
                } else {
                    Shmem.get((byte[]) array, localIndex, remote.mem(), remoteIndex, count, pe);
                }
            }
        }
    }

    /** iput or iget of longs or ints through the object API, with random strides on both sides. */
    private void stridedCall(boolean put) {
        ValueLayout type = args.chance(50) ? ValueLayout.JAVA_LONG : ValueLayout.JAVA_INT;
        int size = (int) type.byteSize();
        Buf remote = buf();
        Local loc = local();
        int localSize = loc.size();
        long remoteIndex = args.index(limit(remote) / size);
        long remoteStride = args.stride();
        long localIndex = args.index(loc.bytes() / size);
        long localStride = args.stride();
        long count = args.count(limit(remote) / size);
        int pe = args.pe(nPes);
        long seed = args.value();
        String rName = put ? "dest" : "src";
        String lName = put ? "src" : "dest";
        Set<String> culprits = names();
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        bufCulprits(remote, rName, culprits, count, remoteIndex, rName + "Index", "count");
        if (remote.isData() && !strided(remoteIndex, remoteStride, count, size, limit(remote))) {
            culprits.add(rName + "Index");
            culprits.add(rName + "Stride");
            culprits.add("count");
        }
        if (remoteStride < 1 || localStride < 1) {
            culprits.add(remoteStride < 1 ? rName + "Stride" : lName + "Stride"); // strides are checked first
        }
        if (localCulprits(loc, !put, lName, lName + "Index", localIndex, "count", count, culprits)
                && !strided(localIndex, localStride, count, size, localSize)) {
            culprits.add(lName + "Index");
            culprits.add(lName + "Stride");
            culprits.add("count");
        }
        String what = (put ? "iput" : "iget") + "(" + type + ", " + remote.kind() + " block " + remote.block() + " @"
                + remoteIndex + " stride " + remoteStride + ", " + loc + " @" + localIndex
                + " stride " + localStride + ", count=" + count + ", pe=" + pe + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        if (acting) {
            heap.resetLocal();
            if (localSize > 0) {
                MemorySegment local = heap.local(localSize);
                for (int i = 0; i < localSize; i++) {
                    local.set(ValueLayout.JAVA_BYTE, i, content(seed, i));
                }
            }
            MemorySegment local = heap.local(localSize, loc.state());
            boolean ok = ledger.run(plan, () -> {
                if (put) {
                    rt.iput(type, remote.mem(), remoteIndex, remoteStride, local, localIndex, localStride, count, pe);
                } else {
                    rt.iget(type, local, localIndex, localStride, remote.mem(), remoteIndex, remoteStride, count, pe);
                }
            });
            if (!ok && localSize > 0 && !heap.localHolds(localSize, seed)) {
                ledger.sideEffects++;
                ledger.problem(plan, "the rejected call changed the local operand");
            }
            if (ok && !put) {
                for (long e = 0; e < count; e++) {
                    long want = modelGet(pe, remote.block(), remoteIndex + e * remoteStride, size);
                    if (loadBits(local, (localIndex + e * localStride) * size, size) != want) {
                        ledger.problem(plan, "iget delivered a wrong element " + e);
                        break;
                    }
                }
            }
            if (localSize >= 0) {
                heap.verifyTail(localSize, what, ledger.problems);
            }
        }
        if (plan.valid() && put) {
            for (long e = 0; e < count; e++) {
                long bits = 0;
                long at = (localIndex + e * localStride) * size;
                for (int k = size - 1; k >= 0; k--) {
                    bits = (bits << 8) | (content(seed, at + k) & 0xFF);
                }
                modelSet(pe, remote.block(), remoteIndex + e * remoteStride, size, bits);
            }
        }
    }

    /** p or g of a long, int or short, through the object API or the facade. */
    private void scalar(boolean put, boolean facade) {
        int form = args.below(3);
        int size = new int[] {8, 4, 2}[form];
        Buf remote = buf();
        long index = args.index(limit(remote) / size);
        int pe = args.pe(nPes);
        long value = args.value();
        String rName = put ? "dest" : "src";
        Set<String> culprits = names();
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        bufCulprits(remote, rName, culprits);
        if (remote.isData() && !contig(index, 1, size, limit(remote))) {
            culprits.add("index");
        }
        String what = (facade ? "Shmem." : "") + (put ? "p" : "g") + "(" + size + " bytes, " + remote.kind()
                + " block " + remote.block() + ", index=" + index + ", pe=" + pe + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        if (acting) {
            long[] got = new long[1];
            boolean ok = ledger.run(plan, () -> {
                if (put) {
                    switch (form) {
                        case 0 -> { if (facade) { Shmem.p(remote.mem(), index, value, pe); } else {
                            rt.p(ValueLayout.JAVA_LONG, remote.mem(), index, value, pe); } }
                        case 1 -> { if (facade) { Shmem.p(remote.mem(), index, (int) value, pe); } else {
                            rt.p(ValueLayout.JAVA_INT, remote.mem(), index, (int) value, pe); } }
                        default -> { if (facade) { Shmem.p(remote.mem(), index, (short) value, pe); } else {
                            rt.p(ValueLayout.JAVA_SHORT, remote.mem(), index, (short) value, pe); } }
                    }
                } else {
                    got[0] = switch (form) {
                        case 0 -> facade ? Shmem.gLong(remote.mem(), index, pe)
                                : rt.g(ValueLayout.JAVA_LONG, remote.mem(), index, pe);
                        case 1 -> (facade ? Shmem.gInt(remote.mem(), index, pe)
                                : rt.g(ValueLayout.JAVA_INT, remote.mem(), index, pe)) & 0xFFFF_FFFFL;
                        default -> (facade ? Shmem.gShort(remote.mem(), index, pe)
                                : rt.g(ValueLayout.JAVA_SHORT, remote.mem(), index, pe)) & 0xFFFFL;
                    };
                }
            });
            if (ok && !put && got[0] != modelGet(pe, remote.block(), index, size)) {
                ledger.problem(plan, "g returned " + got[0] + ", expected " + modelGet(pe, remote.block(), index, size));
            }
        }
        if (plan.valid() && put) {
            modelSet(pe, remote.block(), index, size, value & mask(size));
        }
    }

    /**
     * A stream putmem or getmem with a local segment in any state, then the stream's quiet and synchronize. A
     * refused call must throw at the call and queue nothing: the synchronize that follows a refusal must not throw.
     */
    private void streamTransfer(boolean put) {
        Buf remote = buf();
        Local loc = local();
        int localSize = loc.size();
        long remoteIndex = args.index(limit(remote));
        long localIndex = args.index(loc.bytes());
        long count = args.count(limit(remote));
        int pe = args.pe(nPes);
        long seed = args.value();
        String rName = put ? "dest" : "src";
        String lName = put ? "src" : "dest";
        Set<String> culprits = names();
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        bufCulprits(remote, rName, culprits, count, remoteIndex, rName + "Offset", "bytes");
        if (remote.isData() && !contig(remoteIndex, count, 1, limit(remote))) {
            culprits.add(rName + "Offset");
            culprits.add("bytes");
        }
        if (localCulprits(loc, !put, lName, lName + "Offset", localIndex, "bytes", count, culprits)
                && !contig(localIndex, count, 1, localSize)) {
            culprits.add(lName + "Offset");
            culprits.add("bytes");
        }
        String what = "stream." + (put ? "putmem" : "getmem") + "(" + remote.kind() + " block " + remote.block() + " @"
                + remoteIndex + ", " + loc + " @" + localIndex + ", bytes=" + count + ", pe=" + pe + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        transfer(plan, put, remote, remoteIndex, localSize, localIndex, count, 1, pe, seed, () -> {
            MemorySegment local = heap.local(localSize, loc.state());
            try {
                if (put) {
                    stream.putmem(remote.mem(), remoteIndex, local, localIndex, count, pe);
                } else {
                    stream.getmem(local, localIndex, remote.mem(), remoteIndex, count, pe);
                }
            } finally {
                // Runs after a refusal too: the stream must have queued nothing and must not have failed.
                stream.quiet();
                stream.synchronize();
            }
        });
    }

    /**
     * The facade's putmem/getmem (blocking, nbi, on a stream) whose local operand is a symmetric block: this
     * instance's (a data block), instance 1's, a freed one or null.
     */
    private void facadeLocalBlock(boolean put) {
        Buf remote = buf();
        int r = args.below(100);
        int lb = args.below(FuzzHeap.SIZES.length);
        if (remote.isData() && lb == remote.block()) {
            lb = (lb + 1) % FuzzHeap.SIZES.length; // never the same block on both sides: no overlap to model
        }
        Buf local = r < 70 ? new Buf(heap.blocks[lb], lb, "data") : r < 80 ? new Buf(heap.foreign, -1, "foreign")
                : r < 90 ? new Buf(heap.freed, -1, "freed") : new Buf(null, -1, "null");
        long remoteOff = args.index(limit(remote));
        long localOff = args.index(limit(local));
        long bytes = args.count(limit(remote));
        int pe = args.pe(nPes);
        String rName = put ? "dest" : "src";
        String lName = put ? "src" : "dest";
        Set<String> culprits = names();
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        bufCulprits(remote, rName, culprits, bytes, remoteOff, rName + "Offset", "bytes");
        if (remote.isData() && !contig(remoteOff, bytes, 1, limit(remote))) {
            culprits.add(rName + "Offset");
            culprits.add("bytes");
        }
        bufCulprits(local, lName, culprits, bytes, localOff, lName + "Offset", "bytes");
        if (local.isData() && !contig(localOff, bytes, 1, limit(local))) {
            culprits.add(lName + "Offset");
            culprits.add("bytes");
        }
        int form = args.below(3); // blocking, nbi + quiet, on the stream + synchronize
        String what = "Shmem." + (put ? "putmem" : "getmem") + new String[] {"", "Nbi", "OnStream"}[form] + "("
                + remote.kind() + " block " + remote.block() + " @" + remoteOff + ", local " + local.kind() + " block "
                + local.block() + " @" + localOff + ", bytes=" + bytes + ", pe=" + pe + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        if (acting) {
            ledger.run(plan, () -> {
                switch (form) {
                    case 0 -> {
                        if (put) {
                            Shmem.putmem(remote.mem(), remoteOff, local.mem(), localOff, bytes, pe);
                        } else {
                            Shmem.getmem(local.mem(), localOff, remote.mem(), remoteOff, bytes, pe);
                        }
                    }
                    case 1 -> {
                        if (put) {
                            Shmem.putmemNbi(remote.mem(), remoteOff, local.mem(), localOff, bytes, pe);
                        } else {
                            Shmem.getmemNbi(local.mem(), localOff, remote.mem(), remoteOff, bytes, pe);
                        }
                        Shmem.quiet();
                    }
                    default -> {
                        try {
                            if (put) {
                                Shmem.putmemOnStream(remote.mem(), remoteOff, local.mem(), localOff, bytes, pe,
                                        stream);
                            } else {
                                Shmem.getmemOnStream(local.mem(), localOff, remote.mem(), remoteOff, bytes, pe,
                                        stream);
                            }
                        } finally {
                            stream.synchronize(); // after a refusal too: nothing queued, nothing failed
                        }
                    }
                }
            });
        }
        if (plan.valid() && bytes > 0) {
            byte[] from = put ? heap.mirror[actor][local.block()] : heap.mirror[pe][remote.block()];
            byte[] to = put ? heap.mirror[pe][remote.block()] : heap.mirror[actor][local.block()];
            System.arraycopy(from, (int) (put ? localOff : remoteOff), to, (int) (put ? remoteOff : localOff),
                    (int) bytes);
        }
    }
}
