package io.jshmem.impl;

import io.jshmem.Context;
import io.jshmem.CtxOption;
import io.jshmem.ShmemRuntime;
import io.jshmem.Team;
import io.jshmem.ThreadLevel;
import io.jshmem.operand.Operands;
import io.jshmem.runtime.ContextState;
import io.jshmem.runtime.HostProfile;
import io.jshmem.runtime.Instance;
import io.jshmem.team.TeamState;

import java.util.EnumSet;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Makes the created contexts of one runtime ({@code shmem_ctx_create}, {@code shmem_team_create_ctx}, streams' own):
 * checks the options, gives each context its engine view ({@link ContextState}) and a {@link ContextGate} with the
 * thread rules of the runtime's level and the context's options, and team PE numbering for a team other than the
 * world. Holds the runtime's thread level, init thread and shared in-call reference. Immutable; thread-safe.
 */
final class ContextFactory {
    private final ShmemRuntime runtime;
    private final Instance instance;
    private final HostProfile prof;
    /** The thread level the runtime provides; MULTIPLE unless initThread asked for another. */
    private final ThreadLevel threadLevel;
    /** The thread that called init: the only one allowed under SINGLE and FUNNELED (with checks on). */
    private final Thread initThread;
    /** The thread inside a call under level SERIALIZED, shared by every context of the runtime. */
    private final AtomicReference<Thread> inCall;

    ContextFactory(ShmemRuntime runtime, Instance instance, HostProfile prof, ThreadLevel threadLevel,
                   Thread initThread, AtomicReference<Thread> inCall) {
        this.runtime = runtime;
        this.instance = instance;
        this.prof = prof;
        this.threadLevel = threadLevel;
        this.initThread = initThread;
        this.inCall = inCall;
    }

    ThreadLevel threadLevel() {
        return threadLevel;
    }

    /**
     * A new context created from {@code team} (null: the world team); {@code members} is the team's state when its PE
     * numbers differ from the world's, else null. {@code internal}: for jshmem's own threads (streams), to which the
     * thread level's rules (the application's promise about its threads) do not apply.
     */
    Context create(Team team, TeamState members, boolean internal, CtxOption... options) {
        Operands.notNull("options", options);
        EnumSet<CtxOption> set = EnumSet.noneOf(CtxOption.class);
        for (int i = 0; i < options.length; i++) {
            if (options[i] == null) {
                Operands.notNull("options[" + i + "]", null); // throws, naming the position
            }
            set.add(options[i]);
        }
        ContextState state = ContextState.create(instance.comm(), set.contains(CtxOption.PRIVATE),
                set.contains(CtxOption.SERIALIZED), set.contains(CtxOption.NOSTORE));
        CallGuard guard = CallGuard.of(internal ? ThreadLevel.MULTIPLE : threadLevel, initThread, inCall,
                set.contains(CtxOption.SERIALIZED));
        ContextGate gate = members != null
                ? new ContextGate(instance, members.size(), state, team, members.members(), members.myIndex(), guard)
                : new ContextGate(instance, instance.nPes(), state, team, null, instance.myPe(), guard);
        return new ContextImpl(runtime, instance, prof, state.comm(), gate);
    }
}
