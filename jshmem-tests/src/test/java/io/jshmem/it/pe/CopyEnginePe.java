package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The copy engine (JSHMEM_COPY_ENGINE=true, CANN's SDMA): large putmemNbi/getmemNbi run on a background thread and
 * are complete after quiet; repeated with changing contents so that a missed completion shows.
 */
public final class CopyEnginePe {
    private static final int BYTES = 1 << 20;

    public static void main(String[] args) {
        try (ShmemRuntime rt = Shmem.init()) {
            int me = rt.myPe();
            int n = rt.nPes();
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;
            Expect.isTrue(n == 1 || rt.diagnostics().contains("copy-engine+shm"), rt.diagnostics());
            SymmetricMemory buf = rt.malloc(BYTES);
            MemorySegment src = Arena.ofShared().allocate(BYTES, 8);
            MemorySegment back = Arena.ofShared().allocate(BYTES, 8);
            for (int round = 0; round < 20; round++) {
                for (int i = 0; i < BYTES / 8; i++) {
                    src.setAtIndex(ValueLayout.JAVA_LONG, i, round * 1_000_000_000L + me * 1_000_000L + i);
                }
                rt.putmemNbi(buf, 0, src, 0, BYTES, next);
                rt.quiet();
                rt.barrierAll();
                long base = round * 1_000_000_000L + prev * 1_000_000L;
                Expect.equal(base, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 0), "round " + round + " first");
                Expect.equal(base + BYTES / 8 - 1, buf.local().getAtIndex(ValueLayout.JAVA_LONG, BYTES / 8 - 1),
                        "round " + round + " last");
                rt.getmemNbi(back, 0, buf, 0, BYTES, next);
                rt.quiet();
                Expect.equal(round * 1_000_000_000L + me * 1_000_000L + 77, back.getAtIndex(ValueLayout.JAVA_LONG, 77),
                        "round " + round + " get");
                rt.barrierAll();
            }
            System.out.println("COPY ENGINE OK pe " + me);
        }
    }
}
