package io.jshmem.examples;

import io.jshmem.Cmp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.ThreadLevel;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A put-with-signal pipeline: PE 0 streams chunks to PE 1 (and PE 2k to PE 2k+1 in bigger jobs) through a ring of
 * slots in PE 1's symmetric heap. Each chunk travels with {@code putSignal}, whose signal (the chunk's sequence
 * number + 1, SET into the slot's signal word) never arrives before the data. PE 1 waits for each slot's signal,
 * checks the chunk against its checksum, and hands the slot back with {@code signalAdd} on PE 0's credit word.
 * A PE without a partner (one-PE jobs, the last PE of an odd job) runs the producer in a second thread and streams
 * to itself.
 *
 * <p>Run: {@code bin/shmemrun -np 2 io.jshmem.examples.SignalPipeline [chunks] [chunkKiB]}
 */
public final class SignalPipeline {
    private static final int SLOTS = 4;

    private SignalPipeline() {
    }

    public static void main(String[] args) throws Exception {
        int chunks = args.length > 0 ? Integer.parseInt(args[0]) : 256;
        int chunkLongs = (args.length > 1 ? Integer.parseInt(args[1]) : 64) * 1024 / Long.BYTES;
        boolean ok;
        try (ShmemRuntime shmem = Shmem.initThread(ThreadLevel.MULTIPLE)) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            SymmetricMemory ring = shmem.malloc((long) SLOTS * chunkLongs * Long.BYTES);
            SymmetricMemory ready = shmem.calloc(SLOTS, Long.BYTES);   // consumer side: chunk seq + 1 per slot
            SymmetricMemory credits = shmem.calloc(1, Long.BYTES);     // producer side: chunks consumed so far
            shmem.barrierAll();
            boolean producer = (me & 1) == 0 && me + 1 < n;
            boolean consumer = (me & 1) == 1;
            long t0 = System.nanoTime();
            if (producer) {
                produce(shmem, ring, ready, credits, me + 1, chunks, chunkLongs);
                ok = true;
            } else if (consumer) {
                ok = consume(shmem, ring, ready, credits, me - 1, chunks, chunkLongs);
            } else {
                Thread p = Thread.ofPlatform().name("producer").start(
                        () -> produce(shmem, ring, ready, credits, me, chunks, chunkLongs));
                ok = consume(shmem, ring, ready, credits, me, chunks, chunkLongs);
                p.join();
            }
            if (!producer) {
                double seconds = (System.nanoTime() - t0) / 1e9;
                double mib = (double) chunks * chunkLongs * Long.BYTES / (1 << 20);
                System.out.printf("pe %d: %d chunks of %d KiB in %.3f s (%.0f MiB/s)%n", me, chunks,
                        chunkLongs * Long.BYTES / 1024, seconds, mib / seconds);
            }
            shmem.barrierAll();
            shmem.free(credits);
            shmem.free(ready);
            shmem.free(ring);
            System.out.println(ok ? "[SUCCESS] run success in pe " + me : "[ERROR] run result incorrect in pe " + me);
        }
        if (!ok) {
            System.exit(1);
        }
    }

    private static void produce(ShmemRuntime shmem, SymmetricMemory ring, SymmetricMemory ready,
                                SymmetricMemory credits, int consumer, int chunks, int chunkLongs) {
        long[] chunk = new long[chunkLongs];
        for (int c = 0; c < chunks; c++) {
            if (c >= SLOTS) {
                // Wait until the consumer has freed the slot this chunk goes to.
                shmem.signalWaitUntil(credits, 0, Cmp.GE, c - SLOTS + 1);
            }
            fill(chunk, shmem.myPe(), c);
            int slot = c % SLOTS;
            shmem.putSignal(ValueLayout.JAVA_LONG, ring, (long) slot * chunkLongs, MemorySegment.ofArray(chunk), 0,
                    chunkLongs, ready, slot, c + 1, SignalOp.SET, consumer);
        }
        shmem.quiet();
    }

    private static boolean consume(ShmemRuntime shmem, SymmetricMemory ring, SymmetricMemory ready,
                                   SymmetricMemory credits, int producer, int chunks, int chunkLongs) {
        MemorySegment local = ring.local();
        boolean ok = true;
        long[] expected = new long[chunkLongs];
        for (int c = 0; c < chunks; c++) {
            int slot = c % SLOTS;
            shmem.signalWaitUntil(ready, slot, Cmp.GE, c + 1);
            long base = (long) slot * chunkLongs;
            long sum = 0;
            for (int i = 0; i < chunkLongs; i++) {
                sum = sum * 31 + local.getAtIndex(ValueLayout.JAVA_LONG, base + i);
            }
            fill(expected, producer, c);
            if (sum != checksum(expected)) {
                ok = false;
                System.out.println("chunk " + c + ": checksum " + sum + ", expected " + checksum(expected));
            }
            shmem.signalAdd(credits, 0, 1, producer);
        }
        return ok;
    }

    /** Chunk {@code c} of producer {@code pe}: a deterministic pattern the consumer can regenerate. */
    private static void fill(long[] chunk, int pe, int c) {
        long x = pe * 0x9E37_79B9_7F4A_7C15L + c;
        for (int i = 0; i < chunk.length; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            chunk[i] = x;
        }
    }

    private static long checksum(long[] chunk) {
        long sum = 0;
        for (long v : chunk) {
            sum = sum * 31 + v;
        }
        return sum;
    }
}
