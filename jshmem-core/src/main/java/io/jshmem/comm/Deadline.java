package io.jshmem.comm;

import java.time.Duration;

/** An absolute point in time, from {@link System#nanoTime()}. Immutable. */
public record Deadline(long nanoTime, Duration budget) {
    public static Deadline after(Duration d) {
        return new Deadline(System.nanoTime() + d.toNanos(), d);
    }

    public boolean passed() {
        return System.nanoTime() - nanoTime > 0;
    }

    public long remainingNanos() {
        return nanoTime - System.nanoTime();
    }
}
