package io.jshmem.memory.cuda;

import io.jshmem.error.ShmemStateException;
import io.jshmem.spi.MemoryKindSetup;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The collective steps of {@link CudaKindProvider#open}: host grouping, allocation, handle exchange, peer mapping.
 * Each step ends in an allgather of every PE's outcome, so a failure on one PE is thrown on all of them (after each
 * PE released what it took) instead of leaving the others waiting. Stateless.
 */
final class CudaHeapOpener {
    private static final byte OK = 1;
    private static final byte FAILED = 0;

    private CudaHeapOpener() {
    }

    static CudaHeap open(CudaDriver driver, int deviceCount, MemoryKindSetup setup) {
        int me = setup.myPe();
        int n = setup.nPes();
        long size = setup.byteSize();
        HostGroup hosts = HostGroup.exchange(setup);
        int ordinal = hosts.localRank() % deviceCount;
        int device = -1;
        MemorySegment context = null;
        long base = 0;
        byte[] mine;
        byte[] handle = null;
        try {
            if (size <= 0) {
                throw new IllegalArgumentException("byteSize = " + size + ": a cuda heap needs at least 1 byte");
            }
            device = driver.device(ordinal);
            context = driver.retainPrimaryContext(device);
            driver.setCurrent(context);
            base = driver.alloc(size);
            driver.memset(base, (byte) 0, size);
            driver.synchronize();
            handle = driver.ipcHandle(base);
            InProcessHeaps.add(handle, base);
            mine = withStatus(OK, handle);
        } catch (RuntimeException e) {
            release(driver, device, context, base, handle, null, null);
            device = -1;
            context = null;
            base = 0;
            handle = null;
            mine = withStatus(FAILED, describe("allocating " + size + " bytes on GPU " + ordinal, e));
        }
        final int dev = device;
        final MemorySegment ctx = context;
        final long b = base;
        final byte[] h = handle;
        byte[][] handles = setup.allgather(mine);
        failIfAny(handles, "allocate its heap", () -> release(driver, dev, ctx, b, h, null, null));
        long[] bases = new long[n];
        boolean[] opened = new boolean[n];
        bases[me] = base;
        byte[] status = withStatus(OK, new byte[0]);
        for (int pe = 0; pe < n; pe++) {
            if (pe == me || !hosts.sameHost(me, pe)) {
                continue;
            }
            byte[] theirs = Arrays.copyOfRange(handles[pe], 1, 1 + CudaDriver.IPC_HANDLE_BYTES);
            long local = InProcessHeaps.pointer(theirs);
            if (local != 0) {
                bases[pe] = local;
                continue;
            }
            try {
                bases[pe] = driver.ipcOpen(theirs, "heap of PE " + pe);
                opened[pe] = true;
            } catch (RuntimeException e) {
                status = withStatus(FAILED, describe("opening PE " + pe + "'s heap", e));
                break;
            }
        }
        byte[][] outcomes = setup.allgather(status);
        failIfAny(outcomes, "map its peers' heaps", () -> release(driver, dev, ctx, b, h, bases, opened));
        return new CudaHeap(driver, device, context, size, me, hosts, handle, bases, opened);
    }

    private static void failIfAny(byte[][] outcomes, String step, Runnable cleanup) {
        StringBuilder failed = null;
        for (int pe = 0; pe < outcomes.length; pe++) {
            if (outcomes[pe][0] != OK) {
                failed = failed == null ? new StringBuilder() : failed.append("; ");
                failed.append("PE ").append(pe).append(": ").append(new String(outcomes[pe], 1,
                        outcomes[pe].length - 1, StandardCharsets.UTF_8));
            }
        }
        if (failed != null) {
            cleanup.run();
            throw new ShmemStateException("opening the cuda heaps failed: not every PE could " + step + " ("
                    + failed + "); nothing was allocated");
        }
    }

    /** Best effort: releases what this PE took before a failure; a failure here would hide the first one. */
    private static void release(CudaDriver driver, int device, MemorySegment context, long base, byte[] handle,
                                long[] bases, boolean[] opened) {
        try {
            if (context != null) {
                driver.setCurrent(context);
            }
            if (bases != null) {
                for (int pe = 0; pe < bases.length; pe++) {
                    if (opened[pe]) {
                        driver.ipcClose(bases[pe]);
                    }
                }
            }
            if (handle != null) {
                InProcessHeaps.remove(handle);
            }
            if (base != 0) {
                driver.free(base);
            }
            if (context != null) {
                driver.releasePrimaryContext(device);
            }
        } catch (RuntimeException ignored) {
            // the failure that led here is the one reported
        }
    }

    private static String describe(String what, RuntimeException e) {
        return what + ": " + e.getMessage();
    }

    private static byte[] withStatus(byte status, byte[] body) {
        byte[] out = new byte[body.length + 1];
        out[0] = status;
        System.arraycopy(body, 0, out, 1, body.length);
        return out;
    }

    private static byte[] withStatus(byte status, String text) {
        return withStatus(status, text.getBytes(StandardCharsets.UTF_8));
    }
}
