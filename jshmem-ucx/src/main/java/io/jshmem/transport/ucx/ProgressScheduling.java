package io.jshmem.transport.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The scheduling class of the engine's progress thread (JSHMEM_UCX_PROGRESS_PRIORITY), applied by the thread to
 * itself with {@code sched_setscheduler(0, ...)} (an unprivileged thread may always move itself to these classes).
 *
 * <p>Why: when the progress thread sleeps on the worker's event fd, every message a peer sends over tcp wakes it, and
 * the kernel's wake-up preemption runs it in place of the thread that was running, often the sender itself; with
 * more threads than cores every message pays context switches. In a 2-PE stencil over tcp loopback on 2 cores, a
 * 16 KiB put returned after 67-82 µs with a normal progress thread and 31-42 µs with none at all (OSHMEM's C: 18-21
 * µs). Linux never preempts a running thread for a woken one of the batch or idle class.
 * <ul>
 *   <li>{@link #BATCH} keeps a normal thread's share of a busy core: a PE whose application thread polls memory
 *   without calling the library still gets its messages delivered within a scheduling period.</li>
 *   <li>{@link #IDLE} runs only on cores no other thread wants (and on a tiny share of busy ones): the least
 *   interference, but a PE busy outside the library serves its peers slowly, as OSHMEM's PEs without a progress
 *   thread do (the engine's contract tests, whose threads poll memory, took 11 s instead of 1.8 s).</li>
 *   <li>{@link #NORMAL} leaves the JVM's default.</li>
 * </ul>
 * {@link Choice#AUTO}, the default, is idle where this host's PEs outnumber its cores and batch otherwise. Where PEs
 * share cores, every core already has an application thread that wants it, and a batch thread woken by a message
 * takes its share from them, for a receive that the PE's own wait would do anyway. Over tcp loopback on 2 cores,
 * second half of the timed iterations, three rounds, batch / idle (OSHMEM's C in the same rounds): Transpose's
 * communication at 4 PEs 10.7-11.5 / 8.3-9.6 ms per iteration (6.3-7.8), Stencil's halo 0.61-0.74 / 0.48-0.56 ms
 * (0.48-0.57), BucketSort's exchange at 8 PEs 45.4-49.1 / 38.4-45.9 ms (24.6-27.5); SynchP2p at 4 PEs 13.0-13.5 /
 * 14.1-15.5 ms (15.0-17.1); all in docs/performance.md. Where each PE has a core, batch serves a message that arrives
 * while its PE computes, and idle would leave it until the PE's next call.
 *
 * <p>Stateless and thread-safe.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
enum ProgressScheduling {
    BATCH(3), IDLE(5), NORMAL(-1);

    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle SET_SCHEDULER = link();

    /** Linux's number of the policy (SCHED_BATCH 3, SCHED_IDLE 5), or -1 for none. */
    private final int linuxPolicy;

    ProgressScheduling(int linuxPolicy) {
        this.linuxPolicy = linuxPolicy;
    }

    /** The values of JSHMEM_UCX_PROGRESS_PRIORITY. */
    enum Choice {
        AUTO, BATCH, IDLE, NORMAL
    }

    /** The class for {@code choice} on a host whose {@code hostPes} share {@code hostCores} cores. */
    static ProgressScheduling choose(Choice choice, int hostPes, int hostCores) {
        return switch (choice) {
            case AUTO -> hostPes > hostCores ? IDLE : BATCH;
            case BATCH -> BATCH;
            case IDLE -> IDLE;
            case NORMAL -> NORMAL;
        };
    }

    /** The name users write in JSHMEM_UCX_PROGRESS_PRIORITY. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    private static MethodHandle link() {
        if (!System.getProperty("os.name", "").startsWith("Linux")) {
            return null; // the policies and their numbers are Linux's
        }
        Linker linker = Linker.nativeLinker();
        return linker.defaultLookup().find("sched_setscheduler")
                .map(f -> linker.downcallHandle(f, FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS),
                        Linker.Option.captureCallState("errno")))
                .orElse(null);
    }

    /**
     * Moves the calling thread (and only it) into this class. Returns null when done (always for {@link #NORMAL}),
     * else why not; the thread then keeps its class and nothing else changes.
     */
    String applyToCurrentThread() {
        if (linuxPolicy < 0) {
            return null;
        }
        if (SET_SCHEDULER == null) {
            return "sched_setscheduler is not available (" + System.getProperty("os.name") + ")";
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            MemorySegment param = arena.allocate(JAVA_INT); // struct sched_param { int sched_priority; } = 0
            int rc = (int) SET_SCHEDULER.invokeExact(state, 0, linuxPolicy, param);
            return rc == 0 ? null : "sched_setscheduler(" + label() + ") failed with errno "
                    + (int) ERRNO.get(state, 0L);
        } catch (Throwable t) {
            return "sched_setscheduler(" + label() + ") failed: " + t;
        }
    }
}
