package io.jshmem.bootstrap;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;

/**
 * One message of the rendezvous protocol: {@code int length, byte type, payload}, where length counts the type
 * and the payload. A frame is read whole before it is parsed, so a peer can never make a reader block in the
 * middle of a message or allocate more than the limit the reader passes in.
 *
 * <p>Not thread-safe; each frame is used by one thread.
 */
final class Frame {
    /** Limit before authentication: a stranger cannot make the server allocate more than this. */
    static final int MAX_HANDSHAKE_LENGTH = 8 * 1024;
    /** Limit after authentication (allgather results of large jobs). */
    static final int MAX_LENGTH = 256 << 20;
    static final int MAX_KEY_CHARS = 1024;
    static final int MAX_TEXT_CHARS = 4096;

    // Handshake.
    static final byte SERVER_HELLO = 40;
    static final byte CLIENT_HELLO = 41;
    static final byte WELCOME = 42;
    static final byte REFUSED = 43;
    // Client requests; each starts with a long request id.
    static final byte SET = 1;
    static final byte GET = 2;
    static final byte ADD = 3;
    static final byte GATHER = 4;
    static final byte ABORT = 5;
    static final byte GOODBYE = 6;
    // Server replies; each starts with the request id it answers.
    static final byte OK = 20;
    static final byte VALUE = 21;
    static final byte LONG = 22;
    static final byte GATHERED = 23;
    static final byte TIMEOUT = 24;
    static final byte FAILED = 25;
    static final byte ERROR = 26;
    // Server events, pushed without a request.
    static final byte PEER_LOST = 30;
    static final byte ABORTED = 31;
    static final byte HOST = 32;
    static final byte SHUTDOWN = 33;

    final byte type;
    private final DataInputStream body;

    private Frame(byte[] bytes) {
        this.type = bytes[0];
        this.body = new DataInputStream(new ByteArrayInputStream(bytes, 1, bytes.length - 1));
    }

    /** Reads one whole frame; a length outside {@code 1..maxLength} is a protocol error. */
    static Frame read(DataInputStream in, int maxLength) throws IOException {
        int length = in.readInt();
        if (length < 1 || length > maxLength) {
            throw new ProtocolException("frame length " + length + " is outside 1.." + maxLength);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new Frame(bytes);
    }

    static Builder of(byte type) {
        return new Builder(type);
    }

    int readInt() throws IOException {
        return body.readInt();
    }

    long readLong() throws IOException {
        return body.readLong();
    }

    boolean readBoolean() throws IOException {
        return body.readBoolean();
    }

    /** Reads exactly {@code n} bytes. */
    byte[] readFixed(int n) throws IOException {
        byte[] b = new byte[n];
        body.readFully(b);
        return b;
    }

    /** Reads a length-prefixed byte array; the length is bounded by what the frame holds. */
    byte[] readBytes() throws IOException {
        int n = body.readInt();
        if (n < 0 || n > body.available()) {
            throw new ProtocolException("byte array length " + n + " exceeds the " + body.available()
                    + " bytes left in the frame");
        }
        return readFixed(n);
    }

    String readString(int maxChars) throws IOException {
        byte[] b = readBytes();
        String s = new String(b, StandardCharsets.UTF_8);
        if (s.length() > maxChars) {
            throw new ProtocolException("text of " + s.length() + " characters exceeds the limit " + maxChars);
        }
        return s;
    }

    /** Reads a length-prefixed int array. */
    int[] readInts() throws IOException {
        int n = body.readInt();
        if (n < 0 || n > body.available() / 4) {
            throw new EOFException("int array length " + n + " exceeds the frame");
        }
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = body.readInt();
        }
        return a;
    }

    /** Builds one frame; the length prefix is filled in by {@link #toBytes()}. */
    static final class Builder {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        private final DataOutputStream out = new DataOutputStream(bytes);

        private Builder(byte type) {
            try {
                out.writeInt(0);
                out.writeByte(type);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        Builder putInt(int v) {
            try {
                out.writeInt(v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Builder putLong(long v) {
            try {
                out.writeLong(v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Builder putBoolean(boolean v) {
            try {
                out.writeBoolean(v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        /** Writes the bytes without a length (fixed-size fields such as nonces). */
        Builder putFixed(byte[] b) {
            bytes.write(b, 0, b.length);
            return this;
        }

        Builder putBytes(byte[] b) {
            putInt(b.length);
            return putFixed(b);
        }

        Builder putString(String s) {
            return putBytes(s.getBytes(StandardCharsets.UTF_8));
        }

        Builder putInts(int[] a) {
            putInt(a.length);
            for (int v : a) {
                putInt(v);
            }
            return this;
        }

        byte[] toBytes() {
            byte[] b = bytes.toByteArray();
            int length = b.length - 4;
            b[0] = (byte) (length >>> 24);
            b[1] = (byte) (length >>> 16);
            b[2] = (byte) (length >>> 8);
            b[3] = (byte) length;
            return b;
        }

        void writeTo(OutputStream target) throws IOException {
            target.write(toBytes());
            target.flush();
        }
    }

    /** Cuts free text (reasons, messages) to the protocol's limit so that a long reason never breaks a frame. */
    static String clip(String s) {
        if (s == null) {
            return "";
        }
        return s.length() <= MAX_TEXT_CHARS ? s : s.substring(0, MAX_TEXT_CHARS - 3) + "...";
    }
}
