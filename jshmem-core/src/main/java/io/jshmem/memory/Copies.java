package io.jshmem.memory;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.List;

/**
 * Copies between segments, choosing the faster of the JVM copy stub and libc {@code memcpy}. Which one is faster for
 * large sizes depends on the host: glibc beat the HotSpot stub by 1.4-1.9x on some of these machines (see
 * shared/reference/java-shm-limits.md) and lost by 5-15 % at 8 MiB on others (the putmem overhead gate). So the
 * routine is chosen per size band ({@link #BAND}) by {@link #configure}: {@code auto} measures both once per process
 * ({@link CopyCalibration}, 20-40 ms at init), {@code memcpy} and {@code jvm} force one. The choice is not revised
 * while the job runs: timing the job's own copies with the other routine now and then measured mostly the cost of the
 * switch between routines, which on the Intel Xeon VMs lasted for milliseconds (1 MiB memcpy copies after stub
 * copies ran at 1.2-3x their steady time for tens of copies), so such a sampler kept whichever routine it started
 * with and made every trial cost. Copies from the caller's threshold up use memcpy where it was chosen, through a
 * critical FFM downcall chunked so that no safepoint waits long. Thread-safe: the choice is published through
 * volatile fields by {@link #configure}; copies only read it.
 */
public final class Copies {
    /**
     * Bytes per memcpy call. Besides bounding how long a critical downcall holds off safepoints, this keeps every
     * call below glibc's {@code rep movsb} stop threshold, which on AMD CPUs is the L2 size (512 KiB on Zen 1-3,
     * 1 MiB on Zen 4-5; on Intel it is the much larger non-temporal threshold): above it glibc copies with a vector
     * loop, and on this project's Zen 5 VMs (1 MiB L2) {@code rep movsb} (what the kernel's copies and so UCX's CMA
     * transport use) is faster. Between two shared mappings, best of 10: in C, 8 MiB in 1 MiB calls 156-171 us, in
     * 512 or 256 KiB calls 145-148 us; in compiled Java, 4 MiB in 1 MiB calls 91-96 us, in 512 KiB calls 77-78 us
     * (256 KiB: 78-80, the stub 94-97), 8 MiB 156-161, 148-160 (161-179) and 193-202 us. 512 KiB is below the L2 of
     * every Zen since Zen 4; on Zen 1-3 (512 KiB L2) it is the vector loop, as with any larger chunk.
     */
    private static final long CHUNK = 512L << 10;
    /** Copies of at least this many bytes are in the large (out-of-cache) band. */
    public static final long BAND = 1L << 20;
    /** PEs per core above which large copies keep the stub (see {@link #configure}). */
    static final int SHARED_PES_PER_CORE = 2;
    private static final int SMALL_MEMCPY = 1;
    private static final int LARGE_MEMCPY = 2;
    /** Which bands use memcpy (bits SMALL_MEMCPY, LARGE_MEMCPY); both until configured, the behaviour before. */
    private static volatile int bands = SMALL_MEMCPY | LARGE_MEMCPY;
    private static volatile String plan = "memcpy from the threshold up (not configured)";
    private static CopyCalibration.Result calibration;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final MethodHandle MEMCPY = lookupMemcpy();

    private Copies() {
    }

