package io.jshmem.transport.ucx;

import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Offsets, field-mask bits and constants of the UCP structs the engine fills, for UCX 1.13.1 (checked with
 * {@code offsetof} against the 1.13.1 headers). Only the leading fields are used: UCX selects fields by
 * {@code field_mask} and later versions only append fields, so these offsets hold for every UCX >= 1.13.
 * Callers pass zeroed blocks of {@link Ucp#paramBlock()} size, so unused fields are zero.
 *
 * <pre>
 * ucp_params_t (80 B)          field_mask@0 u64, features@8 u64
 * ucp_worker_params_t (200 B)  field_mask@0 u64, thread_mode@8 int
 * ucp_ep_params_t (104 B)      field_mask@0 u64, address@8 ptr, err_mode@16 int, err_handler.cb@24 ptr,
 *                              err_handler.arg@32 ptr
 * ucp_mem_map_params_t (40 B)  field_mask@0 u64, address@8 ptr, length@16 u64
 * ucp_request_param_t (72 B)   op_attr_mask@0 u32, flags@4 u32, request@8, cb@16, datatype@24 u64,
 *                              user_data@32, reply_buffer@40 ptr
 * </pre>
 * Stateless and thread-safe.
 */
final class UcpStructs {
    static final int UCS_OK = 0;
    static final int UCS_INPROGRESS = 1;
    static final int UCS_ERR_BUSY = -15;
    static final int UCS_ERR_UNREACHABLE = -6;
    /** {@code UCS_PTR_IS_ERR}: a status pointer in [-100, -1] is an error code, not a request. */
    static final long UCS_ERR_LAST = -100;

    static final int API_MAJOR = 1;
    static final int API_MINOR = 13;

    // ucp_params_t
    static final long PARAM_FIELD_FEATURES = 1L;
    static final long FEATURE_RMA = 2L;
    static final long FEATURE_AMO32 = 4L;
    static final long FEATURE_AMO64 = 8L;
    static final long FEATURE_WAKEUP = 16L;

    // ucp_worker_params_t
    static final long WORKER_FIELD_THREAD_MODE = 1L;
    static final int THREAD_MODE_MULTI = 2;

    // ucp_ep_params_t
    static final long EP_FIELD_REMOTE_ADDRESS = 1L;
    static final long EP_FIELD_ERR_HANDLING_MODE = 2L;
    static final long EP_FIELD_ERR_HANDLER = 4L;
    static final int ERR_HANDLING_MODE_PEER = 1;

    // ucp_mem_map_params_t
    static final long MEM_MAP_FIELD_ADDRESS = 1L;
    static final long MEM_MAP_FIELD_LENGTH = 2L;

    // ucp_request_param_t
    static final int OP_ATTR_FIELD_DATATYPE = 8;
    static final int OP_ATTR_FIELD_FLAGS = 16;
    static final int OP_ATTR_FIELD_REPLY_BUFFER = 32;
    /** {@code ucp_dt_make_contig(n)} is {@code n << 3}. */
    static final long DATATYPE_CONTIG_4 = 4L << 3;
    static final long DATATYPE_CONTIG_8 = 8L << 3;
    static final int EP_CLOSE_FLAG_FORCE = 1;

    // ucp_atomic_op_t
    static final int ATOMIC_ADD = 0;
    static final int ATOMIC_SWAP = 1;
    static final int ATOMIC_CSWAP = 2;
    static final int ATOMIC_AND = 3;
    static final int ATOMIC_OR = 4;
    static final int ATOMIC_XOR = 5;

    private UcpStructs() {
    }

    static void contextParams(MemorySegment p, long features) {
        p.fill((byte) 0);
        p.set(JAVA_LONG, 0, PARAM_FIELD_FEATURES);
        p.set(JAVA_LONG, 8, features);
    }

    static void workerParams(MemorySegment p, int threadMode) {
        p.fill((byte) 0);
        p.set(JAVA_LONG, 0, WORKER_FIELD_THREAD_MODE);
        p.set(JAVA_INT, 8, threadMode);
    }

    static void endpointParams(MemorySegment p, MemorySegment remoteWorkerAddress, MemorySegment errCallback,
                               long errArg) {
        p.fill((byte) 0);
        p.set(JAVA_LONG, 0, EP_FIELD_REMOTE_ADDRESS | EP_FIELD_ERR_HANDLING_MODE | EP_FIELD_ERR_HANDLER);
        p.set(ADDRESS, 8, remoteWorkerAddress);
        p.set(JAVA_INT, 16, ERR_HANDLING_MODE_PEER);
        p.set(ADDRESS, 24, errCallback);
        p.set(ADDRESS, 32, MemorySegment.ofAddress(errArg));
    }

    /** Endpoint params with the remote address only (error-handling mode NONE, no callback). */
    static void endpointParamsWithoutErrorHandling(MemorySegment p, MemorySegment remoteWorkerAddress) {
        p.fill((byte) 0);
        p.set(JAVA_LONG, 0, EP_FIELD_REMOTE_ADDRESS);
        p.set(ADDRESS, 8, remoteWorkerAddress);
    }

    static void memMapParams(MemorySegment p, long address, long length) {
        p.fill((byte) 0);
        p.set(JAVA_LONG, 0, MEM_MAP_FIELD_ADDRESS | MEM_MAP_FIELD_LENGTH);
        p.set(JAVA_LONG, 8, address);
        p.set(JAVA_LONG, 16, length);
    }

    /** An empty {@code ucp_request_param_t}: byte datatype, no callback, no reply buffer. */
    static void requestParams(MemorySegment p) {
        p.set(JAVA_LONG, 0, 0L);
    }

    /** Request params for a 32- or 64-bit atomic, with a reply buffer when {@code reply} is not NULL. */
    static void atomicParams(MemorySegment p, boolean wide, MemorySegment reply) {
        int mask = OP_ATTR_FIELD_DATATYPE;
        if (!reply.equals(MemorySegment.NULL)) {
            mask |= OP_ATTR_FIELD_REPLY_BUFFER;
            p.set(ADDRESS, 40, reply);
        }
        p.set(JAVA_INT, 0, mask);
        p.set(JAVA_INT, 4, 0);
        p.set(JAVA_LONG, 24, wide ? DATATYPE_CONTIG_8 : DATATYPE_CONTIG_4);
    }

    /** Request params for {@code ucp_ep_close_nbx} with the given close flags. */
    static void closeParams(MemorySegment p, int flags) {
        p.set(JAVA_INT, 0, OP_ATTR_FIELD_FLAGS);
        p.set(JAVA_INT, 4, flags);
    }

    /** Whether a {@code ucs_status_ptr_t} is an error code. */
    static boolean isError(long statusPtr) {
        return statusPtr != 0 && Long.compareUnsigned(statusPtr, UCS_ERR_LAST) >= 0;
    }
}
