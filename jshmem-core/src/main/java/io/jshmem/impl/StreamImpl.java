package io.jshmem.impl;

import io.jshmem.Cmp;
import io.jshmem.Context;
import io.jshmem.Handle;
import io.jshmem.Kernel;
import io.jshmem.ProfFrame;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.operand.Operands;
import io.jshmem.config.ShmemLog;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.runtime.HostProfile;
import io.jshmem.runtime.OperationEvent;
import io.jshmem.runtime.Profiler;
import io.jshmem.runtime.WaitEvent;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * jshmem's {@link Stream}: one worker thread per stream runs the queued operations in order on the stream's own
 * context; every call checks its operands through {@link Operands} before queuing. Thread-safe as the interface
 * states.
 */
final class StreamImpl implements Stream {
    private static final System.Logger LOG = ShmemLog.logger(Stream.class);

    /** One queued operation. */
    private record Task(String op, ProfFrame frame, int targetPe, long bytes, boolean isWait, Action action) {
    }

    @FunctionalInterface
    private interface Action {
        void run() throws Exception;
    }

    private static final Task STOP = new Task("stop", ProfFrame.SYNCHRONIZE, -1, 0, false, () -> { });

    private final RuntimeImpl runtime;
    private final Extensions owner;
    private final Context ctx;
    private final int id;
    private final boolean isDefault;
    private final String name;
    private final Profiler profiler;
    private final int profBlock;
    private final LinkedBlockingQueue<Task> queue = new LinkedBlockingQueue<>();
    private final Object progress = new Object();
    private final Thread worker;
    /** Operations queued and finished (run or skipped); guarded by {@code progress} for waits. */
    private long queued;
    private volatile long finished;
    private volatile String running;
    private volatile Throwable failure;
    private volatile String failedOp;
    private volatile boolean destroyed;

    StreamImpl(RuntimeImpl runtime, Extensions owner, int id, boolean isDefault) {
        this.runtime = runtime;
        this.owner = owner;
        this.id = id;
        this.isDefault = isDefault;
        this.name = (isDefault ? "default stream" : "stream " + id) + " of PE " + runtime.myPe()
                + (owner.instanceId() != 0 ? " (instance " + owner.instanceId() + ")" : "");
        this.ctx = runtime.createInternalCtx();
        this.profiler = owner.profiler();
        this.profBlock = profiler.newBlock(isDefault ? "default stream" : "stream " + id);
        this.worker = Thread.ofPlatform().daemon().name("jshmem-stream-" + id + "-pe" + runtime.myPe())
                .start(this::runInternal);
    }

    /** This stream's number, unique in its runtime (the default stream is 0). */
    @Override
    public int id() {
        return id;
    }

    /** The runtime (instance) the stream belongs to. */
    @Override
    public ShmemRuntime runtime() {
        return runtime;
    }

    /** Whether this is the runtime's default stream. */
    @Override
    public boolean isDefault() {
        return isDefault;
    }

    /** Whether {@link #destroy()} was called. */
    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    /** Operations queued but not finished yet (a snapshot). */
    @Override
    public long pending() {
        synchronized (progress) {
            return queued - finished;
        }
    }

    // ---- RMA ----------------------------------------------------------------------------------------------------

    /**
     * Queues a put of {@code bytes} from {@code src + srcOffset} to {@code dest + destOffset} on {@code pe}
     * ({@code aclshmemx_putmem_on_stream}). Complete at the target after a later quiet, handleWait or barrier.
     */
    @Override
    public void putmem(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes, int pe) {
        symmetric(dest, "dest", destOffset, "destOffset", bytes);
        segment(src, "src", srcOffset, "srcOffset", bytes, false);
        peer(pe);
        submit("putmem " + bytes + " bytes to PE " + pe, ProfFrame.PUT, pe, bytes, false,
                () -> ctx.putmem(dest, destOffset, src, srcOffset, bytes, pe));
    }


