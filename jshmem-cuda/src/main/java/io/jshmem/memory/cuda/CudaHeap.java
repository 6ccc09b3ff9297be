package io.jshmem.memory.cuda;

import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindUnsupportedException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One PE's heap in GPU memory ({@code cuMemAlloc}) and the device pointers of the same-host peers' heaps (opened from
 * their IPC handles, or their own pointers when they live in this process). Not host-addressable: {@link #local()}
 * and {@link #peer} are null, and bytes move only through the copies, which make the heap's primary context current
 * on the calling thread first. Copies to peers on other hosts are refused ({@link MemoryKindUnsupportedException}).
 *
 * <p>Completion: every copy returns once its bytes are in the target ({@code cuCtxSynchronize} after a host-to-device
 * or device-to-device copy, which the driver may otherwise finish after it returns). Thread-safety: copies may come
 * from any thread; {@link #close()} is idempotent and must not race with copies (jshmem closes after every view).
 */
final class CudaHeap implements MemoryKindHeap {
    private final CudaDriver driver;
    private final int device;
    private final MemorySegment context;
    private final long byteSize;
    private final int myPe;
    private final HostGroup hosts;
    private final byte[] handle;
    /** Device pointer of each PE's heap in this process; 0 where it cannot be reached (another host). */
    private final long[] bases;
    /** Whether {@link #bases} entry was opened from an IPC handle (and must be closed with it). */
    private final boolean[] opened;
    private final AtomicBoolean closed = new AtomicBoolean();

    CudaHeap(CudaDriver driver, int device, MemorySegment context, long byteSize, int myPe, HostGroup hosts,
             byte[] handle, long[] bases, boolean[] opened) {
        this.driver = driver;
        this.device = device;
        this.context = context;
        this.byteSize = byteSize;
        this.myPe = myPe;
        this.hosts = hosts;
        this.handle = handle;
        this.bases = bases;
        this.opened = opened;
    }

    @Override
    public long byteSize() {
        return byteSize;
    }

    /** Null: GPU memory has no host mapping here. */
    @Override
    public MemorySegment local() {
        return null;
    }

    /** Null for every PE: GPU memory has no host mapping here. */
    @Override
    public MemorySegment peer(int pe) {
        return null;
    }

    @Override
    public String kindName() {
        return CudaKindProvider.NAME;
    }

    /** The CUDA device (ordinal) this heap lives on. */
    int device() {
        return device;
    }

    @Override
    public void copyIn(int pe, long offset, MemorySegment src) {
        long bytes = src.byteSize();
        long base = base("copyIn", pe);
        checkRange("offset", offset, bytes);
        if (bytes == 0) {
            return;
        }
        driver.setCurrent(context);
        if (src.isNative()) {
            driver.copyHostToDevice(base + offset, src, bytes);
        } else {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment staged = arena.allocate(bytes, 64).copyFrom(src);
                driver.copyHostToDevice(base + offset, staged, bytes);
            }
        }
        driver.synchronize();
    }

    @Override
    public void copyOut(int pe, long offset, MemorySegment dst) {
        long bytes = dst.byteSize();
        long base = base("copyOut", pe);
        checkRange("offset", offset, bytes);
        if (bytes == 0) {
            return;
        }
        driver.setCurrent(context);
        if (dst.isNative()) {
            driver.copyDeviceToHost(dst, base + offset, bytes);
        } else {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment staged = arena.allocate(bytes, 64);
                driver.copyDeviceToHost(staged, base + offset, bytes);
                dst.copyFrom(staged);
            }
        }
    }

    @Override
    public void copy(int dstPe, long dstOffset, int srcPe, long srcOffset, long bytes) {
        long dst = base("copy", dstPe);
        long src = base("copy", srcPe);
        checkRange("dstOffset", dstOffset, bytes);
        checkRange("srcOffset", srcOffset, bytes);
        if (bytes == 0) {
            return;
        }
        driver.setCurrent(context);
        if (dst == src && Math.abs(dstOffset - srcOffset) < bytes) {
            // cuMemcpyDtoD leaves overlapping ranges undefined: go through a host buffer, as the SPI promises.
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment staged = arena.allocate(bytes, 64);
                driver.copyDeviceToHost(staged, src + srcOffset, bytes);
                driver.copyHostToDevice(dst + dstOffset, staged, bytes);
            }
        } else {
            driver.copyDeviceToDevice(dst + dstOffset, src + srcOffset, bytes);
        }
        driver.synchronize();
    }

    /**
     * Releases what {@code open} took, in reverse: the peers' IPC mappings, this heap's memory, the primary context.
     * Idempotent; every step is tried, and the first failure is thrown after the others.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        RuntimeException first = null;
        try {
            driver.setCurrent(context);
        } catch (RuntimeException e) {
            first = e;
        }
        for (int pe = 0; pe < bases.length; pe++) {
            if (opened[pe]) {
                try {
                    driver.ipcClose(bases[pe]);
                } catch (RuntimeException e) {
                    first = first == null ? e : first;
                }
            }
        }
        InProcessHeaps.remove(handle);
        try {
            driver.free(bases[myPe]);
        } catch (RuntimeException e) {
            first = first == null ? e : first;
        }
        try {
            driver.releasePrimaryContext(device);
        } catch (RuntimeException e) {
            first = first == null ? e : first;
        }
        if (first != null) {
            throw first;
        }
    }

    private long base(String operation, int pe) {
        if (closed.get()) {
            throw new IllegalStateException(operation + " on a closed heap of memory kind 'cuda' (PE " + myPe
                    + "): the instance that owned it has finalized; allocate again in a live instance");
        }
        if (pe < 0 || pe >= bases.length) {
            throw new IndexOutOfBoundsException("pe = " + pe + " is not a PE of this job: valid PEs are 0.."
                    + (bases.length - 1));
        }
        long base = bases[pe];
        if (base == 0) {
            throw unreachable(operation, pe);
        }
        return base;
    }

    private MemoryKindUnsupportedException unreachable(String operation, int pe) {
        return new MemoryKindUnsupportedException(CudaKindProvider.NAME, operation + " with PE " + pe, "PE " + pe
                + " runs on host " + hosts.hostName(pe) + " and PE " + myPe + " on " + hosts.hostName(myPe)
                + ": CUDA IPC reaches GPU memory on this host only, and no engine carries device memory between"
                + " hosts yet; copy through a HOST_SIDE buffer (copyOut here, put to PE " + pe
                + ", copyIn there)");
    }

    /** Overflow-safe: {@code offset + bytes} is never computed before both are known to be in range. */
    private void checkRange(String name, long offset, long bytes) {
        if (offset < 0 || bytes < 0 || offset > byteSize - bytes) {
            throw new IndexOutOfBoundsException(name + " = " + offset + " with " + bytes + " bytes is outside the "
                    + byteSize + "-byte heap of memory kind 'cuda': valid ranges lie within 0.." + byteSize
                    + " (offset + bytes <= " + byteSize + ")");
        }
    }
}
