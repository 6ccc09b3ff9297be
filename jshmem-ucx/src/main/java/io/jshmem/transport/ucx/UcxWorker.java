package io.jshmem.transport.ucx;

import io.jshmem.error.TransportException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The per-engine UCP objects that are not per peer: the context (features RMA, AMO32, AMO64, WAKEUP), one worker in
 * {@code UCS_THREAD_MODE_MULTI}, the registration of the local heap, and the worker's event fd.
 *
 * <p>{@link #close} releases them in the only order UCX 1.13 accepts (Debian's build aborts the JVM on an
 * assertion otherwise): heap registration, then worker, then context. Endpoints and rkeys must be gone before,
 * and no thread may be inside UCX. Setup and close are single-threaded; the handles are then read-only.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
final class UcxWorker {
    final MemorySegment context;
    final MemorySegment worker;
    final MemorySegment memh;
    /** The worker's event fd, or -1 when this transport mix offers none. */
    final int eventFd;

    /** UCX_MAX_RNDV_RAILS as UCX read it after qpNum was applied ({@link UcxConfig#rails}). */
    final String rails;
    /** UCX_USE_MT_MUTEX as UCX read it ({@link UcxConfig#mtMutex}). */
    final String mtMutex;

    private UcxWorker(MemorySegment context, MemorySegment worker, MemorySegment memh, int eventFd, String rails,
                      String mtMutex) {
        this.context = context;
        this.worker = worker;
        this.memh = memh;
        this.eventFd = eventFd;
        this.rails = rails;
        this.mtMutex = mtMutex;
    }

    /**
     * Creates context and worker and registers {@code heap}; {@code qpNum} (1..32, 0 = UCX's own value) sets the
     * lanes per endpoint ({@link UcxConfig}). On failure releases what it created and throws.
     */
    static UcxWorker open(MemorySegment heap, int qpNum) {
        MemorySegment context = MemorySegment.NULL;
        MemorySegment worker = MemorySegment.NULL;
        try (Arena arena = Arena.ofConfined(); UcxConfig config = UcxConfig.read(qpNum)) {
            MemorySegment params = arena.allocate(Ucp.paramBlock());
            MemorySegment out = arena.allocate(ADDRESS);

            UcpStructs.contextParams(params, UcpStructs.FEATURE_RMA | UcpStructs.FEATURE_AMO32
                    | UcpStructs.FEATURE_AMO64 | UcpStructs.FEATURE_WAKEUP);
            check((byte) Ucp.INIT_VERSION.invokeExact(UcpStructs.API_MAJOR, UcpStructs.API_MINOR, params,
                    config.config, out), "ucp_init (check the UCX_* environment variables, e.g. UCX_TLS)");
            context = out.get(ADDRESS, 0);

            UcpStructs.workerParams(params, UcpStructs.THREAD_MODE_MULTI);
            check((byte) Ucp.WORKER_CREATE.invokeExact(context, params, out),
                    "ucp_worker_create with thread mode MULTI (UCX must be built with --enable-mt)");
            worker = out.get(ADDRESS, 0);

            MemorySegment fd = arena.allocate(JAVA_INT);
            byte efdStatus = (byte) Ucp.WORKER_GET_EFD.invokeExact(worker, fd);
            int eventFd = efdStatus == UcpStructs.UCS_OK ? fd.get(JAVA_INT, 0) : -1;

            UcpStructs.memMapParams(params, heap.address(), heap.byteSize());
            check((byte) Ucp.MEM_MAP.invokeExact(context, params, out),
                    "ucp_mem_map of the symmetric heap (" + heap.byteSize() + " bytes)");
            return new UcxWorker(context, worker, out.get(ADDRESS, 0), eventFd, config.rails, config.mtMutex);
        } catch (Throwable t) {
            destroy(context, worker, MemorySegment.NULL);
            throw t instanceof TransportException te ? te
                    : new TransportException("UCX engine setup failed: " + t, t);
        }
    }

