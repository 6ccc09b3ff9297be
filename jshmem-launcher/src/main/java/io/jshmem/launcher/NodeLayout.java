package io.jshmem.launcher;

import io.jshmem.error.ShmemArgumentException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Where this launcher's PEs sit in a job that spans several nodes, torchrun style: {@code nNodes} launchers, one
 * per node, each start the same number of PEs; node {@code nodeRank} runs PEs {@code nodeRank * perNode} to
 * {@code nodeRank * perNode + perNode - 1}. Node 0's launcher serves the rendezvous at
 * {@code masterAddr:masterPort}; the others point their PEs there. Every node must be given the same session
 * secret ({@code JSHMEM_SECRET}), from which the rendezvous secret is derived, so that no random value has to
 * travel between the nodes. Immutable and thread-safe; {@link #toString()} never shows the secret.
 *
 * @param nNodes     nodes of the job, 1..{@value #MAX_NODES}
 * @param nodeRank   this node, 0..nNodes-1
 * @param masterAddr the address of node 0 that every node reaches (host name or IP literal); null on a one-node
 *                   job that keeps its rendezvous on 127.0.0.1
 * @param masterPort the rendezvous port on node 0, 1..65535 (0 only for a one-node job: an ephemeral port)
 * @param secret     the session secret text, at least {@value #MIN_SECRET_CHARS} characters; required when
 *                   {@code nNodes > 1}, null on a one-node job (which draws a random secret)
 */
public record NodeLayout(int nNodes, int nodeRank, String masterAddr, int masterPort, String secret) {
    public static final int MAX_NODES = 65_536;
    public static final int MIN_SECRET_CHARS = 16;
    /** torchrun's default {@code --master-port}. */
    public static final int DEFAULT_MASTER_PORT = 29_500;
    /** The one-node job of {@code shmemrun -np N}: rendezvous on 127.0.0.1, ephemeral port, random secret. */
    public static final NodeLayout SINGLE = new NodeLayout(1, 0, null, 0, null);

    public NodeLayout {
        if (nNodes < 1 || nNodes > MAX_NODES) {
            throw new ShmemArgumentException("nNodes = " + nNodes + " is invalid: valid range is 1.." + MAX_NODES
                    + "; pass the number of nodes with --nnodes");
        }
        if (nodeRank < 0 || nodeRank >= nNodes) {
            throw new ShmemArgumentException("nodeRank = " + nodeRank + " is invalid: valid range is 0.."
                    + (nNodes - 1) + " (--nnodes " + nNodes + "); give every node its own --node-rank");
        }
        boolean multi = nNodes > 1;
        if (masterAddr != null && (masterAddr.isBlank() || masterAddr.chars().anyMatch(Character::isWhitespace))) {
            throw new ShmemArgumentException("masterAddr = '" + masterAddr + "' is not a host name or IP address;"
                    + " pass node 0's address, reachable from every node, with --master-addr");
        }
        if (multi && masterAddr == null) {
            throw new ShmemArgumentException("masterAddr is missing: a job on " + nNodes + " nodes needs"
                    + " --master-addr, the address of node 0 that every node can reach");
        }
        int minPort = multi ? 1 : 0;
        if (masterPort < minPort || masterPort > 65_535) {
            throw new ShmemArgumentException("masterPort = " + masterPort + " is invalid: valid range is " + minPort
                    + "..65535" + (multi ? " on a multi-node job" : " (0 = any free port)")
                    + "; pass the rendezvous port with --master-port");
        }
        if (multi && secret == null) {
            throw new ShmemArgumentException("JSHMEM_SECRET is not set: a job on " + nNodes + " nodes needs the same"
                    + " session secret (at least " + MIN_SECRET_CHARS + " characters) in the environment of the"
                    + " launcher on every node, e.g. export JSHMEM_SECRET=$(openssl rand -hex 32) and copy the"
                    + " value to the other nodes");
        }
        if (secret != null && secret.length() < MIN_SECRET_CHARS) {
            throw new ShmemArgumentException("JSHMEM_SECRET has " + secret.length() + " characters: valid are at"
                    + " least " + MIN_SECRET_CHARS + " (the same on every node); use a random value such as the"
                    + " output of 'openssl rand -hex 32'");
        }
    }

    /** A job on {@code nNodes} nodes, of which this is {@code nodeRank}. */
    public static NodeLayout multiNode(int nNodes, int nodeRank, String masterAddr, int masterPort, String secret) {
        return new NodeLayout(nNodes, nodeRank, masterAddr, masterPort, secret);
    }

    /** Whether this launcher serves the rendezvous (node 0). */
    public boolean servesRendezvous() {
        return nodeRank == 0;
    }

    /**
     * The rendezvous secret of the job: SHA-256 of the secret text, so that every node derives the same bytes; a
     * fresh random secret when no text was given (one-node jobs). Same derivation as the runtime uses for
     * {@code JSHMEM_SECRET} under torchrun, Slurm and Open MPI.
     */
    byte[] rendezvousSecret() {
        if (secret == null) {
            return io.jshmem.bootstrap.UniqueId.newSecret();
        }
        try {
            return MessageDigest.getInstance("SHA-256")
                    .digest(("jshmem-secret-v1\n" + secret).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    @Override
    public String toString() {
        return "NodeLayout[nNodes=" + nNodes + ", nodeRank=" + nodeRank + ", master=" + masterAddr + ":"
                + masterPort + ", secret=" + (secret == null ? "none" : "(set)") + "]";
    }
}
