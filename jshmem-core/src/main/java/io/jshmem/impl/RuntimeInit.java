package io.jshmem.impl;

import io.jshmem.InitAttributes;
import io.jshmem.ThreadLevel;
import io.jshmem.bootstrap.UniqueId;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.operand.Operands;
import io.jshmem.runtime.DerivedSession;
import io.jshmem.runtime.InitOptions;
import io.jshmem.runtime.Instance;
import io.jshmem.runtime.StartupBanner;
import io.jshmem.runtime.UniqueIdAddress;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The first init of an instance: its settings (environment, the attributes' overrides, the TLS and pre-init
 * configuration stores), its rendezvous (a launched job's, an explicit unique id or URL, or one derived through
 * instance 0), then the {@link Instance} and its {@link RuntimeImpl}. A further init of a live instance does not come
 * here ({@link #init} counts it). Called under the lifecycle lock of {@link InstanceRegistry}.
 */
final class RuntimeInit {
    private RuntimeInit() {
    }

    /**
     * Collective: initializes a PE with the given attributes. The instance ({@link InitAttributes#instanceId}, 0
     * by default) must not be live; it becomes the current instance of the {@code Shmem} facade.
     */
    static RuntimeImpl init(InitAttributes attributes, ThreadLevel level) {
        Operands.notNull("attributes", attributes);
        int id = InstanceRegistry.checkId("instanceId", attributes.instanceId());
        InstanceRegistry.lock("init of instance " + id);
        try {
            RuntimeImpl live = InstanceRegistry.liveOrNull(id);
            if (live != null) {
                return live.initAgain(attributes);
            }
            return RuntimeInit.initRegistered(attributes, level == null ? ThreadLevel.MULTIPLE : level);
        } finally {
            InstanceRegistry.unlock();
        }
    }

    /**
     * Why a further init of the live instance {@code live} ({@code inits} inits not yet finalized) with explicit
     * attributes is refused: they start an instance rather than join one. Nothing was changed.
     */
    static ShmemStateException explicitOnLive(RuntimeImpl live, int inits, InitAttributes attributes) {
        return new ShmemStateException("instance " + live.instanceId() + " is live: it is already initialized as PE "
                + live.myPe() + " of " + live.nPes() + " with a heap of " + live.heapSize() + " bytes (" + inits
                + (inits == 1 ? " init" : " inits") + " not yet finalized), and this init passes explicit "
                + "attributes (" + explicit(attributes) + "), which start an instance rather than join one: "
                + "finalize it first to start it again with these attributes, call plain init() (or "
                + "InitAttributes.fromEnvironment()) to nest an init in the live one, or init another instance id"
                + " (nothing was changed)");
    }

    /** The explicit part of {@code attributes}, for a message. */
    private static String explicit(InitAttributes attributes) {
        StringBuilder sb = new StringBuilder();
        if (attributes.myPe() >= 0) {
            sb.append("PE ").append(attributes.myPe()).append(" of ").append(attributes.nPes()).append(", unique id ")
                    .append(attributes.uniqueId());
        }
        for (var e : attributes.overrides().entrySet()) {
            sb.append(sb.isEmpty() ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
    }

    static RuntimeImpl initRegistered(InitAttributes attributes, ThreadLevel level) {
        int id = attributes.instanceId();  // the lifecycle lock is held (reentrant) by the caller
        InstanceRegistry.lock("init of instance " + id);
        try {
            InstanceRegistry.beginInit(id);
            try {
                RuntimeImpl rt = initInstance(attributes, id, level);
                InstanceRegistry.initialized(id, rt);
                return rt;
            } catch (RuntimeException | Error e) {
                InstanceRegistry.initFailed(id);
                throw e;
            }
        } finally {
            InstanceRegistry.unlock();
        }
    }

    private static RuntimeImpl initInstance(InitAttributes attributes, int id, ThreadLevel level) {
        Settings settings = PreInitConfig.apply(InstanceRegistry.applyTls(applyOverrides(attributes,
                Settings.fromEnvironment())));
        InitOptions options;
        if (attributes.myPe() >= 0) {
            String text = attributes.uniqueId();
            boolean url = text.startsWith("tcp://") || text.startsWith("tcp6://");
            if (url) {
                text = DerivedSession.urlForInstance(text, id, settings);
            }
            UniqueId uid = url ? urlUniqueId(text, settings) : UniqueId.parse(text);
            options = new InitOptions(settings, attributes.myPe(), attributes.nPes(), uid, url);
        } else if (id != 0) {
            // A launched job has one unique id, instance 0's; instance id gets a session derived through it.
            RuntimeImpl zero = InstanceRegistry.liveOrNull(0);
            if (zero == null) {
                throw new ShmemStateException("instance " + id + " of a launched job takes its"
                        + " rendezvous from instance 0, which is not initialized: init instance 0 first, or pass"
                        + " explicit attributes (InitAttributes.of(pe, nPes, uniqueId).instanceId(" + id + "))");
            }
            UniqueId uid = DerivedSession.derive(zero.instance(), id, InstanceRegistry.generation(id), settings);
            options = new InitOptions(settings, zero.myPe(), zero.nPes(), uid, false);
        } else {
            options = InitOptions.fromEnvironment(settings);
        }
        Instance in = Instance.init(options, () -> InstanceRegistry.heapCreated(id));
        try {
            RuntimeImpl rt = new RuntimeImpl(in, id, level, new AtomicReference<>());
            StartupBanner.atInit(settings, in.myPe());
            return rt;
        } catch (RuntimeException e) {
            // A bad setting seen only now (SHMEM_CYCLE_PROF_PE) is seen by every PE: all finalize together.
            in.finalizeInstance();
            throw e;
        }
    }

    private static Settings applyOverrides(InitAttributes attributes, Settings base) {
        Settings s = base;
        for (Map.Entry<String, String> e : attributes.overrides().entrySet()) {
            Setting setting = null;
            for (Setting candidate : Setting.values()) {
                if (candidate.envName().equals(e.getKey())) {
                    setting = candidate;
                }
            }
            if (setting == null) {
                throw new ShmemArgumentException("setting " + e.getKey() + " is not a jshmem setting: valid names "
                        + "are those of the settings table (bin/shmem-config --settings); check the spelling");
            }
            s = s.with(setting, e.getValue());
        }
        return s;
    }

    private static UniqueId urlUniqueId(String url, Settings settings) {
        var address = UniqueIdAddress.parseHostPort(url);
        String secret = settings.get(io.jshmem.config.Setting.SECRET).orElse(url);
        byte[] digest;
        try {
            digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return new UniqueId(address.getHostString(), address.getPort(), digest);
    }
}
