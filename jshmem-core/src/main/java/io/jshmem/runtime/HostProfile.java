package io.jshmem.runtime;

import io.jshmem.ProfFrame;

/**
 * Profiling of host operations (RMA, atomics, signals, ordering, waits, barriers and collectives called by the
 * application), at the impl layer's entry points: each operation asks {@link #begin()} for a {@link Span} and ends
 * it when done. When nothing records (pcontrol level at most 0, or this PE not named by SHMEM_CYCLE_PROF_PE and no
 * JFR recording initialized) {@code begin()} is three reads of plain or volatile fields and returns null: nothing is
 * allocated and no clock is read, so the data path stays allocation-free.
 *
 * <p>What records: {@link Profiler} cells (ProfData) in the calling thread's block under the operation's
 * {@link ProfFrame}; a JFR {@link OperationEvent} ({@code stream} null for host operations); at pcontrol level 2 or
 * more also an {@link OperationDetailEvent} with the call's name and stack. Operations that a stream's worker thread
 * performs are recorded once, as the stream's, not again here ({@link #excludeCurrentThread()}).
 *
 * <p>Thread-safe: spans are per call; the profiler is thread-safe.
 */
public final class HostProfile {
    /** Threads whose operations are recorded elsewhere (stream workers); looked up only when profiling records. */
    private static final ThreadLocal<Boolean> EXCLUDED = new ThreadLocal<>();

    private final Profiler profiler;

    public HostProfile(Profiler profiler) {
        this.profiler = profiler;
    }

    /** Marks the calling thread as one whose operations this class must not record (a stream's worker). */
    public static void excludeCurrentThread() {
        EXCLUDED.set(Boolean.TRUE);
    }

    /**
     * A span for one operation, or null when nothing records it. Kept a few bytecodes long so that the JIT inlines it
     * into every operation: the common answer, null, costs two plain loads and a static call.
     */
    public Span begin() {
        return idle() ? null : beginRecording();
    }

    /**
     * Whether nothing records operations now (profiling off or paused by pcontrol, and no JFR): then {@link #begin}
     * returns null, and a caller on a hot path may skip the span altogether.
     */
    public boolean idle() {
        return Profiler.pcontrolLevel() <= 0 || !profiler.enabled() && !JfrEvents.active();
    }

    private Span beginRecording() {
        int level = Profiler.pcontrolLevel();
        boolean data = profiler.enabled();
        // Touching an event class initializes JFR (close to a second): only when a recording may be running.
        boolean jfr = JfrEvents.active();
        if (level <= 0 || !data && !jfr) {
            return null;
        }
        if (EXCLUDED.get() != null) {
            return null;
        }
        OperationEvent event = null;
        if (jfr) {
            event = new OperationEvent();
            event.begin();
        }
        OperationDetailEvent detail = null;
        if (jfr && level >= 2) {
            detail = new OperationDetailEvent();
            detail.begin();
        }
        return new Span(this, data ? System.nanoTime() : 0, event, detail);
    }

    /** Ends {@code span} as {@link Span#end} does; does nothing for null (nothing was recording). */
    public static void end(Span span, ProfFrame frame, String call, int targetPe, long bytes) {
        if (span != null) {
            span.end(frame, call, targetPe, bytes);
        }
    }

    /** One host operation being timed. Not thread-safe: ended by the thread that began it. */
    public static final class Span {
        private final HostProfile owner;
        private final long start;
        private final OperationEvent event;
        private final OperationDetailEvent detail;

        private Span(HostProfile owner, long start, OperationEvent event, OperationDetailEvent detail) {
            this.owner = owner;
            this.start = start;
            this.event = event;
            this.detail = detail;
        }

        /**
         * Records the operation: {@code frame} is its kind, {@code call} the API method, {@code targetPe} -1 when it
         * has no single target, {@code bytes} 0 when not meaningful.
         */
        public void end(ProfFrame frame, String call, int targetPe, long bytes) {
            Profiler p = owner.profiler;
            if (start != 0) {
                p.record(p.threadBlock(), frame.id(), System.nanoTime() - start);
            }
            if (event != null) {
                event.end();
                if (event.shouldCommit()) {
                    event.operation = frame.name();
                    event.targetPe = targetPe;
                    event.bytes = bytes;
                    event.pe = p.pe();
                    event.commit();
                }
            }
            if (detail != null) {
                detail.end();
                if (detail.shouldCommit()) {
                    detail.operation = frame.name();
                    detail.call = call;
                    detail.targetPe = targetPe;
                    detail.bytes = bytes;
                    detail.pe = p.pe();
                    detail.commit();
                }
            }
        }
    }
}
