package io.jshmem.impl;

import io.jshmem.ExternalLogger;
import io.jshmem.InitAttributes;
import io.jshmem.InitStatus;
import io.jshmem.InstanceScope;
import io.jshmem.ShmemProvider;
import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.ThreadLevel;
import io.jshmem.bootstrap.TlsInfo;
import io.jshmem.config.LogLevel;
import io.jshmem.config.Settings;
import io.jshmem.config.ShmemLog;
import io.jshmem.error.ShmemStateException;
import io.jshmem.runtime.LocalRendezvous;

import java.lang.foreign.MemorySegment;
import java.util.function.Supplier;

/**
 * The implementation behind the API's static entry points (loaded by name from {@code io.jshmem.Provider}): init,
 * the facade's current instance, unique ids, instance switches and the TLS configuration, all through
 * {@link InstanceRegistry}. Stateless; thread-safe.
 */
public final class JshmemProvider implements ShmemProvider {
    public JshmemProvider() {
    }

    @Override
    public ShmemRuntime init(InitAttributes attributes, ThreadLevel level) {
        return RuntimeInit.init(attributes, level);
    }

    @Override
    public ShmemRuntime current() {
        RuntimeImpl rt = InstanceRegistry.current();
        if (rt == null) {
            throw new ShmemStateException("jshmem is not initialized: call Shmem.init() before any other call");
        }
        if (!rt.isLive()) {
            throw new ShmemStateException("jshmem has been finalized: no calls are allowed after "
                    + "Shmem.finalizeShmem(); call Shmem.init() again for a new job");
        }
        return rt;
    }

    @Override
    public ShmemRuntime currentOrNull() {
        RuntimeImpl rt = InstanceRegistry.current();
        return rt != null && rt.isLive() ? rt : null;
    }

    @Override
    public String getUniqueId() {
        return LocalRendezvous.create(InstanceRegistry.applyTls(Settings.fromEnvironment())).toString();
    }

    @Override
    public int currentInstance() {
        return InstanceRegistry.currentId();
    }

    @Override
    public void setInstance(int instanceId) {
        InstanceRegistry.checkId("instanceId", instanceId);
        InstanceRegistry.lock("setInstance");
        try {
            InstanceRegistry.setCurrent(instanceId);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    @Override
    public InstanceScope withInstance(int instanceId) {
        InstanceRegistry.checkId("instanceId", instanceId);
        InstanceRegistry.lock("withInstance");
        try {
            int previous = InstanceRegistry.currentId();
            InstanceRegistry.setCurrent(instanceId);
            return new Scope(previous, instanceId);
        } catch (RuntimeException e) {
            InstanceRegistry.unlock();
            throw e;
        }
    }

    @Override
    public void finalizeInstance(int instanceId) {
        InstanceRegistry.checkId("instanceId", instanceId);
        InstanceRegistry.lock("finalizeShmem");
        try {
            InstanceRegistry.live(instanceId).close();
        } finally {
            InstanceRegistry.unlock();
        }
    }

    @Override
    public InitStatus initStatus(int instanceId) {
        return InstanceRegistry.status(instanceId);
    }

    @Override
    public boolean queryFinalized() {
        return InstanceRegistry.finalizedOnce(InstanceRegistry.currentId());
    }

    @Override
    public void setConfStoreTls(boolean enabled, String tlsInfo) {
        if (enabled) {
            TlsInfo.parse("tlsInfo", tlsInfo);
        }
        InstanceRegistry.lock("setConfStoreTls");
        try {
            InstanceRegistry.setTls(enabled, enabled ? tlsInfo : null);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    @Override
    public void setConfStoreTlsKey(String privateKey, byte[] password, io.jshmem.TlsKeyDecryptor decrypt) {
        InstanceRegistry.lock("setConfStoreTlsKey");
        try {
            PreInitConfig.setTlsKey(privateKey, password, decrypt);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    @Override
    public void setQpNum(io.jshmem.DataOpEngine engine, int qpNum) {
        InstanceRegistry.lock("setQpNum");
        try {
            PreInitConfig.setQpNum(engine, qpNum);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    @Override
    public int qpNum(io.jshmem.DataOpEngine engine) {
        return PreInitConfig.qpNum(engine);
    }

    @Override
    public void setLogLevel(int level) {
        ShmemLog.setLevel(LogLevel.fromCode(level));
    }

    @Override
    public void setExternLogger(ExternalLogger logger) {
        ShmemLog.setExternalLogger(logger == null ? null
                : (level, name, message) -> logger.log(level.systemLevel(), name, message));
    }

    @Override
    public <T> T lifecycle(String operation, Supplier<T> call) {
        InstanceRegistry.lock(operation);
        try {
            return call.get();
        } finally {
            InstanceRegistry.unlock();
        }
    }

    @Override
    public MemorySegment localOperand(String name, SymmetricMemory block) {
        if (block == null) {
            return null;
        }
        RuntimeImpl rt = (RuntimeImpl) current();
        return rt.ownBlock(name, block).local();
    }

    @Override
    public Stream currentStream(String name, Stream stream) {
        return ((RuntimeImpl) current()).ownStream(name, stream);
    }

    /** An instance switch held open until close (not thread-safe, as the interface says). */
    private static final class Scope implements InstanceScope {
        private final int previous;
        private final int id;
        private boolean closed;

        Scope(int previous, int id) {
            this.previous = previous;
            this.id = id;
        }

        @Override
        public int instanceId() {
            return id;
        }

        @Override
        public int previousInstanceId() {
            return previous;
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                if (InstanceRegistry.liveOrNull(previous) != null) {
                    InstanceRegistry.setCurrent(previous);
                } else if (InstanceRegistry.liveOrNull(0) != null) {
                    InstanceRegistry.setCurrent(0);
                }
            } finally {
                InstanceRegistry.unlock();
            }
        }
    }
}
