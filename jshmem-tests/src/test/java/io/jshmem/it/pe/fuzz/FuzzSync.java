package io.jshmem.it.pe.fuzz;

import io.jshmem.Cmp;
import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;

import java.lang.foreign.MemorySegment;
import java.util.Set;

/**
 * Atomics (blocking and nbi, object API and facade), put-with-signal, signal updates and tests with random operands;
 * the model gives every old value and every new one.
 */
final class FuzzSync extends FuzzBase {
    private enum Op { FETCH, SET, SWAP, CSWAP, FETCH_INC, INC, FETCH_ADD, ADD, FETCH_AND, FETCH_OR, FETCH_XOR }

    private static final DataType[] TYPES = {DataType.INT, DataType.UINT, DataType.LONG, DataType.ULONG,
        DataType.FLOAT, DataType.DOUBLE, DataType.SHORT};

    FuzzSync(ShmemRuntime rt, FuzzHeap heap, FuzzArgs args, FuzzLedger ledger) {
        super(rt, heap, args, ledger);
    }

    void next() {
        int kind = args.below(100);
        if (kind < 55) {
            atomic(args.chance(25));
        } else if (kind < 70) {
            facadeAtomic();
        } else if (kind < 85) {
            putSignal();
        } else {
            testLocal();
        }
    }

    private static int width(Op op, DataType t) {
        return switch (t) {
            case INT, UINT -> 4;
            case LONG, ULONG -> 8;
            case FLOAT -> op == Op.FETCH || op == Op.SET || op == Op.SWAP ? 4 : -1;
            case DOUBLE -> op == Op.FETCH || op == Op.SET || op == Op.SWAP ? 8 : -1;
            default -> -1;
        };
    }

    private static boolean fetches(Op op) {
        return op != Op.SET && op != Op.INC && op != Op.ADD;
    }

    private void atomic(boolean nbi) {
        Op op = Op.values()[args.below(Op.values().length)];
        if (nbi && !fetches(op)) {
            op = Op.FETCH_ADD;
        }
        DataType type = TYPES[args.below(TYPES.length)];
        int w = width(op, type);
        int size = w < 0 ? 8 : w;
        Buf remote = buf();
        long index = args.index(limit(remote) / size);
        int pe = args.pe(nPes);
        long value = args.value();
        long cond = args.chance(50) ? value : args.value();
        Local fetchLoc = local();
        int fetchSize = fetchLoc.bytes();
        long fetchIndex = args.index(fetchSize / size);
        Set<String> culprits = names();
        if (w < 0) {
            culprits.add("type");
        }
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        String name = op == Op.FETCH ? "source" : "dest";
        bufCulprits(remote, name, culprits);
        if (remote.isData() && !contig(index, 1, size, limit(remote))) {
            culprits.add("index");
        }
        // A fetch segment is written into: null, closed, read-only or another thread's is refused before the atomic.
        if (nbi && (!fetchLoc.usable(true) || fetchLoc.isNull() || !contig(fetchIndex, 1, size, fetchSize))) {
            culprits.add("fetchIndex");
            culprits.add("fetch");
        }
        String what = "atomic " + op + (nbi ? " nbi" : "") + "(" + type + ", " + remote.kind() + " block "
                + remote.block() + ", index=" + index + ", pe=" + pe + (nbi ? ", fetch " + fetchLoc + " @" + fetchIndex
                : "") + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        long old = plan.valid() ? modelGet(pe, remote.block(), index, size) : 0;
        if (acting) {
            heap.resetLocal();
            long[] got = new long[1];
            MemorySegment fetch = heap.local(fetchLoc.size(), fetchLoc.state());
            Op o = op;
            boolean ok = ledger.run(plan, () -> {
                if (nbi) {
                    switch (o) {
                        case FETCH -> rt.atomicFetchNbi(type, fetch, fetchIndex, remote.mem(), index, pe);
                        case SWAP -> rt.atomicSwapNbi(type, fetch, fetchIndex, remote.mem(), index, value, pe);
                        case CSWAP -> rt.atomicCompareSwapNbi(type, fetch, fetchIndex, remote.mem(), index, cond,
                                value, pe);
                        case FETCH_INC -> rt.atomicFetchIncNbi(type, fetch, fetchIndex, remote.mem(), index, pe);
                        case FETCH_ADD -> rt.atomicFetchAddNbi(type, fetch, fetchIndex, remote.mem(), index, value, pe);
                        case FETCH_AND -> rt.atomicFetchAndNbi(type, fetch, fetchIndex, remote.mem(), index, value, pe);
                        case FETCH_OR -> rt.atomicFetchOrNbi(type, fetch, fetchIndex, remote.mem(), index, value, pe);
                        default -> rt.atomicFetchXorNbi(type, fetch, fetchIndex, remote.mem(), index, value, pe);
                    }
                    rt.quiet();
                    got[0] = loadBits(fetch, fetchIndex * size, size);
                    return;
                }
                got[0] = switch (o) {
                    case FETCH -> rt.atomicFetch(type, remote.mem(), index, pe);
                    case SET -> {
                        rt.atomicSet(type, remote.mem(), index, value, pe);
                        yield 0;
                    }
                    case SWAP -> rt.atomicSwap(type, remote.mem(), index, value, pe);
                    case CSWAP -> rt.atomicCompareSwap(type, remote.mem(), index, cond, value, pe);
                    case FETCH_INC -> rt.atomicFetchInc(type, remote.mem(), index, pe);
                    case INC -> {
                        rt.atomicInc(type, remote.mem(), index, pe);
                        yield 0;
                    }
                    case FETCH_ADD -> rt.atomicFetchAdd(type, remote.mem(), index, value, pe);
                    case ADD -> {
                        rt.atomicAdd(type, remote.mem(), index, value, pe);
                        yield 0;
                    }
                    case FETCH_AND -> rt.atomicFetchAnd(type, remote.mem(), index, value, pe);
                    case FETCH_OR -> rt.atomicFetchOr(type, remote.mem(), index, value, pe);
                    case FETCH_XOR -> rt.atomicFetchXor(type, remote.mem(), index, value, pe);
                };
            });
            if (ok && fetches(op)) {
                long want = nbi ? old : size == 4 && type == DataType.INT ? (long) (int) old : old;
                if (got[0] != want) {
                    ledger.problem(plan, "returned " + got[0] + ", expected old value " + want);
                }
            }
            heap.verifyTail(fetchSize, what, ledger.problems);
        }
        if (plan.valid()) {
            long m = mask(size);
            long v = value & m;
            long next = switch (op) {
                case FETCH -> old;
                case SET, SWAP -> v;
                case CSWAP -> old == (cond & m) ? v : old;
                case FETCH_INC, INC -> (old + 1) & m;
                case FETCH_ADD, ADD -> (old + v) & m;
                case FETCH_AND -> old & v;
                case FETCH_OR -> old | v;
                case FETCH_XOR -> old ^ v;
            };
            modelSet(pe, remote.block(), index, size, next);
        }
    }

