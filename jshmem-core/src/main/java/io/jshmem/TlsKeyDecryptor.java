package io.jshmem;

/**
 * The decrypt callback of {@code aclshmemx_set_config_store_tls_key} ({@link Shmem#setConfStoreTlsKey}): turns the
 * protected password given there into the plain password of the rendezvous' TLS private key. Called once per TLS
 * context jshmem builds (each init, and each getUniqueId that serves a rendezvous), on the calling thread, with a
 * copy of the protected bytes that jshmem zeroes afterwards; jshmem zeroes the returned array after use too. It
 * must be thread-safe if several threads init at once.
 */
@FunctionalInterface
public interface TlsKeyDecryptor {
    /**
     * The plain password for {@code encryptedPassword}.
     *
     * @return the password; never null (an empty array for an unencrypted key)
     */
    char[] decrypt(byte[] encryptedPassword);
}
