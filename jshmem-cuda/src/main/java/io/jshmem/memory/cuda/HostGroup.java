package io.jshmem.memory.cuda;

import io.jshmem.spi.MemoryKindSetup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which PEs share this PE's host, found by allgathering a host identity (host name and the kernel's boot id, so two
 * containers or hosts that share a name still differ) through the setup: the local rank picks the GPU, and only
 * PEs of this host can open each other's IPC handles. Immutable.
 */
final class HostGroup {
    private final String[] hosts;
    private final int localRank;

    private HostGroup(String[] hosts, int localRank) {
        this.hosts = hosts;
        this.localRank = localRank;
    }

    /** This PE's rank among the PEs of its host, in PE order. */
    int localRank() {
        return localRank;
    }

    /** Collective: every PE of the setup calls it once. */
    static HostGroup exchange(MemoryKindSetup setup) {
        byte[][] all = setup.allgather(identity().getBytes(StandardCharsets.UTF_8));
        String[] hosts = new String[all.length];
        for (int pe = 0; pe < all.length; pe++) {
            hosts[pe] = new String(all[pe], StandardCharsets.UTF_8);
        }
        int me = setup.myPe();
        int rank = 0;
        for (int pe = 0; pe < me; pe++) {
            if (hosts[pe].equals(hosts[me])) {
                rank++;
            }
        }
        return new HostGroup(hosts, rank);
    }

    /** Whether PE {@code pe} runs on the same host as PE {@code me}. */
    boolean sameHost(int me, int pe) {
        return hosts[me].equals(hosts[pe]);
    }

    /** PE {@code pe}'s host name, for messages (the identity without its boot id). */
    String hostName(int pe) {
        String h = hosts[pe];
        int cut = h.indexOf('/');
        return cut < 0 ? h : h.substring(0, cut);
    }

    /** This host's identity: {@code hostname/boot-id}. */
    static String identity() {
        return read("/proc/sys/kernel/hostname", System.getenv().getOrDefault("HOSTNAME", "localhost")) + "/"
                + read("/proc/sys/kernel/random/boot_id", "no-boot-id");
    }

    private static String read(String file, String fallback) {
        try {
            return Files.readString(Path.of(file)).trim();
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
    }
}
