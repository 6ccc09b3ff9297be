package io.jshmem;

/**
 * A team's configuration ({@code shmem_team_config_t}): the number of contexts the application intends to create
 * on it. jshmem accepts any non-negative value and reports it back from {@link Team#getConfig()}; contexts are not
 * limited by it.
 *
 * @param numContexts contexts the application expects to create on the team, 0 or more
 */
public record TeamConfig(int numContexts) {
    /** The configuration of teams created without one. */
    public static final TeamConfig DEFAULT = new TeamConfig(0);

    /** A configuration for {@code numContexts} contexts; a negative count is rejected. */
    public TeamConfig {
        if (numContexts < 0) {
            throw new io.jshmem.error.ShmemArgumentException("numContexts = " + numContexts + " is negative: valid "
                    + "range is 0.." + Integer.MAX_VALUE + "; pass the number of contexts you plan to create");
        }
    }
}
