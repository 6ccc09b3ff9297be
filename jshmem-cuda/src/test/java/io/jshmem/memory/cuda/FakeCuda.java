package io.jshmem.memory.cuda;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The test double of the CUDA driver ({@code src/test/c/fake_cuda.c}), compiled with the system C compiler into
 * {@code target/fake-cuda} once per JVM and variant. A test that needs it is skipped, by assumption and with the
 * reason, where no C compiler is found (bin/jshmem-setup.sh installs gcc).
 */
final class FakeCuda {
    /** Two devices, as the default of fake_cuda.c. */
    static final String TWO_DEVICES = "two";
    /** One device, shared by every PE of a host. */
    static final String ONE_DEVICE = "one";
    /** The driver loads and initialises but reports no device. */
    static final String NO_DEVICE = "none";
    /** cuInit(0) returns CUDA_ERROR_NO_DEVICE (100), as the real driver does on a machine without a GPU. */
    static final String INIT_FAILS = "initfails";

    private static final ConcurrentHashMap<String, Path> BUILT = new ConcurrentHashMap<>();

    private FakeCuda() {
    }

    /** System property naming a real CUDA driver for the contract tests (bench/device/cuda-check.sh sets it). */
    static final String REAL_DRIVER_PROPERTY = "jshmem.cuda.test.library";

    /** The real driver the property names, else the fake driver of {@code variant}. */
    static String realOr(String variant) {
        String real = System.getProperty(REAL_DRIVER_PROPERTY, "");
        return real.isBlank() ? library(variant) : real;
    }

    /** Whether the contract tests run against a real driver (leak counters of the fake are then not read). */
    static boolean real() {
        return !System.getProperty(REAL_DRIVER_PROPERTY, "").isBlank();
    }

    /** The fake driver of {@code variant}, built on first use; skips the calling test when it cannot be built. */
    static String library(String variant) {
        Path lib = BUILT.computeIfAbsent(variant, FakeCuda::build);
        Assumptions.assumeTrue(lib != null && Files.isRegularFile(lib), "the fake CUDA driver could not be built: "
                + "no C compiler (cc or gcc) on PATH; install gcc (bin/jshmem-setup.sh does) to run these tests");
        return lib.toString();
    }

    /** fake_cuda_live(what) of the loaded fake: 0 allocations, 1 IPC mappings, 2 primary-context references. */
    static int live(String library, int what) {
        @SuppressWarnings("restricted")
        MethodHandle h = Linker.nativeLinker().downcallHandle(
                SymbolLookup.libraryLookup(library, Arena.global()).findOrThrow("fake_cuda_live"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        try {
            return (int) h.invokeExact(what);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private static Path build(String variant) {
        String compiler = compiler();
        if (compiler == null) {
            return null;
        }
        Path source = Path.of(System.getProperty("jshmem.cuda.fake.source", "src/test/c/fake_cuda.c"));
        Path dir = Path.of(System.getProperty("jshmem.cuda.fake.dir", "target/fake-cuda"));
        Path out = dir.resolve("libfakecuda-" + variant + ".so").toAbsolutePath();
        String define = switch (variant) {
            case TWO_DEVICES -> "-DFAKE_DEVICES=2";
            case ONE_DEVICE -> "-DFAKE_DEVICES=1";
            case NO_DEVICE -> "-DFAKE_DEVICES=0";
            case INIT_FAILS -> "-DFAKE_INIT_ERROR=100";
            default -> throw new IllegalArgumentException("variant = " + variant);
        };
        try {
            Files.createDirectories(dir);
            Process p = new ProcessBuilder(compiler, "-shared", "-fPIC", "-O1", "-Wall", "-Werror", define, "-o",
                    out.toString(), source.toString(), "-lpthread").redirectErrorStream(true).start();
            try {
                String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    throw new IllegalStateException(compiler + " could not build " + source + ": " + log);
                }
            } finally {
                p.destroyForcibly(); // by handle: only the process started here
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("building the fake CUDA driver failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while building the fake CUDA driver", e);
        }
    }

    private static String compiler() {
        for (String name : List.of("cc", "gcc")) {
            for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
                if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                    return Path.of(dir, name).toString();
                }
            }
        }
        return null;
    }
}
