package io.jshmem.examples;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * Key/value shuffle (CANN SHMEM's kv_shuffle flow): every PE holds records (8-byte key, 8-byte value) and sends each
 * to the PE that owns its key's hash. Per round: the record counts go around with {@link Team#alltoall}, the
 * receive offsets come back with a second alltoall, the records are put straight into their owner's receive buffer,
 * and each put is followed by a fence and a per-sender flag (put-with-signal built from put + fence + flag store;
 * the receiver waits for every sender's flag with acquire loads). Then every PE checks that it holds exactly its
 * records: each key hashes to it, and the checksum of what it received from each sender equals the checksum that
 * sender computed for it (gathered with a third alltoall); the record totals are compared with a sum reduction.
 *
 * <p>Run: {@code bin/shmemrun -np 4 io.jshmem.examples.KvShuffle [-records 100000] [-rounds 3]}
 */
public final class KvShuffle {
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG;
    private static final VarHandle FLAG = ValueLayout.JAVA_LONG.varHandle();
    private static final long RECORD = 16;

    private KvShuffle() {
    }

    public static void main(String[] args) {
        int records = 100_000;
        int rounds = 3;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "-records", "--records" -> records = Integer.parseInt(args[i + 1]);
                case "-rounds", "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                default -> {
                    System.err.println("usage: shmemrun -np N io.jshmem.examples.KvShuffle [-records R] [-rounds K]");
                    System.exit(2);
                }
            }
        }
        boolean ok = true;
        try (ShmemRuntime shmem = Shmem.init(); Arena arena = Arena.ofConfined()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            Team world = shmem.teamWorld();
            // Symmetric: per-PE counts, offsets, checksums (n longs each), arrival flags, the receive buffer.
            SymmetricMemory sendCounts = shmem.calloc(n, 8);
            SymmetricMemory recvCounts = shmem.calloc(n, 8);
            SymmetricMemory recvOffsets = shmem.calloc(n, 8);
            SymmetricMemory putOffsets = shmem.calloc(n, 8);
            SymmetricMemory sentSums = shmem.calloc(n, 8);
            SymmetricMemory expectSums = shmem.calloc(n, 8);
            SymmetricMemory flags = shmem.calloc(n, 8);
            SymmetricMemory totals = shmem.calloc(4, 8);
            long capacity = 2L * records + 1024;
            SymmetricMemory inbox = shmem.malloc(capacity * RECORD);
            MemorySegment outbox = arena.allocate(records * RECORD, 8);
            long received = 0;
            for (int round = 1; round <= rounds; round++) {
                // 1. make this PE's records and bucket them by owner
                long[] count = new long[n];
                long[] sums = new long[n];
                long[] keys = new long[records];
                for (int r = 0; r < records; r++) {
                    keys[r] = mix(me * 0x1_0000_0000L + round * 0x1000_0000_0000L + r);
                    count[owner(keys[r], n)]++;
                }
                long[] start = new long[n];
                for (int d = 1; d < n; d++) {
                    start[d] = start[d - 1] + count[d - 1];
                }
                long[] fill = start.clone();
                for (int r = 0; r < records; r++) {
                    int d = owner(keys[r], n);
                    long value = value(keys[r], me);
                    outbox.setAtIndex(L, 2 * fill[d], keys[r]);
                    outbox.setAtIndex(L, 2 * fill[d] + 1, value);
                    fill[d]++;
                    sums[d] += checksum(keys[r], value);
                }
                for (int d = 0; d < n; d++) {
                    sendCounts.local().setAtIndex(L, d, count[d]);
                    sentSums.local().setAtIndex(L, d, sums[d]);
                }
                // 2. counts around, receive offsets back
                world.alltoall(ValueLayout.JAVA_LONG, recvCounts, 0, sendCounts, 0, 1);
                long total = 0;
                for (int j = 0; j < n; j++) {
                    recvOffsets.local().setAtIndex(L, j, total);
                    total += recvCounts.local().getAtIndex(L, j);
                }
                if (total > capacity) {
                    throw new IllegalStateException("PE " + me + " would receive " + total + " records, more than its"
                            + " inbox of " + capacity + "; raise the inbox size");
                }
                world.alltoall(ValueLayout.JAVA_LONG, putOffsets, 0, recvOffsets, 0, 1);
                // 3. records to their owners: put, fence, flag (the flag is never seen before the data)
                for (int s = 0; s < n; s++) {
                    int d = (me + s) % n;
                    long at = putOffsets.local().getAtIndex(L, d);
                    shmem.putmem(inbox, at * RECORD, outbox, start[d] * RECORD, count[d] * RECORD, d);
                    shmem.fence();
                    shmem.p(L, flags, me, round, d);
                }
                awaitFlags(flags.local(), n, round);
                // 4. verify: every key is ours, per-sender checksums match what the senders computed
                world.alltoall(ValueLayout.JAVA_LONG, expectSums, 0, sentSums, 0, 1);
                MemorySegment in = inbox.local();
                for (int j = 0; j < n; j++) {
                    long from = recvOffsets.local().getAtIndex(L, j);
                    long cnt = recvCounts.local().getAtIndex(L, j);
                    long sum = 0;
                    for (long r = from; r < from + cnt; r++) {
                        long key = in.getAtIndex(L, 2 * r);
                        long value = in.getAtIndex(L, 2 * r + 1);
                        if (owner(key, n) != me || value != value(key, j)) {
                            ok = false;
                        }
                        sum += checksum(key, value);
                    }
                    if (sum != expectSums.local().getAtIndex(L, j)) {
                        ok = false;
                        System.out.printf("round %d: checksum of records from PE %d differs%n", round, j);
                    }
                }
                totals.local().setAtIndex(L, 0, records);
                totals.local().setAtIndex(L, 1, total);
                world.reduce(ReduceOp.SUM, DataType.LONG, totals, 2, totals, 0, 2);
                if (totals.local().getAtIndex(L, 2) != totals.local().getAtIndex(L, 3)) {
                    ok = false;
                    System.out.printf("round %d: %d records sent but %d received in all%n", round,
                            totals.local().getAtIndex(L, 2), totals.local().getAtIndex(L, 3));
                }
                received = total;
                world.barrier();
            }
            shmem.free(inbox);
            for (SymmetricMemory m : new SymmetricMemory[] {totals, flags, expectSums, sentSums, putOffsets,
                recvOffsets, recvCounts, sendCounts}) {
                shmem.free(m);
            }
            System.out.println(ok ? "[SUCCESS] kv-shuffle pe " + me + ": " + rounds + " rounds, " + received
                    + " records received in the last, all owned here, checksums match every sender"
                    : "[ERROR] kv-shuffle result incorrect in pe " + me);
        }
        if (!ok) {
            System.exit(1);
        }
    }

    /** Waits (acquire loads, with a deadline) until every sender's flag has reached {@code round}. */
    private static void awaitFlags(MemorySegment flags, int n, long round) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        for (int j = 0; j < n; j++) {
            while ((long) FLAG.getAcquire(flags, (long) j * 8) < round) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no records from PE " + j + " within 60 s");
                }
                Thread.onSpinWait();
                Thread.yield();
            }
        }
    }

    static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xFF51AFD7ED558CCDL;
        x ^= x >>> 33;
        x *= 0xC4CEB9FE1A85EC53L;
        return x ^ (x >>> 33);
    }

    static int owner(long key, int n) {
        return (int) Long.remainderUnsigned(mix(key ^ 0x5DEECE66DL), n);
    }

    static long value(long key, int sender) {
        return mix(key + sender);
    }

    static long checksum(long key, long value) {
        return mix(key * 31 + value);
    }
}
