package io.jshmem.it;

import io.jshmem.it.pe.TeamsChapterPe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OpenSHMEM 1.6's teams rows, as processes: strided splits with negative and zero strides (6 PEs included), contexts of
 * a team taking team-relative PE numbers for every operation kind, and a team limit configurable far above 32.
 */
class TeamsChapterTest {
    private static final int MANY = 100;

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4, 6})
    @Timeout(300)
    void negativeStridesAndTeamRelativeContexts(int nPes) {
        CollectivesTest.runOkWithLine(Jobs.spec(TeamsChapterPe.class, nPes), nPes, pe -> "TEAMS CHAPTER OK pe " + pe);
    }

    @Test
    @Timeout(300)
    void teamLimitOf2048HoldsFarMoreThan32Teams() {
        CollectivesTest.runOkWithLine(Jobs.spec(TeamsChapterPe.class, 2, "many", Integer.toString(MANY))
                .withEnv("JSHMEM_TEAMS_MAX", "2048"), 2, pe -> "TEAMS CHAPTER OK pe " + pe);
    }

    @Test
    @Timeout(300)
    void theDefaultLimitStillStopsAt32() {
        var r = Jobs.run(Jobs.spec(TeamsChapterPe.class, 2, "many", "40"));
        org.junit.jupiter.api.Assertions.assertNotEquals(0, r.exitCode(), () -> "40 teams fit under the default"
                + " limit of 32:\n" + r.transcript());
        org.junit.jupiter.api.Assertions.assertTrue(r.transcript().contains("JSHMEM_TEAMS_MAX"), r::transcript);
    }
}
