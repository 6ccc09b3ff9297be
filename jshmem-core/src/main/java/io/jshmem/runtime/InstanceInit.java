package io.jshmem.runtime;

import io.jshmem.bootstrap.FailureListener;
import io.jshmem.bootstrap.LaunchEnvironment;
import io.jshmem.bootstrap.LaunchInfo;
import io.jshmem.bootstrap.RendezvousClient;
import io.jshmem.bootstrap.RendezvousServer;
import io.jshmem.bootstrap.TlsContexts;
import io.jshmem.bootstrap.UniqueId;
import io.jshmem.comm.Comm;
import io.jshmem.comm.FailureState;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.config.ShmemLog;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.memory.HeapBacking;
import io.jshmem.memory.HeapLayout;
import io.jshmem.team.TeamLayout;
import io.jshmem.team.TeamSlots;

import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * The init sequence of one {@link Instance}, collective over all PEs of the job (docs/architecture.md, "A job and
 * its PEs"): settings checked before anything is created, the launch environment, the rendezvous (hosted or
 * reached) with its failure listener, the heaps, the engines, then the instance and a final rendezvous barrier. On
 * failure everything made so far is released and the others learn at once that this PE is gone. Stateless.
 */
final class InstanceInit {
    private static final System.Logger LOG = ShmemLog.logger(Instance.class);

    private InstanceInit() {
    }

    static Instance run(InitOptions options, Runnable heapCreated) {
        Settings s = options.settings();
        Duration timeout = Duration.ofSeconds(s.longValue(Setting.TIMEOUT));
        // CANN's connect and control-operation timeouts; each defaults to JSHMEM_TIMEOUT.
        Duration connectTimeout = seconds(s, Setting.CONNECT_TIMEOUT, timeout);
        Duration controlTimeout = seconds(s, Setting.CONTROL_TIMEOUT, timeout);
        SSLContext tls = TlsContexts.fromSettings(s);
        long heapSize = s.size(Setting.SYMMETRIC_SIZE);
        int slots = TeamSlots.check(s.intValue(Setting.TEAMS_MAX));
        long userOffset = TeamLayout.userOffset(slots);
        if (heapSize < HeapLayout.minHeapSize(userOffset)) {
            throw new ShmemArgumentException("SHMEM_SYMMETRIC_SIZE = " + heapSize + " is too small: valid sizes are "
                    + HeapLayout.minHeapSize(userOffset) + " bytes or more (the first " + userOffset
                    + " are reserved, " + slots + " team slots of JSHMEM_TEAMS_MAX included); raise it");
        }
        // Explicit attributes (self-bootstrap) say only who this PE is; locality comes from the host exchange.
        int pe;
        int nPes;
        UniqueId uid;
        boolean hostsRendezvous;
        boolean underLauncher = false;
        if (options.explicit()) {
            pe = options.pe();
            nPes = options.nPes();
            uid = options.uniqueId();
            hostsRendezvous = options.peZeroServes() && pe == 0;
        } else {
            LaunchInfo info = LaunchEnvironment.detect(s);
            SinglePeNotice.printIfAlone(info);
            LOG.log(System.Logger.Level.INFO, () -> "launch environment: " + info.source() + ", PE " + info.pe()
                    + " of " + info.nPes() + " (local " + info.localPe() + " of " + info.localNPes() + ")");
            pe = info.pe();
            nPes = info.nPes();
            uid = info.uniqueId();
            hostsRendezvous = info.hostsRendezvous();
            underLauncher = "shmemrun".equals(info.source());
        }
        RendezvousServer server = null;
        if (hostsRendezvous) {
            server = RendezvousServer.start(uid.address(), uid.secret(), tls);
            uid = server.uniqueId();
        } else if (options.explicit()) {
            server = LocalRendezvous.serverFor(uid);
        }
        FailureState failures = new FailureState();
        boolean orphanExit = s.bool(Setting.ORPHAN_EXIT);
        // Set once this PE has passed the finalize barrier: from then on the rendezvous going away is the normal end.
        java.util.concurrent.atomic.AtomicBoolean leaving = new java.util.concurrent.atomic.AtomicBoolean();
        RendezvousClient boot = null;
        Arena arena = Arena.ofShared();
        try {
            boot = RendezvousClient.connect(uid, pe, nPes, connectTimeout, tls);
            LOG.log(System.Logger.Level.INFO, () -> "PE " + pe + " of " + nPes + " reached the rendezvous at "
                    + options.settings().get(Setting.UID_SESSION_ID).orElse("its unique id")
                    + (tls != null ? " over TLS 1.3" : ""));
            boot.addFailureListener(new FailureListener() {
                @Override
                public void peerLost(int lost, String reason) {
                    failures.peerLost(lost, reason);
                }

                @Override
                public void jobAborted(int fromPe, int status, String reason) {
                    GlobalExit.haltNow(status);
                }

                @Override
                public void rendezvousLost(int hostPe, String reason) {
                    failures.rendezvousLost(hostPe, reason);
                    if (!leaving.get()) {
                        OrphanWatchdog.rendezvousLost(orphanExit, pe, reason, System.err);
                    }
                }
            });
            if (underLauncher) {
                OrphanWatchdog.watchLauncher(orphanExit, pe, System.err);
            }
            Path dir = Path.of(s.string(Setting.HEAP_DIR));
            HeapBacking backing = HeapBacking.of(s);
            LOG.log(System.Logger.Level.INFO, () -> "PE " + pe + ": symmetric heap of " + heapSize + " bytes"
                    + (backing == HeapBacking.MEMFD ? " in a memfd" : " in " + dir) + " (SHMEM_SYMMETRIC_SIZE,"
                    + " JSHMEM_HEAP_BACKING)");
            HeapSetup.Mapped mapped = HeapSetup.run(boot, pe, nPes, uid.sessionName(), backing, dir, heapSize,
                    slots, arena, controlTimeout, s.bool(Setting.HEAP_PREFAULT));
            heapCreated.run();
            Comm comm = EngineSelection.build(s, pe, mapped, boot, timeout, failures);
            Instance instance = new Instance(s, pe, nPes, timeout, server, boot, arena, mapped,
                    heapSize, comm, failures);
            instance.leaving = leaving;
            instance.controlTimeout = controlTimeout;
            instance.tls = tls != null;
            boot.barrier("init-done", controlTimeout);
            LOG.log(System.Logger.Level.INFO, () -> "The jshmem PE " + pe + " init success.");
            return instance;
        } catch (RuntimeException e) {
            if (boot != null) {
                // Without a goodbye the others learn at once that this PE is gone, instead of at their deadline.
                boot.abandon();
            }
            arena.close();
            if (server != null) {
                Instance.closeQuietly(server);
            }
            throw e;
        }
    }

    private static Duration seconds(Settings s, Setting setting, Duration fallback) {
        if (s.get(setting).isEmpty()) {
            return fallback;
        }
        long v = s.longValue(setting);
        if (v <= 0) {
            throw new ShmemArgumentException(setting.envName() + " = " + v + " is invalid: valid timeouts are 1 second"
                    + " or more; leave it unset to use JSHMEM_TIMEOUT");
        }
        return Duration.ofSeconds(v);
    }
}
