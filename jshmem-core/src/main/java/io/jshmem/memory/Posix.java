package io.jshmem.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The few libc calls the heap backings need and the JDK does not offer, as FFM downcalls: {@code memfd_create},
 * {@code ftruncate}, {@code fcntl(F_ADD_SEALS)}, {@code fallocate}, {@code open} and {@code close}. Each returns the result or
 * throws {@link NativeError} with errno's text. {@link #available()} is false where they cannot be linked (not
 * Linux, or a libc without {@code memfd_create}). Stateless and thread-safe; only init and allocation paths call it.
 */
final class Posix {
    static final int O_RDWR = 02;
    static final int O_CLOEXEC = 02000000;
    static final int MFD_CLOEXEC = 0x0001;
    static final int MFD_ALLOW_SEALING = 0x0002;
    static final int F_ADD_SEALS = 1033;
    static final int F_SEAL_SEAL = 0x0001;
    static final int F_SEAL_SHRINK = 0x0002;
    static final int F_SEAL_GROW = 0x0004;

    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle MEMFD_CREATE;
    private static final MethodHandle FTRUNCATE;
    private static final MethodHandle FCNTL;
    private static final MethodHandle FALLOCATE;
    private static final MethodHandle CLOSE;
    private static final MethodHandle OPEN;
    private static final MethodHandle STRERROR;

    /** A failed call: the call's name and errno. */
    static final class NativeError extends Exception {
        private final int errno;

        NativeError(String call, int errno) {
            super(call + " failed: " + describe(errno));
            this.errno = errno;
        }

        int errno() {
            return errno;
        }
    }

    static {
        MethodHandle memfd = null;
        MethodHandle ftruncate = null;
        MethodHandle fcntl = null;
        MethodHandle fallocate = null;
        MethodHandle close = null;
        MethodHandle open = null;
        MethodHandle strerror = null;
        try {
            Linker.Option errno = Linker.Option.captureCallState("errno");
            ValueLayout i = ValueLayout.JAVA_INT;
            ValueLayout l = ValueLayout.JAVA_LONG;
            memfd = Libc.downcall("memfd_create", FunctionDescriptor.of(i, ValueLayout.ADDRESS, i), errno)
                    .orElseThrow();
            ftruncate = Libc.downcall("ftruncate", FunctionDescriptor.of(i, i, l), errno).orElseThrow();
            // int fcntl(int fd, int cmd, ...): the seal mask is the one variadic argument.
            fcntl = Libc.downcall("fcntl", FunctionDescriptor.of(i, i, i, i), errno,
                    Linker.Option.firstVariadicArg(2)).orElseThrow();
            fallocate = Libc.downcall("fallocate", FunctionDescriptor.of(i, i, i, l, l), errno).orElseThrow();
            close = Libc.downcall("close", FunctionDescriptor.of(i, i), errno).orElseThrow();
            // int open(const char *path, int flags, ...): the mode is variadic (unused: no O_CREAT here).
            open = Libc.downcall("open", FunctionDescriptor.of(i, ValueLayout.ADDRESS, i, i), errno,
                    Linker.Option.firstVariadicArg(2)).orElseThrow();
            strerror = Libc.downcall("strerror", FunctionDescriptor.of(ValueLayout.ADDRESS, i)).orElseThrow();
        } catch (RuntimeException | LinkageError e) {
            // Off Linux, or a libc without one of them (memfd_create came with glibc 2.27): not available.
            memfd = null;
        }
        MEMFD_CREATE = memfd;
        FTRUNCATE = ftruncate;
        FCNTL = fcntl;
        FALLOCATE = fallocate;
        CLOSE = close;
        OPEN = open;
        STRERROR = strerror;
    }

    private Posix() {
    }

    /** Whether every call of this class links here. */
    static boolean available() {
        return MEMFD_CREATE != null;
    }

    static int memfdCreate(String name, int flags) throws NativeError {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            int fd = (int) MEMFD_CREATE.invokeExact(state, arena.allocateFrom(name), flags);
            return check("memfd_create", fd, state);
        } catch (NativeError e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("memfd_create downcall failed", t);
        }
    }

    static void ftruncate(int fd, long length) throws NativeError {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            check("ftruncate", (int) FTRUNCATE.invokeExact(state, fd, length), state);
        } catch (NativeError e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("ftruncate downcall failed", t);
        }
    }

    static void addSeals(int fd, int seals) throws NativeError {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            check("fcntl(F_ADD_SEALS)", (int) FCNTL.invokeExact(state, fd, F_ADD_SEALS, seals), state);
        } catch (NativeError e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("fcntl downcall failed", t);
        }
    }

    /** Opens an existing file for reading and writing, close-on-exec. */
    static int open(String path, int flags) throws NativeError {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            return check("open", (int) OPEN.invokeExact(state, arena.allocateFrom(path), flags, 0), state);
        } catch (NativeError e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("open downcall failed", t);
        }
    }

    /** Allocates (reserves) the pages of {@code [offset, offset + length)}: mode 0 of fallocate(2). */
    static void fallocate(int fd, long offset, long length) throws NativeError {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            check("fallocate", (int) FALLOCATE.invokeExact(state, fd, 0, offset, length), state);
        } catch (NativeError e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("fallocate downcall failed", t);
        }
    }

    /** Closes {@code fd}; errors are ignored (the descriptor is gone either way on Linux). */
    static void closeQuietly(int fd) {
        if (fd < 0 || CLOSE == null) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            int ignored = (int) CLOSE.invokeExact(arena.allocate(CALL_STATE), fd);
        } catch (Throwable t) {
            // Nothing to do: a descriptor that cannot be closed is reclaimed when the process exits.
        }
    }

    private static int check(String call, int result, MemorySegment state) throws NativeError {
        if (result < 0) {
            throw new NativeError(call, (int) ERRNO.get(state, 0L));
        }
        return result;
    }

    private static String describe(int errno) {
        try {
            MemorySegment text = (MemorySegment) STRERROR.invokeExact(errno);
            return text.reinterpret(256).getString(0) + " (errno " + errno + ")";
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }
}
