package io.jshmem.bootstrap;

import io.jshmem.config.ArgumentChecks;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds out how this process was launched and where it sits in its job. The first match wins:
 * <ol>
 *   <li><b>shmemrun</b>: {@code JSHMEM_UNIQUE_ID}, {@code JSHMEM_PE}, {@code JSHMEM_NPES}, {@code JSHMEM_LOCAL_PE},
 *       {@code JSHMEM_LOCAL_NPES}; the launcher hosts the rendezvous.</li>
 *   <li><b>torchrun</b>: {@code RANK}, {@code WORLD_SIZE}, {@code LOCAL_RANK}, {@code LOCAL_WORLD_SIZE} (optional;
 *       without it all PEs are assumed to share one host), {@code MASTER_ADDR}, {@code MASTER_PORT}.</li>
 *   <li><b>Open MPI</b>: {@code OMPI_COMM_WORLD_RANK}, {@code _SIZE}, {@code _LOCAL_RANK}, {@code _LOCAL_SIZE}. Checked
 *       before Slurm because {@code mpirun} inside a Slurm allocation also sees Slurm's variables, which then
 *       describe its daemons, not the ranks.</li>
 *   <li><b>Slurm</b>: {@code SLURM_PROCID}, {@code SLURM_NTASKS}, {@code SLURM_LOCALID}, and the PEs per node from
 *       {@code SLURM_NTASKS_PER_NODE} or else {@code SLURM_TASKS_PER_NODE} with {@code SLURM_NODEID}.</li>
 *   <li><b>single</b>: nothing set: PE 0 of 1, hosting its own rendezvous on 127.0.0.1, ephemeral port.</li>
 * </ol>
 * For torchrun, Open MPI and Slurm, PE 0 hosts the rendezvous at {@code SHMEM_UID_SESSION_ID} if set, else at
 * {@code MASTER_ADDR:MASTER_PORT}. Under torchrun with {@code TORCHELASTIC_USE_AGENT_STORE=True} the torchrun agent
 * already listens on {@code MASTER_PORT} (its own TCP store), so the rendezvous takes {@code MASTER_PORT + 1}.
 *
 * <p><b>Secret.</b> These launchers give the PEs no shared secret, so the session secret comes from
 * {@code JSHMEM_SECRET} (at least 16 characters, the same on every PE; recommended), or else is derived with
 * SHA-256 from the job's identity ({@code TORCHELASTIC_RUN_ID}, {@code SLURM_JOB_ID}/{@code SLURM_STEP_ID} or
 * {@code OMPI_MCA_ess_base_jobid}) and the address. A derived secret only keeps jobs apart; anyone who can read the
 * job's environment or guess its id can join, so set {@code JSHMEM_SECRET} wherever the network is shared.
 *
 * <p>Stateless and thread-safe.
 */
public final class LaunchEnvironment {
    private static final int MIN_SECRET_CHARS = 16;

    private LaunchEnvironment() {
    }

    /**
     * Detects the launcher from {@code settings} (environment, system properties, overrides).
     *
     * @throws ShmemArgumentException when a variable is missing, not a number or inconsistent; the message names
     *                                the variable, its value and the valid range
     */
    public static LaunchInfo detect(Settings settings) {
        ArgumentChecks.notNull("settings", settings);
        if (settings.get(Setting.UNIQUE_ID).isPresent()) {
            return shmemrun(settings);
        }
        if (present(settings, "RANK", "WORLD_SIZE")) {
            return torchrun(settings);
        }
        if (present(settings, "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE")) {
            return openMpi(settings);
        }
        if (present(settings, "SLURM_PROCID", "SLURM_NTASKS")) {
            return slurm(settings);
        }
        return new LaunchInfo(0, 1, 0, 1, new UniqueId("127.0.0.1", 0, UniqueId.newSecret()), true, "single");
    }

    private static LaunchInfo shmemrun(Settings s) {
        UniqueId uid;
        try {
            uid = UniqueId.parse(s.string(Setting.UNIQUE_ID));
        } catch (ShmemArgumentException e) {
            throw new ShmemArgumentException(Setting.UNIQUE_ID.envName() + ": " + e.getMessage());
        }
        if (uid.port() == 0) {
            throw new ShmemArgumentException(Setting.UNIQUE_ID.envName() + " names port 0: valid range is 1..65535;"
                    + " use the id printed by the running rendezvous");
        }
        Vars v = new Vars(s, "shmemrun");
        int nPes = v.required(Setting.NPES.envName(), s.get(Setting.NPES), 1, Integer.MAX_VALUE, "");
        int pe = v.required(Setting.PE.envName(), s.get(Setting.PE), 0, nPes - 1, npes(Setting.NPES, nPes));
        int localNPes = v.optional(Setting.LOCAL_NPES.envName(), s.get(Setting.LOCAL_NPES), 1, nPes,
                npes(Setting.NPES, nPes), nPes);
        int localPe = v.optional(Setting.LOCAL_PE.envName(), s.get(Setting.LOCAL_PE), 0, localNPes - 1,
                npes(Setting.LOCAL_NPES, localNPes), Math.min(pe, localNPes - 1));
        return new LaunchInfo(pe, nPes, localPe, localNPes, uid, false, "shmemrun");
    }

