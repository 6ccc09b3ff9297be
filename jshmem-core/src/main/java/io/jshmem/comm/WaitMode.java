package io.jshmem.comm;

import java.util.Locale;

/**
 * How a PE's waits behave once a short poll has not seen the condition; see {@link WaitLoop}. Immutable.
 */
public enum WaitMode {
    /** Keep polling: every PE of the host has a core. */
    SPIN,
    /** Sleep on the heap's doorbell futex, woken by writers: PEs outnumber cores. */
    SLEEP,
    /** Spin, yield, then park for growing intervals: no futex here. */
    POLL;

    /**
     * The mode for a PE: {@code setting} is auto, spin, sleep or poll (JSHMEM_WAIT_MODE). auto spins while the PEs
     * of this host ({@code localPes}) do not outnumber the cores this process may run on ({@code cores}), and
     * otherwise sleeps where futexes work and polls where they do not. sleep without futexes falls back to poll.
     *
     * @throws IllegalArgumentException for any other setting
     */
    public static WaitMode choose(String setting, int localPes, int cores) {
        String s = setting.trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "auto" -> localPes <= cores ? SPIN : sleepOrPoll();
            case "spin" -> SPIN;
            case "sleep" -> sleepOrPoll();
            case "poll" -> POLL;
            default -> throw new IllegalArgumentException("JSHMEM_WAIT_MODE = '" + setting + "' is not a wait mode:"
                    + " valid values are auto, spin, sleep, poll");
        };
    }

    private static WaitMode sleepOrPoll() {
        return Futex.available() ? SLEEP : POLL;
    }
}
