package io.jshmem.memory.cuda;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cuda kind across processes ({@link CudaPairCheck} as two JVMs) over the test double of the driver: each opens
 * the other's heap from its IPC handle, and reads, writes and device-to-device copies cross between them.
 */
@Timeout(180)
class CudaTwoProcessTest {
    @Test
    void twoProcessesOnTwoDevicesShareTheirHeaps(@TempDir Path dir) throws Exception {
        runPair(dir, FakeCuda.library(FakeCuda.TWO_DEVICES), new int[] {0, 1});
    }

    @Test
    void twoProcessesOnOneDeviceShareTheirHeaps(@TempDir Path dir) throws Exception {
        runPair(dir, FakeCuda.library(FakeCuda.ONE_DEVICE), new int[] {0, 0});
    }

    private static void runPair(Path dir, String library, int[] devices) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path exchange = Files.createDirectories(dir.resolve("exchange"));
        List<Process> pes = new ArrayList<>();
        try {
            for (int pe = 0; pe < 2; pe++) {
                pes.add(new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                        System.getProperty("java.class.path"), CudaPairCheck.class.getName(), exchange.toString(),
                        Integer.toString(pe), "2", library).redirectErrorStream(true)
                        .redirectOutput(dir.resolve("pe" + pe + ".log").toFile()).start());
            }
            for (int pe = 0; pe < 2; pe++) {
                Process p = pes.get(pe);
                assertTrue(p.waitFor(120, TimeUnit.SECONDS), "PE " + pe + " did not finish");
                String out = Files.readString(dir.resolve("pe" + pe + ".log"), StandardCharsets.UTF_8);
                assertEquals(0, p.exitValue(), out);
                assertTrue(out.contains("CUDA PAIR OK pe " + pe + " device " + devices[pe]
                        + " (Fake CUDA device " + devices[pe]), out);
            }
        } finally {
            for (Process p : pes) {
                p.destroyForcibly(); // by handle: only the processes this test started
            }
        }
    }
}
