package io.jshmem.memory.cuda;

import io.jshmem.error.ShmemException;

/**
 * A CUDA driver call failed: the message names the call, the {@code CUresult} by name and number, and what to do.
 * Thrown by the cuda kind's open, copies and close; built only on failure.
 */
public final class CudaException extends ShmemException {
    private final int result;

    private CudaException(String message, int result, Throwable cause) {
        super(message, cause);
        this.result = result;
    }

    /** The {@code CUresult} the driver returned (0 when the call itself could not be made). */
    public int result() {
        return result;
    }

    static CudaException of(String call, int result, String name) {
        return new CudaException(call + " failed with " + name + " (" + result + "): " + advice(result), result,
                null);
    }

    static CudaException unexpected(String call, Throwable cause) {
        String fix = cause instanceof IllegalCallerException
                ? "run the JVM with --enable-native-access=ALL-UNNAMED (or io.jshmem.cuda on the module path)"
                : "this is a defect of the cuda kind's bindings; report it with this message";
        return new CudaException("calling " + call + " through FFM failed (" + cause + "): " + fix, 0, cause);
    }

    /** What to do about {@code result}, for the codes a heap's life can meet; a generic hint otherwise. */
    static String advice(int result) {
        return switch (result) {
            case 2 -> "the GPU has not enough free memory for the symmetric heap; lower SHMEM_SYMMETRIC_SIZE or put"
                    + " fewer PEs on each GPU";
            case 3, 4 -> "the driver is not initialised or is shutting down; this happens when the heap is used"
                    + " after the process began to exit";
            case 35 -> "the NVIDIA kernel driver is older than the CUDA driver library; install matching versions";
            case 46 -> "the GPU is in exclusive-process compute mode or busy; run nvidia-smi -c DEFAULT or give each"
                    + " PE its own GPU";
            case 100 -> "no CUDA-capable GPU is visible; check nvidia-smi and CUDA_VISIBLE_DEVICES";
            case 101 -> "the device ordinal is not valid here; check CUDA_VISIBLE_DEVICES on every PE";
            case 201 -> "no usable CUDA context on this thread (opening an IPC handle of this very process gives"
                    + " this too)";
            case 217, 704, 705 -> "the GPUs of two PEs on this host cannot map each other's memory (no peer access);"
                    + " run the PEs that share data on the same GPU or on GPUs with peer access (nvidia-smi topo -m)";
            case 999 -> "the driver reported an unknown error; check dmesg and nvidia-smi for a GPU fault";
            default -> "see the CUDA driver API documentation of this CUresult; check nvidia-smi and dmesg";
        };
    }
}
