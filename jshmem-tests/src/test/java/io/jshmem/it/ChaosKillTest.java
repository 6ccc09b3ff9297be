package io.jshmem.it;

import io.jshmem.it.pe.ChaosPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Chaos under the failure model: a random PE killed with SIGKILL at a random moment of a mixed workload (init, RMA, atomics,
 * signals, barriers, finalize). Never a hang; every survivor that notices names the dead PE in a
 * PeFailedException; no heap file is left in /dev/shm ({@link Jobs#run} checks). The default run does
 * {@value #DEFAULT_TRIALS} trials to stay affordable; {@code -Djshmem.chaos.trials=50} runs the full set, and
 * {@code -Djshmem.chaos.seed} replays one sequence.
 */
class ChaosKillTest {
    private static final int DEFAULT_TRIALS = 6;

    @Test
    @Timeout(900)
    void randomKillsNeverHangAndNameTheDeadPe() {
        int trials = Integer.getInteger("jshmem.chaos.trials", DEFAULT_TRIALS);
        long seed = Long.getLong("jshmem.chaos.seed", System.nanoTime());
        SplittableRandom random = new SplittableRandom(seed);
        int detected = 0;
        for (int t = 0; t < trials; t++) {
            int nPes = 2 + random.nextInt(3);
            int victim = random.nextInt(nPes);
            long delay = 200 + random.nextInt(1_800);
            long workloadSeed = random.nextLong();
            String what = "trial " + t + " (jshmem.chaos.seed=" + seed + "): " + nPes + " PEs, PE " + victim
                    + " killed after " + delay + " ms";
            JobResult r = Jobs.run(Jobs.spec(ChaosPe.class, nPes, "" + victim, "" + delay, "" + workloadSeed)
                    .withTimeout(Duration.ofSeconds(60)).withGrace(Duration.ofSeconds(10)));
            assertFalse(r.timedOut(), () -> what + ": the job hung\n" + r.transcript());
            if (r.exitCode() == 0) {
                continue; // the victim finished before its moment came; nothing to check
            }
            assertEquals(victim, r.failedPe(), () -> what + ": " + r + "\n" + r.transcript());
            assertEquals(137, r.peExitCodes().get(victim), () -> what + "\n" + r.transcript());
            for (int pe = 0; pe < nPes; pe++) {
                if (pe == victim) {
                    continue;
                }
                int p = pe;
                boolean named = r.stdout(pe).stream().anyMatch(l -> l.startsWith(
                        "CHAOS-FAILED type=PeFailedException pe=" + victim + " "));
                boolean done = r.stdout(pe).contains("CHAOS-DONE");
                assertTrue(named || done, () -> what + ": PE " + p + " did not name PE " + victim + "\n"
                        + r.transcript());
                if (named) {
                    assertEquals(3, r.peExitCodes().get(pe), () -> what + "\n" + r.transcript());
                }
            }
            detected++;
        }
        System.out.println("ChaosKillTest: " + trials + " trials (seed " + seed + "), " + detected
                + " with a death mid-job, all named, none hung");
    }
}
