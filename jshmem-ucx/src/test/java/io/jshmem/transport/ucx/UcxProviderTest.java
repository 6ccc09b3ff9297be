package io.jshmem.transport.ucx;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.TransportException;
import io.jshmem.spi.TransportProvider;
import io.jshmem.spi.contract.InJvmJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Service registration, lazy loading, and the messages for a missing library and bad arguments. */
@Timeout(120)
class UcxProviderTest {
    @Test
    void providerIsFoundByTheServiceLoaderUnderTheNameUcx() {
        List<String> names = ServiceLoader.load(TransportProvider.class).stream()
                .map(p -> p.get().name() + ":" + p.type().getName()).toList();
        assertTrue(names.contains("ucx:" + UcxTransportProvider.class.getName()), names.toString());
    }

    @Test
    void findingTheProviderAndItsNameLoadsNoNativeCode() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), LazyLoadProbe.class.getName())
                .redirectErrorStream(true).start();
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe JVM did not finish");
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("ucx:UcxTransportProvider"), out);
            assertTrue(out.contains("libucp-mapped=false"), out);
        } finally {
            p.destroyForcibly(); // by handle: only the process this test started
        }
    }

    @Test
    void aMissingLibraryGivesTheInstallAdvice() {
        UcpLoader.Probe probe = UcpLoader.probe("libucp-that-does-not-exist.so.0");
        assertNull(probe.lookup());
        assertTrue(probe.failure().contains("apt-get install libucx0"), probe.failure());
        assertTrue(probe.failure().contains("libucp-that-does-not-exist.so.0"), probe.failure());
        assertTrue(UcpLoader.INSTALL_HINT.contains("libucx0"));
    }

    @Test
    void whenLibucpIsMissingCreateThrowsTransportExceptionWithAdvice() {
        if (UcxTransportProvider.isAvailable()) {
            assertEquals("", UcxTransportProvider.unavailableReason());
            assertTrue(UcxTransportProvider.ucxVersion().matches("\\d+\\.\\d+\\.\\d+"));
        }
        assumeFalse(UcxTransportProvider.isAvailable(), "libucp is installed here: the missing-library branch is"
                + " covered by aMissingLibraryGivesTheInstallAdvice");
        InJvmJob job = new InJvmJob(1, Duration.ofSeconds(5));
        try (Arena arena = Arena.ofConfined()) {
            TransportException e = assertThrows(TransportException.class, () -> new UcxTransportProvider()
                    .create(job.setup(0, arena.allocate(4096, 4096)), new boolean[] {false}));
            assertTrue(e.getMessage().contains("apt-get install libucx0"), e.getMessage());
        }
    }

    @Test
    void badArgumentsAreRejectedBeforeAnythingNativeHappens() {
        InJvmJob job = new InJvmJob(2, Duration.ofSeconds(5));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment heap = arena.allocate(4096, 4096);
            ShmemArgumentException length = assertThrows(ShmemArgumentException.class,
                    () -> new UcxTransportProvider().create(job.setup(0, heap), new boolean[3]));
            assertTrue(length.getMessage().contains("peers has length 3"), length.getMessage());
            ShmemArgumentException onHeap = assertThrows(ShmemArgumentException.class,
                    () -> new UcxTransportProvider().create(job.setup(0, MemorySegment.ofArray(new byte[64])),
                            new boolean[2]));
            assertTrue(onHeap.getMessage().contains("native"), onHeap.getMessage());
        }
    }
}
