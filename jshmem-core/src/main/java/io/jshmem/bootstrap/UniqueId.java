package io.jshmem.bootstrap;

import io.jshmem.config.ArgumentChecks;
import io.jshmem.error.ShmemArgumentException;

import java.net.InetSocketAddress;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Names one job: the address of its rendezvous and the session secret that every PE must prove it knows.
 * PE 0 (or the launcher) creates it, hands the printable form to the others by any channel, and every PE
 * connects with it. The printable form is
 * {@code jshmem-uid-v1:<base64url secret>@tcp://10.0.0.1:4567} or {@code jshmem-uid-v1:<secret>@tcp6://[::1]:4567}.
 *
 * <p>The printable form contains the secret: whoever reads it can join the job. Pass it through the environment
 * or a private channel, and do not log it. Port 0 means "not bound yet": a server binds an ephemeral port and
 * {@link RendezvousServer#uniqueId()} gives the id with the real port.
 *
 * <p>Immutable and thread-safe: the secret is copied in and out.
 */
public record UniqueId(String host, int port, byte[] secret) {
    static final String PREFIX = "jshmem-uid-v1:";
    /** Secrets shorter than this are too easy to guess. */
    public static final int MIN_SECRET_BYTES = 16;
    public static final int MAX_SECRET_BYTES = 1024;
    private static final int NEW_SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * @param host   host name or IP address literal (IPv6 with or without brackets)
     * @param port   0..65535; 0 only before the server is bound
     * @param secret {@value #MIN_SECRET_BYTES}..{@value #MAX_SECRET_BYTES} bytes
     */
    public UniqueId {
        ArgumentChecks.notNull("host", host);
        ArgumentChecks.notNull("secret", secret);
        if (host.length() > 2 && host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isBlank() || host.chars().anyMatch(c -> Character.isWhitespace(c) || "@/[]".indexOf(c) >= 0)) {
            throw new ShmemArgumentException("host = '" + host + "' is not a host name or IP address: valid are a"
                    + " name such as node1, an IPv4 address such as 10.0.0.1 or an IPv6 address such as ::1;"
                    + " pass the address where the rendezvous listens");
        }
        if (port < 0 || port > 65535) {
            throw new ShmemArgumentException("port = " + port + " is not a TCP port: valid range is 0..65535"
                    + " (0 = not bound yet); pass the port where the rendezvous listens");
        }
        if (secret.length < MIN_SECRET_BYTES || secret.length > MAX_SECRET_BYTES) {
            throw new ShmemArgumentException("secret length = " + secret.length + " bytes is invalid: valid range is "
                    + MIN_SECRET_BYTES + ".." + MAX_SECRET_BYTES + " bytes; use UniqueId.newSecret()");
        }
        secret = secret.clone();
    }

    /** A copy of the session secret. */
    @Override
    public byte[] secret() {
        return secret.clone();
    }

    /** A fresh random secret of 32 bytes from {@link SecureRandom}. */
    public static byte[] newSecret() {
        byte[] s = new byte[NEW_SECRET_BYTES];
        RANDOM.nextBytes(s);
        return s;
    }

    /** The rendezvous address; resolves the host name (which may block on DNS). */
    public InetSocketAddress address() {
        return new InetSocketAddress(host, port);
    }

    /**
     * 12 lowercase hex characters from SHA-256 of the secret. Names this session's files (for example
     * {@code /dev/shm/jshmem-<sessionName>-*}) without revealing the secret.
     */
    public String sessionName() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(secret);
            return HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /** The printable form (contains the secret); {@link #parse(String)} reads it back. */
    @Override
    public String toString() {
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret) + "@" + addressText();
    }

    /** {@code tcp://host:port} or {@code tcp6://[addr]:port}: the address without the secret, for messages. */
    public String addressText() {
        return host.indexOf(':') >= 0 ? "tcp6://[" + host + "]:" + port : "tcp://" + host + ":" + port;
    }

    /**
     * Reads the printable form. Throws {@link ShmemArgumentException} naming what is wrong; the message never
     * contains the secret.
     */
    public static UniqueId parse(String text) {
        ArgumentChecks.notNull("text", text);
        String t = text.strip();
        if (!t.startsWith(PREFIX)) {
            throw malformed(t, "it does not start with '" + PREFIX + "'");
        }
        int at = t.indexOf('@', PREFIX.length());
        if (at < 0) {
            throw malformed(t, "the '@' between the secret and the address is missing");
        }
        byte[] secret;
        try {
            secret = Base64.getUrlDecoder().decode(t.substring(PREFIX.length(), at));
        } catch (IllegalArgumentException e) {
            throw malformed(t, "the secret is not base64url text");
        }
        String address = t.substring(at + 1);
        String host;
        String portText;
        if (address.startsWith("tcp6://[")) {
            int close = address.indexOf(']');
            if (close < 0 || !address.startsWith(":", close + 1)) {
                throw malformed(t, "an IPv6 address must look like tcp6://[addr]:port");
            }
            host = address.substring("tcp6://[".length(), close);
            portText = address.substring(close + 2);
        } else if (address.startsWith("tcp://")) {
            String hostPort = address.substring("tcp://".length());
            int colon = hostPort.lastIndexOf(':');
            if (colon <= 0 || hostPort.indexOf(':') != colon) {
                throw malformed(t, "the address must look like tcp://host:port (tcp6://[addr]:port for IPv6)");
            }
            host = hostPort.substring(0, colon);
            portText = hostPort.substring(colon + 1);
        } else {
            throw malformed(t, "the address must start with tcp:// or tcp6://");
        }
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw malformed(t, "port '" + portText + "' is not a number in 0..65535");
        }
        try {
            return new UniqueId(host, port, secret);
        } catch (ShmemArgumentException e) {
            throw malformed(t, e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UniqueId u && port == u.port && host.equals(u.host)
                && MessageDigest.isEqual(secret, u.secret);
    }

    @Override
    public int hashCode() {
        return (host.hashCode() * 31 + port) * 31 + Arrays.hashCode(secret);
    }

    private static ShmemArgumentException malformed(String text, String why) {
        String shown = text;
        int at = text.indexOf('@');
        if (text.startsWith(PREFIX)) {
            shown = PREFIX + "<secret>" + (at > 0 ? text.substring(at) : "");
        } else if (shown.length() > 80) {
            shown = shown.substring(0, 80) + "...";
        }
        return new ShmemArgumentException("unique id '" + shown + "' is malformed: " + why + ". Valid form: "
                + PREFIX + "<base64url secret>@tcp://host:port or ...@tcp6://[addr]:port; pass the text printed by"
                + " UniqueId.toString() (shmemrun sets it in JSHMEM_UNIQUE_ID)");
    }
}
