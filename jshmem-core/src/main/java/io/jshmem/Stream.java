package io.jshmem;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;

import java.lang.foreign.MemorySegment;

/**
 * An ordered asynchronous queue of operations owned by one PE (CANN SHMEM's ACL stream, NVSHMEM's
 * {@code *_on_stream}): each call checks its arguments, queues the operation and returns; one thread per stream
 * runs the operations one after another in the order they were queued. {@link #synchronize()} waits until
 * everything queued before it has run. Create streams with {@link ShmemRuntime#createStream()}; every runtime also
 * has a {@link ShmemRuntime#defaultStream()}.
 *
 * <p>Semantics, following CANN: {@link #putmem} and {@link #getmem} run as blocking put/get on the stream's own
 * {@link Context}; their data is complete at the target after a later {@link #quiet()}, {@link #handleWait} or
 * barrier on the stream. {@link #signalOp} updates a remote signal word; {@link #signalWaitUntil} waits on a local
 * one. {@link #barrier(Team)} and {@link #barrierAll()} run the (collective) barrier when the stream reaches
 * them, so every member must queue them in the same order as its other collective calls. {@link #launch(Kernel)}
 * runs user code with the stream's context. The order is: stream RMA, then {@code handleWait}, then
 * {@code synchronize()}, then check the data.
 *
 * <p>Buffers: a local segment passed to a stream operation is read or written when the operation runs, so it must
 * stay valid and untouched until then, and it must be accessible from another thread (heap, global, automatic or
 * shared arena; a confined segment is rejected). Checked at the call, for the stream's thread: a closed segment, a
 * confined one, or a read-only one where the operation writes is refused there by name, with nothing queued.
 *
 * <p>Failures: an operation that throws (a wait past its deadline, a dead PE, a kernel exception) fails the stream:
 * later operations are skipped and {@link #synchronize()} throws, naming the operation, until the stream is
 * destroyed. Bad arguments throw at the call and queue nothing.
 *
 * <p>Thread-safety: any thread may queue operations; operations queued by one thread run in that thread's order.
 * After {@link #destroy()} every call throws {@link ShmemStateException}.
 */
public interface Stream extends AutoCloseable {
    /** This stream's number, unique in its runtime (the default stream is 0). */
    int id();

    /** The runtime (instance) the stream belongs to. */
    ShmemRuntime runtime();

    /** Whether this is the runtime's default stream. */
    boolean isDefault();

    /** Whether {@link #destroy()} was called. */
    boolean isDestroyed();

    /** Operations queued but not finished yet (a snapshot). */
    long pending();

    /**
     * Queues a put of {@code bytes} from {@code src + srcOffset} to {@code dest + destOffset} on {@code pe}
     * ({@code aclshmemx_putmem_on_stream}). Complete at the target after a later quiet, handleWait or barrier.
     */
    void putmem(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes, int pe);

    /**
     * Queues a quiet of the stream's context ({@code aclshmemx_quiet_on_stream}): when it has run, everything the
     * stream and its kernels issued before it is complete and visible at its target.
     */
    /** Queues a get of {@code bytes} from {@code src + srcOffset} on {@code pe} ({@code aclshmemx_getmem_on_stream}). */
    void getmem(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes, int pe);

    /**
     * Queues a quiet of the stream's context ({@code aclshmemx_quiet_on_stream}): when it has run, everything the
     * stream and its kernels issued before it is complete and visible at its target.
     */
    void quiet();

    /**
     * Queues an update of the 8-byte signal slot {@code index} (byte offset {@code 8 * index}) of {@code sig} on
     * {@code pe}
     * ({@code aclshmemx_signal_op_on_stream}): SET is a volatile store, ADD an atomic add. It is preceded by a
     * fence, so a PE that observes the signal also observes every earlier put of this stream to it, as with CANN's
     * kernels that run one after the other.
     */
    void signalOp(SymmetricMemory sig, long index, long value, SignalOp op, int pe);

    /**
     * Queues a wait until this PE's 8-byte signal slot {@code index} (byte offset {@code 8 * index}) of {@code sig}
     * satisfies {@code cmp value}
     * (unsigned; {@code aclshmemx_signal_wait_until_on_stream}). Later operations of the stream run after it.
     * Bounded by JSHMEM_TIMEOUT: past it the stream fails with a timeout.
     */
    void signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value);

    /**
     * Queues a barrier over {@code team} ({@code aclshmemx_barrier_on_stream}): when it runs it quiets and waits
     * for every member. Collective: members must reach it in the same order as their other calls on the team.
     */
    void barrier(Team team);

    /** Queues a barrier over every PE ({@code aclshmemx_barrier_all_on_stream}); collective like barrierAll. */
    void barrierAll();

    /**
     * Queues a handle wait ({@code aclshmemx_handle_wait}): a quiet of this stream, then a barrier over the
     * handle's team. After it has run on every member, every RMA that any member issued on its stream before its
     * handleWait is complete and visible to all members. Every member of the team must call it, in matching order.
     *
     * @throws ShmemArgumentException when the handle's team has been destroyed or belongs to another instance
     */
    void handleWait(Handle handle);

    /**
     * Queues {@code kernel}: it runs on the stream's thread with the stream's context once everything queued before
     * it has run (a CANN kernel launch). An exception it throws fails the stream.
     */
    void launch(Kernel kernel);

    /**
     * Blocks until every operation queued before this call has run ({@code aclrtSynchronizeStream}), at most
     * JSHMEM_TIMEOUT. Throws when an operation of the stream failed (the first failure, with its cause).
     *
     * @throws ShmemTimeoutException when the operations do not finish in time (names the one running)
     * @throws ShmemException        when an operation failed
     */
    void synchronize();

    /**
     * Lets the queued operations finish (at most JSHMEM_TIMEOUT), stops the stream's thread and releases its
     * context; afterwards every call on the stream throws. The default stream is destroyed by finalize only. A
     * second call does nothing. Does not report earlier failures (call {@link #synchronize()} first for that).
     */
    void destroy();

    /** {@link #destroy()}: streams work in try-with-resources. */
    void close();
}
