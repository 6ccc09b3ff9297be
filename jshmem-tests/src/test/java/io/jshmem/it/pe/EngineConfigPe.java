package io.jshmem.it.pe;

import io.jshmem.DataOpEngine;
import io.jshmem.EngineConfig;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;

/**
 * The engine configurations act where jshmem has a counterpart: MTE's workspaceBytes moves the SHM
 * engine's large-copy threshold, SDMA's the copy engine's minimum nbi size, observed both in
 * {@code engineSettings} and in behaviour (which nbi puts the copy engine's thread performed); RDMA and UDMA are
 * stored only; bad values change nothing. Argument {@code copy-engine} when JSHMEM_COPY_ENGINE is on (with
 * JSHMEM_COPY_ENGINE_MIN=1m), {@code plain} otherwise.
 */
public final class EngineConfigPe {
    private static final long BYTES = 64 * 1024;

    public static void main(String[] args) {
        boolean copyEngine = args.length > 0 && args[0].equals("copy-engine");
        try (ShmemRuntime rt = Shmem.init(); Arena arena = Arena.ofShared()) {
            // Shared: the copy engine's thread reads the source (a confined segment fails there with WrongThread).
            int me = rt.myPe();
            int n = rt.nPes();
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;
            SymmetricMemory dst = rt.malloc(BYTES);
            MemorySegment src = arena.allocate(BYTES, 64);

            // MTE: the SHM engine's threshold starts at JSHMEM_MEMCPY_THRESHOLD and follows workspaceBytes.
            Expect.equal(16384L, rt.engineSettings(DataOpEngine.MTE).get("memcpyThresholdBytes"), "MTE default");
            rt.setMteConfig(0, 65536, 0);
            Expect.equal(65536L, rt.engineSettings(DataOpEngine.MTE).get("memcpyThresholdBytes"), "MTE set");
            Expect.equal(65536L, rt.engineSettings(DataOpEngine.MTE).get("shmEngineMemcpyThresholdBytes"),
                    "MTE set on the SHM engine too");
            Expect.thrown(ShmemArgumentException.class, () -> rt.setMteConfig(0, 1L << 32, 0), "workspaceBytes");
            Expect.equal(65536L, rt.engineSettings(DataOpEngine.MTE).get("memcpyThresholdBytes"),
                    "MTE after a rejected value");
            Expect.equal(new EngineConfig(0, 65536, 0), rt.engineConfig(DataOpEngine.MTE), "MTE stored");
            roundTrip(rt, dst, src, me, next, prev, 1, false);
            rt.setMteConfig(0, 0, 0);
            Expect.equal(0L, rt.engineSettings(DataOpEngine.MTE).get("memcpyThresholdBytes"), "MTE zero");
            roundTrip(rt, dst, src, me, next, prev, 2, false);

            // SDMA: which nbi puts the copy engine's thread performs follows workspaceBytes.
            Map<String, Object> sdma = rt.engineSettings(DataOpEngine.SDMA);
            Expect.equal(copyEngine, sdma.get("copyEngine"), "SDMA copy engine on");
            if (copyEngine) {
                Expect.equal(1L << 20, sdma.get("minBytes"), "SDMA default = JSHMEM_COPY_ENGINE_MIN");
                long q0 = queued(rt);
                roundTrip(rt, dst, src, me, next, prev, 3, true);
                Expect.equal(q0, queued(rt), "64 KiB nbi below the 1 MiB minimum stays inline");
                rt.setSdmaConfig(0, 4096, 0);
                Expect.equal(4096L, rt.engineSettings(DataOpEngine.SDMA).get("minBytes"), "SDMA set");
                roundTrip(rt, dst, src, me, next, prev, 4, true);
                Expect.equal(q0 + 1, queued(rt), "64 KiB nbi at a 4 KiB minimum goes to the copy engine");
                Expect.isTrue((Long) rt.engineSettings(DataOpEngine.SDMA).get("bytesCopied") >= BYTES,
                        "copy engine copied the put");
                Expect.thrown(ShmemArgumentException.class, () -> rt.setSdmaConfig(0, -5, 0), "workspaceBytes = -5");
                Expect.equal(4096L, rt.engineSettings(DataOpEngine.SDMA).get("minBytes"), "SDMA after a rejection");
                rt.setSdmaConfig(0, 1L << 30, 0);
                roundTrip(rt, dst, src, me, next, prev, 5, true);
                Expect.equal(q0 + 1, queued(rt), "64 KiB nbi at a 1 GiB minimum stays inline again");
                rt.setSdmaConfig(0, 0, 0);
                Expect.equal(1L, rt.engineSettings(DataOpEngine.SDMA).get("minBytes"), "SDMA 0 means every nbi");
            } else {
                rt.setSdmaConfig(0, 4096, 0);
                Expect.equal(null, rt.engineSettings(DataOpEngine.SDMA).get("minBytes"), "no copy engine");
                Expect.equal(new EngineConfig(0, 4096, 0), rt.engineConfig(DataOpEngine.SDMA), "SDMA stored only");
                roundTrip(rt, dst, src, me, next, prev, 6, true);
            }

            // RDMA and UDMA: parity only, said so by the query.
            rt.setRdmaConfig(8, 256, 3);
            Map<String, Object> rdma = rt.engineSettings(DataOpEngine.RDMA);
            Expect.equal(false, rdma.get("ucxEngine"), "no UCX engine on one host");
            Expect.isTrue(String.valueOf(rdma.get("actingFields")).contains("parity"), "RDMA parity: " + rdma);
            Expect.equal(new EngineConfig(8, 256, 3), rt.engineConfig(DataOpEngine.RDMA), "RDMA stored");
            rt.setUdmaConfig(0, 128, 0);
            Expect.isTrue(String.valueOf(rt.engineSettings(DataOpEngine.UDMA).get("actingFields")).contains("parity"),
                    "UDMA parity");
            Expect.thrown(ShmemArgumentException.class, () -> rt.engineSettings(null), "engine is null");
            Shmem.setMteConfig(0, 32768, 0);
            Expect.equal(32768L, rt.engineSettings(DataOpEngine.MTE).get("memcpyThresholdBytes"), "facade MTE");
            String d = rt.diagnostics();
            Expect.isTrue(d.contains("\"engineEffective\"") && d.contains("\"memcpyThresholdBytes\": 32768"),
                    "diagnostics show the effective settings: " + d);
            rt.free(dst);
            System.out.println("ENGINE CONFIG OK pe " + me + (copyEngine ? " copy-engine" : " plain"));
        }
    }

