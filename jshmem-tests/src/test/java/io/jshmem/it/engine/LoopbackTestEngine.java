package io.jshmem.it.engine;

import io.jshmem.spi.AmoOp;
import io.jshmem.spi.EngineCapabilities;
import io.jshmem.spi.Transport;
import io.jshmem.spi.TransportSetup;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;

/**
 * The engine of {@link LoopbackTestProvider}: one TCP connection per served peer, one request at a time per
 * connection (a lock), each answered by the target's {@link LoopbackTestServer} after it applied the operation to
 * its heap. So every operation is complete at the target when the call returns, fence and quiet are full fences, and
 * operations to one target are in order. Thread-safe. Slow by design: it exists to prove that an engine needs only
 * the SPI.
 */
final class LoopbackTestEngine implements Transport {
    private final LoopbackTestServer server;
    private final Socket[] sockets;
    private final DataOutputStream[] out;
    private final DataInputStream[] in;

    private LoopbackTestEngine(LoopbackTestServer server, int n) {
        this.server = server;
        this.sockets = new Socket[n];
        this.out = new DataOutputStream[n];
        this.in = new DataInputStream[n];
    }

    /** Collective: starts this PE's server, exchanges ports and connects to every peer. */
    static LoopbackTestEngine create(TransportSetup setup, boolean[] peers) {
        try {
            LoopbackTestServer server = new LoopbackTestServer(setup.localHeap(), setup.myPe());
            byte[][] ports = setup.allgather("loopback-test-ports",
                    ByteBuffer.allocate(4).putInt(server.port()).array());
            LoopbackTestEngine e = new LoopbackTestEngine(server, setup.nPes());
            for (int p = 0; p < peers.length; p++) {
                if (peers[p]) {
                    Socket s = new Socket();
                    s.setTcpNoDelay(true);
                    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                            ByteBuffer.wrap(ports[p]).getInt()), (int) setup.timeout().toMillis());
                    e.sockets[p] = s;
                    e.out[p] = new DataOutputStream(new java.io.BufferedOutputStream(s.getOutputStream()));
                    e.in[p] = new DataInputStream(new java.io.BufferedInputStream(s.getInputStream()));
                }
            }
            return e;
        } catch (IOException ex) {
            throw new UncheckedIOException("loopback-test engine: could not connect", ex);
        }
    }

    @Override
    public String name() {
        return LoopbackTestProvider.NAME;
    }

    @Override
    public EngineCapabilities capabilities() {
        return LoopbackTestProvider.CAPABILITIES;
    }

    @Override
    public boolean canReach(int pe) {
        return sockets[pe] != null;
    }

    @Override
    public MemorySegment directSegment(int pe) {
        return null;
    }

    /** Sends one request (op, offset, operand, compare, payload) and reads {@code answerBytes} back. */
    private byte[] call(int pe, int op, long offset, long operand, long compare, byte[] payload, int answerBytes) {
        synchronized (sockets[pe]) {
            try {
                DataOutputStream o = out[pe];
                o.writeByte(op);
                o.writeLong(offset);
                o.writeLong(operand);
                o.writeLong(compare);
                o.writeInt(payload.length);
                o.write(payload);
                o.flush();
                byte[] answer = new byte[answerBytes];
                in[pe].readFully(answer);
                return answer;
            } catch (IOException e) {
                throw new UncheckedIOException("loopback-test engine: PE " + pe + " unreachable", e);
            }
        }
    }

    private static long asLong(byte[] b) {
        return ByteBuffer.wrap(b).getLong();
    }

    @Override
    public void put(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        call(pe, LoopbackTestServer.PUT, heapOffset, 0, 0, src.asSlice(srcOffset, bytes)
                .toArray(ValueLayout.JAVA_BYTE), 1);
    }

    @Override
    public void putNbi(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        put(pe, heapOffset, src, srcOffset, bytes);
    }

    @Override
    public void get(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        byte[] data = call(pe, LoopbackTestServer.GET, heapOffset, bytes, 0, new byte[0], (int) bytes);
        MemorySegment.copy(MemorySegment.ofArray(data), 0, dst, dstOffset, bytes);
    }

    @Override
    public void getNbi(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        get(pe, heapOffset, dst, dstOffset, bytes);
    }

    @Override
    public void putLongRelease(int pe, long heapOffset, long value) {
        call(pe, LoopbackTestServer.LONG_RELEASE, heapOffset, value, 0, new byte[0], 1);
    }

    @Override
    public long atomicLong(AmoOp op, int pe, long heapOffset, long operand, long compare) {
        return asLong(call(pe, LoopbackTestServer.AMO_LONG + op.ordinal(), heapOffset, operand, compare,
                new byte[0], 8));
    }

    @Override
    public int atomicInt(AmoOp op, int pe, long heapOffset, int operand, int compare) {
        return (int) asLong(call(pe, LoopbackTestServer.AMO_INT + op.ordinal(), heapOffset, operand, compare,
                new byte[0], 8));
    }

    @Override
    public void putSignal(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes,
                          long signalOffset, long signalValue, boolean add) {
        // The server applies the data, then the signal (release store or atomic add): never the signal first.
        ByteBuffer b = ByteBuffer.allocate(17 + (int) bytes).putLong(signalOffset).putLong(signalValue)
                .put((byte) (add ? 1 : 0));
        b.put(src.asSlice(srcOffset, bytes).toArray(ValueLayout.JAVA_BYTE));
        call(pe, LoopbackTestServer.PUT_SIGNAL, heapOffset, 0, 0, b.array(), 1);
    }

    @Override
    public void fence() {
        VarHandle.fullFence();
    }

    @Override
    public void quiet() {
        VarHandle.fullFence();
    }

    @Override
    public void close() {
        for (Socket s : sockets) {
            if (s != null) {
                synchronized (s) {
                    try {
                        s.close();
                    } catch (IOException e) {
                        // Closing anyway.
                    }
                }
            }
        }
        server.close();
    }
}
