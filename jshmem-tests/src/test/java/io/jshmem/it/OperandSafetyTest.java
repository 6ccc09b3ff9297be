package io.jshmem.it;

import io.jshmem.it.pe.FreeSafetyPe;
import io.jshmem.it.pe.RejectedCallsPe;
import io.jshmem.it.pe.fuzz.OperandFuzzPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The trustworthy surface, end to end on 2 PE processes: the operand fuzz (fixed seeds; {@code -Djshmem.fuzz.calls}
 * makes each seed longer, {@code -Djshmem.fuzz.seed} adds one) must find no corruption, no invalid call accepted, no
 * valid call rejected, no rejected call that changed any PE's memory or its local operand, every valid call's data
 * right and every rejection naming its argument; concurrent frees and every kind of view after free behave as
 * freed-means-gone; every local-segment state, instance and stream case on its own ({@link RejectedCallsPe}).
 */
class OperandSafetyTest {
    /**
     * Calls per seed: 4,000 by default (about 20 s a seed on 2 cores); the reliability goal's long run is
     * {@code -Djshmem.fuzz.calls=20000} (20,000 calls x the 3 seeds).
     */
    private static final int CALLS = Integer.getInteger("jshmem.fuzz.calls", 4_000);
    private static final Pattern STATS = Pattern.compile("calls=(\\d+) valid=(\\d+) rejected=(\\d+) "
            + "acceptedInvalid=(\\d+) wrongRejections=(\\d+) badMessages=(\\d+) corruptions=(\\d+) sideEffects=(\\d+)");

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    @Timeout(600)
    void fuzzedOperandsNeverCorruptAndAlwaysExplain(long seed) {
        fuzz(seed);
    }

    @Test
    @Timeout(1800)
    void fuzzWithAChosenSeed() {
        String seed = System.getProperty("jshmem.fuzz.seed");
        org.junit.jupiter.api.Assumptions.assumeTrue(seed != null,
                "set -Djshmem.fuzz.seed=N (and -Djshmem.fuzz.calls=M) to fuzz one more seed");
        fuzz(Long.parseLong(seed));
    }

    private static void fuzz(long seed) {
        JobResult r = Jobs.run(Jobs.spec(OperandFuzzPe.class, 2, Long.toString(seed), Integer.toString(CALLS))
                .withTimeout(Duration.ofSeconds(540)));
        assertEquals(0, r.exitCode(), () -> "fuzz seed " + seed + " failed: " + r + "\n" + r.transcript());
        long calls = 0;
        for (int pe = 0; pe < 2; pe++) {
            Matcher m = STATS.matcher(String.join("\n", r.stdout(pe)));
            int p = pe;
            assertTrue(m.find(), () -> "PE " + p + " printed no statistics\n" + r.transcript());
            System.out.println("fuzz seed " + seed + " (" + CALLS + " calls) pe " + pe + ": " + m.group()); // figures
            calls += Long.parseLong(m.group(1));
            // Each PE acts in half the rounds; about a quarter of the calls are valid (and far more are rejected).
            assertTrue(Long.parseLong(m.group(2)) > CALLS / 40, "PE " + pe + " ran too few valid calls: " + m.group());
            assertTrue(Long.parseLong(m.group(3)) > CALLS / 40, "PE " + pe + " saw too few rejections: " + m.group());
            for (int g = 4; g <= 8; g++) {
                assertEquals("0", m.group(g), "PE " + pe + ": " + m.group());
            }
            String ok = "FUZZ OK pe " + pe + " ";
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.startsWith(ok)), r.transcript());
        }
        assertTrue(calls >= CALLS, "the job made " + calls + " calls, fewer than " + CALLS);
    }

    /**
     * Every local segment in every bad state on every surface, nbi atomics with bad fetch segments, streams, other
     * instances' blocks and streams on the facade, and zero-length null transfers ({@link RejectedCallsPe}).
     */
    @Test
    @Timeout(300)
    void rejectedCallsChangeNothingAndNameTheirArgument() {
        JobResult r = Jobs.run(Jobs.spec(RejectedCallsPe.class, 2).withTimeout(Duration.ofSeconds(240)));
        assertEquals(0, r.exitCode(), () -> "job failed: " + r + "\n" + r.transcript());
        for (int pe = 0; pe < 2; pe++) {
            String ok = "REJECTED CALLS OK pe " + pe + " ";
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.startsWith(ok)), r.transcript());
        }
    }

    @Test
    @Timeout(600)
    void concurrentFreesHaveOneWinnerAndFreedViewsFail() {
        JobResult r = Jobs.run(Jobs.spec(FreeSafetyPe.class, 2, "10000").withTimeout(Duration.ofSeconds(540)));
        assertEquals(0, r.exitCode(), () -> "job failed: " + r + "\n" + r.transcript());
        for (int pe = 0; pe < 2; pe++) {
            assertTrue(r.stdout(pe).contains("FREE SAFETY OK pe " + pe + " rounds 10000"), r.transcript());
        }
    }
}
