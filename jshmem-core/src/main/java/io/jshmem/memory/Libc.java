package io.jshmem.memory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.Optional;

/**
 * The one way jshmem links a libc function through FFM: Linux only, the native linker's default lookup first and the
 * class loader's next, one downcall handle per call shape. Callers link in their static initializers and treat an
 * empty answer as "not here" (and say so through their own {@code available()}); a symbol that is found but cannot be
 * linked with the given shape throws the linker's exception. In the memory package because it is the lowest layer
 * both its users (the heap backings' {@code Posix}, comm's {@code Futex}) may import. Stateless and thread-safe.
 */
public final class Libc {
    private static final boolean LINUX =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");

    private Libc() {
    }

    /** Whether this is Linux, the only system whose libc jshmem calls. */
    public static boolean onLinux() {
        return LINUX;
    }

    /** libc's {@code name}, or empty off Linux or where no loaded library defines it. */
    public static Optional<MemorySegment> find(String name) {
        if (!LINUX) {
            return Optional.empty();
        }
        Linker linker = Linker.nativeLinker();
        return linker.defaultLookup().find(name).or(() -> SymbolLookup.loaderLookup().find(name));
    }

    /**
     * A downcall handle for libc's {@code name} with the C shape {@code descriptor}, or empty where {@link #find}
     * finds no such function.
     */
    public static Optional<MethodHandle> downcall(String name, FunctionDescriptor descriptor,
                                                  Linker.Option... options) {
        return find(name).map(fn -> Linker.nativeLinker().downcallHandle(fn, descriptor, options));
    }
}
