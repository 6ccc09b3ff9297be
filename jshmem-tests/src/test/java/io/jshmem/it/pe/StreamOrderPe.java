package io.jshmem.it.pe;

import io.jshmem.Cmp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stream ordering under load: several streams each put a thousand increasing values to one word of the next PE
 * (the last must win), two threads queue kernels on one stream (each thread's order is kept), and a producer
 * stream pipelines data plus signal while the next PE's consumer stream waits for each signal and checks the data.
 */
public final class StreamOrderPe {
    private static final int STREAMS = 3;
    private static final int PUTS = 1000;
    private static final int PIPELINE = 300;

    public static void main(String[] args) throws Exception {
        try (ShmemRuntime rt = Shmem.init()) {
            int me = rt.myPe();
            int n = rt.nPes();
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;

            SymmetricMemory words = rt.calloc(STREAMS, 8);
            List<Stream> streams = new ArrayList<>();
            Arena arena = Arena.ofShared();
            for (int k = 0; k < STREAMS; k++) {
                Stream s = rt.createStream();
                streams.add(s);
                MemorySegment values = arena.allocate(8L * PUTS);
                for (int i = 0; i < PUTS; i++) {
                    values.setAtIndex(ValueLayout.JAVA_LONG, i, i + 1);
                    s.putmem(words, 8L * k, values, 8L * i, 8, next);
                }
                s.quiet();
            }
            for (Stream s : streams) {
                s.barrierAll();
            }
            for (Stream s : streams) {
                s.synchronize();
            }
            for (int k = 0; k < STREAMS; k++) {
                Expect.equal((long) PUTS, words.local().getAtIndex(ValueLayout.JAVA_LONG, k),
                        "stream " + k + ": the last put wins");
            }

            // Two threads queue kernels on one stream: each thread's kernels run in its order.
            Stream shared = streams.get(0);
            List<Integer> ran = Collections.synchronizedList(new ArrayList<>());
            Thread[] producers = new Thread[2];
            for (int t = 0; t < 2; t++) {
                int tid = t;
                producers[t] = Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < PUTS; i++) {
                        int tag = tid * 1_000_000 + i;
                        shared.launch(ctx -> ran.add(tag));
                    }
                });
            }
            for (Thread t : producers) {
                t.join(60_000);
            }
            shared.synchronize();
            Expect.equal(2 * PUTS, ran.size(), "kernels run");
            int[] last = {-1, -1};
            synchronized (ran) {
                for (int tag : ran) {
                    int tid = tag / 1_000_000;
                    int i = tag % 1_000_000;
                    Expect.isTrue(i == last[tid] + 1, "thread " + tid + " kernel " + i + " after " + last[tid]);
                    last[tid] = i;
                }
            }

            // Pipeline: data block i, then signal i (SET, fenced); the consumer waits for each and checks.
            SymmetricMemory data = rt.calloc(PIPELINE, 8);
            SymmetricMemory sig = rt.calloc(1, 8);
            rt.barrierAll();
            Stream producer = streams.get(1);
            Stream consumer = streams.get(2);
            MemorySegment blocks = arena.allocate(8L * PIPELINE);
            AtomicInteger wrong = new AtomicInteger();
            for (int i = 0; i < PIPELINE; i++) {
                long value = 7L * i + me;
                blocks.setAtIndex(ValueLayout.JAVA_LONG, i, value);
                producer.putmem(data, 8L * i, blocks, 8L * i, 8, next);
                producer.signalOp(sig, 0, i + 1, SignalOp.SET, next);
                int idx = i;
                consumer.signalWaitUntil(sig, 0, Cmp.GE, i + 1);
                consumer.launch(ctx -> {
                    long got = data.local().getAtIndex(ValueLayout.JAVA_LONG, idx);
                    if (got != 7L * idx + prev) {
                        wrong.incrementAndGet();
                    }
                });
            }
            producer.synchronize();
            consumer.synchronize();
            Expect.equal(0, wrong.get(), "pipeline blocks seen before their data");
            rt.barrierAll();
            for (Stream s : streams) {
                s.destroy();
            }
            System.out.println("STREAM ORDER OK pe " + me + " of " + n);
        }
    }
}
