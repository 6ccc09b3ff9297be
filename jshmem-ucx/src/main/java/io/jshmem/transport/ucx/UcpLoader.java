package io.jshmem.transport.ucx;

import io.jshmem.error.TransportException;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Finds and checks {@code libucp.so.0} the first time the UCX engine is created. Nothing native is touched before
 * {@link #lookup()} or {@link #isAvailable()} is called; {@link Ucp} (the bindings) is initialised only after a
 * successful load, so a missing library gives a {@link TransportException} every time, never a broken class.
 *
 * <p>Thread-safe: loading is synchronised and its outcome (success or the failure message) is cached.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
final class UcpLoader {
    /** What the user must do when libucp is missing; part of every load failure message. */
    static final String INSTALL_HINT = "install the Debian package libucx0 (apt-get install libucx0)";
    static final String LIBRARY = "libucp.so.0";
    static final int MIN_MAJOR = 1;
    static final int MIN_MINOR = 13;

    private static SymbolLookup lookup;
    private static String failure;
    private static String version;

    private UcpLoader() {
    }

    /** Whether libucp loads and is new enough; loads it on the first call. */
    static synchronized boolean isAvailable() {
        tryLoad();
        return lookup != null;
    }

    /** Why libucp could not be used, or empty when it loaded. */
    static synchronized String failure() {
        tryLoad();
        return failure == null ? "" : failure;
    }

    /** The loaded library's version as major.minor.release. */
    static synchronized String version() {
        lookup();
        return version;
    }

    /** The loaded libucp (with its dependencies libucs/libuct); throws when it cannot be used. */
    static synchronized SymbolLookup lookup() {
        tryLoad();
        if (lookup == null) {
            throw new TransportException(failure);
        }
        return lookup;
    }

    private static void tryLoad() {
        if (lookup != null || failure != null) {
            return;
        }
        Probe probe = probe(LIBRARY);
        lookup = probe.lookup();
        version = probe.version();
        failure = probe.failure();
    }

    /**
     * Sets {@code UCX_ERROR_SIGNALS} to empty in the process environment, before libucs is loaded. libucs installs
     * its own SIGSEGV/SIGBUS/SIGILL/SIGFPE handlers from its library constructor (default
     * {@code UCX_ERROR_SIGNALS=ILL,SEGV,BUS,FPE}); they replace the JVM's, and the JVM uses SIGSEGV internally
     * (safepoint polls, implicit null checks), so the next such event ends the JVM with "SIGSEGV (sent by kill)".
     * Observed here with UCX 1.13.1 on the first safepoint after loading. There is no value of this variable that
     * is safe in a JVM, so a user setting is overridden.
     */
    private static void disableUcxSignalHandlers() {
        try (Arena arena = Arena.ofConfined()) {
            MethodHandle setenv = Linker.nativeLinker().downcallHandle(
                    Linker.nativeLinker().defaultLookup().findOrThrow("setenv"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                            ValueLayout.JAVA_INT));
            int rc = (int) setenv.invokeExact(arena.allocateFrom("UCX_ERROR_SIGNALS"), arena.allocateFrom(""), 1);
            if (rc != 0) {
                throw new IllegalStateException("setenv(UCX_ERROR_SIGNALS) returned " + rc);
            }
        } catch (Throwable t) {
            throw new IllegalStateException("cannot clear UCX_ERROR_SIGNALS before loading UCX: " + t, t);
        }
    }

    /** The outcome of loading a libucp: either a lookup and its version, or a failure message. */
    record Probe(SymbolLookup lookup, String version, String failure) {
    }

    /** Loads {@code library} and checks its version; package-private so tests can probe a missing name. */
    static Probe probe(String library) {
        try {
            disableUcxSignalHandlers();
        } catch (IllegalStateException e) {
            return new Probe(null, null, "The UCX engine is not loaded because " + e.getMessage()
                    + "; run the JVM with --enable-native-access=ALL-UNNAMED (or the jshmem modules)");
        }
        SymbolLookup found;
        try {
            // Arena.global(): the library stays loaded for the life of the JVM, so handles never dangle.
            found = SymbolLookup.libraryLookup(library, Arena.global());
        } catch (IllegalArgumentException | IllegalCallerException e) {
            return new Probe(null, null, "The UCX engine cannot load " + library + " (" + e.getMessage() + "): "
                    + INSTALL_HINT + ", or choose another engine with JSHMEM_ENGINE");
        }
        try {
            MethodHandle getVersion = Linker.nativeLinker().downcallHandle(
                    found.findOrThrow("ucp_get_version"),
                    FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment v = arena.allocate(ValueLayout.JAVA_INT, 3);
                getVersion.invokeExact(v, v.asSlice(4), v.asSlice(8));
                int major = v.getAtIndex(ValueLayout.JAVA_INT, 0);
                int minor = v.getAtIndex(ValueLayout.JAVA_INT, 1);
                int release = v.getAtIndex(ValueLayout.JAVA_INT, 2);
                String text = major + "." + minor + "." + release;
                if (major < MIN_MAJOR || (major == MIN_MAJOR && minor < MIN_MINOR)) {
                    return new Probe(null, null, "The UCX engine needs UCX >= " + MIN_MAJOR + "." + MIN_MINOR
                            + " but " + library + " is version " + text + ": " + INSTALL_HINT
                            + " from a newer distribution release");
                }
                return new Probe(found, text, null);
            }
        } catch (Throwable e) {
            return new Probe(null, null, "The UCX engine found " + library + " but could not query its version ("
                    + e + "): " + INSTALL_HINT);
        }
    }
}
