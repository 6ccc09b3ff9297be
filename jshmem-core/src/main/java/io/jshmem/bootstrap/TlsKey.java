package io.jshmem.bootstrap;

import io.jshmem.error.BootstrapException;

import java.util.Arrays;
import java.util.function.Function;

/**
 * The private key of the rendezvous' TLS and its protected password, as CANN's
 * {@code aclshmemx_set_config_store_tls_key(pk, pw, decrypt_handler)} gives them: {@code privateKey} is a PEM
 * PKCS#8 key (its text, or the path of the file holding it; it replaces {@code tlsPk}), {@code password} the
 * encrypted password of that key (or of a PKCS12 {@code tlsCert}), and {@code decrypt} turns it into the plain
 * password when the TLS context is built (at init or getUniqueId), so the plain password lives only for that moment
 * and is zeroed afterwards. Without a callback the password bytes are the password (UTF-8). Immutable; holds copies.
 */
public final class TlsKey {
    private final String privateKey;
    private final byte[] password;
    private final Function<byte[], char[]> decrypt;

    public TlsKey(String privateKey, byte[] password, Function<byte[], char[]> decrypt) {
        this.privateKey = privateKey;
        this.password = password == null ? new byte[0] : password.clone();
        this.decrypt = decrypt;
    }

    /** The key: PEM text (contains "-----BEGIN") or a file path. */
    public String privateKey() {
        return privateKey;
    }

    /** Whether {@link #privateKey} is the PEM text itself rather than a path. */
    public boolean inline() {
        return privateKey.contains("-----BEGIN");
    }

    /** The plain password: the callback's result on a copy of the protected bytes; the caller zeroes it. */
    char[] plainPassword() {
        if (decrypt == null) {
            return new String(password, java.nio.charset.StandardCharsets.UTF_8).toCharArray();
        }
        byte[] copy = password.clone();
        char[] plain;
        try {
            plain = decrypt.apply(copy);
        } catch (RuntimeException e) {
            throw new BootstrapException("the decrypt callback of setConfStoreTlsKey failed: " + e + "; it must"
                    + " return the private key's password for the bytes it was given", e);
        } finally {
            Arrays.fill(copy, (byte) 0);
        }
        if (plain == null) {
            throw new BootstrapException("the decrypt callback of setConfStoreTlsKey returned null: it must return"
                    + " the private key's password (an empty array for an unencrypted key)");
        }
        return plain;
    }
}
