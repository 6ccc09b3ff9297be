package io.jshmem.it.pe.fuzz;

import io.jshmem.InitAttributes;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The operand fuzz, one PE of it: {@code calls} random calls (args: seed, calls) over RMA, the facade, strided
 * transfers, scalars, streams, atomics, signals, tests and team collectives, with random PEs, indices, counts and
 * strides (values near Long.MAX_VALUE and Long.MIN_VALUE, powers of two that wrap), null, freed and foreign-instance
 * buffers, local segments in every state (null, closed, read-only, another thread's, a freed block's view) and
 * instance 1's blocks as the facade's local operand. After every rejected RMA or sync call the acting PE reads every
 * PE's blocks and canaries through their mappings and compares them with the model (a rejected call must change
 * nothing anywhere). Every PE draws the same calls; in each round one PE acts and the others wait in a barrier, then
 * every PE checks its heap, its canaries and its local guards against the model. Prints
 * {@code FUZZ OK pe P calls C valid V rejected R} when there were no corruptions, no invalid call accepted, no valid
 * call rejected, every valid call's data right and every rejection's message naming its argument; otherwise lists
 * the problems and exits 1.
 */
public final class OperandFuzzPe {
    private static final int PER_ROUND = 250;

    private OperandFuzzPe() {
    }

    public static void main(String[] args) {
        long seed = Long.parseLong(args[0]);
        int calls = Integer.parseInt(args[1]);
        FuzzLedger ledger = new FuzzLedger();
        try (ShmemRuntime rt = Shmem.init(); Arena arena = Arena.ofShared()) {
            ShmemRuntime other = ShmemRuntime.init(InitAttributes.fromEnvironment().instanceId(1)
                    .heapSize(4L << 20));
            Shmem.setInstance(0);
            FuzzHeap heap = new FuzzHeap(rt, other, seed, arena);
            knownCases(rt, heap, ledger);
            rt.barrierAll();
            heap.verify("after the known cases", ledger.problems);
            rt.barrierAll();
            FuzzArgs draw = new FuzzArgs(seed);
            try (Stream stream = rt.createStream()) {
                FuzzRma rma = new FuzzRma(rt, heap, draw, ledger, stream);
                FuzzSync sync = new FuzzSync(rt, heap, draw, ledger);
                FuzzCollectives coll = new FuzzCollectives(rt, heap, draw, ledger);
                int rounds = Math.max(1, calls / PER_ROUND);
                for (int round = 0; round < rounds; round++) {
                    boolean acting = round % rt.nPes() == rt.myPe();
                    rma.acting = acting;
                    sync.acting = acting;
                    rma.actor = round % rt.nPes();
                    sync.actor = rma.actor;
                    // Only the acting PE writes in this phase: after each rejected call, every PE's memory must be
                    // exactly the model (the canaries and the reused range untouched).
                    ledger.afterRejection = plan -> heap.unchangedEverywhere("after rejected " + plan.what(),
                            ledger.problems);
                    for (int k = 0; k < PER_ROUND; k++) {
                        if (draw.chance(60)) {
                            rma.next();
                        } else {
                            sync.next();
                        }
                    }
                    ledger.afterRejection = null; // collectives: every PE writes at once
                    rt.barrierAll();
                    heap.verify("after round " + round, ledger.problems);
                    // No PE writes into another's heap until every PE has checked its own.
                    rt.barrierAll();
                    coll.recent.clear();
                    for (int k = 0; k < 3; k++) {
                        coll.next();
                        rt.barrierAll();
                        heap.verify("after collective " + k + " " + coll.recent + " of round " + round,
                                ledger.problems);
                        rt.barrierAll();
                    }
                }
            }
            other.close();
            long corruptions = ledger.problems.stream().filter(p -> p.contains("corrupted") || p.contains("byte")
                    || p.contains("guard")).count();
            ledger.reportOrExit(rt.myPe(), " corruptions=" + corruptions + " sideEffects=" + ledger.sideEffects);
            System.out.println("FUZZ OK pe " + rt.myPe() + " calls " + ledger.calls + " valid " + ledger.valid
                    + " rejected " + ledger.rejected);
        }
    }

