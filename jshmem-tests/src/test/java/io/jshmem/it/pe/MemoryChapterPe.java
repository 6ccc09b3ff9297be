package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.HeapUsage;
import io.jshmem.MemType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;

/**
 * The memory chapter's issue-12 routines, case by case, values checked: malloc_with_hints (hints recorded, verified
 * across PEs, unknown bits rejected with nothing allocated), memory kinds (HOST_SIDE is the heap; DEVICE_SIDE fails
 * naming the missing provider, then goes through {@link SharedFileDeviceProvider} once it is available: values written
 * through peer views are read on the peer, contiguous put and get reach it, atomics on it are refused naming the kind) and team ptr (pe team-relative,
 * a strided team, written through the view and read back with get on the peer; TEAM_INVALID gives empty; bad pe,
 * dest and team rejected). Every failing case leaves the heap as it was and the job able to continue.
 *
 * <p>Argument: the directory for the test provider's device heap files.
 */
public final class MemoryChapterPe {
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG;

    public static void main(String[] args) {
        ShmemRuntime shmem = Shmem.init();
        int me = shmem.myPe();
        int n = shmem.nPes();
        hints(shmem, me, n);
        hintsDisagree(shmem, me, n);
        hostKind(shmem, me, n);
        noDeviceProvider(shmem);
        System.setProperty(SharedFileDeviceProvider.DIR_PROPERTY, args[0]);
        deviceKind(shmem, me, n);
        kindsDisagree(shmem, me, n);
        teamPtrWorld(shmem, me, n);
        teamPtrStrided(shmem, me, n);
        teamPtrBadInput(shmem, me, n);
        SymmetricMemory leftover = shmem.malloc(64, MemType.DEVICE_SIDE);
        MemorySegment leftoverPeer = leftover.ptr((me + 1) % n).orElseThrow();
        shmem.close();
        // finalize retires live DEVICE_SIDE blocks before the provider's heap goes away
        Expect.isTrue(leftover.isFreed(), "finalize retires a live DEVICE_SIDE block");
        Expect.thrown(IllegalStateException.class, () -> leftover.local().get(L, 0));
        Expect.thrown(IllegalStateException.class, () -> leftoverPeer.get(L, 0));
        Expect.thrown(ShmemStateException.class, () -> shmem.malloc(64, MemType.DEVICE_SIDE), "finalized");
        Expect.thrown(ShmemStateException.class, () -> shmem.mallocWithHints(64, 1), "finalized");
        Expect.thrown(ShmemStateException.class, () -> shmem.teamWorld().ptr(leftover, 0), "finalized");
        System.out.println("case after-finalize ok pe " + me);
        System.out.println("MEMORY CHAPTER OK pe " + me + " of " + n);
    }

