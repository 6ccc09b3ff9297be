package io.jshmem.it;

import io.jshmem.it.pe.fuzz.CollectiveFuzzPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The collective fuzz ({@code FuzzCollectives}, which OperandSafetyTest runs at 2 PEs inside the full fuzz) at 3 and
 * 4 PEs, where teams of every kind differ most (uneven 2-D rows, a strided split of some PEs): fixed seeds, every
 * collective with random positions on world, shared, split, 2-D, one-PE and destroyed teams, every PE's heap
 * compared with the model after each call. {@code -Djshmem.collfuzz.calls} makes each seed longer,
 * {@code -Djshmem.collfuzz.seed} (with {@code -Djshmem.collfuzz.pes}) runs one more.
 */
class CollectiveFuzzTest {
    private static final int CALLS = Integer.getInteger("jshmem.collfuzz.calls", 400);
    private static final Pattern STATS = Pattern.compile("calls=(\\d+) valid=(\\d+) rejected=(\\d+) "
            + "acceptedInvalid=(\\d+) wrongRejections=(\\d+) badMessages=(\\d+)");

    @ParameterizedTest(name = "seed {0}, {1} PEs")
    @CsvSource({"1, 3", "2, 4"})
    @Timeout(300)
    void collectivesOnEveryTeamKindWriteOnlyWhereAsked(long seed, int nPes) {
        fuzz(seed, nPes);
    }

    @Test
    @Timeout(1800)
    void collectiveFuzzWithAChosenSeed() {
        String seed = System.getProperty("jshmem.collfuzz.seed");
        Assumptions.assumeTrue(seed != null, "set -Djshmem.collfuzz.seed=N (and -Djshmem.collfuzz.pes=P,"
                + " -Djshmem.collfuzz.calls=M) to fuzz one more seed");
        fuzz(Long.parseLong(seed), Integer.getInteger("jshmem.collfuzz.pes", 3));
    }

    private static void fuzz(long seed, int nPes) {
        JobResult r = Jobs.run(Jobs.spec(CollectiveFuzzPe.class, nPes, Long.toString(seed), Integer.toString(CALLS))
                .withTimeout(Duration.ofSeconds(280)));
        assertEquals(0, r.exitCode(), () -> "collective fuzz seed " + seed + " at " + nPes + " PEs failed: " + r
                + "\n" + r.transcript());
        for (int pe = 0; pe < nPes; pe++) {
            Matcher m = STATS.matcher(String.join("\n", r.stdout(pe)));
            int p = pe;
            assertTrue(m.find(), () -> "PE " + p + " printed no statistics\n" + r.transcript());
            assertTrue(Long.parseLong(m.group(2)) > CALLS / 8, "PE " + pe + " ran too few valid calls: " + m.group());
            assertTrue(Long.parseLong(m.group(3)) > CALLS / 10, "PE " + pe + " saw too few rejections: " + m.group());
            for (int g = 4; g <= 6; g++) {
                assertEquals("0", m.group(g), "PE " + pe + ": " + m.group());
            }
            String ok = "COLLECTIVE FUZZ OK pe " + pe + " of " + nPes;
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.startsWith(ok)), r.transcript());
        }
    }
}