    /** The reported cases, each on its own: every one must be rejected naming its argument, with nothing written. */
    private static void knownCases(ShmemRuntime rt, FuzzHeap heap, FuzzLedger ledger) {
        SymmetricMemory block = heap.blocks[2];
        int pe = (rt.myPe() + 1) % rt.nPes();
        MemorySegment src = heap.local(64);
        long[] arr = new long[8];
        expectRejected(ledger, "p(block, 1L<<61)", "index",
                () -> rt.p(ValueLayout.JAVA_LONG, block, 1L << 61, 42L, pe));
        expectRejected(ledger, "put(block, (1L<<61)+1)", "destIndex",
                () -> rt.put(ValueLayout.JAVA_LONG, block, (1L << 61) + 1, src, 0, 1, pe));
        expectRejected(ledger, "iput(destStride MAX)", "destStride",
                () -> rt.iput(ValueLayout.JAVA_LONG, block, 0, Long.MAX_VALUE, src, 0, 1, 2, pe));
        expectRejected(ledger, "iput(stride 2^60+1)", "destStride",
                () -> rt.iput(ValueLayout.JAVA_LONG, block, 0, (1L << 60) + 1, src, 0, 1, 2, pe));
        expectRejected(ledger, "get(index MIN+3)", "srcIndex",
                () -> rt.get(ValueLayout.JAVA_LONG, src, 0, block, Long.MIN_VALUE + 3, 1, pe));
        expectRejected(ledger, "Shmem.put(null array)", "src",
                () -> Shmem.put(block, 0, (long[]) null, 0, 1, pe));
        expectRejected(ledger, "Shmem.get(null array)", "dest",
                () -> Shmem.get((long[]) null, 0, block, 0, 1, pe));
        expectRejected(ledger, "Shmem.iput(null array)", "src",
                () -> Shmem.iput(block, 0, 1, (long[]) null, 0, 1, 1, pe));
        expectRejected(ledger, "Shmem.iget(null array)", "dest",
                () -> Shmem.iget((long[]) null, 0, 1, block, 0, 1, 1, pe));
        expectRejected(ledger, "put count MAX", "count",
                () -> Shmem.put(block, 0, arr, 0, Integer.MAX_VALUE, pe));
        expectRejected(ledger, "malloc near MAX", "bytes", () -> rt.malloc(Long.MAX_VALUE - 3));
        expectRejected(ledger, "ibput(dst 2^60+1, nblocks 9)", "dst",
                () -> rt.ibput(ValueLayout.JAVA_LONG, block, 0, (1L << 60) + 1, src, 0, 1, 1, 9, pe));
        expectRejected(ledger, "ibget(nblocks MAX, sst MAX/2)", "nblocks",
                () -> rt.ibget(ValueLayout.JAVA_LONG, src, 0, 1, block, 0, Long.MAX_VALUE / 2, 1, Long.MAX_VALUE, pe));
        // Zero-length transfers are no-ops wherever they point, in every form.
        rt.putmem(block, 1L << 40, src, 0, 0, pe);
        rt.getmem(src, 0, block, 1L << 40, 0, pe);
        rt.iput(ValueLayout.JAVA_LONG, block, 1L << 40, 3, src, 0, 1, 0, pe);
        rt.iget(ValueLayout.JAVA_LONG, src, 0, 1, block, 1L << 40, 3, 0, pe);
        Shmem.put(block, 1L << 40, arr, 0, 0, pe);
        rt.ibput(ValueLayout.JAVA_LONG, block, 1L << 40, 3, src, 0, 1, 0, 4, pe);
        rt.ibget(ValueLayout.JAVA_LONG, src, 0, 1, block, 1L << 40, 3, 2, 0, pe);
    }

    private static void expectRejected(FuzzLedger ledger, String what, String argument, Runnable call) {
        ledger.run(new FuzzLedger.Plan(what, false, java.util.Set.of(argument)), call::run);
    }
}
