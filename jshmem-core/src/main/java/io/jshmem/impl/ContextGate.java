package io.jshmem.impl;

import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.operand.Operands;
import io.jshmem.operand.SymmetricBlock;
import io.jshmem.runtime.ContextState;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The gate every entry of one context goes through before its work reaches {@link io.jshmem.comm.Comm}: context
 * usability (destroyed, PRIVATE), target PE checks in the context's numbering and their translation to world PEs
 * (team contexts), symmetric and local range checks through {@link Operands}, and the thread rules' enter/leave
 * ({@link CallGuard}). {@link ContextImpl}, the entry points it shares with the runtime ({@link ContextRma},
 * {@link ContextAtomicsAndWaits}) and its helpers ({@link SyncOps}, {@link StridedRma}, {@link KindRma}) are given the
 * context's gate; none of them calls back into the context. Immutable; thread-safe.
 */
final class ContextGate {
    static final boolean CHECKS = Operands.CHECKS;

    /** The instance identity that owns the buffers this context may use. */
    final Object owner;
    final int nPes;
    /** A created context's state (engine view, options, owner thread, destroyed); null for the default context. */
    final ContextState state;
    /** The team the context was created from; null for world contexts created without one. */
    final Team team;
    /**
     * World PE of each team-relative PE of a context created from a team other than the world (1.6: operations on
     * a team context take team PE numbers); null for world contexts, whose numbers need no translation.
     */
    final int[] worldPes;
    /** This PE's number in the context's team. */
    final int teamMe;
    /** Thread rules checked on every call ({@link CallGuard}); null when there is none to check. */
    final CallGuard guard;

    /**
     * @param worldPes world PE of each team PE (null: world numbering)
     * @param teamMe   this PE's number in the team
     */
    ContextGate(Object owner, int nPes, ContextState state, Team team, int[] worldPes, int teamMe, CallGuard guard) {
        this.owner = owner;
        this.nPes = nPes;
        this.state = state;
        this.team = team;
        this.worldPes = worldPes;
        this.teamMe = teamMe;
        this.guard = guard;
    }

    // ---- operand plumbing: every entry point goes through these -------------------------------------------

    /** Throws for a destroyed context, or a private one used from another thread (with or without checks). */
    void usable() {
        if (state != null) {
            state.check();
        }
    }

    /** Checks a target PE of this context's team (team-relative on a team context). */
    void targetPe(String name, int pe) {
        Operands.pe(name, pe, nPes, team);
    }

    /** The world PE of this context's PE {@code pe}: the same number unless the context is a team's. */
    int world(int pe) {
        int[] map = worldPes;
        return map == null ? pe : map[pe];
    }

    /** Enters a call under the thread rules; pass the result to {@link #leave(int)} in a finally block. */
    int enter() {
        CallGuard g = guard;
        return g == null ? 0 : g.enter();
    }

    void leave(int claimed) {
        if (claimed != 0) {
            guard.leave(claimed);
        }
    }

    /** Checks the context, a PE and a symmetric element range; returns the heap offset of element {@code index}. */
    long remote(SymmetricMemory mem, String name, String indexName, long index, String countName, long count,
                      long size, int pe) {
        if (!CHECKS) {
            usable(); // PRIVATE is enforced even with checks off
            return mem == null ? 0 : mem.heapOffset() + index * size; // null: a zero-length transfer
        }
        usable();
        targetPe("pe", pe);
        return Operands.inBlock(Operands.block(name, mem, owner, count), name, indexName, index, countName, count,
                size);
    }

    /**
     * As {@link #remote} for the contiguous put and get, which also take a block of a provided memory kind: for a
     * live {@link io.jshmem.operand.KindBlock} of this instance, checked against that block, the offset returned is
     * negative and the caller moves the bytes with the kind's copies ({@link KindRma}). A host block takes exactly
     * {@link #remote}'s path; the kind is told apart only where that path would throw (or, with checks off, where a
     * host block's offset is not taken).
     */
    long rma(SymmetricMemory mem, String name, String indexName, long index, String countName, long count, long size,
             int pe) {
        if (!CHECKS) {
            usable(); // PRIVATE is enforced even with checks off
            return mem instanceof SymmetricBlock b ? b.heapOffset() + index * size
                    : Operands.uncheckedRmaOffset(mem, index, size);
        }
        usable();
        targetPe("pe", pe);
        return Operands.inBlock(Operands.rmaBlock(name, mem, owner, indexName, index, countName, count, size), name,
                indexName, index, countName, count, size);
    }

    /** As {@link #remote} for {@code count} elements {@code stride} apart. */
    long remoteStrided(SymmetricMemory mem, String name, String indexName, long index, String strideName,
                             long stride, String countName, long count, long size, int pe) {
        if (!CHECKS) {
            usable(); // PRIVATE is enforced even with checks off
            return mem == null ? 0 : mem.heapOffset() + index * size;
        }
        usable();
        targetPe("pe", pe);
        return Operands.stridedInBlock(Operands.block(name, mem, owner, count), name, indexName, index, strideName,
                stride, countName, count, size);
    }

    /** Heap offset of the naturally aligned slot {@code index} of {@code size} bytes of {@code mem}. */
    long slot(SymmetricMemory mem, String name, long index, long size, int pe) {
        if (!CHECKS) {
            usable(); // PRIVATE is enforced even with checks off
            return mem.heapOffset() + index * size;
        }
        usable();
        targetPe("pe", pe);
        return Operands.slot(Operands.block(name, mem, owner), name, index, size);
    }

    /** Heap offset of {@code count} aligned local slots (waits, signals, locks: this PE's own memory). */
    long localSlots(SymmetricMemory mem, String name, long index, long count, long size) {
        if (!CHECKS) {
            usable();
            return mem.heapOffset() + index * size;
        }
        usable();
        return Operands.slots(Operands.block(name, mem, owner), name, index, count, size);
    }

    /**
     * Checks a local segment operand: range, liveness, owner thread, and writability when the call {@code writes}
     * into it (get destinations, fetch targets); null only for a zero-length range.
     */
    static void local(MemorySegment seg, String name, String indexName, long index, String countName, long count,
                      long size, boolean writes) {
        if (CHECKS) {
            Operands.inSegment(seg, name, indexName, index, countName, count, size, writes);
        }
    }

    static long size(ValueLayout type) {
        return Operands.notNull("type", type).byteSize();
    }

    /** The block behind {@code mem} when it is a live buffer of this context's instance (for views and locks). */
    SymmetricBlock ownBlock(String name, SymmetricMemory mem) {
        return Operands.block(name, mem, owner);
    }
}