    /** Queues a get of {@code bytes} from {@code src + srcOffset} on {@code pe} ({@code aclshmemx_getmem_on_stream}). */
    @Override
    public void getmem(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes, int pe) {
        segment(dest, "dest", destOffset, "destOffset", bytes, true);
        symmetric(src, "src", srcOffset, "srcOffset", bytes);
        peer(pe);
        submit("getmem " + bytes + " bytes from PE " + pe, ProfFrame.GET, pe, bytes, false,
                () -> ctx.getmem(dest, destOffset, src, srcOffset, bytes, pe));
    }


    /**
     * Queues a quiet of the stream's context ({@code aclshmemx_quiet_on_stream}): when it has run, everything the
     * stream and its kernels issued before it is complete and visible at its target.
     */
    @Override
    public void quiet() {
        usable();
        submit("quiet", ProfFrame.QUIET, -1, 0, false, ctx::quiet);
    }

    // ---- signals ------------------------------------------------------------------------------------------------

    /**
     * Queues an update of the 64-bit signal word {@code index} of {@code sig} on {@code pe}
     * ({@code aclshmemx_signal_op_on_stream}): SET is a volatile store, ADD an atomic add. It is preceded by a
     * fence, so a PE that observes the signal also observes every earlier put of this stream to it, as with CANN's
     * kernels that run one after the other.
     */
    @Override
    public void signalOp(SymmetricMemory sig, long index, long value, SignalOp op, int pe) {
        slot(sig, index);
        Operands.notNull("op", op);
        peer(pe);
        submit("signal " + op + " " + value + " on PE " + pe, ProfFrame.SIGNAL_OP, pe, Long.BYTES, false, () -> {
            ctx.fence();
            if (op == SignalOp.SET) {
                ctx.signalSet(sig, index, value, pe);
            } else {
                ctx.signalAdd(sig, index, value, pe);
            }
        });
    }

