package io.jshmem;

/**
 * The frames (operation kinds) jshmem records itself in {@link ProfData}. Frames {@value #FIRST_USER_FRAME}..1023
 * are free for the application's own scopes ({@link ShmemRuntime#profStart(int)}).
 *
 * <p>Stream operations are recorded in their stream's block; host operations (calls on a context, runtime or team
 * from an application thread) in the calling thread's block: PUT and GET for every RMA form (blocking, nbi,
 * strided, scalar p/g), AMO for every atomic, SIGNAL_OP for putSignal and signalSet/Add, QUIET (quiet and peQuiet),
 * FENCE, WAIT (waitUntil and its all/any/some forms), SIGNAL_WAIT, BARRIER (barrierAll, syncAll, team barrier and
 * sync) and COLLECTIVE (broadcast, collect, fcollect, alltoall(s), reductions, scans).
 */
public enum ProfFrame {
    /** Puts of every form (blocking, nbi, strided, scalar p), host and stream. */
    PUT,
    /** Gets of every form (blocking, nbi, strided, scalar g), host and stream. */
    GET,
    /** quiet and peQuiet. */
    QUIET,
    /** putSignal, signalSet and signalAdd, and a stream's signal operation. */
    SIGNAL_OP,
    /** signalWaitUntil, host and stream. */
    SIGNAL_WAIT,
    /** barrierAll, syncAll, team barrier and sync. */
    BARRIER,
    /** A stream's handleWait (quiet of the stream, then a barrier over the handle's team). */
    HANDLE_WAIT,
    /** A kernel launched on a stream. */
    KERNEL,
    /** Stream synchronize. */
    SYNCHRONIZE,
    /** Host atomics (fetching or not, blocking or nbi). */
    AMO,
    /** Host fence. */
    FENCE,
    /** Host point-to-point waits on a variable (waitUntil and its all/any/some forms). */
    WAIT,
    /** Host team collectives other than barrier and sync. */
    COLLECTIVE;

    /** The first frame id applications may use. */
    public static final int FIRST_USER_FRAME = 16;

    private static final ProfFrame[] VALUES = values();

    /** This frame's id (its position). */
    public int id() {
        return ordinal();
    }

    /** The name of frame {@code id}: a constant's name, or {@code user <id>}. */
    public static String nameOf(int id) {
        return id < VALUES.length ? VALUES[id].name() : "user " + id;
    }
}
