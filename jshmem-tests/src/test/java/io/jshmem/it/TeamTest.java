package io.jshmem.it;

import io.jshmem.it.pe.BackToBackPe;
import io.jshmem.it.pe.CollectiveTimeoutPe;
import io.jshmem.it.pe.TeamPe;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;


/** Teams (splits, translation, limits, agreement checks, bad input) and back-to-back collectives, as processes. */
class TeamTest {
    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 3, 4, 6})
    @Timeout(300)
    void teamApiSplitsTranslatesAndRejectsBadInput(int nPes) {
        CollectivesTest.runOk(Jobs.spec(TeamPe.class, nPes), nPes);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 3, 4})
    @Timeout(300)
    void backToBackCollectivesNeverInterfere(int nPes) {
        CollectivesTest.runOk(Jobs.spec(BackToBackPe.class, nPes), nPes);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {3})
    @Timeout(120)
    void aMissingPeTurnsIntoATimeoutNamingIt(int nPes) {
        CollectivesTest.runOk(Jobs.spec(CollectiveTimeoutPe.class, nPes).withEnv("JSHMEM_TIMEOUT", "4"), nPes);
    }

    /** The eager broadcast synchronizes nobody, so the missing PE is named by the next broadcast's scratch check. */
    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 3})
    @Timeout(120)
    void aMissingPeIsNamedByTheBroadcastAfterAnEagerOne(int nPes) {
        CollectivesTest.runOk(Jobs.spec(CollectiveTimeoutPe.class, nPes, "eager").withEnv("JSHMEM_TIMEOUT", "4"),
                nPes);
    }
}
