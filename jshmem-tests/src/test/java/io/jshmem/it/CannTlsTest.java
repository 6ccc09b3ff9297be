package io.jshmem.it;

import io.jshmem.it.pe.TlsPe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * Config-store TLS: the launcher and its PEs over TLS 1.3 with a certificate from files; self-bootstrapped
 * PEs with setConfStoreTls; a PE whose certificate the rendezvous does not trust is refused (and its partner fails
 * instead of hanging). TLS off is what every other test runs.
 */
class CannTlsTest {
    static Path dir;
    static String jobInfo;
    static String strangerInfo;

    @BeforeAll
    static void certificates(@TempDir Path tmp) throws Exception {
        dir = tmp;
        jobInfo = Certificates.info(Certificates.store(dir, "job"));
        Path strangers = Files.createDirectories(dir.resolve("stranger"));
        strangerInfo = Certificates.info(Certificates.store(strangers, "stranger"));
    }

    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    @Test
    @Timeout(150)
    void launcherAndPesUseTlsFromTheirSettings() {
        CannJobs.runOk(Jobs.spec(TlsPe.class, 2).withEnv("JSHMEM_TLS", "true").withEnv("JSHMEM_TLS_INFO", jobInfo),
                "TLS LAUNCHED OK pe ");
    }

    @Test
    @Timeout(150)
    void selfBootstrappedPesWithTrustedCertificatesConnect() throws Exception {
        try (DirectProcesses procs = new DirectProcesses()) {
            Path uid = dir.resolve("uid-ok");
            for (int pe = 0; pe < 2; pe++) {
                procs.start(Map.of(), TlsPe.class.getName(), uid.toString(), Integer.toString(pe), "2", jobInfo,
                        "ok");
            }
            assertArrayEquals(new int[] {0, 0}, procs.awaitAll(Duration.ofSeconds(120)), procs.dump());
            for (int pe = 0; pe < 2; pe++) {
                CannJobs.assertHasLine(procs.output(pe), "TLS OK pe " + pe, procs.dump());
            }
        }
    }

    @Test
    @Timeout(150)
    void aClientWithoutAValidCertificateIsRefused() throws Exception {
        try (DirectProcesses procs = new DirectProcesses()) {
            Path uid = dir.resolve("uid-stranger");
            procs.start(Map.of(), TlsPe.class.getName(), uid.toString(), "0", "2", jobInfo, "alone");
            procs.start(Map.of(), TlsPe.class.getName(), uid.toString(), "1", "2", strangerInfo, "refused");
            assertArrayEquals(new int[] {0, 0}, procs.awaitAll(Duration.ofSeconds(120)), procs.dump());
            CannJobs.assertHasLine(procs.output(1), "TLS REFUSED OK pe 1", procs.dump());
            CannJobs.assertHasLine(procs.output(0), "TLS ALONE OK pe 0", procs.dump());
        }
    }
}
