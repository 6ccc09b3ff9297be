package io.jshmem.it.pe;

import io.jshmem.InitAttributes;
import io.jshmem.InitStatus;
import io.jshmem.Shmem;
import io.jshmem.ShmemInfo;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemStateException;

import java.util.ArrayList;
import java.util.List;

/**
 * CANN's init smoke test: status before, during and after init, version and name, a ring exchange, repeated init
 * rejected, TLS settings after init rejected, finalize back to NOT_INITIALIZED.
 */
public final class InitSmokePe {
    public static void main(String[] args) throws Exception {
        Expect.equal(InitStatus.NOT_INITIALIZED, Shmem.initStatus(), "status before init");
        Expect.equal(0, Shmem.currentInstance(), "current instance before init");
        List<InitStatus> seen = new ArrayList<>();
        Thread poller = Thread.ofPlatform().daemon().start(() -> {
            InitStatus last = null;
            while (last != InitStatus.INITIALIZED && !Thread.currentThread().isInterrupted()) {
                InitStatus now = Shmem.initStatus(0);
                if (now != last) {
                    synchronized (seen) {
                        seen.add(now);
                    }
                    last = now;
                }
                Thread.onSpinWait();
            }
        });
        ShmemRuntime rt;
        try {
            rt = Shmem.init();
        } finally {
            poller.join(10_000);
            poller.interrupt();
        }
        synchronized (seen) {
            for (int i = 1; i < seen.size(); i++) {
                Expect.isTrue(seen.get(i).ordinal() > seen.get(i - 1).ordinal(), "status went " + seen);
            }
            Expect.equal(InitStatus.INITIALIZED, seen.get(seen.size() - 1), "last status seen " + seen);
        }
        int me = rt.myPe();
        int n = rt.nPes();
        Expect.equal(InitStatus.INITIALIZED, Shmem.initStatus(), "status after init");
        Expect.equal(InitStatus.INITIALIZED, rt.initStatus(), "runtime status");
        Expect.equal(0, rt.instanceId(), "instance id");
        Expect.equal(new ShmemInfo.Version(1, 6), Shmem.infoGetVersion(), "version");
        Expect.isTrue(Shmem.infoGetName().startsWith("jshmem"), "name " + Shmem.infoGetName());
        SymmetricMemory m = Shmem.malloc(64);
        Shmem.p(m, 0, 1000L + me, (me + 1) % n);
        Shmem.barrierAll();
        Expect.equal(1000L + (me + n - 1) % n, Shmem.gLong(m, 0, me), "value from previous PE");
        Shmem.free(m);
        // OpenSHMEM 1.6: a second init no longer throws; inits nest, n inits need n finalizes.
        Expect.isTrue(Shmem.init() == rt, "a nested init returns the live runtime");
        Expect.isTrue(Shmem.init(InitAttributes.fromEnvironment()) == rt, "a nested init with attributes too");
        Expect.equal(3, rt.initCount(), "init count after two nested inits");
        Shmem.finalizeShmem();
        Shmem.finalizeShmem();
        Expect.equal(1, rt.initCount(), "init count after two non-last finalizes");
        Expect.equal(InitStatus.INITIALIZED, Shmem.initStatus(), "still initialized after non-last finalizes");
        Expect.thrown(ShmemStateException.class, () -> Shmem.setConfStoreTls(false, null), "before init");
        Expect.isTrue(rt.diagnostics().contains("\"status\": \"INITIALIZED\""), rt.diagnostics());
        Shmem.finalizeShmem();
        Expect.equal(InitStatus.NOT_INITIALIZED, Shmem.initStatus(), "status after finalize");
        Expect.thrown(ShmemStateException.class, Shmem::myPe, "finalized");
        Shmem.setConfStoreTls(false, null); // allowed again once nothing is live
        System.out.println("INIT SMOKE OK pe " + me + " of " + n + " saw " + seen);
    }
}
