package io.jshmem.impl;

import io.jshmem.DataOpEngine;
import io.jshmem.EngineConfig;
import io.jshmem.ProfData;
import io.jshmem.ProfFrame;
import io.jshmem.ProfScope;
import io.jshmem.ShmemInfo;
import io.jshmem.Stream;
import io.jshmem.Team;

import io.jshmem.config.Json;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.operand.Operands;
import io.jshmem.runtime.EngineTuning;
import io.jshmem.runtime.Instance;
import io.jshmem.runtime.Profiler;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What one runtime holds for CANN SHMEM's extensions: its instance id, streams, engine configurations and
 * profiler, and the diagnostics that show them. Thread-safe: streams live in a concurrent set, configurations
 * are replaced under the object's lock, the profiler is thread-safe.
 */
final class Extensions {
    private final RuntimeImpl runtime;
    private final int instanceId;
    private final Profiler profiler;
    private final Map<DataOpEngine, EngineConfig> configs = new EnumMap<>(DataOpEngine.class);
    private final Set<StreamImpl> streams = ConcurrentHashMap.newKeySet();
    private final AtomicInteger nextStreamId = new AtomicInteger(1);
    private StreamImpl defaultStream;

    Extensions(RuntimeImpl runtime, int instanceId, Profiler profiler) {
        this.runtime = runtime;
        this.instanceId = instanceId;
        this.profiler = profiler;
        for (DataOpEngine e : DataOpEngine.values()) {
            configs.put(e, EngineConfig.defaultFor(e));
        }
    }

    int instanceId() {
        return instanceId;
    }

    Profiler profiler() {
        return profiler;
    }

    /**
     * Throws unless {@code team} (argument {@code what} of a call on {@code user}, a stream) is a live team of this
     * PE in this runtime's instance (its channel runs on that instance's engines).
     */
    void checkTeam(Team team, String what, String user) {
        Operands.notNull(what, team);
        if (!team.isValid()) {
            throw new ShmemArgumentException(what + " = " + team + " is not a live team of this PE: valid teams are "
                    + "TEAM_WORLD, TEAM_SHARED and split teams this PE belongs to that are not destroyed");
        }
        if (!(team instanceof TeamImpl t && t.channel() != null
                && t.channel().comm() == runtime.instance().comm())) {
            throw new ShmemArgumentException(what + " = " + team + " belongs to another jshmem instance than "
                    + user + ": valid teams are those of the stream's instance (" + instanceId + ")");
        }
    }

    // ---- streams ------------------------------------------------------------------------------------------------

    StreamImpl createStream() {
        runtime.instance().ensureLive();
        StreamImpl s = new StreamImpl(runtime, this, nextStreamId.getAndIncrement(), false);
        streams.add(s);
        return s;
    }

    synchronized StreamImpl defaultStream() {
        runtime.instance().ensureLive();
        if (defaultStream == null) {
            defaultStream = new StreamImpl(runtime, this, 0, true);
            streams.add(defaultStream);
        }
        return defaultStream;
    }

    void forget(StreamImpl s) {
        streams.remove(s);
    }

    /** Stops every stream before finalize; each lets its queued operations finish first (bounded). */
    void closeStreams() {
        for (StreamImpl s : new ArrayList<>(streams)) {
            s.shutdown();
        }
    }

    // ---- engine configuration -----------------------------------------------------------------------------------

    synchronized void setConfig(DataOpEngine engine, long workspaceOffset, long workspaceBytes, long syncId) {
        if (engine == null) {
            throw new ShmemArgumentException("engine is null: valid are MTE, SDMA, RDMA, UDMA");
        }
        runtime.instance().ensureLive();
        EngineConfig c = EngineConfig.of(engine, workspaceOffset, workspaceBytes, syncId);
        // Validated first: bad input leaves both the stored config and the engine untouched.
        EngineTuning.apply(runtime.instance().comm(), engine, c);
        configs.put(engine, c);
    }

    /** What the engine {@code engine} names runs with now on this PE ({@link EngineTuning#effective}). */
    Map<String, Object> effective(DataOpEngine engine) {
        if (engine == null) {
            throw new ShmemArgumentException("engine is null: valid are MTE, SDMA, RDMA, UDMA");
        }
        runtime.instance().ensureLive();
        return java.util.Collections.unmodifiableMap(EngineTuning.effective(runtime.instance().comm(), engine));
    }

    synchronized EngineConfig config(DataOpEngine engine) {
        if (engine == null) {
            throw new ShmemArgumentException("engine is null: valid are MTE, SDMA, RDMA, UDMA");
        }
        return configs.get(engine);
    }