    private static MethodHandle lookupMemcpy() {
        try {
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            return libc.find("memcpy").map(addr -> linker.downcallHandle(addr,
                    FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                            ValueLayout.JAVA_LONG),
                    Linker.Option.critical(true))).orElse(null);
        } catch (RuntimeException | LinkageError e) {
            // Without native access (or libc) the JVM stub still works; only large-copy speed is lost.
            io.jshmem.config.ShmemLog.logger(Copies.class).log(System.Logger.Level.WARNING, () -> "libc memcpy"
                    + " is not callable (" + e + "): large copies use the JVM's copy stub, slower; run with"
                    + " --enable-native-access=ALL-UNNAMED");
            return null;
        }
    }

    /**
     * Copies up to 8 bytes: the long and int sizes with one scalar move, the rest with the copy stub. The stub costs
     * several times a single move at these sizes, and its narrow stores make an immediately following wide load of
     * the destination stall on store forwarding (a get followed by a read of the result). Only two sizes get their
     * own move because every inlined segment access brings its bounds, session and type checks: with a move per size
     * (1, 2, 4, 8) an API call such as putmemNbi compiled to 11 KB once a program had used several sizes, too big
     * for C2 to inline into the caller's loop (InlineSmallCode), and a window of 8-byte putmemNbi cost 16-20 ns per
     * call instead of 7-12 ns (2 PEs, put-bandwidth 1 B .. 8 B).
     */
    private static void copySmall(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long bytes) {
        if (bytes == 8) {
            dst.set(LONG, dstOff, src.get(LONG, srcOff));
        } else if (bytes == 4) {
            dst.set(INT, dstOff, src.get(INT, srcOff));
        } else if (bytes != 0) {
            MemorySegment.copy(src, srcOff, dst, dstOff, bytes);
        }
    }

    /** Whether libc memcpy is available for large copies. */
    public static boolean nativeAvailable() {
        return MEMCPY != null;
    }

    /**
     * Chooses the large-copy routine for this process from this process's own measurement: {@code auto} (measure
     * once, on a scratch mapping in {@code scratchDir}), {@code memcpy} or {@code jvm}. For a single process; a
     * job's init pools the measurements of the PEs of a host instead ({@link #measure}, {@link #configure(String,
     * List)}). Safe to call again.
     *
     * @return the plan in words, for diagnostics
     * @throws io.jshmem.error.ShmemArgumentException for another mode, naming JSHMEM_LARGE_COPY and its values
     */
    public static String configureLocal(String mode, Path scratchDir) {
        CopyRoutine.Choice m = mode(mode);
        return configure(m, List.of(measure(m, scratchDir)), 1, Runtime.getRuntime().availableProcessors());
    }

    /**
     * This process's calibration sample for {@code mode}: for {@code auto} (with memcpy reachable) the best times in
     * ns of stub and memcpy in both bands, measured once per process and then reused; otherwise an empty array.
     *
     * @throws io.jshmem.error.ShmemArgumentException for an unknown mode, naming JSHMEM_LARGE_COPY and its values
     */
    public static double[] measure(String mode, Path scratchDir) {
        return measure(mode(mode), scratchDir);
    }

    /** {@link #measure(String, Path)} for a parsed JSHMEM_LARGE_COPY. */
    public static synchronized double[] measure(CopyRoutine.Choice mode, Path scratchDir) {
        if (mode != CopyRoutine.Choice.AUTO || MEMCPY == null) {
            return new double[0];
        }
        if (calibration == null) {
            calibration = CopyCalibration.run(scratchDir);
        }
        CopyCalibration.Result c = calibration;
        return new double[]{c.small().stubNs(), c.small().memcpyNs(), c.large().stubNs(), c.large().memcpyNs()};
    }

    /**
     * Chooses the routine from the samples of {@link #measure} of the processes that share this host (in the same
     * order on each of them, so that all decide alike). The samples are summed per band: one PE preempted during its
     * calibration cannot swing the choice, and PEs that calibrated while their neighbours copied too measured the
     * contention that the job will see. Empty samples (forced modes) are ignored.
     *
     * <p>When the host has more than {@value #SHARED_PES_PER_CORE} PEs per core, auto keeps the JVM stub for the
     * large band whatever the samples say: each PE calibrates in the moments it has a core, but its real copies
     * share the core with several others, and there libc memcpy loses. The putmem gate (8 MiB ring, every PE at once,
     * JIT-quiet warm-up, Intel Xeon with 2 cores), jshmem with memcpy forced against the stub: 8 PEs, 3255 against
     * 2681 us per put (memcpy 21 % slower; the gate's own libc path 16-20 % slower than its stub path in three
     * runs); 4 PEs, 1181 and 1188 against 1234 and 1233 us (memcpy 4 % faster); 2 PEs, memcpy 5 % faster. An
     * earlier rule kept the stub from 4 PEs on, on gate runs whose warm-up left the stub path running the
     * interpreter's copy rather than the compiled stub.
     *
     * @param hostPes PEs of this job on this host
     * @param cores   cores this process may use
     * @return the plan in words, for diagnostics
     * @throws io.jshmem.error.ShmemArgumentException for an unknown mode, naming JSHMEM_LARGE_COPY and its values
     */
    public static String configure(String mode, List<double[]> hostSamples, int hostPes, int cores) {
        return configure(mode(mode), hostSamples, hostPes, cores);
    }

    /** {@link #configure(String, List, int, int)} for a parsed JSHMEM_LARGE_COPY. */
    public static synchronized String configure(CopyRoutine.Choice mode, List<double[]> hostSamples, int hostPes,
                                                int cores) {
        switch (mode) {
            case JVM -> publish(0, "JVM copy stub for every size (JSHMEM_LARGE_COPY=jvm)");
            case MEMCPY -> publish(MEMCPY == null ? 0 : SMALL_MEMCPY | LARGE_MEMCPY, MEMCPY == null
                    ? "JVM copy stub: libc memcpy is not reachable (native access?)"
                    : "libc memcpy from the threshold up (JSHMEM_LARGE_COPY=memcpy)");
            case AUTO -> {
                double[] sum = new double[4];
                int n = 0;
                for (double[] sample : hostSamples) {
                    if (sample.length == 4) {
                        for (int i = 0; i < 4; i++) {
                            sum[i] += sample[i];
                        }
                        n++;
                    }
                }
                if (MEMCPY == null || n == 0) {
                    publish(0, "JVM copy stub: libc memcpy is not reachable (native access?)");
                } else {
                    CopyCalibration.Band small = new CopyCalibration.Band(CopyCalibration.SMALL_PROBE, sum[0] / n,
                            sum[1] / n);
                    CopyCalibration.Band large = new CopyCalibration.Band(CopyCalibration.LARGE_PROBE, sum[2] / n,
                            sum[3] / n);
                    boolean shared = hostPes > (long) SHARED_PES_PER_CORE * cores;
                    int b = (small.memcpyWins() ? SMALL_MEMCPY : 0)
                            | (large.memcpyWins() && !shared ? LARGE_MEMCPY : 0);
                    publish(b, describe(b) + " (calibrated on " + (calibration == null ? "other processes"
                            : calibration.memory()) + ", mean of " + n + " process(es)' best times: " + small + "; "
                            + large + (shared ? "; JVM stub from " + BAND / 1024 + " KiB all the same: " + hostPes
                            + " PEs share " + cores + " cores here, more than " + SHARED_PES_PER_CORE + " per core"
                            : "") + ")");
                }
            }
        }
        return plan;
    }

    private static CopyRoutine.Choice mode(String mode) {
        return Settings.parseChoice(Setting.LARGE_COPY, mode, CopyRoutine.Choice.class);
    }

    private static String describe(int b) {
        return "below " + BAND / 1024 + " KiB: " + ((b & SMALL_MEMCPY) != 0 ? "memcpy" : "JVM stub") + ", from "
                + BAND / 1024 + " KiB: " + ((b & LARGE_MEMCPY) != 0 ? "memcpy" : "JVM stub");
    }

    private static void publish(int b, String words) {
        plan = words;
        bands = b;
    }

    /** The routine choice in words (what {@link #configure} decided, and the measurement behind it). */
    public static String plan() {
        return plan;
    }

    /** Whether a copy of {@code bytes} (at least the caller's threshold) goes to libc memcpy under the current plan. */
    public static boolean usesMemcpy(long bytes) {
        return MEMCPY != null && (bands & (bytes >= BAND ? LARGE_MEMCPY : SMALL_MEMCPY)) != 0;
    }

    /** Copies {@code bytes} from {@code src+srcOff} to {@code dst+dstOff}; ranges must not overlap. */
    public static void copy(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long bytes,
                            long threshold) {
        if (bytes <= 8) {
            copySmall(src, srcOff, dst, dstOff, bytes);
            return;
        }
        if (bytes < threshold) {
            MemorySegment.copy(src, srcOff, dst, dstOff, bytes);
            return;
        }
        if (!usesMemcpy(bytes)) {
            MemorySegment.copy(src, srcOff, dst, dstOff, bytes);
            return;
        }
        memcpyChunked(src, srcOff, dst, dstOff, bytes);
    }

    /** Downcalls {@link #memcpyChunked} makes for {@code bytes}. */
    static long chunks(long bytes) {
        return Math.max(1, (bytes + CHUNK - 1) / CHUNK);
    }

    /** libc memcpy in chunks of at most {@link #CHUNK}: a critical downcall holds off safepoints while it runs. */
    static void memcpyChunked(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long bytes) {
        try {
            for (long done = 0; done < bytes; done += CHUNK) {
                long n = Math.min(CHUNK, bytes - done);
                MemorySegment s = src.asSlice(srcOff + done, n);
                MemorySegment d = dst.asSlice(dstOff + done, n);
                MemorySegment unused = (MemorySegment) MEMCPY.invokeExact(d, s, n);
            }
        } catch (Throwable t) {
            throw new IllegalStateException("libc memcpy failed", t);
        }
    }
}
