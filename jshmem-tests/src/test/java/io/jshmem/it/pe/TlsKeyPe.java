package io.jshmem.it.pe;

import io.jshmem.InitAttributes;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.TlsKeyDecryptor;
import io.jshmem.error.BootstrapException;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * CANN's {@code set_config_store_tls_key}, self-bootstrapped over TLS: the rendezvous' key is an encrypted
 * PKCS#8 PEM whose password reaches jshmem only as protected bytes plus a decrypt callback. A callback that returns a
 * wrong password, throws or returns null fails init (or getUniqueId) clearly and leaves the process able to retry;
 * with the right callback the job starts over TLS and moves data. Args: uid file, my PE, PE count, cert PEM, key
 * PEM, key password, key mode ({@code file}: pass the key's path, {@code text}: pass the PEM text).
 */
public final class TlsKeyPe {
    /** The "protection" of the password in this test: XOR with a byte, undone by the callback. */
    private static final byte MASK = 0x5A;

    public static void main(String[] args) throws Exception {
        int me = Integer.parseInt(args[1]);
        int n = Integer.parseInt(args[2]);
        String info = "tlsCert: " + args[3] + ";";
        String keyPath = args[4];
        String key = args[6].equals("text") ? java.nio.file.Files.readString(Path.of(keyPath)) : keyPath;
        byte[] protectedPassword = mask(args[5].getBytes(StandardCharsets.UTF_8));
        AtomicInteger calls = new AtomicInteger();
        TlsKeyDecryptor right = bytes -> {
            calls.incrementAndGet();
            return new String(mask(bytes), StandardCharsets.UTF_8).toCharArray();
        };
        Shmem.setConfStoreTls(true, info);
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.setConfStoreTlsKey(" ", protectedPassword, right),
                "privateKey is blank");

        // Wrong results of the callback: each fails clearly, before any connection, and nothing stays half set up.
        Shmem.setConfStoreTlsKey(key, protectedPassword, bytes -> "not-the-password".toCharArray());
        if (me == 0) {
            Expect.thrown(BootstrapException.class, Shmem::getUniqueId, "password is wrong", "decrypt callback");
        }
        Shmem.setConfStoreTlsKey(key, protectedPassword, bytes -> {
            throw new IllegalStateException("vault unreachable");
        });
        if (me == 0) {
            Expect.thrown(BootstrapException.class, Shmem::getUniqueId, "decrypt callback", "vault unreachable");
        }
        Shmem.setConfStoreTlsKey(key, protectedPassword, bytes -> null);
        if (me == 0) {
            Expect.thrown(BootstrapException.class, Shmem::getUniqueId, "returned null");
        }

        Shmem.setConfStoreTlsKey(key, protectedPassword, me == 0 ? right : bytes -> "wrong".toCharArray());
        String uid = UniqueIdAttrPe.exchange(Path.of(args[0]), me);
        InitAttributes attrs = InitAttributes.of(me, n, uid).heapSize(1 << 20)
                .connectTimeout(Duration.ofSeconds(20)).controlTimeout(Duration.ofSeconds(20));
        if (me != 0) {
            // This PE's own wrong password fails its init before it connects; then it retries with the right one.
            Expect.thrown(BootstrapException.class, () -> Shmem.init(attrs), "password is wrong");
            Shmem.setConfStoreTlsKey(key, protectedPassword, right);
        }
        try (ShmemRuntime rt = Shmem.init(attrs)) {
            Expect.isTrue(rt.diagnostics().contains("\"rendezvousTls\": true"), "TLS in diagnostics");
            Expect.thrown(ShmemStateException.class, () -> Shmem.setConfStoreTlsKey(key, protectedPassword, right),
                    "before init");
            SymmetricMemory m = rt.malloc(8);
            rt.p(ValueLayout.JAVA_LONG, m, 0, 500L + me, (me + 1) % n);
            rt.barrierAll();
            Expect.equal(500L + (me + n - 1) % n, m.local().get(ValueLayout.JAVA_LONG, 0), "value from previous PE");
            rt.barrierAll();
            rt.free(m);
        }
        Expect.isTrue(calls.get() >= 1, "the decrypt callback was used: " + calls.get());
        Shmem.setConfStoreTlsKey(null, null, null);
        System.out.println("TLS KEY OK pe " + me + " callback calls " + calls.get());
    }

    private static byte[] mask(byte[] b) {
        byte[] out = b.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] ^= MASK;
        }
        return out;
    }
}
