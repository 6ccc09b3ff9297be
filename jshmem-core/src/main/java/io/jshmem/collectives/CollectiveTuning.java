package io.jshmem.collectives;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;

/**
 * Algorithm choices and crossovers of the collectives, read once per runtime from the settings table
 * ({@code JSHMEM_BCAST_*}, {@code JSHMEM_FCOLLECT_*}, {@code JSHMEM_REDUCE_*}, {@code JSHMEM_COLL_DIRECT}).
 * Immutable and thread-safe.
 *
 * @param direct           read peers' mapped heaps directly when every member is mapped
 * @param broadcast        JSHMEM_BCAST_ALGO
 * @param pipelineMin      auto: bytes from which teams of 3+ PEs pipeline the broadcast
 * @param chunk            pipelined broadcast chunk bytes
 * @param fcollect         JSHMEM_FCOLLECT_ALGO
 * @param fcollectRdMax    auto without direct access: block bytes up to which power-of-two teams use rd
 * @param reduce           JSHMEM_REDUCE_ALGO
 * @param reduceRdMax      auto: bytes up to which reductions use recursive doubling
 */
public record CollectiveTuning(boolean direct, BroadcastChoice broadcast, long pipelineMin, long chunk,
                               FcollectChoice fcollect, long fcollectRdMax, ReduceChoice reduce, long reduceRdMax) {

    /** The values of JSHMEM_BCAST_ALGO. */
    public enum BroadcastChoice {
        AUTO, EAGER, TREE, PIPELINE
    }

    /** The values of JSHMEM_FCOLLECT_ALGO. */
    public enum FcollectChoice {
        AUTO, EAGER, DIRECT, RING, RD
    }

    /** The values of JSHMEM_REDUCE_ALGO. */
    public enum ReduceChoice {
        AUTO, RD, RSAG
    }

    /**
     * Reads and checks the settings.
     *
     * @throws ShmemArgumentException naming the setting, its value and the valid values
     */
    public static CollectiveTuning from(Settings s) {
        return new CollectiveTuning(s.bool(Setting.COLL_DIRECT),
                s.choice(Setting.BCAST_ALGO, BroadcastChoice.class),
                Settings.parseSize(Setting.BCAST_PIPELINE_MIN.envName(), s.string(Setting.BCAST_PIPELINE_MIN)),
                positive(s, Setting.BCAST_CHUNK),
                s.choice(Setting.FCOLLECT_ALGO, FcollectChoice.class),
                Settings.parseSize(Setting.FCOLLECT_RD_MAX.envName(), s.string(Setting.FCOLLECT_RD_MAX)),
                s.choice(Setting.REDUCE_ALGO, ReduceChoice.class),
                Settings.parseSize(Setting.REDUCE_RD_MAX.envName(), s.string(Setting.REDUCE_RD_MAX)));
    }

    private static long positive(Settings s, Setting setting) {
        long v = Settings.parseSize(setting.envName(), s.string(setting));
        if (v < 1) {
            throw new ShmemArgumentException(setting.envName() + " = " + v + " is invalid: valid values are 1 or more"
                    + " bytes (" + setting.help() + "); fix the environment variable or system property "
                    + setting.propertyName());
        }
        return v;
    }
}
