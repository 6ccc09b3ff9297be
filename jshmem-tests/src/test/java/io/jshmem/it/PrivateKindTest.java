package io.jshmem.it;

import io.jshmem.it.pe.PrivateKindPe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A memory kind that is not host-addressable, in a job of separate PE processes ({@link PrivateKindPe}): chosen by
 * JSHMEM_DEVICE_KIND (an unknown name refused first), its blocks refuse every host view naming the kind.
 */
class PrivateKindTest {
    @Test
    @Timeout(180)
    void aKindWithoutHostViewsIsChosenByNameAndRefusesViews() {
        int nPes = 2;
        var r = CollectivesTest.runOkWithLine(Jobs.spec(PrivateKindPe.class, nPes), nPes,
                pe -> "PRIVATE KIND OK pe " + pe + " of " + nPes);
        for (int pe = 0; pe < nPes; pe++) {
            int p = pe;
            for (String c : new String[] {"unknown-kind", "no-host-views", "unreachable-peer"}) {
                assertTrue(r.stdout(pe).stream().anyMatch(l -> l.contains("case " + c + " ok pe " + p)),
                        () -> "PE " + p + " did not pass case " + c + "\n" + r.transcript());
            }
        }
    }
}
