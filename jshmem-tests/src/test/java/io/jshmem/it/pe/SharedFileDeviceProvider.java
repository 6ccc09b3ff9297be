package io.jshmem.it.pe;

import io.jshmem.spi.MemoryKindCapabilities;
import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindSetup;
import io.jshmem.spi.contract.TestDeviceKindProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test DEVICE_SIDE provider: each PE's "device heap" is a file of its own (not jshmem's heap), mapped by every PE
 * of the job, its name exchanged through {@link MemoryKindSetup#allgather}, and unlinked once all have mapped it.
 * It is available only while the system property {@value #DIR_PROPERTY} names a directory, so the same class path
 * also shows the no-provider failure. {@link #opens()} and {@link #lastHeap()} let a PE prove jshmem used it.
 */
public final class SharedFileDeviceProvider extends TestDeviceKindProvider {
    public static final String DIR_PROPERTY = "jshmem.test.deviceDir";
    public static final String NAME = "shared-file-test";
    private static final AtomicInteger OPENS = new AtomicInteger();
    private static volatile MemorySegment lastHeap;

    /** Mapped files: host-addressable, so jshmem's own atomics work on it too. */
    public SharedFileDeviceProvider() {
        super(NAME, new MemoryKindCapabilities(true, true));
    }

    /** How many heaps this process opened. */
    public static int opens() {
        return OPENS.get();
    }

    /** This PE's heap segment of the last open, or null. */
    public static MemorySegment lastHeap() {
        return lastHeap;
    }

    @Override
    public Optional<String> unavailableReason() {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir == null || !Files.isDirectory(Path.of(dir))) {
            return Optional.of("system property " + DIR_PROPERTY + " does not name a directory");
        }
        return Optional.empty();
    }

    @Override
    public MemoryKindHeap open(MemoryKindSetup setup) {
        MemoryKindHeap heap = mapEveryPe(Path.of(System.getProperty(DIR_PROPERTY)), setup);
        OPENS.incrementAndGet();
        lastHeap = heap.local();
        return heap;
    }

    /**
     * Collective: this PE's heap as a new file in {@code dir}, mapped by every PE of the job, the file unlinked once
     * all have mapped it; the heap's {@code local()} and {@code peer(pe)} are the mappings (the default copies work
     * through them). {@link OpaqueFileDeviceProvider} hides them.
     */
    static MemoryKindHeap mapEveryPe(Path dir, MemoryKindSetup setup) {
        Path own = dir.resolve("device-" + UUID.randomUUID() + "-pe" + setup.myPe());
        Arena arena = Arena.ofShared();
        try {
            MemorySegment[] heaps = new MemorySegment[setup.nPes()];
            heaps[setup.myPe()] = map(own, setup.byteSize(), arena, true);
            byte[][] names = setup.allgather(own.toString().getBytes(StandardCharsets.UTF_8));
            for (int p = 0; p < setup.nPes(); p++) {
                if (p != setup.myPe()) {
                    heaps[p] = map(Path.of(new String(names[p], StandardCharsets.UTF_8)), setup.byteSize(), arena,
                            false);
                }
            }
            setup.barrier();
            Files.deleteIfExists(own);
            return new MemoryKindHeap() {
                @Override
                public long byteSize() {
                    return setup.byteSize();
                }

                @Override
                public String kindName() {
                    return NAME;
                }

                @Override
                public MemorySegment local() {
                    return heaps[setup.myPe()];
                }

                @Override
                public MemorySegment peer(int pe) {
                    return heaps[pe];
                }

                @Override
                public void close() {
                    arena.close();
                }
            };
        } catch (IOException e) {
            arena.close();
            throw new UncheckedIOException("test device heap " + own, e);
        }
    }

    private static MemorySegment map(Path file, long bytes, Arena arena, boolean create) throws IOException {
        try (FileChannel ch = create
                ? FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)
                : FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            if (create) {
                ch.truncate(bytes);
                ch.position(bytes - 1);
                ch.write(java.nio.ByteBuffer.wrap(new byte[1]));
            }
            return ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
        }
    }
}
