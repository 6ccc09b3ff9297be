package io.jshmem.it;

import io.jshmem.it.pe.TlsKeyPe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * CANN's {@code aclshmemx_set_config_store_tls_key}: an encrypted PKCS#8 key whose password comes from a
 * decrypt callback lets 2 self-bootstrapped PEs start over TLS 1.3; a wrong, throwing or null callback result fails
 * clearly. The key is given as a file path and as PEM text. Real PE processes, a hard timeout each.
 */
class CannTlsKeyTest {
    private static final String KEY_PASSWORD = "pk-s3cret";
    static Path dir;
    static Path[] pem;

    @BeforeAll
    static void certificates(@TempDir Path tmp) throws Exception {
        dir = tmp;
        pem = Certificates.encryptedPem(Certificates.store(dir, "keyjob"), "keyjob", KEY_PASSWORD.toCharArray());
    }

    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    @ParameterizedTest(name = "key as {0}")
    @ValueSource(strings = {"file", "text"})
    @Timeout(150)
    void anEncryptedKeyDecryptedByTheCallbackStartsTheJobOverTls(String mode) throws Exception {
        try (DirectProcesses procs = new DirectProcesses()) {
            Path uid = dir.resolve("uid-" + mode);
            for (int pe = 0; pe < 2; pe++) {
                procs.start(Map.of(), TlsKeyPe.class.getName(), uid.toString(), Integer.toString(pe), "2",
                        pem[0].toString(), pem[1].toString(), KEY_PASSWORD, mode);
            }
            assertArrayEquals(new int[] {0, 0}, procs.awaitAll(Duration.ofSeconds(120)), procs.dump());
            for (int pe = 0; pe < 2; pe++) {
                CannJobs.assertHasLine(procs.output(pe), "TLS KEY OK pe " + pe, procs.dump());
            }
        }
    }
}
