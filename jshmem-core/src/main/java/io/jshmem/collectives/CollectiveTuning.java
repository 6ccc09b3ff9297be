package io.jshmem.collectives;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;

import java.util.Locale;
import java.util.Set;

/**
 * Algorithm choices and crossovers of the collectives, read once per runtime from the settings table
 * ({@code JSHMEM_BCAST_*}, {@code JSHMEM_FCOLLECT_*}, {@code JSHMEM_REDUCE_*}, {@code JSHMEM_COLL_DIRECT}).
 * Immutable and thread-safe.
 *
 * @param direct           read peers' mapped heaps directly when every member is mapped
 * @param broadcast        auto, eager, tree or pipeline
 * @param pipelineMin      auto: bytes from which teams of 3+ PEs pipeline the broadcast
 * @param chunk            pipelined broadcast chunk bytes
 * @param fcollect         auto, eager, direct, ring or rd
 * @param fcollectRdMax    auto without direct access: block bytes up to which power-of-two teams use rd
 * @param reduce           auto, rd or rsag
 * @param reduceRdMax      auto: bytes up to which reductions use recursive doubling
 */
public record CollectiveTuning(boolean direct, String broadcast, long pipelineMin, long chunk, String fcollect,
                               long fcollectRdMax, String reduce, long reduceRdMax) {

    /** Reads and checks the settings; a bad value names the setting and the valid choices. */
    public static CollectiveTuning from(Settings s) {
        return new CollectiveTuning(s.bool(Setting.COLL_DIRECT),
                choice(s, Setting.BCAST_ALGO, Set.of("auto", "eager", "tree", "pipeline")),
                nonNegative(s, Setting.BCAST_PIPELINE_MIN),
                positive(s, Setting.BCAST_CHUNK),
                choice(s, Setting.FCOLLECT_ALGO, Set.of("auto", "eager", "direct", "ring", "rd")),
                nonNegative(s, Setting.FCOLLECT_RD_MAX),
                choice(s, Setting.REDUCE_ALGO, Set.of("auto", "rd", "rsag")),
                nonNegative(s, Setting.REDUCE_RD_MAX));
    }

    private static String choice(Settings s, Setting setting, Set<String> valid) {
        String v = s.string(setting).toLowerCase(Locale.ROOT);
        if (!valid.contains(v)) {
            throw new ShmemArgumentException(setting.envName() + " = '" + v + "' is invalid: valid values are "
                    + valid.stream().sorted().toList() + " (" + setting.help() + "); fix the setting");
        }
        return v;
    }

    private static long nonNegative(Settings s, Setting setting) {
        long v = Settings.parseSize(setting.envName(), s.string(setting));
        return v;
    }

    private static long positive(Settings s, Setting setting) {
        long v = Settings.parseSize(setting.envName(), s.string(setting));
        if (v < 1) {
            throw new ShmemArgumentException(setting.envName() + " = " + v + " is invalid: valid values are 1 or more"
                    + " bytes (" + setting.help() + "); fix the setting");
        }
        return v;
    }
}
