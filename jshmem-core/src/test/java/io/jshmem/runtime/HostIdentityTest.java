package io.jshmem.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The host identity that decides SHM versus network routing. That PEs in two network namespaces really route over
 * the network is shown end to end by jshmem-tests' NetnsMultiHostTest; here: what the identity is made of.
 */
@Timeout(10)
class HostIdentityTest {
    @Test
    void identityNamesTheNetworkNamespace() throws Exception {
        Path ns = Path.of("/proc/self/ns/net");
        assumeTrue(Files.isSymbolicLink(ns), "no /proc/self/ns/net here (not Linux)");
        String link = Files.readSymbolicLink(ns).toString();
        assertTrue(link.matches("net:\\[\\d+]"), link);
        assertEquals(link, HostIdentity.networkNamespace());
        String id = HostIdentity.of(Path.of("/dev/shm"));
        assertTrue(id.contains("|" + link + "|"), id);
        assertTrue(id.endsWith("|/dev/shm"), id);
    }

    @Test
    void identityIsStableAndSeparatesHeapDirectories() {
        assertEquals(HostIdentity.of(Path.of("/dev/shm")), HostIdentity.of(Path.of("/dev/shm/../shm")));
        assertNotEquals(HostIdentity.of(Path.of("/dev/shm")), HostIdentity.of(Path.of("/tmp")));
    }
}
