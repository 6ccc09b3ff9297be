package io.jshmem.memory.cuda;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.PrintWriter;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * Runs the memory-kind contract on the cuda kind against a real CUDA driver, without Maven (a GPU machine has only a
 * Java runtime): {@link CudaKindContractTest} (2 PEs as threads, GPUs 0 and 1 modulo the GPUs visible) and
 * {@link CudaSharedDeviceContractTest} (3 PEs). Prints JUnit's summary and exits 0 only when every test passed and
 * at least one ran. Argument: the driver library (default libcuda.so.1). Used by bench/device/cuda-check.sh.
 */
public final class CudaDeviceContractMain {
    private CudaDeviceContractMain() {
    }

    public static void main(String[] args) {
        String library = args.length > 0 ? args[0] : "libcuda.so.1";
        System.setProperty(FakeCuda.REAL_DRIVER_PROPERTY, library);
        String why = new CudaKindProvider(library).unavailableReason().orElse(null);
        if (why != null) {
            System.out.println("CUDA CONTRACT UNAVAILABLE: " + why);
            System.exit(2);
        }
        LauncherDiscoveryRequest discovery = request().selectors(selectClass(CudaKindContractTest.class),
                selectClass(CudaSharedDeviceContractTest.class)).build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(discovery, listener);
        TestExecutionSummary summary = listener.getSummary();
        PrintWriter out = new PrintWriter(System.out, true);
        summary.printTo(out);
        summary.printFailuresTo(out, 30);
        boolean ok = summary.getTotalFailureCount() == 0 && summary.getTestsSucceededCount() > 0;
        System.out.println((ok ? "CUDA CONTRACT OK " : "CUDA CONTRACT FAILED ") + summary.getTestsSucceededCount()
                + " passed, " + summary.getTotalFailureCount() + " failed, " + summary.getTestsSkippedCount()
                + " skipped, " + summary.getTestsAbortedCount() + " aborted");
        System.exit(ok ? 0 : 1);
    }
}
