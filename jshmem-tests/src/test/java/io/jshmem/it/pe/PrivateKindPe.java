package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.HeapUsage;
import io.jshmem.MemType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.spi.MemoryKindUnsupportedException;
import io.jshmem.spi.contract.PrivateHeapKindProvider;

import java.lang.foreign.MemorySegment;

/**
 * A memory kind that is not host-addressable, chosen by name, in a real job: JSHMEM_DEVICE_KIND naming no provider
 * fails the first DEVICE_SIDE allocation naming the setting, the value and the providers found; named
 * {@value PrivateHeapKindProvider#NAME}, the allocation succeeds, and every host view of the block (local(), ptr of
 * every PE, the runtime's and the team's ptr) is refused naming the kind, and so are atomics; contiguous put and get
 * reach this PE's heap of the kind and are refused for another process's (the kind's own
 * MemoryKindUnsupportedException, naming the kind and the PE) with nothing moved; free works.
 * The setting is set as its system property, so that one job covers both cases.
 */
public final class PrivateKindPe {
    private static final String SETTING = "jshmem.device.kind";

    public static void main(String[] args) {
        System.setProperty(PrivateHeapKindProvider.ENABLE_PROPERTY, "true");
        ShmemRuntime shmem = Shmem.init();
        int me = shmem.myPe();
        int n = shmem.nPes();
        HeapUsage before = shmem.heapUsage();

        System.setProperty(SETTING, "no-such-kind");
        Expect.thrown(ShmemStateException.class, () -> shmem.malloc(64, MemType.DEVICE_SIDE),
                "JSHMEM_DEVICE_KIND = no-such-kind names no memory-kind provider of DEVICE_SIDE",
                "providers found: " + SharedFileDeviceProvider.NAME + " (DEVICE_SIDE, unavailable: ",
                PrivateHeapKindProvider.NAME + " (DEVICE_SIDE)", "Nothing was allocated");
        Expect.equal(before, shmem.heapUsage(), "an unknown kind name allocates nothing");
        System.out.println("case unknown-kind ok pe " + me);

        System.setProperty(SETTING, PrivateHeapKindProvider.NAME);
        SymmetricMemory d = shmem.malloc(4096, MemType.DEVICE_SIDE);
        Expect.equal(MemType.DEVICE_SIDE, d.memType(), "DEVICE_SIDE kind");
        Expect.equal(4096L, d.byteSize(), "DEVICE_SIDE size");
        String[] named = {"memory kind '" + PrivateHeapKindProvider.NAME + "' (DEVICE_SIDE) is not host-addressable",
            "jshmem hands out no host views of it"};
        Expect.thrown(ShmemStateException.class, d::local, named);
        for (int pe = 0; pe < n; pe++) {
            int p = pe;
            Expect.thrown(ShmemStateException.class, () -> d.ptr(p), named);
            Expect.thrown(ShmemStateException.class, () -> shmem.ptr(d, p), named);
            Expect.thrown(ShmemStateException.class, () -> shmem.teamWorld().ptr(d, p), named);
        }
        ShmemArgumentException rma = Expect.thrown(ShmemArgumentException.class,
                () -> shmem.atomicAdd(DataType.LONG, d, 0, 1, (me + 1) % n), "DEVICE_SIDE buffer",
                PrivateHeapKindProvider.NAME, "HOST_SIDE buffers only");
        Expect.isTrue(!rma.getMessage().contains("local()/ptr(pe) views"), "no host views offered: " + rma);
        System.out.println("case no-host-views ok pe " + me);

        // contiguous put and get go through the kind's copies: this PE's heap is reached, another process's is not
        shmem.putmem(d, 8, MemorySegment.ofArray(new long[] {4000 + me}), 0, 8, me);
        shmem.barrierAll();
        int next = (me + 1) % n;
        MemorySegment src = MemorySegment.ofArray(new long[] {-1});
        Expect.thrown(MemoryKindUnsupportedException.class, () -> shmem.putmem(d, 8, src, 0, 8, next),
                "copyIn with PE " + next, "memory kind '" + PrivateHeapKindProvider.NAME + "'");
        long[] got = {-2};
        Expect.thrown(MemoryKindUnsupportedException.class,
                () -> shmem.getmem(MemorySegment.ofArray(got), 0, d, 8, 8, next), "copyOut with PE " + next,
                "memory kind '" + PrivateHeapKindProvider.NAME + "'");
        Expect.equal(-2L, got[0], "a refused get writes nothing");
        shmem.barrierAll();
        shmem.getmem(MemorySegment.ofArray(got), 0, d, 8, 8, me);
        Expect.equal(4000L + me, got[0], "the refused put from PE " + (me + n - 1) % n + " moved nothing here");
        System.out.println("case unreachable-peer ok pe " + me);

        shmem.free(d, MemType.DEVICE_SIDE);
        Expect.isTrue(d.isFreed(), "freed");
        Expect.thrown(ShmemStateException.class, () -> d.ptr(0), "freed");
        Expect.equal(before, shmem.heapUsage(), "the kind never used the host heap");
        shmem.close();
        System.out.println("PRIVATE KIND OK pe " + me + " of " + n);
    }
}