    /** The facade's typed atomic names on longs and ints. */
    private void facadeAtomic() {
        boolean isLong = args.chance(50);
        int size = isLong ? 8 : 4;
        int form = args.below(3);
        Buf remote = buf();
        long index = args.index(limit(remote) / size);
        int pe = args.pe(nPes);
        long value = args.value();
        Set<String> culprits = names();
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        bufCulprits(remote, form == 2 ? "source" : "dest", culprits);
        if (remote.isData() && !contig(index, 1, size, limit(remote))) {
            culprits.add("index");
        }
        String what = "Shmem.atomic" + new String[] {"FetchAdd", "CompareSwap", "Fetch"}[form] + (isLong ? "Long" : "Int")
                + "(" + remote.kind() + " block " + remote.block() + ", index=" + index + ", pe=" + pe + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        long old = plan.valid() ? modelGet(pe, remote.block(), index, size) : 0;
        long cond = old;
        if (acting) {
            long[] got = new long[1];
            boolean ok = ledger.run(plan, () -> got[0] = switch (form) {
                case 0 -> isLong ? Shmem.atomicFetchAddLong(remote.mem(), index, value, pe)
                        : Shmem.atomicFetchAddInt(remote.mem(), index, (int) value, pe);
                case 1 -> isLong ? Shmem.atomicCompareSwapLong(remote.mem(), index, cond, value, pe)
                        : Shmem.atomicCompareSwapInt(remote.mem(), index, (int) cond, (int) value, pe);
                default -> isLong ? Shmem.atomicFetchLong(remote.mem(), index, pe)
                        : Shmem.atomicFetchInt(remote.mem(), index, pe);
            });
            long want = isLong ? old : (long) (int) old;
            if (ok && got[0] != want) {
                ledger.problem(plan, "returned " + got[0] + ", expected " + want);
            }
        }
        if (plan.valid()) {
            long m = mask(size);
            long next = switch (form) {
                case 0 -> (old + value) & m;
                case 1 -> value & m;
                default -> old;
            };
            modelSet(pe, remote.block(), index, size, next);
        }
    }

