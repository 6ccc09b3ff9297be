package io.jshmem.config;

import io.jshmem.error.ShmemArgumentException;

/**
 * The CPUs this host's PEs share, against which the library counts the host's PEs: the wait mode, the copy routine
 * and the network engine's helper threads each behave differently where the PEs outnumber them. Stateless and
 * thread-safe.
 */
public final class HostCpus {
    private HostCpus() {
    }

    /**
     * The launcher's CPU set when it pinned each PE to one CPU of it (JSHMEM_HOST_CPUS), else the CPUs this process
     * may run on. A pinned PE's JVM sees only its own CPU, so two PEs pinned to two CPUs would otherwise count as
     * oversubscribed and sleep in their waits instead of spinning.
     *
     * @throws ShmemArgumentException when JSHMEM_HOST_CPUS is set to anything but a whole number from 1
     */
    public static int shared(Settings s) {
        String v = s.string(Setting.HOST_CPUS).strip();
        if (v.isEmpty()) {
            return Runtime.getRuntime().availableProcessors();
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // Falls through to the error below.
        }
        throw new ShmemArgumentException(Setting.HOST_CPUS.envName() + " = '" + v + "' is invalid: valid are whole"
                + " numbers from 1 (the CPUs this host's PEs share), or empty for the CPUs this process may run on");
    }
}
