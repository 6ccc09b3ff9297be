package io.jshmem.runtime;

import jdk.jfr.FlightRecorder;

/**
 * When jshmem emits its JFR events ({@link OperationEvent}, {@link WaitEvent}). The first use of an event class
 * initializes JFR, which takes close to a second, so events are created only once the JVM's flight recorder is
 * initialized (a recording was started: {@code -XX:StartFlightRecording}, {@code jcmd JFR.start}, or the
 * {@code jdk.jfr.Recording} API). Checked per operation, so a recording started later is picked up. Thread-safe.
 */
public final class JfrEvents {
    private JfrEvents() {
    }

    /** Whether the flight recorder is initialized in this JVM (one volatile read). */
    public static boolean active() {
        return FlightRecorder.isInitialized();
    }
}
