package io.jshmem.runtime;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which PEs share a host and can therefore map each other's heap files: host name plus the kernel's boot id plus
 * the heap directory. Two PEs with equal identities see the same /dev/shm.
 */
final class HostIdentity {
    private HostIdentity() {
    }

    static String of(Path heapDir) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "unknown-host";
        }
        String boot;
        try {
            boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim();
        } catch (IOException e) {
            boot = "no-boot-id";
        }
        return host + "|" + boot + "|" + heapDir.toAbsolutePath().normalize();
    }
}
