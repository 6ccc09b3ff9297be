package io.jshmem.transport.shm;

import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.error.TransportException;
import io.jshmem.memory.Copies;
import io.jshmem.spi.AmoOp;
import io.jshmem.spi.EngineCapabilities;
import io.jshmem.spi.Transport;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The copy engine (CANN SHMEM's SDMA): a background thread that performs large non-blocking copies to and from
 * mapped peer heaps, so that {@code putmemNbi}/{@code getmemNbi} of at least {@code minBytes} return at once and
 * overlap with the caller's work. Everything else goes straight to the wrapped engine.
 *
 * <p>Completion and ordering: a queued copy is complete after {@link #quiet()}, which waits until the thread has
 * performed every copy queued before it, then quiets the wrapped engine; {@link #fence()} does the same (stronger
 * than required: ordering is achieved by completion). Copies run one at a time in the order they were queued. The
 * source of a queued put and the destination of a queued get must not be touched before the quiet, as for every
 * nbi operation. A failed copy (for example a segment closed under it) is reported by the next quiet or fence.
 *
 * <p>Thread-safe: any number of threads may queue and quiet at once.
 */
public final class CopyEngineTransport implements Transport {
    private record Copy(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long bytes) {
    }

    private static final Copy STOP = new Copy(null, 0, null, 0, 0);

    private final Transport inner;
    /** Volatile: {@code setSdmaConfig} / {@code setMteConfig} may move them while other threads queue copies. */
    private volatile long minBytes;
    private volatile long memcpyThreshold;
    private final long timeoutNanos;
    private final LinkedBlockingQueue<Copy> queue = new LinkedBlockingQueue<>();
    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong bytesCopied = new AtomicLong();
    private final Object doneLock = new Object();
    private final Thread worker;
    private volatile long done;
    private volatile Throwable failure;
    private volatile boolean closed;

    /**
     * @param inner    the engine that maps the peers ({@link Transport#directSegment} non-null for PEs it copies to)
     * @param minBytes nbi copies of at least this many bytes go to the background thread
     * @param timeout  deadline of a quiet waiting for queued copies
     */
    public CopyEngineTransport(Transport inner, long minBytes, long memcpyThreshold, Duration timeout, int myPe) {
        this.inner = inner;
        this.minBytes = Math.max(1, minBytes);
        this.memcpyThreshold = memcpyThreshold;
        this.timeoutNanos = timeout.toNanos();
        this.worker = Thread.ofPlatform().daemon().name("jshmem-copy-engine-pe" + myPe).start(this::run);
    }

    @Override
    public String name() {
        return "copy-engine+" + inner.name();
    }

    /** The engine it wraps (the SHM engine that maps the peers). */
    public Transport inner() {
        return inner;
    }

    /** Bytes from which nbi copies go to the background thread ({@code JSHMEM_COPY_ENGINE_MIN}, or setSdmaConfig's). */
    public long minBytes() {
        return minBytes;
    }

    /** Moves the size from which nbi copies are queued (at least 1); later calls use it. Thread-safe. */
    public void minBytes(long bytes) {
        this.minBytes = Math.max(1, bytes);
    }

    /** Moves the large-copy threshold of the thread's copies (setMteConfig's). Thread-safe. */
    public void memcpyThreshold(long bytes) {
        this.memcpyThreshold = Math.max(0, bytes);
    }

    /** Copies queued so far, and bytes copied by the thread so far; for diagnostics. */
    public List<Long> statistics() {
        return List.of(queued.get(), bytesCopied.get());
    }

    /** Queued copies complete at quiet; it maps what the wrapped engine maps. */
    private static final EngineCapabilities CAPABILITIES = new EngineCapabilities(false, true, false);

    @Override
    public EngineCapabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public boolean canReach(int pe) {
        return inner.canReach(pe);
    }

    @Override
    public MemorySegment directSegment(int pe) {
        return inner.directSegment(pe);
    }

    @Override
    public void put(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        inner.put(pe, heapOffset, src, srcOffset, bytes);
    }

    @Override
    public void putNbi(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        MemorySegment peer = inner.directSegment(pe);
        if (bytes >= minBytes && peer != null) {
            submit(new Copy(src, srcOffset, peer, heapOffset, bytes));
        } else {
            inner.putNbi(pe, heapOffset, src, srcOffset, bytes);
        }
    }

    @Override
    public void get(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        inner.get(pe, heapOffset, dst, dstOffset, bytes);
    }

    @Override
    public void getNbi(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        MemorySegment peer = inner.directSegment(pe);
        if (bytes >= minBytes && peer != null) {
            submit(new Copy(peer, heapOffset, dst, dstOffset, bytes));
        } else {
            inner.getNbi(pe, heapOffset, dst, dstOffset, bytes);
        }
    }

    @Override
    public void putLongRelease(int pe, long heapOffset, long value) {
        inner.putLongRelease(pe, heapOffset, value);
    }

    @Override
    public long atomicLong(AmoOp op, int pe, long heapOffset, long operand, long compare) {
        return inner.atomicLong(op, pe, heapOffset, operand, compare);
    }

    @Override
    public int atomicInt(AmoOp op, int pe, long heapOffset, int operand, int compare) {
        return inner.atomicInt(op, pe, heapOffset, operand, compare);
    }

    @Override
    public long fetchAddLong(int pe, long heapOffset, long value) {
        return inner.fetchAddLong(pe, heapOffset, value);
    }

    @Override
    public long compareSwapLong(int pe, long heapOffset, long compare, long value) {
        return inner.compareSwapLong(pe, heapOffset, compare, value);
    }

    @Override
    public long swapLong(int pe, long heapOffset, long value) {
        return inner.swapLong(pe, heapOffset, value);
    }

    @Override
    public long fetchLong(int pe, long heapOffset) {
        return inner.fetchLong(pe, heapOffset);
    }

    @Override
    public void setLong(int pe, long heapOffset, long value) {
        inner.setLong(pe, heapOffset, value);
    }

    @Override
    public void atomicLongNbi(AmoOp op, int pe, long heapOffset, long operand, long compare, MemorySegment result,
                              long resultOffset) {
        inner.atomicLongNbi(op, pe, heapOffset, operand, compare, result, resultOffset);
    }

    @Override
    public void atomicIntNbi(AmoOp op, int pe, long heapOffset, int operand, int compare, MemorySegment result,
                             long resultOffset) {
        inner.atomicIntNbi(op, pe, heapOffset, operand, compare, result, resultOffset);
    }

    @Override
    public void putSignal(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes,
                          long signalOffset, long signalValue, boolean add) {
        inner.putSignal(pe, heapOffset, src, srcOffset, bytes, signalOffset, signalValue, add);
    }

    @Override
    public void fence() {
        drain();
        inner.fence();
    }

    @Override
    public void quiet() {
        drain();
        inner.quiet();
    }

    @Override
    public void quiet(int pe) {
        drain();
        inner.quiet(pe);
    }

    /** Completes queued copies, stops the thread, closes the wrapped engine. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            drain();
        } finally {
            closed = true;
            queue.add(STOP);
            try {
                worker.join(TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            inner.close();
        }
    }

    private void submit(Copy c) {
        if (closed) {
            throw new TransportException("the copy engine is closed (the instance was finalized): no operations are"
                    + " allowed after finalize");
        }
        queued.incrementAndGet();
        queue.add(c);
    }

    /** Waits until every copy queued before the call has been performed; rethrows a copy's failure. */
    private void drain() {
        long target = queued.get();
        if (done < target) {
            long deadline = System.nanoTime() + timeoutNanos;
            synchronized (doneLock) {
                while (done < target) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new ShmemTimeoutException("quiet waited " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                + " ms for the copy engine (" + (target - done) + " copies left; PEs"
                                + " not arrived: none, the copies are local): a copy is stuck;"
                                + " raise JSHMEM_TIMEOUT or turn JSHMEM_COPY_ENGINE off", List.of());
                    }
                    try {
                        doneLock.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new TransportException("interrupted while waiting for the copy engine", e);
                    }
                }
            }
        }
        Throwable f = failure;
        if (f != null) {
            failure = null;
            throw new TransportException("a copy of the copy engine failed: " + f, f);
        }
    }

    private void run() {
        while (true) {
            Copy c;
            try {
                c = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (c == STOP) {
                return;
            }
            try {
                Copies.copy(c.src(), c.srcOff(), c.dst(), c.dstOff(), c.bytes(), memcpyThreshold);
                bytesCopied.addAndGet(c.bytes());
            } catch (RuntimeException | Error e) {
                failure = e;
            }
            // The monitor's release on exit publishes the copied bytes to the quieting thread, which acquires it.
            synchronized (doneLock) {
                done++;
                doneLock.notifyAll();
            }
        }
    }
}
