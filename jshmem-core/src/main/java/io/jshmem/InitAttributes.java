package io.jshmem;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.Checks;
import io.jshmem.error.ShmemArgumentException;

import java.time.Duration;
import java.util.EnumMap;
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
    private final Map<Setting, String> overrides = new EnumMap<>(Setting.class);

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
        Checks.pe("myPe", myPe, nPes);
        Checks.notNull("uniqueId", uniqueId);
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
        overrides.put(Setting.SYMMETRIC_SIZE, Long.toString(bytes));
        return this;
    }

    /** Deadline of every blocking call (overrides JSHMEM_TIMEOUT). */
    public InitAttributes timeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new ShmemArgumentException("timeout = " + timeout + " is invalid: valid timeouts are positive");
        }
        overrides.put(Setting.TIMEOUT, Long.toString(Math.max(1, timeout.toSeconds())));
        return this;
    }

    /** Engine for other PEs: {@code auto}, {@code shm} or {@code ucx} (overrides JSHMEM_ENGINE). */
    public InitAttributes engine(String engine) {
        overrides.put(Setting.ENGINE, engine);
        return this;
    }

    /** Any setting by its row (overrides environment and system properties). */
    public InitAttributes set(Setting setting, String value) {
        overrides.put(setting, value);
        return this;
    }

    int myPe() {
        return myPe;
    }

    int nPes() {
        return nPes;
    }

    String uniqueId() {
        return uniqueId;
    }

    Settings applyTo(Settings base) {
        Settings s = base;
        for (Map.Entry<Setting, String> e : overrides.entrySet()) {
            s = s.with(e.getKey(), e.getValue());
        }
        return s;
    }
}
