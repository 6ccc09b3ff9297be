package io.jshmem.runtime;

import io.jshmem.comm.Comm;
import io.jshmem.error.ShmemStateException;

/**
 * What a created communication context ({@code shmem_ctx_create}) owns beyond the default context: its own view of
 * the engines (so its quiet completes its own operations), its options, the owning thread of a private context,
 * and whether it has been destroyed.
 *
 * <p>Thread-safety: {@link #check()} may be called from any thread; the destroyed flag is published volatile, so
 * any thread that observes a completed {@link #destroy()} through a happens-before edge gets the exception.
 */
public final class ContextState {
    private final Comm comm;
    private final Thread owner;
    private final boolean serialized;
    private final boolean noStore;
    private volatile boolean destroyed;

    private ContextState(Comm comm, Thread owner, boolean serialized, boolean noStore) {
        this.comm = comm;
        this.owner = owner;
        this.serialized = serialized;
        this.noStore = noStore;
    }

    /**
     * A new context over {@code root}'s engines; a private one belongs to the calling thread.
     */
    public static ContextState create(Comm root, boolean privateToCaller, boolean serialized, boolean noStore) {
        return new ContextState(root.contextView(), privateToCaller ? Thread.currentThread() : null, serialized,
                noStore);
    }

    public Comm comm() {
        return comm;
    }

    public boolean isPrivate() {
        return owner != null;
    }

    public boolean isSerialized() {
        return serialized;
    }

    public boolean isNoStore() {
        return noStore;
    }

    public boolean isDestroyed() {
        return destroyed;
    }

    /** Throws when the context is destroyed, or private to another thread than the caller. */
    public void check() {
        if (destroyed) {
            throw new ShmemStateException("this context has been destroyed: no operations are allowed on it after "
                    + "destroy(); create a new context or use the default context");
        }
        if (owner != null && owner != Thread.currentThread()) {
            throw wrongThread();
        }
    }

    private ShmemStateException wrongThread() {
        return new ShmemStateException("this context was created PRIVATE by thread '" + owner.getName() + "' ("
                + owner.threadId() + ") and thread '" + Thread.currentThread().getName() + "' ("
                + Thread.currentThread().threadId() + ") may not use it: create a context per thread, or create it "
                + "SERIALIZED or without options to share it");
    }

    /** Completes the context's outstanding operations, then marks it destroyed (a second call throws). */
    public void destroy() {
        check();
        comm.quiet();
        destroyed = true;
    }
}
