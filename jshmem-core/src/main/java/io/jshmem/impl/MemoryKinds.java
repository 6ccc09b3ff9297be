package io.jshmem.impl;

import io.jshmem.MemType;
import io.jshmem.MemoryKindProvider;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemStateException;
import io.jshmem.memory.Block;
import io.jshmem.operand.KindBlock;
import io.jshmem.runtime.Instance;
import io.jshmem.runtime.KindHeap;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The memory kinds of one runtime besides HOST_SIDE: finds the {@link MemoryKindProvider} for DEVICE_SIDE with
 * {@link ServiceLoader} on first use, keeps that kind's {@link KindHeap}, and tracks its live blocks so finalize
 * closes their views before the provider's heap. A kind with no available provider fails before any communication
 * (every PE sees the same class path and machine, so every PE fails alike), naming the interface to implement.
 *
 * <p>Thread-safety: allocation and free are collective and serialized by the instance's collective lock; the heap
 * is created under this object's monitor; the live set is concurrent.
 */
final class MemoryKinds {
    private final Instance instance;
    private final int instanceId;
    private final Set<KindBlock> live = ConcurrentHashMap.newKeySet();
    private KindHeap device;

    MemoryKinds(Instance instance, int instanceId) {
        this.instance = instance;
        this.instanceId = instanceId;
    }

    /** Collective: a DEVICE_SIDE block of {@code bytes} (already checked, above 0) aligned to {@code alignment}. */
    KindBlock allocate(String operation, MemType kind, long bytes, long alignment) {
        KindHeap heap = heap(operation, kind);
        Block b = heap.allocate(operation, bytes, alignment);
        KindBlock block = new KindBlock(instance, instanceId, kind, heap.providerName(), b.offset(),
                b.size(), heap.heap(), instance.nPes());
        live.add(block);
        return block;
    }

    /** Fails before any communication when no provider serves {@code kind}. */
    void requireProvider(String operation, MemType kind) {
        heap(operation, kind);
    }

    private synchronized KindHeap heap(String operation, MemType kind) {
        if (device == null) {
            device = new KindHeap(instance, provider(operation, kind), instanceId);
        }
        return device;
    }

    /** Collective free of a claimed block. */
    void free(KindBlock block) {
        try {
            device.free(block.heapOffset());
        } catch (RuntimeException | Error e) {
            block.abortFree();
            throw e;
        }
        block.completeFree();
        live.remove(block);
    }

    /** Closes every live block's views, then the providers' heaps (finalize). */
    void close() {
        for (KindBlock b : live) {
            if (b.claimFree()) {
                b.completeFree();
            }
        }
        live.clear();
        KindHeap d;
        synchronized (this) {
            d = device;
            device = null;
        }
        if (d != null) {
            d.close();
        }
    }

    private static MemoryKindProvider provider(String operation, MemType kind) {
        List<String> unavailable = new ArrayList<>();
        List<String> otherKinds = new ArrayList<>();
        for (ServiceLoader.Provider<MemoryKindProvider> candidate : ServiceLoader.load(MemoryKindProvider.class)
                .stream().toList()) {
            MemoryKindProvider p = candidate.get();
            if (p.memType() != kind) {
                otherKinds.add(p.name() + " (" + p.memType() + ")");
                continue;
            }
            var reason = p.unavailableReason();
            if (reason.isEmpty()) {
                return p;
            }
            unavailable.add(p.name() + ": " + reason.get());
        }
        StringBuilder found = new StringBuilder();
        if (!unavailable.isEmpty()) {
            found.append(" (found but unavailable: ").append(String.join("; ", unavailable)).append(')');
        }
        if (!otherKinds.isEmpty()) {
            found.append(" (providers of other kinds: ").append(String.join(", ", otherKinds)).append(')');
        }
        throw new ShmemStateException(operation + " with MemType." + kind + " needs a memory-kind provider for "
                + kind + ", and none is available" + found + ": jshmem has no " + kind + " memory of its own and "
                + "never falls back to HOST_SIDE. Supply one: implement io.jshmem.MemoryKindProvider (memType() "
                + kind + "), register it in META-INF/services/io.jshmem.MemoryKindProvider on the class path or with "
                + "'provides io.jshmem.MemoryKindProvider with ...' in its module, and make its unavailableReason() "
                + "empty on this machine; or allocate with MemType.HOST_SIDE. Nothing was allocated");
    }

    /** The live block of a provided kind behind {@code mem}, or null when {@code mem} is not one. */
    static KindBlock asKindBlock(SymmetricMemory mem) {
        return mem instanceof KindBlock k ? k : null;
    }
}
