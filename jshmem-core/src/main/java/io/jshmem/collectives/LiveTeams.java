package io.jshmem.collectives;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The team channels of one PE's live teams, for finalize: there, every PE having entered it, each team's calls are
 * compared between its members ({@link CollectiveMatch}), so that a collective that completed on some PEs only (an
 * eager broadcast of a root whose peers never called it) fails the job instead of passing unnoticed. Thread-safe.
 */
public final class LiveTeams {
    private final List<TeamChannel> channels = new CopyOnWriteArrayList<>();

    public void add(TeamChannel channel) {
        channels.add(channel);
    }

    public void remove(TeamChannel channel) {
        channels.remove(channel);
    }

    /**
     * For a slow wait of finalize: compares each team's members that have published their calls with this PE's
     * (this PE makes no more calls) and records any mismatch found in the members' slots, so that a member still
     * waiting in a collective fails at once and comes to finalize. A message, or null.
     */
    public String probe() {
        for (TeamChannel ch : channels) {
            String m = ch.probeDiverged();
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    /** With every PE in finalize: the mismatches of the live teams' calls, joined; null when all matched. */
    public String verifyAtFinalize() {
        StringBuilder sb = null;
        for (TeamChannel ch : channels) {
            String m = ch.verifyAtFinalize();
            if (m != null) {
                sb = sb == null ? new StringBuilder(m) : sb.append("; and ").append(m);
            }
        }
        return sb == null ? null : sb.toString();
    }
}
