package io.jshmem.memory.cuda;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads a CUDA driver library and checks that it can serve: it loads, {@code cuInit(0)} succeeds and at least one
 * device is visible. Nothing native is touched before {@link #probe} is called; the outcome is cached per library
 * name for the life of the JVM (the library stays loaded, in {@link Arena#global()}, so no handle can dangle), which
 * makes {@link CudaKindProvider#unavailableReason()} cheap after its first call. Thread-safe.
 */
@SuppressWarnings("restricted") // loading the driver is this class's purpose; needs --enable-native-access
final class CudaLibrary {
    /** What the user must do when the driver library is missing; part of that failure's message. */
    static final String INSTALL_HINT = "install the NVIDIA driver (it ships libcuda.so.1; nvidia-smi must list the"
            + " GPU), or set " + Setting.CUDA_LIBRARY.envName() + " to the path of libcuda.so.1";

    private static final ConcurrentHashMap<String, Probe> PROBES = new ConcurrentHashMap<>();

    private CudaLibrary() {
    }

    /**
     * The outcome of loading one library: the bound driver and its device count, or a sentence saying what is
     * missing and how to fix it.
     */
    record Probe(CudaDriver driver, int deviceCount, String failure) {
        /** The driver; throws the failure when it cannot serve. */
        CudaDriver require(String operation) {
            if (driver == null) {
                throw new io.jshmem.error.ShmemStateException(operation + " cannot use the cuda memory kind: "
                        + failure);
            }
            return driver;
        }
    }

    /** The library the setting names ({@code JSHMEM_CUDA_LIBRARY}, default {@code libcuda.so.1}). */
    static String configured() {
        return Settings.fromEnvironment().string(Setting.CUDA_LIBRARY);
    }

    /** Loads and checks {@code library} on the first call for that name; later calls return the same outcome. */
    static Probe probe(String library) {
        return PROBES.computeIfAbsent(library, CudaLibrary::load);
    }

    private static Probe load(String library) {
        SymbolLookup lookup;
        try {
            lookup = SymbolLookup.libraryLookup(library, Arena.global());
        } catch (IllegalArgumentException e) {
            return failed("the CUDA driver library " + library + " does not load (" + e.getMessage() + "): "
                    + INSTALL_HINT);
        } catch (IllegalCallerException e) {
            return failed("native access is disabled (" + e.getMessage() + "): run the JVM with"
                    + " --enable-native-access=ALL-UNNAMED (or io.jshmem.cuda on the module path)");
        }
        CudaDriver driver;
        try {
            driver = new CudaDriver(library, lookup);
        } catch (NoSuchElementException e) {
            return failed(e.getMessage() + ": install an NVIDIA driver for CUDA 11.0 or newer, or set "
                    + Setting.CUDA_LIBRARY.envName() + " to such a libcuda.so.1");
        }
        int rc = driver.init();
        if (rc != 0) {
            return failed("cuInit(0) of " + library + " failed with " + driver.errorName(rc) + " (" + rc + "): "
                    + CudaException.advice(rc));
        }
        int count;
        try {
            count = driver.deviceCount();
        } catch (CudaException e) {
            return failed(e.getMessage());
        }
        if (count < 1) {
            return failed("the CUDA driver " + library + " loads but sees no GPU (cuDeviceGetCount = " + count
                    + "): check nvidia-smi, and that CUDA_VISIBLE_DEVICES, when set, names a GPU of this host");
        }
        return new Probe(driver, count, null);
    }

    private static Probe failed(String why) {
        return new Probe(null, 0, why);
    }
}
