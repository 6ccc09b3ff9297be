package io.jshmem;

import io.jshmem.error.Checks;
import io.jshmem.error.ShmemArgumentException;

/**
 * A completion handle over a team ({@code aclshmem_handle_t}): {@link Stream#handleWait(Handle)} makes every RMA
 * issued earlier on that stream by the team's PEs complete and visible to all of them. Immutable; the team is
 * checked again when the wait is queued and when it runs.
 */
public final class Handle {
    private final Team team;

    /**
     * A handle over {@code team}.
     *
     * @throws ShmemArgumentException when the team is null, TEAM_INVALID (this PE is not a member) or destroyed
     */
    public Handle(Team team) {
        Checks.notNull("team", team);
        if (!team.isValid()) {
            throw invalidTeam(team);
        }
        this.team = team;
    }

    /** A handle over TEAM_WORLD of {@code runtime} (CANN's default {@code Handle()}). */
    public static Handle world(ShmemRuntime runtime) {
        return new Handle(Checks.notNull("runtime", runtime).teamWorld());
    }

    public Team team() {
        return team;
    }

    static ShmemArgumentException invalidTeam(Team team) {
        return new ShmemArgumentException("team = " + team + " is not a live team of this PE: valid teams are "
                + "TEAM_WORLD, TEAM_SHARED and split teams this PE belongs to that are not destroyed; create the"
                + " handle from such a team");
    }

    @Override
    public String toString() {
        return "Handle[" + team + "]";
    }
}
