package io.jshmem.transport.ucx;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Hand-written FFM downcalls to the libucp functions the engine uses (UCP API 1.13, unchanged since). Initialised
 * only after {@link UcpLoader} has loaded the library, so that the handles can be {@code static final}.
 *
 * <p>ABI notes that matter: {@code ucs_status_t} is a <em>packed</em> enum, one signed byte, so every status
 * return and parameter is {@code JAVA_BYTE} (reading it as an int would take garbage from the upper bits of the
 * register). {@code ucs_status_ptr_t} is a pointer. {@code size_t} and {@code uint64_t} are {@code JAVA_LONG}.
 *
 * <p>Only {@link #requestCheckStatus} and {@link #requestFree} are critical (no thread-state transition): every
 * other call may run UCX progress, which may invoke the endpoint error upcall, and upcalls from critical calls are
 * not allowed. Thread-safety: the functions are thread-safe for a worker in {@code UCS_THREAD_MODE_MULTI}.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
final class Ucp {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIB = UcpLoader.lookup();

    static final MethodHandle INIT_VERSION = h("ucp_init_version",
            FunctionDescriptor.of(JAVA_BYTE, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle CLEANUP = h("ucp_cleanup", FunctionDescriptor.ofVoid(ADDRESS));
    /** {@code ucp_config_read(env_prefix, filename, ucp_config_t **)}. */
    static final MethodHandle CONFIG_READ = h("ucp_config_read",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    /** {@code ucp_config_modify(config, name, value)}. */
    static final MethodHandle CONFIG_MODIFY = h("ucp_config_modify",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle CONFIG_RELEASE = h("ucp_config_release", FunctionDescriptor.ofVoid(ADDRESS));
    /** {@code ucp_config_print(config, FILE *, title, ucs_config_print_flags_t)}. */
    static final MethodHandle CONFIG_PRINT = h("ucp_config_print",
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
    static final MethodHandle WORKER_CREATE = h("ucp_worker_create",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle WORKER_DESTROY = h("ucp_worker_destroy", FunctionDescriptor.ofVoid(ADDRESS));
    static final MethodHandle WORKER_GET_ADDRESS = h("ucp_worker_get_address",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle WORKER_RELEASE_ADDRESS = h("ucp_worker_release_address",
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    static final MethodHandle WORKER_PROGRESS = h("ucp_worker_progress", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle WORKER_GET_EFD = h("ucp_worker_get_efd",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS));
    static final MethodHandle WORKER_ARM = h("ucp_worker_arm", FunctionDescriptor.of(JAVA_BYTE, ADDRESS));
    static final MethodHandle WORKER_SIGNAL = h("ucp_worker_signal", FunctionDescriptor.of(JAVA_BYTE, ADDRESS));
    static final MethodHandle WORKER_FENCE = h("ucp_worker_fence", FunctionDescriptor.of(JAVA_BYTE, ADDRESS));
    static final MethodHandle WORKER_FLUSH_NBX = h("ucp_worker_flush_nbx",
            FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));
    static final MethodHandle EP_CREATE = h("ucp_ep_create",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle EP_CLOSE_NBX = h("ucp_ep_close_nbx", FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));
    static final MethodHandle EP_FLUSH_NBX = h("ucp_ep_flush_nbx", FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));
    static final MethodHandle MEM_MAP = h("ucp_mem_map", FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle MEM_UNMAP = h("ucp_mem_unmap", FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS));
    static final MethodHandle RKEY_PACK = h("ucp_rkey_pack",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle RKEY_BUFFER_RELEASE = h("ucp_rkey_buffer_release", FunctionDescriptor.ofVoid(ADDRESS));
    static final MethodHandle EP_RKEY_UNPACK = h("ucp_ep_rkey_unpack",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle RKEY_DESTROY = h("ucp_rkey_destroy", FunctionDescriptor.ofVoid(ADDRESS));
    // Request-returning calls return the status pointer as a long and take buffers as addresses (longs): a
    // returned or sliced MemorySegment would be an allocation per operation where escape analysis fails.
    static final MethodHandle PUT_NBX = h("ucp_put_nbx",
            FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS));
    static final MethodHandle GET_NBX = h("ucp_get_nbx",
            FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS));
    static final MethodHandle ATOMIC_OP_NBX = h("ucp_atomic_op_nbx",
            FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS));
    static final MethodHandle REQUEST_CHECK_STATUS = h("ucp_request_check_status",
            FunctionDescriptor.of(JAVA_BYTE, JAVA_LONG), Linker.Option.critical(false));
    static final MethodHandle REQUEST_FREE = h("ucp_request_free",
            FunctionDescriptor.ofVoid(JAVA_LONG), Linker.Option.critical(false));
    static final MethodHandle STATUS_STRING = h("ucs_status_string", FunctionDescriptor.of(ADDRESS, JAVA_BYTE));

    /** Upcall type of {@code ucp_err_handler_cb_t(void *arg, ucp_ep_h ep, ucs_status_t status)}. */
    static final FunctionDescriptor ERR_HANDLER_CB = FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, JAVA_BYTE);

    private Ucp() {
    }

    private static MethodHandle h(String name, FunctionDescriptor fd, Linker.Option... options) {
        return LINKER.downcallHandle(LIB.findOrThrow(name), fd, options);
    }

    static int progress(MemorySegment worker) {
        try {
            return (int) WORKER_PROGRESS.invokeExact(worker);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static byte requestCheckStatus(long request) {
        try {
            return (byte) REQUEST_CHECK_STATUS.invokeExact(request);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void requestFree(long request) {
        try {
            REQUEST_FREE.invokeExact(request);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static byte fence(MemorySegment worker) {
        try {
            return (byte) WORKER_FENCE.invokeExact(worker);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static byte arm(MemorySegment worker) {
        try {
            return (byte) WORKER_ARM.invokeExact(worker);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static byte signal(MemorySegment worker) {
        try {
            return (byte) WORKER_SIGNAL.invokeExact(worker);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code buffer} is a native address that the caller keeps reachable. */
    static long putNbx(MemorySegment ep, long buffer, long count, long remoteAddr, MemorySegment rkey,
                       MemorySegment param) {
        try {
            return (long) PUT_NBX.invokeExact(ep, buffer, count, remoteAddr, rkey, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code buffer} is a native address that the caller keeps reachable. */
    static long getNbx(MemorySegment ep, long buffer, long count, long remoteAddr, MemorySegment rkey,
                       MemorySegment param) {
        try {
            return (long) GET_NBX.invokeExact(ep, buffer, count, remoteAddr, rkey, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long atomicOpNbx(MemorySegment ep, int opcode, MemorySegment buffer, long remoteAddr,
                                     MemorySegment rkey, MemorySegment param) {
        try {
            return (long) ATOMIC_OP_NBX.invokeExact(ep, opcode, buffer, 1L, remoteAddr, rkey, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long epFlushNbx(MemorySegment ep, MemorySegment param) {
        try {
            return (long) EP_FLUSH_NBX.invokeExact(ep, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long workerFlushNbx(MemorySegment worker, MemorySegment param) {
        try {
            return (long) WORKER_FLUSH_NBX.invokeExact(worker, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long epCloseNbx(MemorySegment ep, MemorySegment param) {
        try {
            return (long) EP_CLOSE_NBX.invokeExact(ep, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** UCX's text for a status, e.g. "Endpoint timeout". */
    static String statusString(int status) {
        try {
            MemorySegment s = (MemorySegment) STATUS_STRING.invokeExact((byte) status);
            return s.equals(MemorySegment.NULL) ? "status " + status
                    : s.reinterpret(256).getString(0) + " (" + status + ")";
        } catch (Throwable t) {
            return "status " + status;
        }
    }

    /** Any layout big enough for a parameter struct of newer UCX versions too (they only append fields). */
    static MemoryLayout paramBlock() {
        return MemoryLayout.sequenceLayout(256, JAVA_BYTE).withByteAlignment(8);
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException("unexpected checked exception from a native call", t);
    }
}
