package io.jshmem;

import io.jshmem.error.ShmemArgumentException;

/**
 * CANN SHMEM's handle of stream-ordered RMA ({@code aclshmem_handle_t}): the team whose members' stream operations
 * {@link Stream#handleWait(Handle)} completes. Immutable.
 *
 * @param team a live team this PE belongs to
 */
public record Handle(Team team) {
    /** A handle over {@code team}, which must be a live team this PE belongs to. */
    public Handle {
        if (team == null) {
            throw new ShmemArgumentException("team is null: a non-null value is required; pass a live team such as "
                    + "runtime.teamWorld()");
        }
        if (!team.isValid()) {
            throw new ShmemArgumentException("team = " + team + " is not a live team of this PE: valid teams are "
                    + "TEAM_WORLD, TEAM_SHARED and split teams this PE belongs to that are not destroyed; create the"
                    + " handle from such a team");
        }
    }

    /** A handle over TEAM_WORLD of {@code runtime}. */
    public static Handle world(ShmemRuntime runtime) {
        if (runtime == null) {
            throw new ShmemArgumentException("runtime is null: a non-null value is required");
        }
        return new Handle(runtime.teamWorld());
    }
}
