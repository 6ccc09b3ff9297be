package io.jshmem.runtime;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which PEs share a host and can therefore map each other's heaps: host name, the kernel's boot id, the
 * network namespace and where the heaps are: the heap directory, or for memfd heaps the PID namespace (peers open
 * them through /proc). PEs with equal identities map each other's heaps and reach each other through the SHM engine;
 * the others go through the network engine.
 *
 * <p>The network namespace is part of it because a machine divided into network namespaces (containers, or
 * {@code ip netns}) acts as several hosts on the network, and tests build two "hosts" that way: PEs in different
 * namespaces must talk over the network even though they could map the same /dev/shm. Stateless and thread-safe.
 */
final class HostIdentity {
    private static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");
    private static final Path NET_NAMESPACE = Path.of("/proc/self/ns/net");
    private static final Path PID_NAMESPACE = Path.of("/proc/self/ns/pid");

    private HostIdentity() {
    }

    /** {@code host|boot id|net namespace|heap dir}; a part that cannot be read is replaced by a fixed word. */
    static String of(Path heapDir) {
        return machine() + "|" + heapDir.toAbsolutePath().normalize();
    }

    /**
     * {@code host|boot id|net namespace|memfd pid namespace}: memfd heaps are reached through /proc/<pid>/fd, so
     * only PEs that see each other's PIDs can map them.
     */
    static String ofMemfd() {
        String pidNs;
        try {
            pidNs = Files.readSymbolicLink(PID_NAMESPACE).toString();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            pidNs = "no-pidns";
        }
        return machine() + "|memfd " + pidNs;
    }

    /** The host's name as PEs print it: the first part of an identity. */
    static String hostName(String identity) {
        int bar = identity.indexOf('|');
        return bar < 0 ? identity : identity.substring(0, bar);
    }

    /** Where the heaps are: the last part of an identity (the heap directory, or the memfd's PID namespace). */
    static String place(String identity) {
        return identity.substring(identity.lastIndexOf('|') + 1);
    }

    private static String machine() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "unknown-host";
        }
        String boot;
        try {
            boot = Files.readString(BOOT_ID).trim();
        } catch (IOException | SecurityException e) {
            boot = "no-boot-id";
        }
        return host + "|" + boot + "|" + networkNamespace();
    }

    /**
     * The link text of /proc/self/ns/net, such as {@code net:[4026531833]}: the namespace's inode, the same for
     * every process in the namespace. {@code no-netns} where the link cannot be read (not Linux).
     */
    static String networkNamespace() {
        try {
            return Files.readSymbolicLink(NET_NAMESPACE).toString();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return "no-netns";
        }
    }
}
