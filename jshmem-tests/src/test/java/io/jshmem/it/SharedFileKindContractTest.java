package io.jshmem.it;

import io.jshmem.it.pe.SharedFileDeviceProvider;
import io.jshmem.spi.MemoryKindProvider;
import io.jshmem.spi.contract.MemoryKindContractTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The memory-kind contract on the host-addressable test kind ({@link SharedFileDeviceProvider}, the one
 * MemoryChapterTest's PEs use), its PEs as threads of this JVM: every heap a file mapped by every PE.
 */
class SharedFileKindContractTest extends MemoryKindContractTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void enable() {
        System.setProperty(SharedFileDeviceProvider.DIR_PROPERTY, dir.toString());
    }

    @AfterAll
    static void disable() throws IOException {
        System.clearProperty(SharedFileDeviceProvider.DIR_PROPERTY);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "the kind unlinks its heap files once every PE has mapped them");
        }
    }

    @Override
    protected MemoryKindProvider provider() {
        return new SharedFileDeviceProvider();
    }
}
