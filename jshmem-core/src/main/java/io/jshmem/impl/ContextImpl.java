package io.jshmem.impl;

import io.jshmem.Context;
import io.jshmem.CtxOption;
import io.jshmem.ProfFrame;
import io.jshmem.SessionConfig;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.comm.Comm;
import io.jshmem.error.ShmemStateException;
import io.jshmem.operand.Operands;
import io.jshmem.runtime.ContextState;
import io.jshmem.runtime.HostProfile;
import io.jshmem.runtime.Instance;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * jshmem's {@link Context}: every entry validates its operands through its {@link ContextGate} ({@link Operands}
 * underneath, all at once switched by {@code JSHMEM_CHECKS}), then hands heap offsets to {@link Comm}, the routing
 * point, under the thread rules ({@link CallGuard}). Strided RMA is in {@link StridedRma}; the atomics, signals and
 * waits (entry points in {@link ContextAtomicsAndWaits}) in {@link SyncOps}; both helpers are given this context's
 * Comm, gate and profiling and never call back. The contiguous put and get ({@link ContextRma}) and the atomic,
 * signal and wait entry points are superclasses shared with the runtime. Thread-safe as the interface states.
 */
final class ContextImpl extends ContextAtomicsAndWaits {
    /** The runtime this context belongs to (for the default context: the runtime that forwards to it). */
    private final ShmemRuntime runtime;
    /** The instance whose liveness a session start checks. */
    private final Instance instance;
    private final StridedRma strided;
    private final SessionState session = new SessionState();

    ContextImpl(ShmemRuntime runtime, Instance instance, HostProfile prof, Comm comm, ContextGate gate) {
        super(comm, gate, prof);
        this.runtime = runtime;
        this.instance = instance;
        this.strided = new StridedRma(comm, gate, prof);
    }

    @Override
    public ShmemRuntime runtime() {
        return runtime;
    }

    @Override
    public int myPe() {
        return gate.worldPes == null ? comm.myPe() : gate.teamMe;
    }

    @Override
    public int nPes() {
        return gate.nPes;
    }

    @Override
    public Team team() {
        gate.usable(); // shmem_ctx_get_team on a destroyed context is an error
        return gate.team == null ? runtime.teamWorld() : gate.team;
    }

    @Override
    public Set<CtxOption> options() {
        EnumSet<CtxOption> set = EnumSet.noneOf(CtxOption.class);
        ContextState state = gate.state;
        if (state != null) {
            if (state.isPrivate()) {
                set.add(CtxOption.PRIVATE);
            }
            if (state.isSerialized()) {
                set.add(CtxOption.SERIALIZED);
            }
            if (state.isNoStore()) {
                set.add(CtxOption.NOSTORE);
            }
        }
        return Collections.unmodifiableSet(set);
    }

    @Override
    public boolean isDestroyed() {
        return gate.state != null && gate.state.isDestroyed();
    }

    @Override
    public void sessionStart(long options, SessionConfig config, long configMask) {
        gate.usable();
        instance.ensureLive();
        session.start(options, config, configMask);
    }

    @Override
    public void sessionStop() {
        gate.usable();
        session.stop();
    }

    @Override
    public boolean inSession() {
        return session.active();
    }

    /** The recorded session options (hints; 0 outside a session). */
    long sessionOptions() {
        return session.options();
    }

    @Override
    public void close() {
        if (gate.state == null) {
            throw new ShmemStateException("the default context cannot be destroyed: destroy only contexts made by "
                    + "createCtx; close() the runtime to finalize it");
        }
        gate.state.destroy();
    }


    // ---- strided and block-strided RMA (see StridedRma) ---------------------------------------------------------

    @Override
    public void iput(ValueLayout type, SymmetricMemory dest, long destIndex, long destStride, MemorySegment src,
                     long srcIndex, long srcStride, long count, int pe) {
        strided.iput(type, dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    @Override
    public void iget(ValueLayout type, MemorySegment dest, long destIndex, long destStride, SymmetricMemory src,
                     long srcIndex, long srcStride, long count, int pe) {
        strided.iget(type, dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    @Override
    public void ibput(MemoryLayout type, SymmetricMemory dest, long destIndex, long dst, MemorySegment src,
                      long srcIndex, long sst, long bsize, long nblocks, int pe) {
        strided.ibput(type, dest, "destIndex", destIndex, dst, src, "srcIndex", srcIndex, sst, bsize, nblocks, pe);
    }

    @Override
    public void ibget(MemoryLayout type, MemorySegment dest, long destIndex, long dst, SymmetricMemory src,
                      long srcIndex, long sst, long bsize, long nblocks, int pe) {
        strided.ibget(type, dest, "destIndex", destIndex, dst, src, "srcIndex", srcIndex, sst, bsize, nblocks, pe);
    }

    @Override
    public void ibputmem(SymmetricMemory dest, long destOffset, long dst, MemorySegment src, long srcOffset, long sst,
                         long bsize, long nblocks, int pe) {
        strided.ibput(ValueLayout.JAVA_BYTE, dest, "destOffset", destOffset, dst, src, "srcOffset", srcOffset, sst,
                bsize, nblocks, pe);
    }

    @Override
    public void ibgetmem(MemorySegment dest, long destOffset, long dst, SymmetricMemory src, long srcOffset, long sst,
                         long bsize, long nblocks, int pe) {
        strided.ibget(ValueLayout.JAVA_BYTE, dest, "destOffset", destOffset, dst, src, "srcOffset", srcOffset, sst,
                bsize, nblocks, pe);
    }

    // ---- scalar p/g, quiet and fence: ContextRma ------------------------------------------------------------

    @Override
    public void peQuiet(int... pes) {
        gate.usable();
        Operands.notNull("pes", pes);
        for (int i = 0; i < pes.length; i++) {
            if (pes[i] < 0 || pes[i] >= gate.nPes) {
                gate.targetPe("pes[" + i + "]", pes[i]); // throws, naming the position
            }
        }
        int[] targets = pes;
        int[] worldPes = gate.worldPes;
        if (worldPes != null) {
            targets = new int[pes.length]; // a team context's numbers differ from the engines' (not a hot path)
            for (int i = 0; i < pes.length; i++) {
                targets[i] = worldPes[pes[i]];
            }
        }
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            comm.quiet(targets);
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.QUIET, "peQuiet", pes.length == 1 ? pes[0] : -1, 0);
        }
    }
}
