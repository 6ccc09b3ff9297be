package io.jshmem.config;

import io.jshmem.collectives.CollectiveTuning;
import io.jshmem.comm.WaitMode;
import io.jshmem.memory.CopyRoutine;
import io.jshmem.memory.HeapBacking;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The help text of every choice setting (and so docs/settings.md, generated from it) names every value its enum
 * accepts, so that a value added to the enum cannot go undocumented.
 */
@Timeout(10)
class ChoiceHelpTest {
    @Test
    void everyValueOfAChoiceSettingIsInItsHelp() {
        Map<Setting, Class<? extends Enum<?>>> choices = Map.of(Setting.HEAP_BACKING, HeapBacking.Choice.class,
                Setting.WAIT_MODE, WaitMode.Choice.class, Setting.LARGE_COPY, CopyRoutine.Choice.class,
                Setting.BCAST_ALGO, CollectiveTuning.BroadcastChoice.class,
                Setting.FCOLLECT_ALGO, CollectiveTuning.FcollectChoice.class,
                Setting.REDUCE_ALGO, CollectiveTuning.ReduceChoice.class);
        choices.forEach((setting, type) -> {
            for (Enum<?> e : type.getEnumConstants()) {
                String value = e.name().toLowerCase(Locale.ROOT);
                assertTrue(setting.help().contains(value), () -> setting.envName() + "'s help does not name '"
                        + value + "': " + setting.help());
            }
        });
    }
}