    /**
     * Queues a wait until this PE's signal word {@code index} of {@code sig} satisfies {@code cmp value}
     * (unsigned; {@code aclshmemx_signal_wait_until_on_stream}). Later operations of the stream run after it.
     * Bounded by JSHMEM_TIMEOUT: past it the stream fails with a timeout.
     */
    @Override
    public void signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value) {
        slot(sig, index);
        Operands.notNull("cmp", cmp);
        submit("signalWaitUntil " + cmp + " " + value, ProfFrame.SIGNAL_WAIT, -1, 0, true,
                () -> ctx.signalWaitUntil(sig, index, cmp, value));
    }

    // ---- synchronization ----------------------------------------------------------------------------------------

    /**
     * Queues a barrier over {@code team} ({@code aclshmemx_barrier_on_stream}): when it runs it quiets and waits
     * for every member. Collective: members must reach it in the same order as their other calls on the team.
     */
    @Override
    public void barrier(Team team) {
        usable();
        owner.checkTeam(team, "team", name);
        submit("barrier of " + team, ProfFrame.BARRIER, -1, 0, true, () -> {
            ctx.quiet();
            team.barrier();
        });
    }

    /** Queues a barrier over every PE ({@code aclshmemx_barrier_all_on_stream}); collective like barrierAll. */
    @Override
    public void barrierAll() {
        usable();
        submit("barrierAll", ProfFrame.BARRIER, -1, 0, true, () -> {
            ctx.quiet();
            runtime.barrierAll();
        });
    }

    /**
     * Queues a handle wait ({@code aclshmemx_handle_wait}): a quiet of this stream, then a barrier over the
     * handle's team. After it has run on every member, every RMA that any member issued on its stream before its
     * handleWait is complete and visible to all members. Every member of the team must call it, in matching order.
     *
     * @throws ShmemArgumentException when the handle's team has been destroyed or belongs to another instance
     */
    @Override
    public void handleWait(Handle handle) {
        usable();
        Operands.notNull("handle", handle);
        Team team = handle.team();
        owner.checkTeam(team, "handle's team", name);
        submit("handleWait over " + team, ProfFrame.HANDLE_WAIT, -1, 0, true, () -> {
            ctx.quiet();
            team.barrier();
        });
    }

    /**
     * Queues {@code kernel}: it runs on the stream's thread with the stream's context once everything queued before
     * it has run (a CANN kernel launch). An exception it throws fails the stream.
     */
    @Override
    public void launch(Kernel kernel) {
        usable();
        Operands.notNull("kernel", kernel);
        submit("kernel " + kernel.getClass().getName(), ProfFrame.KERNEL, -1, 0, false, () -> kernel.run(ctx));
    }

    /**
     * Blocks until every operation queued before this call has run ({@code aclrtSynchronizeStream}), at most
     * JSHMEM_TIMEOUT. Throws when an operation of the stream failed (the first failure, with its cause).
     *
     * @throws ShmemTimeoutException when the operations do not finish in time (names the one running)
     * @throws ShmemException        when an operation failed
     */
    @Override
    public void synchronize() {
        usable();
        long start = System.nanoTime();
        WaitEvent event = Profiler.jfr() ? new WaitEvent() : null;
        if (event != null) {
            event.begin();
        }
        awaitFinished(queuedSoFar(), runtime.instance().timeout().toNanos(), "synchronize");
        if (event != null) {
            event.end();
        }
        if (event != null && event.shouldCommit()) {
            event.what = "synchronize";
            event.stream = name;
            event.pe = runtime.myPe();
            event.commit();
        }
        if (profiler.recording()) {
            profiler.record(profiler.threadBlock(), ProfFrame.SYNCHRONIZE.id(), System.nanoTime() - start);
        }
        throwIfFailed();
    }

    /**
     * Lets the queued operations finish (at most JSHMEM_TIMEOUT), stops the stream's thread and releases its
     * context; afterwards every call on the stream throws. The default stream is destroyed by finalize only. A
     * second call does nothing. Does not report earlier failures (call {@link #synchronize()} first for that).
     */
    @Override
    public void destroy() {
        if (isDefault) {
            throw new ShmemStateException(name + " cannot be destroyed: it lives as long as its runtime; destroy only"
                    + " streams made by createStream()");
        }
        shutdown();
    }

    /** {@link #destroy()}: streams work in try-with-resources. */
    @Override
    public void close() {
        destroy();
    }

    /** Stops the stream (also the default one); used by destroy and by finalize. */
    void shutdown() {
        synchronized (progress) {
            if (destroyed) {
                return;
            }
            destroyed = true;
        }
        try {
            awaitFinished(queuedSoFar(), runtime.instance().timeout().toNanos(), "destroy");
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, () -> name + ": destroy did not wait for its operations: " + e);
            worker.interrupt();
        } finally {
            queue.add(STOP);
            try {
                worker.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            owner.forget(this);
            try {
                if (!ctx.isDestroyed()) {
                    ctx.close();
                }
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, () -> name + ": context release failed: " + e);
            }
        }
    }

    @Override
    public String toString() {
        return "Stream[" + name + (destroyed ? ", destroyed" : "") + (failure != null ? ", failed" : "") + "]";
    }

    // ---- plumbing -----------------------------------------------------------------------------------------------

    private void submit(String op, ProfFrame frame, int targetPe, long bytes, boolean isWait, Action action) {
        synchronized (progress) {
            usable();
            queued++;
            queue.add(new Task(op, frame, targetPe, bytes, isWait, action));
        }
    }

    private long queuedSoFar() {
        synchronized (progress) {
            return queued;
        }
    }

    private void awaitFinished(long target, long timeoutNanos, String what) {
        if (Thread.currentThread() == worker) {
            throw new ShmemStateException(what + " was called from a kernel of " + name + ": a stream cannot wait for"
                    + " itself; use ctx.quiet() inside kernels");
        }
        long deadline = System.nanoTime() + timeoutNanos;
        synchronized (progress) {
            while (finished < target) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new ShmemTimeoutException(what + " of " + name + " passed its deadline of "
                            + TimeUnit.NANOSECONDS.toSeconds(timeoutNanos) + " s with " + (target - finished)
                            + " operations left; running: " + running + ". Check that every PE queues matching"
                            + " barriers and signals, or raise JSHMEM_TIMEOUT", List.of());
                }
                try {
                    progress.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ShmemStateException(what + " of " + name + " was interrupted");
                }
            }
        }
    }

    private void throwIfFailed() {
        Throwable f = failure;
        if (f != null) {
            throw new ShmemException(name + ": operation '" + failedOp + "' failed: " + f.getMessage()
                    + "; the stream skipped the operations queued after it. Destroy the stream and use a new one", f);
        }
    }

    /** The worker: jshmem's own thread, exempt from the application's thread-level promise. */
    private void runInternal() {
        CallGuard.internalThread(true);
        try {
            runLoop();
        } finally {
            CallGuard.internalThread(false);
        }
    }

    private void runLoop() {
        // What this thread does for the stream is recorded as the stream's operations, not again as host ones.
        HostProfile.excludeCurrentThread();
        while (true) {
            Task t;
            try {
                t = queue.take();
            } catch (InterruptedException e) {
                if (destroyed) {
                    return;
                }
                continue;
            }
            if (t == STOP) {
                return;
            }
            if (failure == null) {
                execute(t);
            }
            synchronized (progress) {
                finished++;
                progress.notifyAll();
            }
        }
    }

    private void execute(Task t) {
        running = t.op();
        long start = profiler.recording() ? System.nanoTime() : 0;
        // Touching an event class initializes JFR (close to a second): only when a recording may be running.
        boolean jfr = Profiler.jfr();
        OperationEvent op = jfr && !t.isWait() ? new OperationEvent() : null;
        WaitEvent wait = jfr && t.isWait() ? new WaitEvent() : null;
        if (op != null) {
            op.begin();
        } else if (wait != null) {
            wait.begin();
        }
        try {
            t.action().run();
        } catch (Throwable e) {
            failedOp = t.op();
            failure = e;
            LOG.log(System.Logger.Level.WARNING, () -> name + ": operation '" + t.op() + "' failed: " + e);
        } finally {
            running = null;
        }
        if (op != null) {
            op.end();
            if (op.shouldCommit()) {
                op.operation = t.frame().name();
                op.targetPe = t.targetPe();
                op.bytes = t.bytes();
                op.stream = name;
                op.pe = runtime.myPe();
                op.commit();
            }
        } else if (wait != null) {
            wait.end();
            if (wait.shouldCommit()) {
                wait.what = t.op();
                wait.stream = name;
                wait.pe = runtime.myPe();
                wait.commit();
            }
        }
        if (start != 0) {
            profiler.record(profBlock, t.frame().id(), System.nanoTime() - start);
        }
    }

    private void usable() {
        if (destroyed) {
            throw new ShmemStateException(name + " has been destroyed: no operations are allowed on it after"
                    + " destroy() or finalize; create a new stream with createStream()");
        }
        runtime.instance().ensureLive();
    }

    private void peer(int pe) {
        Operands.pe("pe", pe, runtime.nPes());
    }

    private void symmetric(SymmetricMemory mem, String what, long offset, String offsetName, long bytes) {
        usable();
        Operands.inBlock(Operands.block(what, mem, runtime.instance(), bytes), what, offsetName, offset, "bytes", bytes,
                1);
    }

    /**
     * Checks a local segment for the stream's worker, which will read it ({@code writes} false) or write it: open,
     * usable by the worker (a segment confined to the calling thread is not), writable when written, in range.
     */
    private void segment(MemorySegment seg, String what, long offset, String offsetName, long bytes, boolean writes) {
        usable();
        Operands.inSegmentFor(worker, seg, what, offsetName, offset, "bytes", bytes, 1, writes);
    }

    private void slot(SymmetricMemory sig, long index) {
        usable();
        Operands.slot(runtime.ownBlock("sig", sig), "sig", index, Long.BYTES);
    }
}
