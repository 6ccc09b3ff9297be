package io.jshmem;

/**
 * The frames (operation kinds) jshmem records itself in {@link ProfData}. Frames {@value #FIRST_USER_FRAME}..1023
 * are free for the application's own scopes ({@link ShmemRuntime#profStart(int)}).
 */
public enum ProfFrame {
    PUT, GET, QUIET, SIGNAL_OP, SIGNAL_WAIT, BARRIER, HANDLE_WAIT, KERNEL, SYNCHRONIZE;

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
