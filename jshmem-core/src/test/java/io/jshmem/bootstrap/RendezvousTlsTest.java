package io.jshmem.bootstrap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jshmem.error.BootstrapException;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Basic TLS 1.3 with client authentication; a self-signed certificate made by the JDK's keytool. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RendezvousTlsTest {
    static final char[] PASSWORD = "changeit".toCharArray();
    static SSLContext trusted;
    static SSLContext stranger;

    @BeforeAll
    static void makeCertificates(@TempDir Path dir) throws Exception {
        trusted = context(keystore(dir, "job"));
        stranger = context(keystore(dir, "stranger"));
    }

    static Path keystore(Path dir, String alias) throws Exception {
        Path file = dir.resolve(alias + ".p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", alias, "-keyalg", "EC",
                "-groupname", "secp256r1", "-dname", "CN=" + alias, "-validity", "2", "-storetype", "PKCS12",
                "-keystore", file.toString(), "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD))
                .redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keytool hung");
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), "keytool failed: " + out);
        return file;
    }

    static SSLContext context(Path keystore) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            ks.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext c = SSLContext.getInstance("TLSv1.3");
        c.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return c;
    }

    @Test
    void storeWorksOverTls() throws Exception {
        try (RendezvousServer server = RendezvousServer.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), UniqueId.newSecret(), trusted);
             RendezvousClient pe0 = RendezvousClient.connect(server.uniqueId(), 0, 2, Duration.ofSeconds(20), trusted);
             RendezvousClient pe1 = RendezvousClient.connect(server.uniqueId(), 1, 2, Duration.ofSeconds(20), trusted)) {
            pe0.set("k", new byte[] {1, 2, 3});
            assertArrayEquals(new byte[] {1, 2, 3}, pe1.get("k", Duration.ofSeconds(10)));
            CompletableFuture<byte[][]> other = CompletableFuture.supplyAsync(
                    () -> pe1.allgather("ag", new byte[] {11}, Duration.ofSeconds(10)));
            byte[][] all = pe0.allgather("ag", new byte[] {10}, Duration.ofSeconds(10));
            assertArrayEquals(new byte[] {10}, all[0]);
            assertArrayEquals(new byte[] {11}, all[1]);
            assertArrayEquals(all[1], other.get(10, TimeUnit.SECONDS)[1]);
        }
    }

    @Test
    void plainAndUntrustedClientsCannotJoin() {
        try (RendezvousServer server = RendezvousServer.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), UniqueId.newSecret(), trusted)) {
            for (SSLContext wrong : java.util.Arrays.asList(null, stranger)) {
                BootstrapException e = assertThrows(BootstrapException.class, () -> RendezvousClient.connect(
                        server.uniqueId(), 0, 1, Duration.ofMillis(1500), wrong));
                assertTrue(e.getMessage().contains("could not connect"), e.getMessage());
            }
            assertTrue(server.refusedConnections() >= 2, "refused " + server.refusedConnections());
            try (RendezvousClient ok = RendezvousClient.connect(server.uniqueId(), 0, 1, Duration.ofSeconds(20),
                    trusted)) {
                ok.barrier("alone", Duration.ofSeconds(5));
            }
        }
    }
}
