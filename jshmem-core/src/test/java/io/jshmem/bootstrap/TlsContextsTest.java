package io.jshmem.bootstrap;

import io.jshmem.config.Settings;
import io.jshmem.error.BootstrapException;
import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TLS of the rendezvous built from tls_info files: PKCS12 and PEM (plain and encrypted keys), a CA that
 * signed each side's own certificate, and refusal of a client whose certificate the server does not trust.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class TlsContextsTest {
    static Path dir;
    static Path jobStore;
    static Path strangerStore;
    static Path caPem;
    static Path[] serverPem;
    static Path[] clientPem;
    static Path encryptedClientKey;
    static Path password;

    @BeforeAll
    static void certificates(@TempDir Path tmp) throws Exception {
        dir = tmp;
        jobStore = TestCertificates.keytoolStore(dir, "job");
        strangerStore = TestCertificates.pkcs12(dir, TestCertificates.selfSigned("stranger", false));
        TestCertificates.Identity ca = TestCertificates.selfSigned("ca", true);
        caPem = TestCertificates.certificatePem(dir, ca);
        serverPem = TestCertificates.pem(dir, TestCertificates.signedBy(ca, "server"));
        TestCertificates.Identity client = TestCertificates.signedBy(ca, "client");
        clientPem = TestCertificates.pem(dir, client);
        encryptedClientKey = TestCertificates.encryptedKey(dir, client);
        password = TestCertificates.passwordFile(dir);
    }

    private static SSLContext context(String info) {
        return TlsContexts.build(TlsInfo.parse("test", info));
    }

    private static void roundTrip(SSLContext server, SSLContext client) {
        try (RendezvousServer s = RendezvousServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                UniqueId.newSecret(), server);
             RendezvousClient c = RendezvousClient.connect(s.uniqueId(), 0, 1, Duration.ofSeconds(20), client)) {
            c.set("k", new byte[] {4, 5});
            assertArrayEquals(new byte[] {4, 5}, c.get("k", Duration.ofSeconds(10)));
        }
    }

    @Test
    void pkcs12SelfSignedStoreServesBothSides() {
        SSLContext job = context("tlsCert: " + jobStore + "; tlsPkPwdFile: " + password + ";");
        roundTrip(job, job);
    }

    @Test
    void pemCertificatesSignedByOneCaAuthenticateEachOther() {
        SSLContext server = context("tlsCert: " + serverPem[0] + "; tlsPk: " + serverPem[1] + "; tlsCaFile: "
                + caPem + ";");
        SSLContext client = context("tlsCaPath: " + dir + "; tlsCaFile: ca.pem; tlsCert: " + clientPem[0]
                + "; tlsPk: " + clientPem[1]);
        roundTrip(server, client);
    }

    @Test
    void encryptedPemKeyIsDecryptedWithThePasswordFile() {
        SSLContext server = context("tlsCert: " + serverPem[0] + "; tlsPk: " + serverPem[1] + "; tlsCaFile: "
                + caPem);
        SSLContext client = context("tlsCert: " + clientPem[0] + "; tlsPk: " + encryptedClientKey
                + "; tlsPkPwdFile: " + password + "; tlsCaFile: " + caPem);
        roundTrip(server, client);
    }

    @Test
    void clientWithoutATrustedCertificateIsRefused() {
        SSLContext server = context("tlsCert: " + serverPem[0] + "; tlsPk: " + serverPem[1] + "; tlsCaFile: "
                + caPem);
        SSLContext stranger = context("tlsCert: " + strangerStore + "; tlsPkPwdFile: " + password);
        try (RendezvousServer s = RendezvousServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                UniqueId.newSecret(), server)) {
            long t0 = System.nanoTime();
            BootstrapException e = assertThrows(BootstrapException.class,
                    () -> RendezvousClient.connect(s.uniqueId(), 0, 1, Duration.ofSeconds(3), stranger).close());
            assertTrue(e.getMessage().contains("could not connect"), e.getMessage());
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20), "refusal took too long");
            // A client without TLS at all is refused as well.
            assertThrows(BootstrapException.class,
                    () -> RendezvousClient.connect(s.uniqueId(), 0, 1, Duration.ofSeconds(2), null).close());
        }
    }

    @Test
    void settingsDecideWhetherTlsIsUsed() {
        assertNull(TlsContexts.fromSettings(Settings.of(Map.of())));
        assertNull(TlsContexts.fromSettings(Settings.of(Map.of("JSHMEM_TLS", "false", "JSHMEM_TLS_INFO", "x"))));
        SSLContext on = TlsContexts.fromSettings(Settings.of(Map.of("JSHMEM_TLS", "true", "JSHMEM_TLS_INFO",
                "tlsCert: " + jobStore + "; tlsPkPwdFile: " + password)));
        assertEquals("TLSv1.3", on.getProtocol());
        ShmemArgumentException empty = assertThrows(ShmemArgumentException.class,
                () -> TlsContexts.fromSettings(Settings.of(Map.of("JSHMEM_TLS", "true"))));
        assertTrue(empty.getMessage().contains("JSHMEM_TLS_INFO is empty"), empty.getMessage());
    }

    @Test
    void malformedTlsInfoIsRejectedNamingTheProblem() {
        ShmemArgumentException unknown = assertThrows(ShmemArgumentException.class,
                () -> TlsInfo.parse("info", "tlsCert: a.pem; tlsColour: blue"));
        assertTrue(unknown.getMessage().contains("'tlsColour' is unknown") && unknown.getMessage().contains("tlsPk"),
                unknown.getMessage());
        ShmemArgumentException noCert = assertThrows(ShmemArgumentException.class,
                () -> TlsInfo.parse("info", "tlsPk: key.pem;"));
        assertTrue(noCert.getMessage().contains("no tlsCert"), noCert.getMessage());
        assertThrows(ShmemArgumentException.class, () -> TlsInfo.parse("info", "tlsCert /a.pem"));
        assertThrows(ShmemArgumentException.class, () -> TlsInfo.parse("info", "tlsCert: ;"));
        TlsInfo info = TlsInfo.parse("info", " tlsCert: /c.pem ;tlsCaPath: /cas; tlsCaFile: a.pem, /b.pem;"
                + " tlsCrlPath: /crl; tlsCrlFile: x.crl");
        assertEquals(Path.of("/c.pem"), info.cert());
        assertEquals(List.of(Path.of("/cas/a.pem"), Path.of("/b.pem")), info.caFiles());
        assertEquals(List.of(Path.of("/crl/x.crl")), info.crlFiles());
        ShmemArgumentException noKey = assertThrows(ShmemArgumentException.class,
                () -> context("tlsCert: " + serverPem[0]));
        assertTrue(noKey.getMessage().contains("tlsPk is missing"), noKey.getMessage());
        BootstrapException missing = assertThrows(BootstrapException.class,
                () -> context("tlsCert: " + dir.resolve("nothing.pem") + "; tlsPk: " + serverPem[1]));
        assertTrue(missing.getMessage().contains("cannot be read"), missing.getMessage());
    }
}
