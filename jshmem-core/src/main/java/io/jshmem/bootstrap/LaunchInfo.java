package io.jshmem.bootstrap;

import io.jshmem.config.ArgumentChecks;
import io.jshmem.error.ShmemArgumentException;

/**
 * Where this process sits in its job, as {@link LaunchEnvironment#detect} found it. Immutable and thread-safe.
 *
 * @param pe              this PE, 0..nPes-1
 * @param nPes            PEs of the job
 * @param localPe         this PE's number among the PEs of its host, 0..localNPes-1
 * @param localNPes       PEs on this host
 * @param uniqueId        the rendezvous to connect to (port 0 when this process must bind an ephemeral port)
 * @param hostsRendezvous whether this process must start the {@link RendezvousServer} at {@code uniqueId}
 * @param source          which launcher set the job up: shmemrun, torchrun, slurm, openmpi or single
 */
public record LaunchInfo(int pe, int nPes, int localPe, int localNPes, UniqueId uniqueId, boolean hostsRendezvous,
                         String source) {
    public LaunchInfo {
        if (nPes < 1) {
            throw new ShmemArgumentException("nPes = " + nPes + " is invalid: valid range is 1.."
                    + Integer.MAX_VALUE + "; the launcher must report at least one PE");
        }
        ArgumentChecks.pe("pe", pe, nPes);
        if (localNPes < 1 || localNPes > nPes) {
            throw new ShmemArgumentException("localNPes = " + localNPes + " is invalid: valid range is 1.." + nPes
                    + " (nPes); the launcher must report how many PEs run on this host");
        }
        ArgumentChecks.pe("localPe", localPe, localNPes);
        ArgumentChecks.notNull("uniqueId", uniqueId);
        ArgumentChecks.notNull("source", source);
    }

    @Override
    public String toString() {
        // Never print the secret.
        return "LaunchInfo[pe=" + pe + ", nPes=" + nPes + ", localPe=" + localPe + ", localNPes=" + localNPes
                + ", rendezvous=" + uniqueId.addressText() + ", hostsRendezvous=" + hostsRendezvous + ", source="
                + source + "]";
    }
}
