package io.jshmem.it.pe;

import java.lang.foreign.ValueLayout;
import io.jshmem.InitAttributes;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.BootstrapException;
import io.jshmem.error.ShmemStateException;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Config-store TLS. Launched (no arguments): JSHMEM_TLS/JSHMEM_TLS_INFO come from the launcher, whose rendezvous
 * uses the same files; the PEs exchange values and check that TLS after init is rejected. Self-bootstrapped
 * (args: uid file, my PE, PE count, tls_info, expectation ok|refused|alone): setConfStoreTls before init, then the
 * expectation must hold.
 */
public final class TlsPe {
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            try (ShmemRuntime rt = Shmem.init()) {
                ring(rt);
                Expect.isTrue(rt.diagnostics().contains("\"rendezvousTls\": true"), rt.diagnostics());
                Expect.thrown(ShmemStateException.class, () -> Shmem.setConfStoreTls(true, "tlsCert: x.p12"),
                        "before init");
                System.out.println("TLS LAUNCHED OK pe " + rt.myPe());
            }
            return;
        }
        int me = Integer.parseInt(args[1]);
        int n = Integer.parseInt(args[2]);
        String expectation = args[4];
        Shmem.setConfStoreTls(true, args[3]);
        String uid = UniqueIdAttrPe.exchange(Path.of(args[0]), me);
        InitAttributes attrs = InitAttributes.of(me, n, uid).heapSize(1 << 20)
                .connectTimeout(Duration.ofSeconds(5)).controlTimeout(Duration.ofSeconds(8));
        switch (expectation) {
            case "ok" -> {
                try (ShmemRuntime rt = Shmem.init(attrs)) {
                    ring(rt);
                    Expect.isTrue(rt.diagnostics().contains("\"rendezvousTls\": true"), "TLS in diagnostics");
                    System.out.println("TLS OK pe " + me);
                }
            }
            case "refused" -> {
                BootstrapException e = Expect.thrown(BootstrapException.class, () -> Shmem.init(attrs),
                        "could not connect");
                System.out.println("TLS REFUSED OK pe " + me + ": " + e.getMessage());
            }
            case "alone" -> {
                try {
                    Shmem.init(attrs).close();
                    throw Expect.failure("init succeeded although the other PE was refused", null);
                } catch (RuntimeException e) {
                    System.out.println("TLS ALONE OK pe " + me + ": " + e);
                }
            }
            default -> throw Expect.failure("unknown expectation " + expectation, null);
        }
    }

    private static void ring(ShmemRuntime rt) {
        int me = rt.myPe();
        int n = rt.nPes();
        SymmetricMemory m = rt.malloc(8);
        rt.p(ValueLayout.JAVA_LONG, m, 0, 77L + me, (me + 1) % n);
        rt.barrierAll();
        Expect.equal(77L + (me + n - 1) % n, rt.g(ValueLayout.JAVA_LONG, m, 0, me), "value from previous PE");
        rt.free(m);
    }
}
