package io.jshmem.launcher;

import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** shmemrun --tls-info: checked at parse time, handed to every PE as JSHMEM_TLS and JSHMEM_TLS_INFO (CANN SHMEM's TLS configuration). */
@Timeout(60)
class ShmemRunTlsTest {
    @Test
    void tlsInfoBecomesThePesTlsSettings() {
        JobSpec s = ShmemRunTest.parse("-np", "2", "--tls-info", "tlsCert: /etc/job.p12; tlsPkPwdFile: /etc/pw",
                "com.example.Main");
        assertEquals("true", s.env().get("JSHMEM_TLS"));
        assertEquals("tlsCert: /etc/job.p12; tlsPkPwdFile: /etc/pw", s.env().get("JSHMEM_TLS_INFO"));
        assertTrue(!ShmemRunTest.parse("-np", "1", "com.example.Main").env().containsKey("JSHMEM_TLS"));
    }

    @Test
    void malformedTlsInfoIsAUsageError() {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> ShmemRunTest.parse("-np", "2", "--tls-info", "tlsKey: x", "com.example.Main"));
        assertTrue(e.getMessage().contains("--tls-info") && e.getMessage().contains("tlsKey"), e.getMessage());
    }
}
