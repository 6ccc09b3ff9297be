package io.jshmem.comm;

import io.jshmem.spi.AmoOp;
import io.jshmem.spi.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A context view quiets only the targets it left operations in flight to, on an engine that defers them. */
class ContextViewTest {
    @Test
    @Timeout(10)
    void viewQuietCompletesOnlyItsOwnTargets() {
        DeferringEngine engine = new DeferringEngine();
        Transport[] route = {engine, engine, engine, engine, engine};
        Comm root = new Comm(0, route, new io.jshmem.transport.shm.ShmTransport(new MemorySegment[5], 1 << 14),
                MemorySegment.ofArray(new long[8]), new WaitLoop(10, Duration.ofSeconds(1), new FailureState()));
        Comm a = root.contextView();
        Comm b = root.contextView();
        MemorySegment src = MemorySegment.ofArray(new long[1]);
        a.putNbi(3, 0, src, 0, 8);
        a.atomicLong(AmoOp.FETCH_ADD, 1, 0, 1, 0);
        a.putNbi(3, 8, src, 0, 8);
        b.putSignal(4, 0, src, 0, 8, 8, 1, false);
        a.quiet();
        assertEquals(List.of(1, 3), engine.quietedPes, "view a: its two targets, once each");
        engine.quietedPes.clear();
        a.quiet();
        assertEquals(List.of(), engine.quietedPes, "nothing left in flight for a");
        b.quiet();
        assertEquals(List.of(4), engine.quietedPes);
        engine.quietedPes.clear();
        root.quiet();
        assertEquals(1, engine.fullQuiets, "the default context quiets the whole engine");
        a.quiet(new int[]{2});
        assertEquals(List.of(2), engine.quietedPes, "peQuiet");
    }

    /** An engine that only records what it is asked to complete. */
    private static final class DeferringEngine implements Transport {
        final List<Integer> quietedPes = new ArrayList<>();
        int fullQuiets;

        @Override
        public String name() {
            return "deferring";
        }

        @Override
        public io.jshmem.spi.EngineCapabilities capabilities() {
            return new io.jshmem.spi.EngineCapabilities(true, false, false);
        }

        @Override
        public boolean canReach(int pe) {
            return true;
        }

        @Override
        public MemorySegment directSegment(int pe) {
            return null;
        }

        @Override
        public void put(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        }

        @Override
        public void putNbi(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        }

        @Override
        public void get(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        }

        @Override
        public void getNbi(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        }

        @Override
        public void putLongRelease(int pe, long heapOffset, long value) {
        }

        @Override
        public long atomicLong(AmoOp op, int pe, long heapOffset, long operand, long compare) {
            return 0;
        }

        @Override
        public int atomicInt(AmoOp op, int pe, long heapOffset, int operand, int compare) {
            return 0;
        }

        @Override
        public void putSignal(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes,
                              long signalOffset, long signalValue, boolean add) {
        }

        @Override
        public void fence() {
        }

        @Override
        public void quiet() {
            fullQuiets++;
        }

        @Override
        public void quiet(int pe) {
            quietedPes.add(pe);
        }

        @Override
        public void close() {
        }
    }
}
