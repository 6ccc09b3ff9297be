package io.jshmem.comm;

import io.jshmem.memory.Libc;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Linux futexes on 32-bit words of shared mappings, through an FFM downcall to libc's {@code syscall}. The
 * operations are the shared (not {@code FUTEX_PRIVATE_FLAG}) forms, because the heap mapping is shared between
 * processes: the kernel keys a shared futex by the page and offset in the file, so a waiter in one process and a
 * waker in another meet on the same word whatever address each maps it at.
 *
 * <p>{@link #available()} is false off Linux, on architectures whose futex number is not known here, and where
 * the downcall cannot be linked; callers then poll instead. Waits return on a wake, a timeout, a signal, or at once
 * when the word no longer holds the expected value: callers always re-check their condition. Stateless apart from
 * one timespec per thread (allocated on its first wait), so thread-safe and allocation-free after warm-up.
 */
public final class Futex {
    private static final long FUTEX_WAIT = 0;
    private static final long FUTEX_WAKE = 1;

    private static final MethodHandle SYSCALL_WAIT;
    private static final MethodHandle SYSCALL_WAKE;
    private static final long SYS_FUTEX;
    private static final ThreadLocal<MemorySegment> TIMESPEC =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(16, 8));

    static {
        long nr = syscallNumber();
        MethodHandle wait = null;
        MethodHandle wake = null;
        if (nr > 0) {
            try {
                // long syscall(long number, ...): the futex arguments are variadic; glibc reads each as a long.
                FunctionDescriptor d = FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
                wait = Libc.downcall("syscall", d, Linker.Option.firstVariadicArg(1)).orElse(null);
                // A wake never blocks: the critical form skips the thread-state transition.
                wake = Libc.downcall("syscall", d, Linker.Option.firstVariadicArg(1), Linker.Option.critical(false))
                        .orElse(null);
            } catch (RuntimeException | LinkageError e) {
                wait = null;
                wake = null;
            }
        }
        SYS_FUTEX = nr;
        SYSCALL_WAIT = wait;
        SYSCALL_WAKE = wake;
    }

    private Futex() {
    }

    private static long syscallNumber() {
        if (!Libc.onLinux()) {
            return -1;
        }
        return switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> 202;
            case "aarch64", "riscv64" -> 98;
            default -> -1;
        };
    }

    /** Whether futex waits and wakes work here. */
    public static boolean available() {
        return SYSCALL_WAIT != null;
    }

    /**
     * Sleeps while the 32-bit word at {@code offset} of {@code segment} holds {@code expected}, for at most
     * {@code timeoutNanos}; returns at once when it already differs. Spurious returns are possible.
     */
    public static void await(MemorySegment segment, long offset, int expected, long timeoutNanos) {
        MemorySegment ts = TIMESPEC.get();
        long t = Math.max(1, timeoutNanos);
        ts.set(ValueLayout.JAVA_LONG, 0, t / 1_000_000_000L);
        ts.set(ValueLayout.JAVA_LONG, 8, t % 1_000_000_000L);
        try {
            // The result (0, or -1 for EAGAIN, ETIMEDOUT, EINTR) does not matter: the caller re-checks.
            long ignored = (long) SYSCALL_WAIT.invokeExact(SYS_FUTEX, segment.address() + offset, FUTEX_WAIT,
                    expected & 0xFFFF_FFFFL, ts.address());
        } catch (Throwable e) {
            throw new IllegalStateException("futex wait failed", e);
        }
    }

    /** Wakes every thread sleeping on the 32-bit word at {@code offset} of {@code segment}, in any process. */
    public static void wakeAll(MemorySegment segment, long offset) {
        try {
            long ignored = (long) SYSCALL_WAKE.invokeExact(SYS_FUTEX, segment.address() + offset, FUTEX_WAKE,
                    (long) Integer.MAX_VALUE, 0L);
        } catch (Throwable e) {
            throw new IllegalStateException("futex wake failed", e);
        }
    }
}