    private static void hints(ShmemRuntime shmem, int me, int n) {
        Expect.equal(1L, ShmemRuntime.MALLOC_ATOMICS_REMOTE, "SHMEM_MALLOC_ATOMICS_REMOTE");
        Expect.equal(2L, ShmemRuntime.MALLOC_SIGNAL_REMOTE, "SHMEM_MALLOC_SIGNAL_REMOTE");
        SymmetricMemory atomics = shmem.mallocWithHints(64, ShmemRuntime.MALLOC_ATOMICS_REMOTE);
        Expect.equal(1L, atomics.hints(), "hints recorded (atomics)");
        Expect.equal(MemType.HOST_SIDE, atomics.memType(), "hinted block is host memory");
        Expect.equal(0L, atomics.heapOffset() % ShmemRuntime.DEFAULT_ALIGNMENT, "hinted block aligned like malloc");
        SymmetricMemory both = Shmem.mallocWithHints(64,
                ShmemRuntime.MALLOC_ATOMICS_REMOTE | ShmemRuntime.MALLOC_SIGNAL_REMOTE);
        Expect.equal(3L, both.hints(), "hints recorded (both, facade)");
        SymmetricMemory none = shmem.mallocWithHints(64, 0);
        Expect.equal(0L, none.hints(), "hint 0 is plain malloc");
        Expect.equal(0L, shmem.malloc(8).hints(), "malloc has no hints");
        Expect.isTrue(shmem.mallocWithHints(0, ShmemRuntime.MALLOC_SIGNAL_REMOTE) == null, "size 0 gives null");

        // the hints change nothing about use: remote atomics and signals on the hinted blocks
        atomics.local().fill((byte) 0);
        both.local().fill((byte) 0);
        shmem.barrierAll();
        for (int pe = 0; pe < n; pe++) {
            shmem.atomicAdd(DataType.LONG, atomics, 0, me + 1, pe);
            shmem.signalAdd(both, 1, 1, pe);
        }
        shmem.barrierAll();
        Expect.equal((long) n * (n + 1) / 2, atomics.local().getAtIndex(L, 0), "atomics on the hinted block");
        Expect.equal((long) n, shmem.signalFetch(both, 1), "signals on the hinted block");

        SymmetricMemory grown = shmem.realloc(atomics, 4096);
        Expect.equal(1L, grown.hints(), "realloc keeps the hints");
        Expect.equal((long) n * (n + 1) / 2, grown.local().getAtIndex(L, 0), "realloc keeps the contents");

        HeapUsage before = shmem.heapUsage();
        Expect.thrown(ShmemArgumentException.class, () -> shmem.mallocWithHints(64, 4), "hints = 0x4",
                "unknown hint bits 0x4", "SHMEM_MALLOC_ATOMICS_REMOTE", "mask 0x3", "nothing was allocated");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.mallocWithHints(64, -1L), "hints = 0xffffffffffffffff",
                "unknown hint bits 0xfffffffffffffffc");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.mallocWithHints(64, 1L << 40), "hints = 0x");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.mallocWithHints(-1, 1), "bytes = -1");
        Expect.equal(before, shmem.heapUsage(), "bad hints allocate nothing");
        shmem.free(grown);
        shmem.free(both);
        shmem.free(none);
        System.out.println("case hints ok pe " + me);
    }

    /** PEs passing different valid hints: every PE throws naming them, nothing is allocated, the job goes on. */
    private static void hintsDisagree(ShmemRuntime shmem, int me, int n) {
        if (n < 2) {
            return;
        }
        HeapUsage before = shmem.heapUsage();
        Expect.thrown(ShmemArgumentException.class, () -> shmem.mallocWithHints(64, me % 2 == 0 ? 1 : 2),
                "malloc_with_hints", "hints", "differ");
        Expect.equal(before, shmem.heapUsage(), "disagreeing hints allocate nothing");
        SymmetricMemory after = shmem.mallocWithHints(64, 2);
        Expect.equal(2L, after.hints(), "allocation after the disagreement");
        shmem.free(after);
        System.out.println("case hints-disagree ok pe " + me);
    }

    private static void hostKind(ShmemRuntime shmem, int me, int n) {
        SymmetricMemory m = shmem.malloc(64, MemType.HOST_SIDE);
        SymmetricMemory c = Shmem.calloc(4, 8, MemType.HOST_SIDE);
        SymmetricMemory a = shmem.align(4096, 64, MemType.HOST_SIDE);
        for (SymmetricMemory b : new SymmetricMemory[] {m, c, a}) {
            Expect.equal(MemType.HOST_SIDE, b.memType(), "HOST_SIDE kind");
            Expect.equal(shmem.instanceId(), b.instanceId(), "instance id");
        }
        Expect.equal(0L, a.heapOffset() % 4096, "HOST_SIDE align");
        Expect.equal(0L, c.local().getAtIndex(L, 3), "HOST_SIDE calloc zeroed");
        int next = (me + 1) % n;
        shmem.p(L, m, 0, 1000 + me, next);
        shmem.barrierAll();
        Expect.equal(1000L + (me + n - 1) % n, m.local().getAtIndex(L, 0), "HOST_SIDE buffer is the RMA heap");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.malloc(64, null), "memType is null");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.free(m, MemType.DEVICE_SIDE),
                "HOST_SIDE buffer but memType = DEVICE_SIDE", "nothing was freed");
        Expect.isTrue(!m.isFreed(), "mismatched free frees nothing");
        shmem.free(m, MemType.HOST_SIDE);
        Shmem.free(c, MemType.HOST_SIDE);
        shmem.free(a);
        Expect.isTrue(m.isFreed() && c.isFreed(), "free with the right kind");
        System.out.println("case host-kind ok pe " + me);
    }

    private static void noDeviceProvider(ShmemRuntime shmem) {
        HeapUsage before = shmem.heapUsage();
        for (Runnable call : new Runnable[] {() -> shmem.malloc(64, MemType.DEVICE_SIDE),
                () -> shmem.calloc(2, 8, MemType.DEVICE_SIDE), () -> shmem.align(256, 64, MemType.DEVICE_SIDE),
                () -> shmem.malloc(0, MemType.DEVICE_SIDE)}) {
            Expect.thrown(ShmemStateException.class, call, "MemType.DEVICE_SIDE", "io.jshmem.spi.MemoryKindProvider",
                    "META-INF/services/io.jshmem.spi.MemoryKindProvider", "found but unavailable: "
                            + SharedFileDeviceProvider.NAME, "never falls back to HOST_SIDE", "Nothing was allocated");
        }
        Expect.equal(0, SharedFileDeviceProvider.opens(), "unavailable provider never opened");
        Expect.equal(before, shmem.heapUsage(), "no-provider failure allocates nothing");
        System.out.println("case no-device-provider ok pe " + shmem.myPe());
    }

    private static void deviceKind(ShmemRuntime shmem, int me, int n) {
        HeapUsage hostBefore = shmem.heapUsage();
        SymmetricMemory d = shmem.malloc(4096, MemType.DEVICE_SIDE);
        Expect.equal(1, SharedFileDeviceProvider.opens(), "provider opened once, on first use");
        Expect.equal(MemType.DEVICE_SIDE, d.memType(), "DEVICE_SIDE kind");
        Expect.equal(shmem.instanceId(), d.instanceId(), "DEVICE_SIDE instance id");
        Expect.equal(4096L, d.byteSize(), "DEVICE_SIDE size");
        Expect.equal(hostBefore, shmem.heapUsage(), "DEVICE_SIDE does not use the host heap");
        MemorySegment heap = SharedFileDeviceProvider.lastHeap();
        long at = d.local().address();
        Expect.isTrue(at >= heap.address() && at + d.byteSize() <= heap.address() + heap.byteSize(),
                "the block lies in the provider's heap");
        Expect.equal(heap.address() + d.heapOffset(), at, "offset into the provider's heap");

        d.local().setAtIndex(L, 0, 5000 + me);
        shmem.barrierAll();
        for (int pe = 0; pe < n; pe++) {
            Optional<MemorySegment> v = d.ptr(pe);
            Expect.isTrue(v.isPresent(), "provider maps PE " + pe);
            Expect.equal(5000L + pe, v.get().getAtIndex(L, 0), "DEVICE_SIDE value of PE " + pe);
        }
        int next = (me + 1) % n;
        shmem.ptr(d, next).orElseThrow().setAtIndex(L, 1, 7000 + me);
        shmem.barrierAll();
        Expect.equal(7000L + (me + n - 1) % n, d.local().getAtIndex(L, 1), "written through the peer view");

        SymmetricMemory z = Shmem.calloc(16, 8, MemType.DEVICE_SIDE);
        SymmetricMemory al = shmem.align(4096, 100, MemType.DEVICE_SIDE);
        Expect.equal(MemType.DEVICE_SIDE, z.memType(), "DEVICE_SIDE calloc kind");
        Expect.equal(0L, z.local().getAtIndex(L, 15), "DEVICE_SIDE calloc zeroed");
        Expect.equal(0L, al.heapOffset() % 4096, "DEVICE_SIDE align");
        Expect.equal(1, SharedFileDeviceProvider.opens(), "the heap is opened once per instance");

        // contiguous put and get reach the block through the kind's copies, never the host heap at its offset
        shmem.putmem(d, 16, MemorySegment.ofArray(new long[] {9000 + me}), 0, 8, next);
        shmem.barrierAll();
        Expect.equal(9000L + (me + n - 1) % n, d.local().getAtIndex(L, 2), "putmem into a DEVICE_SIDE block");
        long[] got = new long[1];
        shmem.getmem(MemorySegment.ofArray(got), 0, d, 16, 8, next);
        Expect.equal(9000L + me, got[0], "getmem from a DEVICE_SIDE block");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.atomicAdd(DataType.LONG, d, 0, 1, next),
                "DEVICE_SIDE buffer", SharedFileDeviceProvider.NAME, "HOST_SIDE buffers only");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.realloc(d, 8192), "realloc", "HOST_SIDE");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.free(d, MemType.HOST_SIDE),
                "DEVICE_SIDE buffer but memType = HOST_SIDE");
        Expect.equal(5000L + me, d.local().getAtIndex(L, 0), "refused calls change nothing");
        Expect.equal(5000L + next, Shmem.teamPtr(shmem.teamWorld(), d, next).getAtIndex(L, 0),
                "team ptr of a DEVICE_SIDE buffer");

        shmem.free(d, MemType.DEVICE_SIDE);
        Expect.isTrue(d.isFreed(), "DEVICE_SIDE freed");
        Expect.thrown(IllegalStateException.class, () -> d.local().get(L, 0));
        Expect.thrown(ShmemStateException.class, () -> shmem.free(d), "freed");
        Expect.thrown(ShmemStateException.class, () -> d.ptr(next), "freed");
        shmem.free(z);
        shmem.free(al);
        // the heap is reused after free: same offset again, deterministic on every PE
        SymmetricMemory again = shmem.malloc(4096, MemType.DEVICE_SIDE);
        Expect.equal(d.heapOffset(), again.heapOffset(), "device allocator reuses the freed range");
        shmem.free(again);
        System.out.println("case device-kind ok pe " + me);
    }

    /** PE 0 allocates HOST_SIDE while the others allocate DEVICE_SIDE: every PE throws, nothing allocated. */
    private static void kindsDisagree(ShmemRuntime shmem, int me, int n) {
        if (n < 2) {
            return;
        }
        HeapUsage before = shmem.heapUsage();
        Expect.thrown(ShmemArgumentException.class,
                () -> shmem.malloc(64, me == 0 ? MemType.HOST_SIDE : MemType.DEVICE_SIDE), "differ",
                "another operation");
        Expect.equal(before, shmem.heapUsage(), "disagreeing kinds allocate nothing on the host heap");
        SymmetricMemory d = shmem.malloc(64, MemType.DEVICE_SIDE);
        Expect.equal(0L, d.heapOffset(), "disagreeing kinds allocate nothing on the device heap");
        shmem.free(d);
        System.out.println("case kinds-disagree ok pe " + me);
    }

    private static void teamPtrWorld(ShmemRuntime shmem, int me, int n) {
        Team world = shmem.teamWorld();
        SymmetricMemory buf = shmem.calloc(n, 8);
        for (int pe = 0; pe < n; pe++) {
            MemorySegment v = world.ptr(buf, pe).orElseThrow();
            Expect.equal(shmem.ptr(buf, pe).orElseThrow().address(), v.address(), "world team ptr is ptr " + pe);
            v.setAtIndex(L, me, 100L * me + pe);
        }
        shmem.barrierAll();
        long[] got = new long[n];
        for (int pe = 0; pe < n; pe++) {
            shmem.get(L, MemorySegment.ofArray(got), 0, buf, 0, n, pe);
            for (int w = 0; w < n; w++) {
                Expect.equal(100L * w + pe, got[w], "PE " + pe + " slot " + w + " written through team ptr by " + w);
            }
        }
        shmem.barrierAll();
        shmem.free(buf);
        System.out.println("case team-ptr-world ok pe " + me);
    }

    /** A strided team (odd world PEs at 2 and 4 PEs): pe is team-relative and translated to the world PE. */
    private static void teamPtrStrided(ShmemRuntime shmem, int me, int n) {
        Team world = shmem.teamWorld();
        int start = n == 1 ? 0 : 1;
        int size = Math.max(1, n / 2);
        Team odd = world.splitStrided(start, 2, size);
        SymmetricMemory buf = shmem.calloc(2, 8);
        if (odd.isValid()) {
            int t = odd.myPe();
            int nextT = (t + 1) % odd.nPes();
            int nextWorld = odd.translatePe(nextT, world);
            Expect.equal(start + 2 * nextT, nextWorld, "team to world");
            MemorySegment v = Shmem.teamPtr(odd, buf, nextT);
            Expect.equal(shmem.ptr(buf, nextWorld).orElseThrow().address(), v.address(),
                    "team ptr of team PE " + nextT + " is world PE " + nextWorld + "'s block");
            v.setAtIndex(L, 0, 9000 + me);
        } else {
            Expect.isTrue(odd.ptr(buf, 0).isEmpty(), "TEAM_INVALID gives empty");
            Expect.isTrue(Shmem.teamPtr(odd, buf, 5) == null, "TEAM_INVALID gives null through the facade");
        }
        shmem.barrierAll();
        if (odd.isValid()) {
            int nextWorld = odd.translatePe((odd.myPe() + 1) % odd.nPes(), world);
            Expect.equal(9000L + me, shmem.g(L, buf, 0, nextWorld), "read back with g on the peer");
            int prevWorld = odd.translatePe((odd.myPe() + odd.nPes() - 1) % odd.nPes(), world);
            Expect.equal(9000L + prevWorld, buf.local().getAtIndex(L, 0), "written by the previous team PE");
        } else {
            Expect.equal(0L, buf.local().getAtIndex(L, 0), "non-members untouched");
        }
        shmem.barrierAll();
        odd.destroy();
        shmem.free(buf);
        System.out.println("case team-ptr-strided ok pe " + me);
    }

    private static void teamPtrBadInput(ShmemRuntime shmem, int me, int n) {
        Team world = shmem.teamWorld();
        SymmetricMemory buf = shmem.calloc(1, 8);
        Expect.thrown(ShmemArgumentException.class, () -> world.ptr(buf, -1), "pe = -1", "0.." + (n - 1));
        Expect.thrown(ShmemArgumentException.class, () -> world.ptr(buf, n), "pe = " + n);
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.teamPtr(world, buf, Integer.MAX_VALUE), "pe = ");
        Expect.thrown(ShmemArgumentException.class, () -> world.ptr(null, 0), "dest is null");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.teamPtr(null, buf, 0), "team is null");
        Team all = world.splitStrided(0, 1, n);
        all.destroy();
        Expect.thrown(ShmemStateException.class, () -> all.ptr(buf, 0), "destroyed");
        SymmetricMemory gone = shmem.malloc(8);
        MemorySegment view = world.ptr(gone, 0).orElseThrow();
        shmem.free(gone);
        Expect.thrown(ShmemStateException.class, () -> world.ptr(gone, 0), "freed");
        Expect.thrown(IllegalStateException.class, () -> view.get(L, 0));
        Expect.equal(0L, world.ptr(buf, 0).orElseThrow().get(L, 0), "the team still works after bad input");
        shmem.free(buf);
        System.out.println("case team-ptr-bad-input ok pe " + me);
    }
}
