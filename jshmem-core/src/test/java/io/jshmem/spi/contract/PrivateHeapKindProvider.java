package io.jshmem.spi.contract;

import io.jshmem.spi.MemoryKindCapabilities;
import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindSetup;
import io.jshmem.spi.MemoryKindUnsupportedException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test DEVICE_SIDE kind that is not host-addressable, standing in for GPU memory: each PE's heap is private native
 * memory that jshmem never sees ({@code local()} and {@code peer()} are null), reached only through the heap's
 * copies. Heaps of one JVM (the contract suite's PEs as threads) reach each other through a registry keyed by a
 * token exchanged with {@link MemoryKindSetup#allgather}; a heap in another process is refused, naming the kind.
 * Available only while the system property {@value #ENABLE_PROPERTY} is {@code true}, so registering it leaves
 * other tests' provider choice alone. Thread-safe.
 */
public final class PrivateHeapKindProvider extends TestDeviceKindProvider {
    public static final String NAME = "private-test";
    public static final String ENABLE_PROPERTY = "jshmem.test.privateKind";
    private static final Map<String, Heap> OPEN = new ConcurrentHashMap<>();

    /** Host-unaddressable and without atomics: everything goes through the heap's copies. */
    public PrivateHeapKindProvider() {
        super(NAME, new MemoryKindCapabilities(false, false));
    }

    @Override
    public Optional<String> unavailableReason() {
        return Boolean.getBoolean(ENABLE_PROPERTY) ? Optional.empty()
                : Optional.of("system property " + ENABLE_PROPERTY + " is not true");
    }

    @Override
    public MemoryKindHeap open(MemoryKindSetup setup) {
        String token = UUID.randomUUID().toString();
        Heap heap = new Heap(setup.myPe(), setup.nPes(), setup.byteSize(), token);
        OPEN.put(token, heap);
        byte[][] tokens = setup.allgather(token.getBytes(StandardCharsets.UTF_8));
        for (int pe = 0; pe < tokens.length; pe++) {
            heap.peerTokens[pe] = new String(tokens[pe], StandardCharsets.UTF_8);
        }
        return heap;
    }

    /** Whether {@code heap} is still open (its memory not released). */
    public static boolean isOpen(MemoryKindHeap heap) {
        return OPEN.containsValue(heap);
    }

    private static final class Heap implements MemoryKindHeap {
        private final int myPe;
        private final String token;
        private final String[] peerTokens;
        private final Arena arena = Arena.ofShared();
        private final MemorySegment bytes;

        Heap(int myPe, int nPes, long byteSize, String token) {
            this.myPe = myPe;
            this.token = token;
            this.bytes = arena.allocate(byteSize, 64);
            this.peerTokens = new String[nPes];
        }

        @Override
        public long byteSize() {
            return bytes.byteSize();
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
            MemorySegment.copy(src, 0, reach("copyIn", pe, offset, src.byteSize()), offset, src.byteSize());
        }

        @Override
        public void copyOut(int pe, long offset, MemorySegment dst) {
            MemorySegment.copy(reach("copyOut", pe, offset, dst.byteSize()), offset, dst, 0, dst.byteSize());
        }

        @Override
        public void copy(int dstPe, long dstOffset, int srcPe, long srcOffset, long n) {
            MemorySegment dst = reach("copy", dstPe, dstOffset, n);
            MemorySegment src = reach("copy", srcPe, srcOffset, n);
            MemorySegment.copy(src, srcOffset, dst, dstOffset, n);
        }

        @Override
        public void close() {
            OPEN.remove(token);
            arena.close();
        }

        /** PE {@code pe}'s private bytes, after checking the range. */
        private MemorySegment reach(String operation, int pe, long offset, long n) {
            if (pe < 0 || pe >= peerTokens.length) {
                throw new IndexOutOfBoundsException("pe = " + pe + " is outside 0.." + (peerTokens.length - 1));
            }
            if (offset < 0 || n < 0 || offset > bytes.byteSize() - n) {
                throw new IndexOutOfBoundsException("offset = " + offset + " with " + n + " bytes is outside the "
                        + bytes.byteSize() + "-byte heap of memory kind '" + NAME + "'");
            }
            if (pe == myPe) {
                return bytes;
            }
            Heap peer = OPEN.get(peerTokens[pe]);
            if (peer == null) {
                throw new MemoryKindUnsupportedException(NAME, operation + " with PE " + pe,
                        "PE " + pe + "'s heap is not in this JVM; this test kind reaches only heaps of its own JVM");
            }
            return peer.bytes;
        }
    }
}
