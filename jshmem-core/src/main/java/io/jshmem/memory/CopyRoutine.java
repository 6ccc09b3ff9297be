package io.jshmem.memory;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;

import java.nio.file.Path;
import java.util.List;

/**
 * The one place that decides which routine copies between mapped segments use: below the caller's threshold
 * (JSHMEM_MEMCPY_THRESHOLD, or setMteConfig's {@code workspaceBytes}) always the JVM copy stub; from it up, per size
 * band ({@link Copies#BAND}), libc {@code memcpy} or the stub as JSHMEM_LARGE_COPY says: {@code auto} measures both
 * once per process ({@link CopyCalibration}, 20-40 ms at init) and pools the measurements of the PEs of a host,
 * {@code memcpy} and {@code jvm} force one. {@link Copies} copies by this decision; {@link CopyCalibration} only
 * measures; the engines and {@code Comm} only hold the threshold their copies pass.
 *
 * <p>The choice is not revised while the job runs: timing the job's own copies with the other routine now and then
 * measured mostly the cost of the switch between routines, which on the Intel Xeon VMs lasted for milliseconds
 * (1 MiB memcpy copies after stub copies ran at 1.2-3x their steady time for tens of copies), so such a sampler kept
 * whichever routine it started with and made every trial cost.
 *
 * <p>Thread-safe: the decision is published through volatile fields by {@link #configure}; copies only read it.
 */
public final class CopyRoutine {
    /** The values of JSHMEM_LARGE_COPY. */
    public enum Choice {
        /** Time both routines at init (pooled over the PEs of a host) and take the faster per size band. */
        AUTO,
        /** libc memcpy. */
        MEMCPY,
        /** The JVM's copy stub. */
        JVM
    }

    /**
     * memcpy must be this much faster (fraction of the stub's time) to be chosen: the stub needs no downcall and is
     * what a plain Java copy does, so a noisy win does not justify the switch. With both routines timed in steady
     * state the real differences are small (memcpy 8-9 % faster on the Intel Xeon VMs at 1-8 MiB), where the 10 %
     * this margin once was kept the stub.
     */
    static final double MARGIN = 0.05;
    /** PEs per core above which large copies keep the stub (see {@link #configure}). */
    static final int SHARED_PES_PER_CORE = 2;
    static final int SMALL_MEMCPY = 1;
    static final int LARGE_MEMCPY = 2;
    /** Which bands use memcpy (bits SMALL_MEMCPY, LARGE_MEMCPY); both until configured, the behaviour before. */
    static volatile int bands = SMALL_MEMCPY | LARGE_MEMCPY;
    private static volatile String plan = "memcpy from the threshold up (not configured)";
    private static CopyCalibration.Result calibration;

    private CopyRoutine() {
    }

    /**
     * JSHMEM_MEMCPY_THRESHOLD: the bytes from which copies may leave the JVM stub.
     *
     * @throws ShmemArgumentException for a value that is not a size of zero or more bytes, naming the setting
     */
    public static long threshold(Settings s) {
        return Settings.parseSize(Setting.MEMCPY_THRESHOLD.envName(), s.string(Setting.MEMCPY_THRESHOLD));
    }

    /**
     * JSHMEM_LARGE_COPY, parsed.
     *
     * @throws ShmemArgumentException naming the setting, the value and the valid values
     */
    public static Choice choice(Settings s) {
        return s.choice(Setting.LARGE_COPY, Choice.class);
    }

    /** {@link #choice(Settings)} for a value handed down as text. */
    static Choice choice(String mode) {
        return Settings.parseChoice(Setting.LARGE_COPY, mode, Choice.class);
    }

    /** Whether a band measured at {@code stubNs} and {@code memcpyNs} goes to memcpy: only a clear win counts. */
    static boolean memcpyWins(double stubNs, double memcpyNs) {
        return memcpyNs < stubNs * (1 - MARGIN);
    }

    /**
     * This process's calibration sample for {@code mode}: for {@code auto} (with memcpy reachable) the best times in
     * ns of stub and memcpy in both bands, measured once per process and then reused; otherwise an empty array.
     */
    public static synchronized double[] measure(Choice mode, Path scratchDir) {
        if (mode != Choice.AUTO || !Copies.nativeAvailable()) {
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
     */
    public static synchronized String configure(Choice mode, List<double[]> hostSamples, int hostPes, int cores) {
        boolean reachable = Copies.nativeAvailable();
        switch (mode) {
            case JVM -> publish(0, "JVM copy stub for every size (JSHMEM_LARGE_COPY=jvm)");
            case MEMCPY -> publish(reachable ? SMALL_MEMCPY | LARGE_MEMCPY : 0, reachable
                    ? "libc memcpy from the threshold up (JSHMEM_LARGE_COPY=memcpy)"
                    : "JVM copy stub: libc memcpy is not reachable (native access?)");
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
                if (!reachable || n == 0) {
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
                            + large + (shared ? "; JVM stub from " + Copies.BAND / 1024 + " KiB all the same: "
                            + hostPes + " PEs share " + cores + " cores here, more than " + SHARED_PES_PER_CORE
                            + " per core" : "") + ")");
                }
            }
        }
        return plan;
    }

    /**
     * Chooses for this process from its own measurement, for a single process (a job's init pools the PEs of a host
     * through {@link #measure} and {@link #configure}). Safe to call again.
     *
     * @return the plan in words, for diagnostics
     */
    public static String configureLocal(Choice mode, Path scratchDir) {
        return configure(mode, List.of(measure(mode, scratchDir)), 1, Runtime.getRuntime().availableProcessors());
    }

    private static String describe(int b) {
        return "below " + Copies.BAND / 1024 + " KiB: " + ((b & SMALL_MEMCPY) != 0 ? "memcpy" : "JVM stub")
                + ", from " + Copies.BAND / 1024 + " KiB: " + ((b & LARGE_MEMCPY) != 0 ? "memcpy" : "JVM stub");
    }

    private static void publish(int b, String words) {
        plan = words;
        bands = b;
    }

    /** The decision in words (what {@link #configure} decided, and the measurement behind it). */
    public static String plan() {
        return plan;
    }
}
