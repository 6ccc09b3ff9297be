package io.jshmem.runtime;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which PEs share a host and can therefore map each other's heap files: host name, the kernel's boot id, the
 * network namespace and the heap directory. PEs with equal identities see the same heap directory and reach each
 * other through the SHM engine; the others go through the network engine.
 *
 * <p>The network namespace is part of it because a machine divided into network namespaces (containers, or
 * {@code ip netns}) acts as several hosts on the network, and tests build two "hosts" that way: PEs in different
 * namespaces must talk over the network even though they could map the same /dev/shm. Stateless and thread-safe.
 */
final class HostIdentity {
    private static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");
    private static final Path NET_NAMESPACE = Path.of("/proc/self/ns/net");

    private HostIdentity() {
    }

    /** {@code host|boot id|net namespace|heap dir}; a part that cannot be read is replaced by a fixed word. */
    static String of(Path heapDir) {
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
        return host + "|" + boot + "|" + networkNamespace() + "|" + heapDir.toAbsolutePath().normalize();
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
