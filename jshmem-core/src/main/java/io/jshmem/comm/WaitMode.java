package io.jshmem.comm;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;

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

    /** The values of {@code JSHMEM_WAIT_MODE}. */
    public enum Choice {
        AUTO, SPIN, SLEEP, POLL
    }

    /**
     * The mode for a PE: {@code setting} is auto, spin, sleep or poll (JSHMEM_WAIT_MODE). auto spins while the PEs
     * of this host ({@code localPes}) do not outnumber the cores this process may run on ({@code cores}); otherwise
     * it polls where a network engine serves some peer of this PE ({@code networkPeers}: their writes land through
     * the waiter's own progress, and no doorbell rings for them), and else sleeps where futexes work and polls where
     * they do not. sleep without futexes falls back to poll.
     *
     * @throws io.jshmem.error.ShmemArgumentException for any other setting, naming the valid values
     */
    public static WaitMode choose(String setting, int localPes, int cores, boolean networkPeers) {
        return choose(Settings.parseChoice(Setting.WAIT_MODE, setting, Choice.class), localPes, cores, networkPeers);
    }

    /** {@link #choose(String, int, int, boolean)} for a PE without network peers. */
    public static WaitMode choose(String setting, int localPes, int cores) {
        return choose(setting, localPes, cores, false);
    }

    /** {@link #choose(String, int, int, boolean)} for a parsed setting. */
    public static WaitMode choose(Choice setting, int localPes, int cores, boolean networkPeers) {
        return switch (setting) {
            case AUTO -> localPes <= cores ? SPIN : networkPeers ? POLL : sleepOrPoll();
            case SPIN -> SPIN;
            case SLEEP -> sleepOrPoll();
            case POLL -> POLL;
        };
    }

    private static WaitMode sleepOrPoll() {
        return Futex.available() ? SLEEP : POLL;
    }
}
