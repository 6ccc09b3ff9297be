package io.jshmem.it.pe;

import io.jshmem.DataOpEngine;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;

/**
 * CANN's {@code set_qp_num}: rejected for MTE, SDMA, UDMA and outside 1..32 before init, and after init;
 * for RDMA it becomes the UCX engine's UCX_MAX_RNDV_RAILS, as UCX itself reads it back; data still flows; after the
 * last finalize it is unset again. Argument {@code set:N} calls setQpNum(RDMA, N); {@code env:N} expects
 * JSHMEM_UCX_QP_NUM=N from the environment instead.
 */
public final class QpNumPe {
    private static final long BYTES = 256 * 1024;

    public static void main(String[] args) {
        String[] a = args[0].split(":");
        int qp = Integer.parseInt(a[1]);
        for (DataOpEngine e : new DataOpEngine[] {DataOpEngine.MTE, DataOpEngine.SDMA}) {
            Expect.thrown(ShmemArgumentException.class, () -> Shmem.setQpNum(e, 2), "engine = " + e,
                    "has no queue pairs", "RDMA");
        }
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.setQpNum(DataOpEngine.UDMA, 2), "UDMA",
                "not supported");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.setQpNum(DataOpEngine.RDMA, 0), "qpNum = 0", "1..32");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.setQpNum(DataOpEngine.RDMA, 33), "qpNum = 33",
                "1..32");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.setQpNum(null, 2), "engine is null");
        Expect.equal(0, Shmem.qpNum(DataOpEngine.RDMA), "no qpNum yet");
        if (a[0].equals("set")) {
            Shmem.setQpNum(DataOpEngine.RDMA, qp);
            Expect.equal(qp, Shmem.qpNum(DataOpEngine.RDMA), "qpNum recorded");
        }
        int me;
        try (ShmemRuntime rt = Shmem.init(); Arena arena = Arena.ofShared()) {
            me = rt.myPe();
            int n = rt.nPes();
            Expect.thrown(ShmemStateException.class, () -> Shmem.setQpNum(DataOpEngine.RDMA, 1), "before init");
            Map<String, Object> rdma = rt.engineSettings(DataOpEngine.RDMA);
            Expect.equal(true, rdma.get("ucxEngine"), "UCX engine: " + rdma);
            Expect.equal(qp, rdma.get("qpNum"), "qpNum in the UCX engine: " + rdma);
            Expect.equal(Integer.toString(qp), rdma.get("UCX_MAX_RNDV_RAILS"), "UCX's own reading: " + rdma);
            SymmetricMemory dst = rt.malloc(BYTES);
            MemorySegment src = arena.allocate(BYTES, 64);
            for (long i = 0; i < BYTES; i += 8) {
                src.set(ValueLayout.JAVA_LONG, i, ((long) me << 32) | i);
            }
            rt.barrierAll();
            rt.putmem(dst, 0, src, 0, BYTES, (me + 1) % n);
            rt.quiet();
            rt.barrierAll();
            int prev = (me + n - 1) % n;
            for (long i = 0; i < BYTES; i += 8) {
                Expect.equal(((long) prev << 32) | i, dst.local().get(ValueLayout.JAVA_LONG, i), "byte " + i);
            }
            MemorySegment back = arena.allocate(BYTES, 64);
            rt.getmem(back, 0, dst, 0, BYTES, (me + 1) % n);
            Expect.equal(((long) me << 32) | (BYTES - 8), back.get(ValueLayout.JAVA_LONG, BYTES - 8), "get back");
            rt.barrierAll();
            rt.free(dst);
            String d = rt.diagnostics();
            Expect.isTrue(d.contains("\"UCX_MAX_RNDV_RAILS\": \"" + qp + "\""), "diagnostics: " + d);
        }
        Expect.equal(0, Shmem.qpNum(DataOpEngine.RDMA), "qpNum unset after the last finalize");
        System.out.println("QP NUM OK pe " + me + " rails " + qp);
    }
}