    // ---- profiling ----------------------------------------------------------------------------------------------

    Optional<ProfData> prof(boolean verbose) {
        Profiler.Snapshot s = profiler.snapshot();
        if (s == null) {
            return Optional.empty();
        }
        ProfData data = new ProfData(s.pe(), s.counts(), s.nanos(), s.blockNames());
        if (verbose) {
            System.out.print(data.table());
            System.out.flush();
        }
        return Optional.of(data);
    }

    /**
     * {@code shmem_pcontrol}: sets the process's level (every int is valid: at most 0 disables, 1 default, 2 and more
     * add stack-traced JFR detail events); from 2 up it also flushes this PE's profile, printing its table as
     * {@code showProf} does when this PE is profiled.
     */
    void pcontrol(int level) {
        Profiler.pcontrol(level);
        if (level >= 2) {
            prof(true);
        }
    }

    ProfScope profStart(int frame) {
        if (frame < ProfFrame.FIRST_USER_FRAME || frame >= Profiler.MAX_FRAMES) {
            throw new ShmemArgumentException("frame = " + frame + " is not a user frame: valid range is "
                    + ProfFrame.FIRST_USER_FRAME + ".." + (Profiler.MAX_FRAMES - 1) + " (frames below "
                    + ProfFrame.FIRST_USER_FRAME + " are jshmem's own, see ProfFrame)");
        }
        if (!profiler.enabled()) {
            return () -> { };
        }
        int block = profiler.threadBlock();
        long start = System.nanoTime();
        return () -> profiler.record(block, frame, System.nanoTime() - start);
    }

    // ---- diagnostics --------------------------------------------------------------------------------------------

    String diagnostics() {
        Instance in = runtime.instance();
        Settings s = in.settings();
        Json root = new Json()
                .put("library", ShmemInfo.description())
                .put("instanceId", instanceId)
                .put("status", InstanceRegistry.status(instanceId).name())
                .put("pe", in.myPe())
                .put("nPes", in.nPes())
                .put("heapBytes", in.heapSize())
                .put("timeoutSeconds", in.timeout().toSeconds())
                .put("controlTimeoutSeconds", in.controlTimeout() == null ? null : in.controlTimeout().toSeconds())
                .put("rendezvousTls", in.usesTls())
                .put("profiling", profiler.enabled())
                .put("pcontrolLevel", Profiler.pcontrolLevel())
                .put("streams", streams.size());
        List<Object> engines = new ArrayList<>();
        if (in.isLive()) {
            for (int p = 0; p < in.nPes(); p++) {
                engines.add(new Json().put("pe", p).put("engine", in.comm().engineFor(p).name()));
            }
        }
        root.put("enginePerPe", engines);
        Json cfg = new Json();
        synchronized (this) {
            for (Map.Entry<DataOpEngine, EngineConfig> e : configs.entrySet()) {
                cfg.put(e.getKey().name(), new Json().put("workspaceOffset", e.getValue().workspaceOffset())
                        .put("workspaceBytes", e.getValue().workspaceBytes()).put("syncId", e.getValue().syncId()));
            }
        }
        root.put("engineConfig", cfg);
        if (in.isLive()) {
            Json eff = new Json();
            for (DataOpEngine e : DataOpEngine.values()) {
                Json one = new Json();
                EngineTuning.effective(in.comm(), e).forEach(one::put);
                eff.put(e.name(), one);
            }
            root.put("engineEffective", eff);
        }
        List<Object> table = new ArrayList<>();
        for (Setting setting : Setting.values()) {
            String value = setting == Setting.UNIQUE_ID || setting == Setting.SECRET
                    ? (s.get(setting).isPresent() ? "<set, hidden>" : "") : s.string(setting);
            table.add(new Json().put("name", setting.envName()).put("value", value)
                    .put("default", setting.defaultValue()).put("source", s.source(setting)));
        }
        root.put("settings", table);
        return root.toText();
    }

    /** {@code stream} (argument {@code name}) when it is a stream of this instance; throws naming it otherwise. */
    StreamImpl ownStream(String name, Stream stream) {
        Operands.notNull(name, stream);
        if (stream.runtime() != runtime) {
            throw new ShmemArgumentException(name + " " + stream + " belongs to instance "
                    + stream.runtime().instanceId() + " but the call is made on instance " + instanceId
                    + ": valid streams are those created by the instance used (switch with Shmem.setInstance("
                    + stream.runtime().instanceId() + ") or withInstance)");
        }
        return (StreamImpl) stream;
    }
}
