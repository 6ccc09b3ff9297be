package io.jshmem.it.pe;

import io.jshmem.Context;
import io.jshmem.DataType;
import io.jshmem.InitAttributes;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * A rejected call changes nothing, anywhere, and says why (2 PEs; PE 0 calls, PE 1 is the target). Every local
 * segment operand of every surface in every bad state (closed, read-only where written, confined to another thread),
 * non-blocking fetching atomics with a bad fetch segment, stream operations, the facade's local-block overloads
 * with a block of a second instance or a freed one, and a stream of another instance: each must throw jshmem's
 * argument or state exception naming the argument, the target PE's block (read through its mapping) and the local
 * segment must be unchanged, and a stream must have queued nothing. Zero-length transfers with null buffers are
 * no-ops; non-zero ones name the null argument. Prints each problem and {@code REJECTED CALLS OK pe P checks N}
 * when there is none.
 */
public final class RejectedCallsPe {
    private static final long BYTES = 256;

    private final ShmemRuntime rt;
    private final ShmemRuntime other;
    private final SymmetricMemory target;
    private final SymmetricMemory sig;
    private final SymmetricMemory foreign;
    private final SymmetricMemory freed;
    private final MemorySegment peerTarget;
    private final MemorySegment good;
    private final List<String> problems = new ArrayList<>();
    private int checks;

    private RejectedCallsPe(ShmemRuntime rt, ShmemRuntime other, Arena arena) {
        this.rt = rt;
        this.other = other;
        target = rt.calloc(BYTES, 1);
        sig = rt.calloc(8, 8);
        foreign = other.calloc(BYTES, 1);
        freed = rt.calloc(64, 1);
        rt.free(freed);
        fill(target.local(), 7);
        rt.barrierAll();
        peerTarget = rt.myPe() == 0 ? target.ptr(1).orElseThrow() : null;
        good = arena.allocate(BYTES, 8);
        fill(good, 3);
    }

