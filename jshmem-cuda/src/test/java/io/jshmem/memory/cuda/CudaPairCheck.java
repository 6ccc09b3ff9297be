package io.jshmem.memory.cuda;

import io.jshmem.spi.MemoryKindHeap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * One PE of a job of separate processes on one host, over the cuda kind without the rest of jshmem: opens the heaps
 * (so every PE opens the others' IPC handles), then every PE reads every peer's heap (device to host over IPC),
 * writes into every peer's heap (host to device) and copies its heap into every peer's (device to device), each
 * checked byte for byte on the receiving PE after a barrier. Prints {@code CUDA PAIR OK pe P device D (name)} and
 * exits 0, or prints the failure and exits 1. Run by {@link CudaTwoProcessTest} on the test double and by
 * {@code bench/device/cuda-check.sh} on a real GPU.
 *
 * <p>Arguments: exchange directory (shared by the PEs, empty), PE number, number of PEs, CUDA driver library.
 */
public final class CudaPairCheck {
    private static final int BLOCK = 4099;
    private static final long HEAP = 1L << 20;

    private CudaPairCheck() {
    }

    public static void main(String[] args) {
        int me = Integer.parseInt(args[1]);
        try {
            int n = Integer.parseInt(args[2]);
            CudaKindProvider provider = new CudaKindProvider(args[3]);
            provider.unavailableReason().ifPresent(why -> {
                throw new IllegalStateException("the cuda kind is unavailable: " + why);
            });
            FileExchangeSetup setup = new FileExchangeSetup(Path.of(args[0]), me, n, HEAP, Duration.ofSeconds(60));
            String line;
            try (MemoryKindHeap heap = provider.open(setup); Arena arena = Arena.ofConfined()) {
                run(heap, setup, me, n, arena);
                int device = ((CudaHeap) heap).device();
                line = "CUDA PAIR OK pe " + me + " device " + device + " ("
                        + CudaLibrary.probe(args[3]).driver().deviceName(device) + ")";
                setup.barrier();
            }
            System.out.println(line);
            System.exit(0);
        } catch (Throwable t) {
            System.out.println("CUDA PAIR FAILED pe " + me + ": " + t);
            t.printStackTrace(System.out);
            System.exit(1);
        }
    }

    private static void run(MemoryKindHeap heap, FileExchangeSetup setup, int me, int n, Arena arena) {
        heap.copyIn(me, 0, MemorySegment.ofArray(pattern(BLOCK, me)));
        setup.barrier();
        for (int pe = 0; pe < n; pe++) {
            MemorySegment got = arena.allocate(BLOCK);
            heap.copyOut(pe, 0, got);
            expect(pattern(BLOCK, pe), got, "PE " + pe + "'s heap read by PE " + me);
            if (pe != me) {
                heap.copyIn(pe, slot(1, me), MemorySegment.ofArray(pattern(BLOCK, 100 + me)));
                heap.copy(pe, slot(2, me), me, 0, BLOCK);
            }
        }
        setup.barrier();
        for (int pe = 0; pe < n; pe++) {
            if (pe == me) {
                continue;
            }
            MemorySegment in = arena.allocate(BLOCK);
            heap.copyOut(me, slot(1, pe), in);
            expect(pattern(BLOCK, 100 + pe), in, "copyIn by PE " + pe + " into PE " + me);
            heap.copyOut(me, slot(2, pe), in);
            expect(pattern(BLOCK, pe), in, "copy by PE " + pe + " from its heap into PE " + me + "'s");
        }
    }

    private static long slot(int area, int pe) {
        return area * 65536L + pe * 8192L;
    }

    private static byte[] pattern(int bytes, int seed) {
        byte[] b = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            b[i] = (byte) (i * 31 + seed * 7 + 1);
        }
        return b;
    }

    private static void expect(byte[] want, MemorySegment got, String what) {
        byte[] have = got.toArray(ValueLayout.JAVA_BYTE);
        int at = Arrays.mismatch(want, have);
        if (at >= 0) {
            throw new AssertionError(what + ": byte " + at + " is " + (at < have.length ? have[at] : "missing")
                    + ", expected " + want[at]);
        }
    }
}
