package io.jshmem;

import io.jshmem.error.ShmemArgumentException;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Explicit init attributes (CANN SHMEM's {@code shmem_init_attr_t}): this PE's number, the PE count, the heap size,
 * the unique id or rendezvous URL, the deadline and the engine. Anything left unset comes from the environment
 * (launcher variables and settings). Mutable builder; not thread-safe.
 */
public final class InitAttributes {
    private int myPe = -1;
    private int nPes = -1;
    private String uniqueId;
    private int instanceId;
    private final Map<String, String> overrides = new LinkedHashMap<>();

    /** Attributes that take everything from the launcher environment. */
    public static InitAttributes fromEnvironment() {
        return new InitAttributes();
    }

    /**
     * Attributes for a self-bootstrapped job: {@code uniqueId} is the string form of {@link Shmem#getUniqueId()}
     * created by one PE and handed to the others, or a rendezvous URL {@code tcp://host:port} /
     * {@code tcp6://[addr]:port} that PE 0 serves.
     */
    public static InitAttributes of(int myPe, int nPes, String uniqueId) {
        if (nPes < 1) {
            throw new ShmemArgumentException("nPes = " + nPes + " is invalid: valid values are 1 or more");
        }
        if (myPe < 0 || myPe >= nPes) {
            throw new ShmemArgumentException("myPe = " + myPe + " is not a valid PE: valid range is 0.." + (nPes - 1)
                    + " (nPes = " + nPes + "); pass this process's PE number");
        }
        notNull("uniqueId", uniqueId);
        InitAttributes a = new InitAttributes();
        a.myPe = myPe;
        a.nPes = nPes;
        a.uniqueId = uniqueId;
        return a;
    }

    /** Symmetric heap bytes per PE (overrides SHMEM_SYMMETRIC_SIZE). */
    public InitAttributes heapSize(long bytes) {
        if (bytes <= 0) {
            throw new ShmemArgumentException("heapSize = " + bytes + " is invalid: valid sizes are 1 byte or more");
        }
        overrides.put("SHMEM_SYMMETRIC_SIZE", Long.toString(bytes));
        return this;
    }

    /** Deadline of every blocking call (overrides JSHMEM_TIMEOUT). */
    public InitAttributes timeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new ShmemArgumentException("timeout = " + timeout + " is invalid: valid timeouts are positive");
        }
        overrides.put("JSHMEM_TIMEOUT", Long.toString(Math.max(1, timeout.toSeconds())));
        return this;
    }

    /**
     * Engine for other PEs: {@code auto}, {@code shm}, {@code network} or an installed engine's name such as
     * {@code ucx} (overrides JSHMEM_ENGINE; an unknown name fails at init).
     */
    public InitAttributes engine(String engine) {
        overrides.put("JSHMEM_ENGINE", engine);
        return this;
    }

    /**
     * Any setting by its environment-variable name, for example {@code "JSHMEM_TIMEOUT"} (overrides environment and
     * system properties). An unknown name or a value its setting rejects fails at init, naming the setting.
     */
    public InitAttributes set(String name, String value) {
        overrides.put(notNull("name", name), notNull("value", value));
        return this;
    }

    // ---- CANN SHMEM init attributes ----

    /**
     * The instance to initialize ({@code instance_id}), 0..254; default 0. Each instance has its own rendezvous
     * session, heap, teams, streams and engines. In a launched job, instances other than 0 get their session
     * through instance 0, which must be live; with {@link #of} every instance needs its own unique id (or a URL of
     * port 0 with SHMEM_INSTANCE_PORT_RANGE).
     */
    public InitAttributes instanceId(int id) {
        if (id < 0 || id > 254) {
            throw new ShmemArgumentException("instanceId = " + id + " is not a valid instance id: valid range is "
                    + "0..254; pass an id in that range");
        }
        instanceId = id;
        return this;
    }

    /**
     * The data engines ({@code option_attr.data_op_engine_type}): MTE is the SHM engine (peers on this host),
     * RDMA the UCX engine (other hosts, or every peer when MTE is absent), SDMA adds the copy engine for large nbi
     * copies. UDMA has no jshmem engine and is rejected. Overrides JSHMEM_ENGINE and JSHMEM_COPY_ENGINE.
     */
    public InitAttributes dataOpEngines(DataOpEngine... engines) {
        notNull("engines", engines);
        java.util.EnumSet<DataOpEngine> set = java.util.EnumSet.noneOf(DataOpEngine.class);
        for (int i = 0; i < engines.length; i++) {
            set.add(notNull("engines[" + i + "]", engines[i]));
        }
        if (set.isEmpty()) {
            throw new ShmemArgumentException("engines is empty: valid are one or more of MTE, SDMA, RDMA");
        }
        if (set.contains(DataOpEngine.UDMA)) {
            throw new ShmemArgumentException("engines contains UDMA, the Ascend 950 UB fabric, which jshmem has no "
                    + "engine for: valid are MTE (SHM), SDMA (copy engine) and RDMA (UCX)");
        }
        boolean local = set.contains(DataOpEngine.MTE) || set.contains(DataOpEngine.SDMA);
        boolean network = set.contains(DataOpEngine.RDMA);
        overrides.put("JSHMEM_ENGINE", local && network ? "auto" : local ? "shm" : "network");
        overrides.put("JSHMEM_COPY_ENGINE", Boolean.toString(set.contains(DataOpEngine.SDMA)));
        return this;
    }

    /** {@link #dataOpEngines} from CANN's mask (MTE 1, SDMA 2, RDMA 4, UDMA 8). */
    public InitAttributes dataOpEngineType(int mask) {
        return dataOpEngines(DataOpEngine.fromMask(mask).toArray(new DataOpEngine[0]));
    }

    /** How long a PE keeps trying to reach the rendezvous at init ({@code shm_init_timeout}; JSHMEM_CONNECT_TIMEOUT). */
    public InitAttributes connectTimeout(Duration timeout) {
        overrides.put("JSHMEM_CONNECT_TIMEOUT", Long.toString(positiveSeconds("connectTimeout", timeout)));
        return this;
    }

    /**
     * Deadline of each control step of init and finalize ({@code control_operation_timeout};
     * JSHMEM_CONTROL_TIMEOUT).
     */
    public InitAttributes controlTimeout(Duration timeout) {
        overrides.put("JSHMEM_CONTROL_TIMEOUT", Long.toString(positiveSeconds("controlTimeout", timeout)));
        return this;
    }

    private static long positiveSeconds(String name, Duration timeout) {
        notNull(name, timeout);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new ShmemArgumentException(name + " = " + timeout + " is invalid: valid timeouts are positive"
                    + " (CANN rejects 0)");
        }
        return Math.max(1, timeout.toSeconds());
    }

    private static <T> T notNull(String name, T value) {
        if (value == null) {
            throw new ShmemArgumentException(name + " is null: a non-null value is required");
        }
        return value;
    }

    /** The instance to initialize, 0..254. */
    public int instanceId() {
        return instanceId;
    }

    /** This PE's number for a self-bootstrapped job, or -1 to take it from the launcher environment. */
    public int myPe() {
        return myPe;
    }

    /** The job size for a self-bootstrapped job, or -1. */
    public int nPes() {
        return nPes;
    }

    /** The unique id (or tcp:// URL) of a self-bootstrapped job, or null. */
    public String uniqueId() {
        return uniqueId;
    }

    /** Setting overrides by environment-variable name, in the order they were set; unmodifiable. */
    public Map<String, String> overrides() {
        return Collections.unmodifiableMap(overrides);
    }
}