    public static void main(String[] args) throws Exception {
        try (ShmemRuntime rt = Shmem.init(); Arena arena = Arena.ofShared()) {
            ShmemRuntime other = ShmemRuntime.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(4L << 20));
            Shmem.setInstance(0);
            RejectedCallsPe t = new RejectedCallsPe(rt, other, arena);
            if (rt.myPe() == 0) {
                t.segmentStates(arena);
                t.fetchTargets(arena);
                t.streams(arena);
                t.instances();
                t.zeroLength();
            }
            rt.barrierAll();
            t.same(t.target.local(), 7, "this PE's target block at the end");
            other.close();
            Shmem.setInstance(0);
            for (String p : t.problems) {
                System.out.println("PROBLEM " + p);
            }
            if (!t.problems.isEmpty()) {
                System.out.flush();
                System.exit(1);
            }
            System.out.println("REJECTED CALLS OK pe " + rt.myPe() + " checks " + t.checks);
        }
    }

    private static void fill(MemorySegment s, int seed) {
        for (long i = 0; i < s.byteSize(); i++) {
            s.set(ValueLayout.JAVA_BYTE, i, (byte) (seed * 31 + i));
        }
    }

    private void same(MemorySegment s, int seed, String what) {
        for (long i = 0; i < s.byteSize(); i++) {
            if (s.get(ValueLayout.JAVA_BYTE, i) != (byte) (seed * 31 + i)) {
                problems.add(what + " changed at byte " + i);
                return;
            }
        }
    }

    /** A segment confined to a thread that is not the caller (made by a helper thread, its arena left open). */
    private static MemorySegment otherThreads() throws InterruptedException {
        MemorySegment[] box = new MemorySegment[1];
        Thread t = Thread.ofPlatform().start(() -> {
            box[0] = Arena.ofConfined().allocate(BYTES, 8);
        });
        t.join();
        return box[0];
    }

    private static MemorySegment closed(Arena parent) {
        Arena a = Arena.ofShared();
        MemorySegment s = a.allocate(BYTES, 8);
        a.close();
        return s;
    }

    private interface Call {
        void run() throws Exception;
    }

    /**
     * Runs a call that must be rejected with jshmem's exception naming {@code argument} (or one of {@code a|b});
     * then the target block on
     * PE 1 must be unchanged, and {@code local} too when it is readable here.
     */
    private void rejected(String what, String argument, MemorySegment local, Call call) {
        checks++;
        try {
            call.run();
            problems.add(what + ": accepted");
        } catch (ShmemArgumentException | ShmemStateException e) {
            String m = String.valueOf(e.getMessage());
            if (java.util.Arrays.stream(argument.split("\\|")).noneMatch(m::contains)) {
                problems.add(what + ": message does not name " + argument + ": " + e.getMessage());
            }
        } catch (Throwable t) {
            problems.add(what + ": threw " + t);
        }
        try {
            rt.quiet();
        } catch (RuntimeException e) {
            problems.add(what + ": quiet after it threw " + e);
        }
        same(peerTarget, 7, what + ": PE 1's target block");
        if (local == good) {
            same(good, 3, what + ": the local segment");
        }
    }

    private void accepted(String what, Call call) {
        checks++;
        try {
            call.run();
        } catch (Throwable t) {
            problems.add(what + ": rejected: " + t);
        }
        same(peerTarget, 7, what + ": PE 1's target block");
    }

    /** Every RMA surface with a local segment that is closed, read-only where written, or another thread's. */
    private void segmentStates(Arena arena) throws InterruptedException {
        MemorySegment[] bad = {closed(arena), good.asReadOnly(), otherThreads()};
        String[] state = {"closed", "read-only", "other thread's"};
        Context ctx = rt;
        ValueLayout l = ValueLayout.JAVA_LONG;
        for (int k = 0; k < bad.length; k++) {
            MemorySegment s = bad[k];
            String n = " with a " + state[k] + " segment";
            boolean readOnly = k == 1;
            // Reads of a read-only segment are fine; writes into it are not.
            if (!readOnly) {
                rejected("putmem" + n, "src", s, () -> ctx.putmem(target, 0, s, 0, 8, 1));
                rejected("putmemNbi" + n, "src", s, () -> ctx.putmemNbi(target, 0, s, 0, 8, 1));
                rejected("put" + n, "src", s, () -> ctx.put(l, target, 0, s, 0, 1, 1));
                rejected("putNbi" + n, "src", s, () -> ctx.putNbi(l, target, 0, s, 0, 1, 1));
                rejected("iput" + n, "src", s, () -> ctx.iput(l, target, 0, 2, s, 0, 1, 2, 1));
                rejected("ibput" + n, "src", s, () -> ctx.ibput(l, target, 0, 4, s, 0, 2, 2, 2, 1));
                rejected("ibputmem" + n, "src", s, () -> ctx.ibputmem(target, 0, 16, s, 0, 8, 8, 2, 1));
                rejected("putmemSignal" + n, "src", s, () -> ctx.putmemSignal(target, 0, s, 0, 8, sig, 0, 1,
                        SignalOp.SET, 1));
                rejected("putSignalNbi" + n, "src", s, () -> ctx.putSignalNbi(l, target, 0, s, 0, 1, sig, 0, 1,
                        SignalOp.ADD, 1));
                rejected("Shmem.putmem" + n, "src", s, () -> Shmem.putmem(target, 0, s, 0, 8, 1));
            }
            rejected("getmem" + n, "dest", s, () -> ctx.getmem(s, 0, target, 0, 8, 1));
            rejected("getmemNbi" + n, "dest", s, () -> ctx.getmemNbi(s, 0, target, 0, 8, 1));
            rejected("get" + n, "dest", s, () -> ctx.get(l, s, 0, target, 0, 1, 1));
            rejected("getNbi" + n, "dest", s, () -> ctx.getNbi(l, s, 0, target, 0, 1, 1));
            rejected("iget" + n, "dest", s, () -> ctx.iget(l, s, 0, 1, target, 0, 2, 2, 1));
            rejected("ibget" + n, "dest", s, () -> ctx.ibget(l, s, 0, 2, target, 0, 4, 2, 2, 1));
            rejected("ibgetmem" + n, "dest", s, () -> ctx.ibgetmem(s, 0, 8, target, 0, 16, 8, 2, 1));
            rejected("Shmem.getmem" + n, "dest", s, () -> Shmem.getmem(s, 0, target, 0, 8, 1));
        }
        // A read-only source is fine.
        accepted("putmem from a read-only segment", () -> {
            rt.putmem(target, 0, good.asReadOnly(), 0, 0, 1);
            rt.get(ValueLayout.JAVA_LONG, MemorySegment.ofArray(new long[1]), 0, target, 0, 1, 1);
        });
    }

    /** Non-blocking fetching atomics whose fetch segment is bad must not run the atomic on the target. */
    private void fetchTargets(Arena arena) throws InterruptedException {
        MemorySegment[] bad = {closed(arena), good.asReadOnly(), otherThreads()};
        String[] state = {"closed", "read-only", "other thread's"};
        DataType t = DataType.LONG;
        for (int k = 0; k < bad.length; k++) {
            MemorySegment f = bad[k];
            String n = " with a " + state[k] + " fetch segment";
            rejected("atomicFetchNbi" + n, "fetch", f, () -> rt.atomicFetchNbi(t, f, 0, target, 0, 1));
            rejected("atomicSwapNbi" + n, "fetch", f, () -> rt.atomicSwapNbi(t, f, 0, target, 0, 5, 1));
            rejected("atomicCompareSwapNbi" + n, "fetch", f,
                    () -> rt.atomicCompareSwapNbi(t, f, 0, target, 0, peerTarget.get(ValueLayout.JAVA_LONG, 0), 5,
                            1));
            rejected("atomicFetchIncNbi" + n, "fetch", f, () -> rt.atomicFetchIncNbi(t, f, 0, target, 0, 1));
            rejected("atomicFetchAddNbi" + n, "fetch", f, () -> rt.atomicFetchAddNbi(t, f, 0, target, 0, 5, 1));
            rejected("atomicFetchAndNbi" + n, "fetch", f, () -> rt.atomicFetchAndNbi(t, f, 0, target, 0, 0, 1));
            rejected("atomicFetchOrNbi" + n, "fetch", f, () -> rt.atomicFetchOrNbi(t, f, 0, target, 0, -1, 1));
            rejected("atomicFetchXorNbi" + n, "fetch", f, () -> rt.atomicFetchXorNbi(t, f, 0, target, 0, -1, 1));
            rejected("INT atomicFetchAddNbi" + n, "fetch", f,
                    () -> rt.atomicFetchAddNbi(DataType.INT, f, 0, target, 0, 5, 1));
            rejected("Shmem.atomicFetchAddNbi" + n, "fetch", f,
                    () -> Shmem.atomicFetchAddLongNbi(f, 0, target, 0, 5L, 1));
        }
    }

    /** A stream refuses at the call what it could not run, queues nothing for it, and stays usable. */
    private void streams(Arena arena) throws InterruptedException {
        MemorySegment closedSeg = closed(arena);
        MemorySegment mine = Arena.ofConfined().allocate(BYTES, 8);
        MemorySegment theirs = otherThreads();
        try (Stream s = rt.createStream()) {
            rejected("stream.putmem from a closed segment", "src", closedSeg,
                    () -> s.putmem(target, 0, closedSeg, 0, 8, 1));
            rejected("stream.getmem into a closed segment", "dest", closedSeg,
                    () -> s.getmem(closedSeg, 0, target, 0, 8, 1));
            rejected("stream.getmem into a read-only segment", "dest", good,
                    () -> s.getmem(good.asReadOnly(), 0, target, 0, 8, 1));
            rejected("stream.putmem from the caller's confined segment", "src", mine,
                    () -> s.putmem(target, 0, mine, 0, 8, 1));
            rejected("stream.putmem from another thread's segment", "src", theirs,
                    () -> s.putmem(target, 0, theirs, 0, 8, 1));
            rejected("Shmem.putmemOnStream from a closed segment", "src", closedSeg,
                    () -> Shmem.putmemOnStream(target, 0, closedSeg, 0, 8, 1, s));
            checks++;
            if (s.pending() != 0) {
                problems.add("the stream queued " + s.pending() + " refused operations");
            }
            accepted("the stream still runs after the refusals", () -> {
                s.getmem(good, 0, target, 0, 0, 1);
                s.quiet();
                s.synchronize();
            });
        }
    }

    /** The facade's local-block overloads and OnStream forms take only blocks and streams of the current instance. */
    private void instances() {
        SymmetricMemory f = foreign;
        ValueLayout l = ValueLayout.JAVA_LONG;
        rejected("Shmem.putmem from instance 1's block", "src", null, () -> Shmem.putmem(target, 0, f, 0, 8, 1));
        rejected("Shmem.putmemNbi from instance 1's block", "src", null, () -> Shmem.putmemNbi(target, 0, f, 0, 8, 1));
        rejected("Shmem.getmem into instance 1's block", "dest", null, () -> Shmem.getmem(f, 0, target, 0, 8, 1));
        rejected("Shmem.getmemNbi into instance 1's block", "dest", null,
                () -> Shmem.getmemNbi(f, 0, target, 0, 8, 1));
        rejected("Shmem.putmemSignal from instance 1's block", "src", null,
                () -> Shmem.putmemSignal(target, 0, f, 0, 8, sig, 0, 1, SignalOp.SET, 1));
        rejected("Shmem.putmemSignalNbi from instance 1's block", "src", null,
                () -> Shmem.putmemSignalNbi(target, 0, f, 0, 8, sig, 0, 1, SignalOp.SET, 1));
        rejected("Shmem.iput from instance 1's block", "src", null,
                () -> Shmem.iput(l, target, 0, 1, f, 0, 1, 2, 1));
        rejected("Shmem.iget into instance 1's block", "dest", null,
                () -> Shmem.iget(l, f, 0, 1, target, 0, 1, 2, 1));
        rejected("Shmem.ibput from instance 1's block", "src", null,
                () -> Shmem.ibput(l, target, 0, 2, f, 0, 2, 1, 2, 1));
        rejected("Shmem.ibget into instance 1's block", "dest", null,
                () -> Shmem.ibget(l, f, 0, 2, target, 0, 2, 1, 2, 1));
        rejected("Shmem.ibputmem from instance 1's block", "src", null,
                () -> Shmem.ibputmem(target, 0, 16, f, 0, 16, 8, 2, 1));
        rejected("Shmem.ibgetmem into instance 1's block", "dest", null,
                () -> Shmem.ibgetmem(f, 0, 16, target, 0, 16, 8, 2, 1));
        Stream s = rt.defaultStream();
        rejected("Shmem.putmemOnStream from instance 1's block", "src", null,
                () -> Shmem.putmemOnStream(target, 0, f, 0, 8, 1, s));
        rejected("Shmem.getmemOnStream into instance 1's block", "dest", null,
                () -> Shmem.getmemOnStream(f, 0, target, 0, 8, 1, s));
        rejected("Shmem.quietOnStream on instance 1's stream", "stream", null,
                () -> Shmem.quietOnStream(other.defaultStream()));
        rejected("Shmem.putmemOnStream on instance 1's stream", "stream", null,
                () -> Shmem.putmemOnStream(target, 0, good, 0, 8, 1, other.defaultStream()));
        // A freed block's local view is gone, as its ptr is: its range may belong to another block.
        MemorySegment[] view = new MemorySegment[1];
        rejected("local() of a freed block", "freed", null, () -> view[0] = freed.local());
        rejected("Shmem.putmem from a freed block", "src", null, () -> Shmem.putmem(target, 0, freed, 0, 8, 1));
        rejected("Shmem.getmem into a freed block", "dest", null, () -> Shmem.getmem(freed, 0, target, 0, 8, 1));
    }

    /** Zero-length transfers with null buffers do nothing; with a length they name the null argument. */
    private void zeroLength() {
        ValueLayout l = ValueLayout.JAVA_LONG;
        long before = rt.g(ValueLayout.JAVA_LONG, sig, 0, 1);
        accepted("putmem(null, null, 0)", () -> rt.putmem(null, 0, null, 0, 0, 1));
        accepted("getmem(null, null, 0)", () -> rt.getmem(null, 0, null, 0, 0, 1));
        accepted("putmemNbi/getmemNbi(null, null, 0)", () -> {
            rt.putmemNbi(null, 0, null, 0, 0, 1);
            rt.getmemNbi(null, 0, null, 0, 0, 1);
            rt.quiet();
        });
        accepted("put/get(null, null, 0)", () -> {
            rt.put(l, null, 0, null, 0, 0, 1);
            rt.get(l, null, 0, null, 0, 0, 1);
        });
        accepted("iput/iget(null, null, 0)", () -> {
            rt.iput(l, null, 0, 1, null, 0, 1, 0, 1);
            rt.iget(l, null, 0, 1, null, 0, 1, 0, 1);
        });
        accepted("ibput/ibget(null, null, 0 blocks)", () -> {
            rt.ibput(l, null, 0, 1, null, 0, 1, 1, 0, 1);
            rt.ibget(l, null, 0, 1, null, 0, 1, 0, 1, 1);
        });
        accepted("Shmem.putmem/getmem(null, null, 0)", () -> {
            Shmem.putmem(null, 0, (MemorySegment) null, 0, 0, 1);
            Shmem.getmem((MemorySegment) null, 0, null, 0, 0, 1);
            Shmem.putmem(null, 0, (SymmetricMemory) null, 0, 0, 1);
        });
        accepted("Shmem.put/get(null, null array, 0)", () -> {
            Shmem.put(null, 0, (long[]) null, 0, 0, 1);
            Shmem.get((int[]) null, 0, null, 0, 0, 1);
        });
        accepted("stream.putmem(null, null, 0)", () -> {
            Stream s = rt.defaultStream();
            s.putmem(null, 0, null, 0, 0, 1);
            s.synchronize();
        });
        accepted("putmemSignal(null, null, 0) still signals", () -> {
            rt.putmemSignal(null, 0, null, 0, 0, sig, 0, 5, SignalOp.ADD, 1);
            rt.quiet();
        });
        rejected("putmem(null dest, 8 bytes)", "dest", null, () -> rt.putmem(null, 0, good, 0, 8, 1));
        rejected("putmem(null src, 8 bytes)", "src", null, () -> rt.putmem(target, 0, null, 0, 8, 1));
        rejected("getmem(null dest, 8 bytes)", "dest", null, () -> rt.getmem(null, 0, target, 0, 8, 1));
        rejected("Shmem.put(null array, 1)", "src", null, () -> Shmem.put(target, 0, (long[]) null, 0, 1, 1));
        rejected("putmem(null, null, 0) to PE 7", "pe", null, () -> rt.putmem(null, 0, null, 0, 0, 7));
        rejected("getmem(null, null, -1)", "src|bytes", null, () -> rt.getmem(null, 0, null, 0, -1, 1));
        rejected("putmem(null src, 0 bytes, srcOffset -1)", "srcOffset", null,
                () -> rt.putmem(target, 0, null, -1, 0, 1));
        long after = rt.g(ValueLayout.JAVA_LONG, sig, 0, 1);
        checks++;
        if (after != before + 5) {
            problems.add("the zero-length putmemSignal did not add its signal: " + before + " -> " + after);
        }
    }
}
