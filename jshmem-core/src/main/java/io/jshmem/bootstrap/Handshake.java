package io.jshmem.bootstrap;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Challenge/response of the rendezvous: both sides prove that they know the session secret without sending it.
 *
 * <pre>
 *   server -> client  SERVER_HELLO  magic, version, server nonce
 *   client -> server  CLIENT_HELLO  magic, version, client nonce, pe, nPes, process tag,
 *                                   HMAC-SHA256(secret, "jshmem-client" | server nonce | client nonce | pe | nPes | tag)
 *   server -> client  WELCOME       HMAC-SHA256(secret, "jshmem-server" | client nonce | server nonce | pe), nPes, host PE
 *                  or REFUSED       reason
 * </pre>
 *
 * Fresh nonces on both sides mean a recorded exchange cannot be replayed in either direction. Stateless and
 * thread-safe.
 */
final class Handshake {
    static final int MAGIC = 0x4A53484D; // "JSHM"
    static final int VERSION = 1;
    static final int NONCE_BYTES = 32;
    static final int MAC_BYTES = 32;
    static final int MAX_TAG_CHARS = 200;
    /** How long either side waits for the other's handshake message; a silent stranger is dropped after it. */
    static final int HANDSHAKE_TIMEOUT_MS = 10_000;
    /** How long a client waits for one connection attempt's handshake before it retries with a new connection. */
    static final int CLIENT_ATTEMPT_MS = 4_000;

    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * Identifies this JVM: the server compares it with its clients' tags to learn which PE hosts it, and refuses a
     * second process that claims a PE which is already connected.
     */
    static final String PROCESS_TAG = ProcessHandle.current().pid() + "/" + HexFormat.of().formatHex(nonce(), 0, 8);

    private Handshake() {
    }

    static byte[] nonce() {
        byte[] n = new byte[NONCE_BYTES];
        RANDOM.nextBytes(n);
        return n;
    }

    static byte[] clientProof(byte[] secret, byte[] serverNonce, byte[] clientNonce, int pe, int nPes, String tag) {
        return hmac(secret, "jshmem-client", serverNonce, clientNonce, ints(pe, nPes),
                tag.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] serverProof(byte[] secret, byte[] clientNonce, byte[] serverNonce, int pe) {
        return hmac(secret, "jshmem-server", clientNonce, serverNonce, ints(pe));
    }

    /** Constant-time comparison, so that timing reveals nothing about the expected value. */
    static boolean matches(byte[] expected, byte[] actual) {
        return MessageDigest.isEqual(expected, actual);
    }

    /** The pid part of a process tag, for messages. */
    static String pidOf(String tag) {
        int slash = tag.indexOf('/');
        return slash < 0 ? tag : tag.substring(0, slash);
    }

    private static byte[] ints(int... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }

    private static byte[] hmac(byte[] secret, String label, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update(label.getBytes(StandardCharsets.US_ASCII));
            for (byte[] p : parts) {
                mac.update(p);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }
}