    private static LaunchInfo torchrun(Settings s) {
        Vars v = new Vars(s, "torchrun");
        int n = v.required("WORLD_SIZE", 1, Integer.MAX_VALUE, "");
        int pe = v.required("RANK", 0, n - 1, "WORLD_SIZE = " + n);
        int localN = v.optional("LOCAL_WORLD_SIZE", s.env("LOCAL_WORLD_SIZE"), 1, n, "WORLD_SIZE = " + n, n);
        int localPe = v.required("LOCAL_RANK", 0, localN - 1, "LOCAL_WORLD_SIZE = " + localN);
        boolean agentHoldsPort = "true".equalsIgnoreCase(s.env("TORCHELASTIC_USE_AGENT_STORE").orElse(""));
        HostPort at = address(s, v, agentHoldsPort ? 1 : 0);
        String job = s.env("TORCHELASTIC_RUN_ID").orElse("");
        return new LaunchInfo(pe, n, localPe, localN, uid(s, "torchrun", job, at), pe == 0, "torchrun");
    }

    private static LaunchInfo openMpi(Settings s) {
        Vars v = new Vars(s, "Open MPI");
        int n = v.required("OMPI_COMM_WORLD_SIZE", 1, Integer.MAX_VALUE, "");
        int pe = v.required("OMPI_COMM_WORLD_RANK", 0, n - 1, "OMPI_COMM_WORLD_SIZE = " + n);
        int localN = v.required("OMPI_COMM_WORLD_LOCAL_SIZE", 1, n, "OMPI_COMM_WORLD_SIZE = " + n);
        int localPe = v.required("OMPI_COMM_WORLD_LOCAL_RANK", 0, localN - 1, "OMPI_COMM_WORLD_LOCAL_SIZE = " + localN);
        HostPort at = address(s, v, 0);
        String job = s.env("OMPI_MCA_ess_base_jobid").orElse("");
        return new LaunchInfo(pe, n, localPe, localN, uid(s, "openmpi", job, at), pe == 0, "openmpi");
    }

    private static LaunchInfo slurm(Settings s) {
        Vars v = new Vars(s, "Slurm");
        int n = v.required("SLURM_NTASKS", 1, Integer.MAX_VALUE, "");
        int pe = v.required("SLURM_PROCID", 0, n - 1, "SLURM_NTASKS = " + n);
        int localN = slurmTasksOnThisNode(s, v, n);
        int localPe = v.required("SLURM_LOCALID", 0, localN - 1, "tasks on this node = " + localN);
        HostPort at = address(s, v, 0);
        String job = s.env("SLURM_JOB_ID").orElse("") + s.env("SLURM_STEP_ID").map(x -> "." + x).orElse("");
        return new LaunchInfo(pe, n, localPe, localN, uid(s, "slurm", job, at), pe == 0, "slurm");
    }

    private static int slurmTasksOnThisNode(Settings s, Vars v, int n) {
        if (s.env("SLURM_NTASKS_PER_NODE").isPresent()) {
            return v.required("SLURM_NTASKS_PER_NODE", 1, n, "SLURM_NTASKS = " + n);
        }
        Optional<String> perNode = s.env("SLURM_TASKS_PER_NODE");
        if (perNode.isPresent() && s.env("SLURM_NODEID").isPresent()) {
            List<Integer> counts = expandTasksPerNode(perNode.get());
            int node = v.required("SLURM_NODEID", 0, counts.size() - 1,
                    "SLURM_TASKS_PER_NODE = " + perNode.get() + " lists " + counts.size() + " nodes");
            int c = counts.get(node);
            if (c < 1 || c > n) {
                throw new ShmemArgumentException("SLURM_TASKS_PER_NODE = '" + perNode.get() + "' gives " + c
                        + " tasks for node " + node + ": valid range is 1.." + n + " (SLURM_NTASKS); fix the"
                        + " Slurm environment or set SLURM_NTASKS_PER_NODE");
            }
            return c;
        }
        if (s.env("SLURM_NNODES").orElse(s.env("SLURM_JOB_NUM_NODES").orElse("")).equals("1")) {
            return n;
        }
        throw new ShmemArgumentException("Slurm job: cannot tell how many tasks run on this node: SLURM_NTASKS_PER_NODE"
                + " and SLURM_TASKS_PER_NODE/SLURM_NODEID are not set; start the job with srun --ntasks-per-node");
    }

