package io.jshmem.it.pe;

import io.jshmem.Cmp;
import io.jshmem.DataType;
import io.jshmem.ProfData;
import io.jshmem.ProfFrame;
import io.jshmem.ReduceOp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The profiling chapter, run with SHMEM_CYCLE_PROF_PE=all: a fixed mix of host operations (RMA, scalar
 * p/g, atomics, quiet, fence, a wait, barriers, collectives) and a few stream puts, repeated under pcontrol levels
 * 1, 0, 2, a negative level and 7. ProfData must grow by exactly the mix at levels 1, 2 and 7, and not at all at
 * levels 0 and -3; stream operations are counted once (in their stream's block). The JFR recording must hold one
 * host jshmem.Operation event per operation of the enabled phases and jshmem.OperationDetail events (with call
 * name and stack trace) only for the level-2 and level-7 phases. Prints {@code PROFILING CHAPTER OK pe N}.
 */
public final class ProfilingChapterPe {
    private static final int STREAM_PUTS = 3;
    /** The mix of {@link #mix}: operations per frame. */
    private static final Map<ProfFrame, Long> MIX = new EnumMap<>(Map.of(
            ProfFrame.PUT, 7L, ProfFrame.GET, 5L, ProfFrame.AMO, 5L, ProfFrame.QUIET, 2L, ProfFrame.FENCE, 1L,
            ProfFrame.WAIT, 1L, ProfFrame.BARRIER, 3L, ProfFrame.COLLECTIVE, 2L));
    private static int checks;

    public static void main(String[] args) throws Exception {
        Recording recording = new Recording();
        recording.enable("jshmem.Operation");
        recording.enable("jshmem.OperationDetail");
        recording.start();
        int me;
        long enabledPhases = 0;
        long detailPhases = 0;
        try (ShmemRuntime rt = Shmem.init()) {
            me = rt.myPe();
            int n = rt.nPes();
            equal(1, rt.pcontrolLevel(), "the default level after init");
            SymmetricMemory buf = rt.calloc(8, Long.BYTES);
            MemorySegment local = Arena.ofAuto().allocate(64, 8);
            int[] levels = {1, 0, 2, -3, Integer.MIN_VALUE, 7};
            for (int phase = 0; phase < levels.length; phase++) {
                int level = levels[phase];
                Shmem.pcontrol(level); // accepted for every int: <= 0 disables, 1 default, > 1 detail and flush
                equal(level, rt.pcontrolLevel(), "level set by pcontrol(" + level + ")");
                ProfData before = rt.getProf(false).orElseThrow();
                mix(rt, buf, local, me, n, phase + 1);
                streamPuts(rt, buf, local, (me + 1) % n);
                ProfData after = rt.getProf(false).orElseThrow();
                boolean on = level > 0;
                enabledPhases += on ? 1 : 0;
                detailPhases += level >= 2 ? 1 : 0;
                for (Map.Entry<ProfFrame, Long> e : MIX.entrySet()) {
                    long expected = on ? e.getValue() + (e.getKey() == ProfFrame.PUT ? STREAM_PUTS : 0) : 0;
                    equal(expected, delta(before, after, e.getKey()), e.getKey() + " recorded at level " + level);
                }
                equal(0L, delta(before, after, ProfFrame.SIGNAL_OP), "no signal op at level " + level);
            }
            Shmem.pcontrol(0); // the barrier below is not one of the counted operations
            rt.barrierAll();
            // Read through the local view: a g would be one more host operation.
            equal((long) levels.length * 5, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 3),
                    "the atomics of every phase landed, whatever the level");
            Shmem.pcontrol(1);
            rt.free(buf);
        }
        recording.stop();
        Path file = Files.createTempFile("jshmem-prof-", ".jfr");
        recording.dump(file);
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Files.delete(file);
        recording.close();
        // Only the main thread's host operations: stream events carry their stream's name.
        for (Map.Entry<ProfFrame, Long> e : MIX.entrySet()) {
            long expected = e.getValue() * enabledPhases;
            long host = events.stream().filter(ev -> ev.getEventType().getName().equals("jshmem.Operation")
                    && ev.getString("stream") == null && e.getKey().name().equals(ev.getString("operation"))
                    && ev.getThread() != null && "main".equals(ev.getThread().getJavaName())).count();
            equal(expected, host, "JFR host " + e.getKey() + " events");
            long detail = events.stream().filter(ev -> ev.getEventType().getName().equals("jshmem.OperationDetail")
                    && e.getKey().name().equals(ev.getString("operation"))).count();
            equal(e.getValue() * detailPhases, detail, "JFR detail " + e.getKey() + " events");
        }
        long streamPuts = events.stream().filter(ev -> ev.getEventType().getName().equals("jshmem.Operation")
                && ev.getString("stream") != null && "PUT".equals(ev.getString("operation"))).count();
        equal(STREAM_PUTS * enabledPhases, streamPuts, "JFR stream put events (none while disabled)");
        RecordedEvent sample = events.stream().filter(ev -> ev.getEventType().getName()
                .equals("jshmem.OperationDetail") && "PUT".equals(ev.getString("operation"))).findFirst()
                .orElseThrow();
        check(sample.getStackTrace() != null && sample.getStackTrace().getFrames().stream()
                .anyMatch(f -> f.getMethod().getType().getName().equals(ProfilingChapterPe.class.getName())),
                "detail events carry the caller's stack: " + sample);
        check(List.of("putmem", "p").contains(sample.getString("call")), "detail call name " + sample);
        equal(me, sample.getInt("pe"), "detail event PE");
        System.out.println("PROFILING CHAPTER OK pe " + me + " checks " + checks);
    }

    /** The operations of {@link #MIX}, on the main thread; token {@code t} is this phase's wait value. */
    private static void mix(ShmemRuntime rt, SymmetricMemory buf, MemorySegment local, int me, int n, long t) {
        int next = (me + 1) % n;
        for (int i = 0; i < 4; i++) {
            rt.putmem(buf, 0, local, 0, 8, next);
        }
        for (int i = 0; i < 3; i++) {
            rt.getmem(local, 8, buf, 0, 8, next);
        }
        rt.p(ValueLayout.JAVA_LONG, buf, 2, t, next);
        rt.p(ValueLayout.JAVA_LONG, buf, 2, t, next);
        rt.g(ValueLayout.JAVA_LONG, buf, 2, next);
        rt.g(ValueLayout.JAVA_LONG, buf, 2, next);
        for (int i = 0; i < 5; i++) {
            rt.atomicFetchAdd(DataType.LONG, buf, 3, 1, next);
        }
        rt.quiet();
        rt.fence();
        rt.quiet();
        rt.p(ValueLayout.JAVA_LONG, buf, 1, t, next);
        rt.waitUntil(DataType.LONG, buf, 1, Cmp.GE, t);
        rt.barrierAll();
        rt.barrierAll();
        Team world = rt.teamWorld();
        world.barrier();
        world.broadcast(ValueLayout.JAVA_LONG, buf, 4, buf, 5, 1, 0);
        world.reduce(ReduceOp.SUM, DataType.LONG, buf, 6, buf, 7, 1);
    }

    private static void streamPuts(ShmemRuntime rt, SymmetricMemory buf, MemorySegment local, int pe) {
        try (Stream s = rt.createStream()) {
            for (int i = 0; i < STREAM_PUTS; i++) {
                s.putmem(buf, 0, local, 0, 8, pe);
            }
            s.synchronize(); // recorded as SYNCHRONIZE, which MIX does not count
        }
    }

    private static long delta(ProfData before, ProfData after, ProfFrame frame) {
        return after.totalCount(frame.id()) - before.totalCount(frame.id());
    }

    private static void check(boolean condition, String what) {
        checks++;
        Expect.isTrue(condition, what);
    }

    private static void equal(Object expected, Object actual, String what) {
        checks++;
        Expect.equal(expected, actual, what);
    }
}
