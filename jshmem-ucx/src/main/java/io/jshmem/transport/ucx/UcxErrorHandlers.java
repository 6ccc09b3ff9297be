package io.jshmem.transport.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one endpoint error callback ({@code ucp_err_handler_cb_t}) shared by every endpoint of every engine in this
 * JVM, as an FFM upcall. Each endpoint gets a key passed as the callback's {@code arg}; the key maps to its
 * {@link UcxPeer}, which records the failure. The stub lives in the global arena, so a late callback can never hit
 * freed code; a callback for an unregistered key is ignored.
 *
 * <p>The callback runs inside {@code ucp_worker_progress} on whichever thread progresses; it never throws (an
 * exception escaping an upcall would end the JVM). Thread-safe.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
final class UcxErrorHandlers {
    private static final Map<Long, UcxPeer> PEERS = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT_KEY = new AtomicLong(1);
    private static final MemorySegment STUB = createStub();

    private UcxErrorHandlers() {
    }

    /** The callback's native address for {@code ucp_ep_params_t.err_handler.cb}. */
    static MemorySegment stub() {
        return STUB;
    }

    /** A fresh key to pass as {@code err_handler.arg} when creating an endpoint. */
    static long newKey() {
        return NEXT_KEY.getAndIncrement();
    }

    /** Routes errors reported with {@code key} to {@code peer}. */
    static void register(long key, UcxPeer peer) {
        PEERS.put(key, peer);
    }

    static void unregister(long key) {
        PEERS.remove(key);
    }

    @SuppressWarnings("unused") // called from native code
    private static void onError(MemorySegment arg, MemorySegment ep, byte status) {
        try {
            UcxPeer peer = PEERS.get(arg.address());
            if (peer != null) {
                peer.markFailed(Ucp.statusString(status));
            }
        } catch (Throwable ignored) {
            // Nothing may escape an upcall; the operation that waits on this endpoint still fails with its status.
        }
    }

    private static MemorySegment createStub() {
        try {
            var handle = MethodHandles.lookup().findStatic(UcxErrorHandlers.class, "onError",
                    MethodType.methodType(void.class, MemorySegment.class, MemorySegment.class, byte.class));
            return Linker.nativeLinker().upcallStub(handle, Ucp.ERR_HANDLER_CB, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot find the UCX error callback method", e);
        }
    }
}