    /** Expands Slurm's compressed list such as {@code 2(x3),1} into {@code [2, 2, 2, 1]}. */
    static List<Integer> expandTasksPerNode(String text) {
        List<Integer> out = new ArrayList<>();
        try {
            for (String part : text.split(",")) {
                part = part.strip();
                int paren = part.indexOf("(x");
                if (paren < 0) {
                    out.add(Integer.parseInt(part));
                } else {
                    if (!part.endsWith(")")) {
                        throw new NumberFormatException(part);
                    }
                    int count = Integer.parseInt(part.substring(0, paren));
                    int repeat = Integer.parseInt(part.substring(paren + 2, part.length() - 1));
                    if (repeat < 1 || repeat > 1_000_000) {
                        throw new NumberFormatException(part);
                    }
                    for (int i = 0; i < repeat; i++) {
                        out.add(count);
                    }
                }
            }
        } catch (NumberFormatException e) {
            throw new ShmemArgumentException("SLURM_TASKS_PER_NODE = '" + text + "' is malformed: valid is a comma"
                    + " list of counts with optional repeats, such as 2(x3),1; fix the Slurm environment or set"
                    + " SLURM_NTASKS_PER_NODE");
        }
        return out;
    }

    /** SHMEM_UID_SESSION_ID, else MASTER_ADDR:(MASTER_PORT + portOffset). */
    private static HostPort address(Settings s, Vars v, int portOffset) {
        Optional<String> session = s.get(Setting.UID_SESSION_ID);
        if (session.isPresent()) {
            return HostPort.parse(Setting.UID_SESSION_ID.envName(), session.get());
        }
        Optional<String> addr = s.env("MASTER_ADDR");
        if (addr.isEmpty() || s.env("MASTER_PORT").isEmpty()) {
            throw new ShmemArgumentException(v.launcher + " job without a rendezvous address: MASTER_ADDR = '"
                    + addr.orElse("") + "', MASTER_PORT = '" + s.env("MASTER_PORT").orElse("") + "'; set both"
                    + " MASTER_ADDR and MASTER_PORT (host and free port where PE 0 serves the rendezvous) or "
                    + Setting.UID_SESSION_ID.envName() + "=host:port, the same on every PE");
        }
        int port = v.required("MASTER_PORT", 1, 65535 - portOffset, portOffset == 0 ? ""
                : "the rendezvous uses MASTER_PORT + 1 because torchrun's agent store holds MASTER_PORT");
        String host = addr.get();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return HostPort.parse("MASTER_ADDR", (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":"
                + (port + portOffset));
    }

    private static UniqueId uid(Settings s, String source, String jobId, HostPort at) {
        Optional<String> text = s.get(Setting.SECRET);
        String material;
        if (text.isPresent()) {
            if (text.get().length() < MIN_SECRET_CHARS) {
                throw new ShmemArgumentException(Setting.SECRET.envName() + " has " + text.get().length()
                        + " characters: valid are at least " + MIN_SECRET_CHARS + " (the same on every PE); use a"
                        + " random value such as the output of 'openssl rand -hex 32'");
            }
            material = "jshmem-secret-v1\n" + text.get();
        } else {
            material = "jshmem-derived-secret-v1\n" + source + "\n" + jobId + "\n" + at.host() + "\n" + at.port();
        }
        try {
            byte[] secret = MessageDigest.getInstance("SHA-256").digest(material.getBytes(StandardCharsets.UTF_8));
            return new UniqueId(at.host(), at.port(), secret);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    private static boolean present(Settings s, String a, String b) {
        return s.env(a).isPresent() || s.env(b).isPresent();
    }

    private static String npes(Setting s, int value) {
        return s.envName() + " = " + value;
    }

    /** Reads whole-number variables with messages that name the launcher, the variable and its valid range. */
    private record Vars(Settings settings, String launcher) {
        int required(String name, int min, int max, String why) {
            return required(name, settings.env(name), min, max, why);
        }

        int required(String name, Optional<String> value, int min, int max, String why) {
            if (value.isEmpty()) {
                throw new ShmemArgumentException(name + " is not set, but other " + launcher + " variables are:"
                        + " valid range is " + min + ".." + max + (why.isEmpty() ? "" : " (" + why + ")")
                        + "; start the job through " + launcher + " or set " + name);
            }
            return parse(name, value.get(), min, max, why);
        }

        int optional(String name, Optional<String> value, int min, int max, String why, int fallback) {
            return value.isEmpty() ? fallback : parse(name, value.get(), min, max, why);
        }

        private int parse(String name, String text, int min, int max, String why) {
            String range = "valid range is " + min + ".." + max + (why.isEmpty() ? "" : " (" + why + ")");
            long v;
            try {
                v = Long.parseLong(text.strip());
            } catch (NumberFormatException e) {
                throw new ShmemArgumentException(name + " = '" + text + "' is not a whole number: " + range
                        + "; fix the " + launcher + " environment");
            }
            if (v < min || v > max) {
                throw new ShmemArgumentException(name + " = " + v + " is out of range: " + range + "; fix the "
                        + launcher + " environment");
            }
            return (int) v;
        }
    }
}
