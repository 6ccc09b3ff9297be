package io.jshmem.collectives;

import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The algorithm settings are parsed once into their enums, and a bad value names the setting and the valid ones. */
@Timeout(10)
class CollectiveTuningTest {
    @Test
    void valuesAreParsedWhateverTheCase() {
        CollectiveTuning t = CollectiveTuning.from(Settings.of(Map.of("JSHMEM_BCAST_ALGO", "Pipeline",
                "JSHMEM_FCOLLECT_ALGO", " RD ", "JSHMEM_REDUCE_ALGO", "rsag")));
        assertEquals(CollectiveTuning.BroadcastChoice.PIPELINE, t.broadcast());
        assertEquals(CollectiveTuning.FcollectChoice.RD, t.fcollect());
        assertEquals(CollectiveTuning.ReduceChoice.RSAG, t.reduce());
        assertEquals(CollectiveTuning.BroadcastChoice.AUTO, CollectiveTuning.from(Settings.of(Map.of())).broadcast());
    }

    @Test
    void aBadValueNamesTheSettingTheValueAndTheValidOnes() {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> CollectiveTuning.from(Settings.of(Map.of("JSHMEM_FCOLLECT_ALGO", "bruck"))));
        assertTrue(e.getMessage().contains("JSHMEM_FCOLLECT_ALGO") && e.getMessage().contains("'bruck'")
                && e.getMessage().contains("auto, eager, direct, ring, rd")
                && e.getMessage().contains("jshmem.fcollect.algo"), e.getMessage());
    }
}