    private static long queued(ShmemRuntime rt) {
        return (Long) rt.engineSettings(DataOpEngine.SDMA).get("queuedCopies");
    }

    /** Every PE puts a pattern to the next PE (blocking or nbi + quiet) and checks what the previous one sent. */
    private static void roundTrip(ShmemRuntime rt, SymmetricMemory dst, MemorySegment src, int me, int next,
                                  int prev, int round, boolean nbi) {
        for (long i = 0; i < BYTES; i += 8) {
            src.set(ValueLayout.JAVA_LONG, i, value(me, round, i));
        }
        rt.barrierAll();
        if (nbi) {
            rt.putmemNbi(dst, 0, src, 0, BYTES, next);
        } else {
            rt.putmem(dst, 0, src, 0, BYTES, next);
        }
        rt.quiet();
        rt.barrierAll();
        for (long i = 0; i < BYTES; i += 8) {
            long got = dst.local().get(ValueLayout.JAVA_LONG, i);
            if (got != value(prev, round, i)) {
                throw Expect.failure("round " + round + " offset " + i + ": got " + got + ", expected "
                        + value(prev, round, i), null);
            }
        }
        rt.barrierAll();
    }

    private static long value(int pe, int round, long i) {
        return ((long) pe << 48) | ((long) round << 40) | i;
    }
}
