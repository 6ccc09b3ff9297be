package io.jshmem.transport.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Moves the calling thread into Linux's idle scheduling class ({@code sched_setscheduler(0, SCHED_IDLE)}; an
 * unprivileged thread may always lower itself). A thread in that class never preempts a normal thread when it wakes
 * and runs on a core that no normal thread wants, yet still gets a small share of a busy core, so it is never
 * starved outright.
 *
 * <p>Why the progress thread wants it: when a PE's progress thread sleeps on the worker's event fd, every message a
 * peer sends over tcp wakes it, and the kernel's wake-up preemption then runs it in place of the thread that just
 * sent, often the sender itself; with more threads than cores every message pays a context switch both ways. In a
 * 2-PE stencil over tcp loopback on 2 cores, a 16 KiB put returned after 67-80 µs with a normal progress thread and
 * 32-37 µs with none at all (OSHMEM's C: 18-20 µs). In the idle class the progress thread serves peers on cores
 * that would otherwise idle, and an application thread that waits drives the worker itself ({@link UcxTransport}).
 *
 * <p>Stateless and thread-safe.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
final class IdleScheduling {
    private static final int SCHED_IDLE = 5;
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle SET_SCHEDULER = link();

    private IdleScheduling() {
    }

    private static MethodHandle link() {
        if (!System.getProperty("os.name", "").startsWith("Linux")) {
            return null; // SCHED_IDLE and its number are Linux's
        }
        Linker linker = Linker.nativeLinker();
        return linker.defaultLookup().find("sched_setscheduler")
                .map(f -> linker.downcallHandle(f, FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS),
                        Linker.Option.captureCallState("errno")))
                .orElse(null);
    }

    /**
     * Moves the calling thread (and only it) into the idle class. Returns null when done, else why not (the thread
     * then keeps its class; nothing else changes).
     */
    static String lowerCurrentThread() {
        if (SET_SCHEDULER == null) {
            return "sched_setscheduler is not available (" + System.getProperty("os.name") + ")";
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            MemorySegment param = arena.allocate(JAVA_INT); // struct sched_param { int sched_priority; } = 0
            int rc = (int) SET_SCHEDULER.invokeExact(state, 0, SCHED_IDLE, param);
            return rc == 0 ? null : "sched_setscheduler(SCHED_IDLE) failed with errno " + (int) ERRNO.get(state, 0L);
        } catch (Throwable t) {
            return "sched_setscheduler(SCHED_IDLE) failed: " + t;
        }
    }
}
