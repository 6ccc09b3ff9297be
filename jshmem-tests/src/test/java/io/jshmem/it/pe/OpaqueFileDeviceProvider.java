package io.jshmem.it.pe;

import io.jshmem.spi.MemoryKindCapabilities;
import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindSetup;
import io.jshmem.spi.contract.TestDeviceKindProvider;

import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A test DEVICE_SIDE kind that behaves like GPU memory across processes: each PE's heap is a file mapped by every PE
 * of the job ({@link SharedFileDeviceProvider#mapEveryPe}), but the kind declares itself not host-addressable, its
 * heap's {@code local()} and {@code peer()} are null, and its bytes move only through its own copies over those
 * private mappings. So jshmem can reach it only as it would reach a GPU heap. Available only while the system
 * property {@value #DIR_PROPERTY} names a directory. Thread-safe.
 */
public final class OpaqueFileDeviceProvider extends TestDeviceKindProvider {
    public static final String DIR_PROPERTY = "jshmem.test.opaqueDir";
    public static final String NAME = "opaque-file-test";
    private static volatile MemoryKindHeap lastOpened;

    /** Not host-addressable and without atomics, as a GPU heap. */
    public OpaqueFileDeviceProvider() {
        super(NAME, new MemoryKindCapabilities(false, false));
    }

    /**
     * This PE's own heap of the last open, as the test reads it behind jshmem's back to prove where bytes landed;
     * null before any open.
     */
    public static MemorySegment ownHeap() {
        MemoryKindHeap h = lastOpened;
        return h == null ? null : h.local();
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
        MemoryKindHeap mapped = SharedFileDeviceProvider.mapEveryPe(Path.of(System.getProperty(DIR_PROPERTY)), setup);
        lastOpened = mapped;
        return new Heap(mapped);
    }

    /** The mapped heap, hidden: no host view, copies only. */
    private static final class Heap implements MemoryKindHeap {
        private final MemoryKindHeap mapped;

        Heap(MemoryKindHeap mapped) {
            this.mapped = mapped;
        }

        @Override
        public long byteSize() {
            return mapped.byteSize();
        }

        @Override
        public MemorySegment local() {
            return null;
        }

        @Override
        public MemorySegment peer(int pe) {
            return null;
        }

        @Override
        public String kindName() {
            return NAME;
        }

        @Override
        public void copyIn(int pe, long offset, MemorySegment src) {
            MemorySegment.copy(src, 0, reach(pe, offset, src.byteSize()), offset, src.byteSize());
        }

        @Override
        public void copyOut(int pe, long offset, MemorySegment dst) {
            MemorySegment.copy(reach(pe, offset, dst.byteSize()), offset, dst, 0, dst.byteSize());
        }

        @Override
        public void copy(int dstPe, long dstOffset, int srcPe, long srcOffset, long bytes) {
            MemorySegment dst = reach(dstPe, dstOffset, bytes);
            MemorySegment src = reach(srcPe, srcOffset, bytes);
            MemorySegment.copy(src, srcOffset, dst, dstOffset, bytes);
        }

        @Override
        public void close() {
            mapped.close();
        }

        /** PE {@code pe}'s private mapping, after checking the range (as a GPU heap's copies must). */
        private MemorySegment reach(int pe, long offset, long bytes) {
            if (offset < 0 || bytes < 0 || offset > byteSize() - bytes) {
                throw new IndexOutOfBoundsException("offset = " + offset + " with " + bytes + " bytes is outside the "
                        + byteSize() + "-byte heap of memory kind '" + NAME + "'");
            }
            return mapped.peer(pe);
        }
    }
}