    /** putmemSignal: the bytes, then the signal word (SET or ADD) of another (or the same) block. */
    private void putSignal() {
        Buf dest = buf();
        Buf sig = buf();
        Local loc = local();
        int localSize = loc.size();
        long destOffset = args.index(limit(dest));
        long srcOffset = args.index(loc.bytes());
        long bytes = args.count(limit(dest));
        long sigIndex = args.index(limit(sig) / 8);
        long signal = args.value();
        SignalOp op = args.chance(4) ? null : args.chance(50) ? SignalOp.SET : SignalOp.ADD;
        int pe = args.pe(nPes);
        long seed = args.value();
        Set<String> culprits = names();
        if (!peOk(pe)) {
            culprits.add("pe");
        }
        bufCulprits(dest, "dest", culprits, bytes, destOffset, "destOffset", "bytes");
        if (dest.isData() && !contig(destOffset, bytes, 1, limit(dest))) {
            culprits.add("destOffset");
            culprits.add("bytes");
        }
        if (localCulprits(loc, false, "src", "srcOffset", srcOffset, "bytes", bytes, culprits)
                && !contig(srcOffset, bytes, 1, localSize)) {
            culprits.add("srcOffset");
            culprits.add("bytes");
        }
        bufCulprits(sig, "sig", culprits);
        if (sig.isData() && !contig(sigIndex, 1, 8, limit(sig))) {
            culprits.add("sig");
        }
        if (op == null) {
            culprits.add("sigOp");
        }
        String what = "putmemSignal(" + dest.kind() + " block " + dest.block() + " @" + destOffset  + ", "
                + loc + " @" + srcOffset + ", bytes=" + bytes + ", sig " + sig.kind() + " block " + sig.block()
                + " [" + sigIndex + "], " + op + ", pe=" + pe + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        if (acting) {
            heap.resetLocal();
            if (localSize > 0) {
                MemorySegment slice = heap.local(localSize);
                for (int i = 0; i < localSize; i++) {
                    slice.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, content(seed, i));
                }
            }
            MemorySegment local = heap.local(localSize, loc.state());
            ledger.run(plan, () -> rt.putmemSignal(dest.mem(), destOffset, local, srcOffset, bytes, sig.mem(),
                    sigIndex, signal, op, pe));
            if (localSize >= 0) {
                heap.verifyTail(localSize, what, ledger.problems);
            }
        }
        if (plan.valid()) {
            for (long k = 0; k < bytes; k++) { // bytes 0 when dest is null
                heap.mirror[pe][dest.block()][(int) (destOffset + k)] = content(seed, srcOffset + k);
            }
            long old = modelGet(pe, sig.block(), sigIndex, 8);
            modelSet(pe, sig.block(), sigIndex, 8, op == SignalOp.SET ? signal : old + signal);
        }
    }

    /** test, signalFetch on this PE's own memory: results checked against the model. */
    private void testLocal() {
        DataType type = new DataType[] {DataType.SHORT, DataType.USHORT, DataType.INT, DataType.UINT, DataType.LONG,
            DataType.ULONG, DataType.FLOAT}[args.below(7)];
        boolean signalFetch = args.chance(30);
        int size = signalFetch ? 8 : type == DataType.FLOAT ? 4 : type.byteSize();
        Buf ivar = buf();
        long index = args.index(limit(ivar) / size);
        Cmp cmp = Cmp.values()[args.below(Cmp.values().length)];
        long value = args.chance(50) ? args.value() : ivar.isData() && contig(index, 1, size, limit(ivar))
                ? modelGet(me, ivar.block(), index, size) : 0;
        Set<String> culprits = names();
        if (!signalFetch && type == DataType.FLOAT) {
            culprits.add("type");
        }
        String name = signalFetch ? "sig" : "ivar";
        bufCulprits(ivar, name, culprits);
        if (ivar.isData() && !contig(index, 1, size, limit(ivar))) {
            culprits.add("index");
        }
        String what = (signalFetch ? "signalFetch" : "test(" + type + ", " + cmp + ")") + "(" + ivar.kind()
                + " block " + ivar.block() + ", index=" + index + ")";
        FuzzLedger.Plan plan = new FuzzLedger.Plan(what, culprits.isEmpty(), culprits);
        if (acting) {
            long[] got = new long[1];
            boolean ok = ledger.run(plan, () -> got[0] = signalFetch ? rt.signalFetch(ivar.mem(), index)
                    : rt.test(type, ivar.mem(), index, cmp, value) ? 1 : 0);
            if (ok) {
                long bits = modelGet(me, ivar.block(), index, size);
                long want;
                if (signalFetch) {
                    want = bits;
                } else {
                    boolean unsigned = type.isUnsigned();
                    long observed = unsigned ? bits : size == 2 ? (short) bits : size == 4 ? (int) bits : bits;
                    long operand = unsigned ? value & mask(size) : size == 2 ? (short) value : size == 4 ? (int) value
                            : value;
                    want = cmp.holds(observed, operand, unsigned) ? 1 : 0;
                }
                if (got[0] != want) {
                    ledger.problem(plan, "returned " + got[0] + ", expected " + want);
                }
            }
        }
    }
}