    /** This worker's address, packed heap rkey and heap location, for the allgather. */
    UcxWireInfo localInfo(MemorySegment heap) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ptr = arena.allocate(ADDRESS);
            MemorySegment len = arena.allocate(JAVA_LONG);
            check((byte) Ucp.WORKER_GET_ADDRESS.invokeExact(worker, ptr, len), "ucp_worker_get_address");
            MemorySegment address = ptr.get(ADDRESS, 0);
            byte[] addressBytes = address.reinterpret(len.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
            Ucp.WORKER_RELEASE_ADDRESS.invokeExact(worker, address);

            check((byte) Ucp.RKEY_PACK.invokeExact(context, memh, ptr, len), "ucp_rkey_pack of the heap");
            MemorySegment packed = ptr.get(ADDRESS, 0);
            byte[] rkeyBytes = packed.reinterpret(len.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
            Ucp.RKEY_BUFFER_RELEASE.invokeExact(packed);
            return new UcxWireInfo(addressBytes, rkeyBytes, heap.address(), heap.byteSize());
        } catch (Throwable t) {
            throw t instanceof TransportException te ? te
                    : new TransportException("UCX address export failed: " + t, t);
        }
    }

    /** An endpoint and whether UCX peer-failure handling is active on it. */
    record Endpoint(MemorySegment ep, boolean peerErrorHandling) {
    }

    /**
     * Creates an endpoint to a remote worker in peer error-handling mode with the shared error upcall. UCX 1.13
     * refuses that mode ({@code UCS_ERR_UNREACHABLE}) when only transports without peer-failure support connect the
     * two workers (shared memory: posix, sysv, cma); the endpoint is then created without error handling, and a
     * failure of that peer shows up as a deadline instead of an error.
     */
    Endpoint connect(int pe, byte[] remoteAddress, long errorKey) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment address = arena.allocate(remoteAddress.length, 8);
            address.copyFrom(MemorySegment.ofArray(remoteAddress));
            MemorySegment params = arena.allocate(Ucp.paramBlock());
            MemorySegment out = arena.allocate(ADDRESS);
            UcpStructs.endpointParams(params, address, UcxErrorHandlers.stub(), errorKey);
            byte status = (byte) Ucp.EP_CREATE.invokeExact(worker, params, out);
            if (status == UcpStructs.UCS_ERR_UNREACHABLE) {
                UcpStructs.endpointParamsWithoutErrorHandling(params, address);
                check((byte) Ucp.EP_CREATE.invokeExact(worker, params, out),
                        "ucp_ep_create to PE " + pe + " (without peer error handling)");
                return new Endpoint(out.get(ADDRESS, 0), false);
            }
            check(status, "ucp_ep_create to PE " + pe);
            return new Endpoint(out.get(ADDRESS, 0), true);
        } catch (Throwable t) {
            throw t instanceof TransportException te ? te : new TransportException("UCX connect failed: " + t, t);
        }
    }

    /** Unpacks a peer's heap rkey for use on {@code ep}; the buffer is copied to native memory first. */
    MemorySegment unpackRkey(int pe, MemorySegment ep, byte[] packed) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(Math.max(1, packed.length), 8);
            buffer.copyFrom(MemorySegment.ofArray(packed));
            MemorySegment out = arena.allocate(ADDRESS);
            check((byte) Ucp.EP_RKEY_UNPACK.invokeExact(ep, buffer, out), "ucp_ep_rkey_unpack of PE " + pe);
            return out.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw t instanceof TransportException te ? te : new TransportException("UCX rkey unpack failed: " + t, t);
        }
    }

    /** Releases registration, worker and context (in that order). */
    void close() {
        destroy(context, worker, memh);
    }

    private static void destroy(MemorySegment context, MemorySegment worker, MemorySegment memh) {
        try {
            if (!memh.equals(MemorySegment.NULL)) {
                byte ignored = (byte) Ucp.MEM_UNMAP.invokeExact(context, memh);
            }
            if (!worker.equals(MemorySegment.NULL)) {
                Ucp.WORKER_DESTROY.invokeExact(worker);
            }
            if (!context.equals(MemorySegment.NULL)) {
                Ucp.CLEANUP.invokeExact(context);
            }
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    static void check(byte status, String what) {
        if (status != UcpStructs.UCS_OK) {
            throw new TransportException(what + " failed: " + Ucp.statusString(status));
        }
    }
}
