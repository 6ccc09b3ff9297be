package io.jshmem.memory.cuda;

import java.lang.foreign.Arena;
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
 * The entry points of the CUDA driver API that the cuda kind uses, bound from one loaded library. Each method makes
 * one call and turns a result other than {@code CUDA_SUCCESS} into a {@link CudaException} naming the call; a
 * {@code CUdeviceptr} is a Java long, a {@code CUdevice} an int, a {@code CUcontext} an address. The {@code _v2}
 * names are the ones the driver exports for the 64-bit API since CUDA 3.2 (the unsuffixed names are the legacy
 * 32-bit ones). Built only by {@link CudaLibrary} after a successful load. Thread-safe: the handles are immutable;
 * the driver's calls are thread-safe.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
final class CudaDriver {
    /** {@code CU_IPC_HANDLE_SIZE}: bytes of a {@code CUipcMemHandle}. */
    static final int IPC_HANDLE_BYTES = 64;
    /** {@code CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS}: map a peer's allocation even when it lives on another GPU. */
    static final int IPC_LAZY_ENABLE_PEER_ACCESS = 1;
    static final MemoryLayout IPC_HANDLE = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(IPC_HANDLE_BYTES, JAVA_BYTE).withName("reserved"));

    private final String library;
    private final MethodHandle cuGetErrorName;
    private final MethodHandle cuInit;
    private final MethodHandle cuDriverGetVersion;
    private final MethodHandle cuDeviceGetCount;
    private final MethodHandle cuDeviceGet;
    private final MethodHandle cuDeviceGetName;
    private final MethodHandle cuDevicePrimaryCtxRetain;
    private final MethodHandle cuDevicePrimaryCtxRelease;
    private final MethodHandle cuCtxSetCurrent;
    private final MethodHandle cuCtxSynchronize;
    private final MethodHandle cuMemAlloc;
    private final MethodHandle cuMemFree;
    private final MethodHandle cuMemsetD8;
    private final MethodHandle cuMemcpyHtoD;
    private final MethodHandle cuMemcpyDtoH;
    private final MethodHandle cuMemcpyDtoD;
    private final MethodHandle cuIpcGetMemHandle;
    private final MethodHandle cuIpcOpenMemHandle;
    private final MethodHandle cuIpcCloseMemHandle;

    /** Binds every entry point; a missing one throws {@link java.util.NoSuchElementException} naming it. */
    CudaDriver(String library, SymbolLookup lookup) {
        this.library = library;
        Binder b = new Binder(lookup);
        cuGetErrorName = b.bind("cuGetErrorName", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        cuInit = b.bind("cuInit", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        cuDriverGetVersion = b.bind("cuDriverGetVersion", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        cuDeviceGetCount = b.bind("cuDeviceGetCount", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        cuDeviceGet = b.bind("cuDeviceGet", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        cuDeviceGetName = b.bind("cuDeviceGetName", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
        cuDevicePrimaryCtxRetain = b.bind("cuDevicePrimaryCtxRetain",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        cuDevicePrimaryCtxRelease = b.bind("cuDevicePrimaryCtxRelease_v2", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        cuCtxSetCurrent = b.bind("cuCtxSetCurrent", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        cuCtxSynchronize = b.bind("cuCtxSynchronize", FunctionDescriptor.of(JAVA_INT));
        cuMemAlloc = b.bind("cuMemAlloc_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        cuMemFree = b.bind("cuMemFree_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
        cuMemsetD8 = b.bind("cuMemsetD8_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_BYTE, JAVA_LONG));
        cuMemcpyHtoD = b.bind("cuMemcpyHtoD_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG));
        cuMemcpyDtoH = b.bind("cuMemcpyDtoH_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
        cuMemcpyDtoD = b.bind("cuMemcpyDtoD_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));
        cuIpcGetMemHandle = b.bind("cuIpcGetMemHandle", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        cuIpcOpenMemHandle = b.bind("cuIpcOpenMemHandle_v2",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, IPC_HANDLE, JAVA_INT));
        cuIpcCloseMemHandle = b.bind("cuIpcCloseMemHandle", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    }

    /** The library these calls go to (the setting's value), for messages. */
    String library() {
        return library;
    }

    /** {@code cuGetErrorName}: the {@code CUresult}'s name, e.g. {@code CUDA_ERROR_NO_DEVICE}. */
    String errorName(int result) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocate(ADDRESS);
            int rc = (int) cuGetErrorName.invokeExact(result, name);
            MemorySegment text = name.get(ADDRESS, 0);
            if (rc != 0 || text.equals(MemorySegment.NULL)) {
                return "CUresult " + result;
            }
            return text.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "CUresult " + result;
        }
    }

    /** {@code cuInit(0)}; returns the raw result (the provider reports it rather than throwing). */
    int init() {
        try {
            return (int) cuInit.invokeExact(0);
        } catch (Throwable t) {
            throw CudaException.unexpected("cuInit", t);
        }
    }

    int driverVersion() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            check("cuDriverGetVersion", (int) cuDriverGetVersion.invokeExact(out));
            return out.get(JAVA_INT, 0);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuDriverGetVersion", t);
        }
    }

    int deviceCount() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            check("cuDeviceGetCount", (int) cuDeviceGetCount.invokeExact(out));
            return out.get(JAVA_INT, 0);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuDeviceGetCount", t);
        }
    }

    int device(int ordinal) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            check("cuDeviceGet(" + ordinal + ")", (int) cuDeviceGet.invokeExact(out, ordinal));
            return out.get(JAVA_INT, 0);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuDeviceGet", t);
        }
    }

    String deviceName(int device) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(256);
            check("cuDeviceGetName", (int) cuDeviceGetName.invokeExact(out, 256, device));
            return out.getString(0);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuDeviceGetName", t);
        }
    }

    /** {@code cuDevicePrimaryCtxRetain}: the device's primary context, retained once more. */
    MemorySegment retainPrimaryContext(int device) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            check("cuDevicePrimaryCtxRetain(device " + device + ")",
                    (int) cuDevicePrimaryCtxRetain.invokeExact(out, device));
            return out.get(ADDRESS, 0);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuDevicePrimaryCtxRetain", t);
        }
    }

    void releasePrimaryContext(int device) {
        try {
            check("cuDevicePrimaryCtxRelease_v2(device " + device + ")",
                    (int) cuDevicePrimaryCtxRelease.invokeExact(device));
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuDevicePrimaryCtxRelease_v2", t);
        }
    }

    void setCurrent(MemorySegment context) {
        try {
            check("cuCtxSetCurrent", (int) cuCtxSetCurrent.invokeExact(context));
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuCtxSetCurrent", t);
        }
    }

    /** {@code cuCtxSynchronize}: waits for every copy the current context has queued (device-to-device ones). */
    void synchronize() {
        try {
            check("cuCtxSynchronize", (int) cuCtxSynchronize.invokeExact());
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuCtxSynchronize", t);
        }
    }

    long alloc(long bytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            check("cuMemAlloc_v2(" + bytes + " bytes)", (int) cuMemAlloc.invokeExact(out, bytes));
            return out.get(JAVA_LONG, 0);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuMemAlloc_v2", t);
        }
    }

    void free(long pointer) {
        try {
            check("cuMemFree_v2", (int) cuMemFree.invokeExact(pointer));
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuMemFree_v2", t);
        }
    }

    void memset(long pointer, byte value, long bytes) {
        try {
            check("cuMemsetD8_v2", (int) cuMemsetD8.invokeExact(pointer, value, bytes));
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuMemsetD8_v2", t);
        }
    }

    /** {@code cuMemcpyHtoD_v2} from a native segment. */
    void copyHostToDevice(long dst, MemorySegment src, long bytes) {
        try {
            check("cuMemcpyHtoD_v2", (int) cuMemcpyHtoD.invokeExact(dst, src, bytes));
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuMemcpyHtoD_v2", t);
        }
    }

    /** {@code cuMemcpyDtoH_v2} into a native segment. */
    void copyDeviceToHost(MemorySegment dst, long src, long bytes) {
        try {
            check("cuMemcpyDtoH_v2", (int) cuMemcpyDtoH.invokeExact(dst, src, bytes));
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuMemcpyDtoH_v2", t);
        }
    }

    void copyDeviceToDevice(long dst, long src, long bytes) {
        try {
            check("cuMemcpyDtoD_v2", (int) cuMemcpyDtoD.invokeExact(dst, src, bytes));
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuMemcpyDtoD_v2", t);
        }
    }

    /** {@code cuIpcGetMemHandle}: the 64 bytes another process opens the allocation at {@code pointer} with. */
    byte[] ipcHandle(long pointer) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(IPC_HANDLE);
            check("cuIpcGetMemHandle", (int) cuIpcGetMemHandle.invokeExact(out, pointer));
            return out.toArray(JAVA_BYTE);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuIpcGetMemHandle", t);
        }
    }

    /** {@code cuIpcOpenMemHandle_v2} with lazy peer access: this process's pointer to another's allocation. */
    long ipcOpen(byte[] handle, String what) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            MemorySegment h = arena.allocate(IPC_HANDLE);
            MemorySegment.copy(handle, 0, h, JAVA_BYTE, 0, IPC_HANDLE_BYTES);
            check("cuIpcOpenMemHandle_v2(" + what + ")",
                    (int) cuIpcOpenMemHandle.invokeExact(out, h, IPC_LAZY_ENABLE_PEER_ACCESS));
            return out.get(JAVA_LONG, 0);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuIpcOpenMemHandle_v2", t);
        }
    }

    void ipcClose(long pointer) {
        try {
            check("cuIpcCloseMemHandle", (int) cuIpcCloseMemHandle.invokeExact(pointer));
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw CudaException.unexpected("cuIpcCloseMemHandle", t);
        }
    }

    private void check(String call, int result) {
        if (result != 0) {
            throw CudaException.of(call, result, errorName(result));
        }
    }

    /** Looks entry points up by name; a missing one names the library and the symbol. */
    private final class Binder {
        private final SymbolLookup lookup;

        Binder(SymbolLookup lookup) {
            this.lookup = lookup;
        }

        MethodHandle bind(String symbol, FunctionDescriptor descriptor) {
            MemorySegment address = lookup.find(symbol).orElseThrow(() -> new java.util.NoSuchElementException(
                    library + " does not export " + symbol + " (a CUDA driver older than 11.0?)"));
            return Linker.nativeLinker().downcallHandle(address, descriptor);
        }
    }
}
