package io.jshmem.it.engine;

import io.jshmem.spi.AmoOp;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;

/**
 * The target side of the loopback test engine: accepts one connection per peer and, on a thread per connection,
 * applies each request to this PE's heap, then answers. Atomics are VarHandle atomics on the heap, so they are
 * atomic with respect to this PE's own atomics and every other connection's. Thread-safe.
 */
final class LoopbackTestServer implements AutoCloseable {
    static final int PUT = 1;
    static final int GET = 2;
    static final int LONG_RELEASE = 3;
    static final int PUT_SIGNAL = 4;
    static final int AMO_LONG = 16;
    static final int AMO_INT = 32;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final MemorySegment heap;
    private final ServerSocket listener;

    LoopbackTestServer(MemorySegment heap, int pe) throws IOException {
        this.heap = heap;
        this.listener = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("loopback-test-accept-pe" + pe).start(this::accept);
    }

    int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                s.setTcpNoDelay(true);
                Thread.ofPlatform().daemon().name("loopback-test-serve").start(() -> serve(s));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket s) {
        try (s; DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(s.getInputStream()));
             DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(s.getOutputStream()))) {
            while (true) {
                int op = in.readUnsignedByte();
                long offset = in.readLong();
                long operand = in.readLong();
                long compare = in.readLong();
                byte[] payload = new byte[in.readInt()];
                in.readFully(payload);
                out.write(apply(op, offset, operand, compare, payload));
                out.flush();
            }
        } catch (IOException e) {
            // The peer closed its engine (or its process ended): nothing more will come on this connection.
        }
    }

    private byte[] apply(int op, long offset, long operand, long compare, byte[] payload) {
        if (op >= AMO_INT) {
            return ByteBuffer.allocate(8).putLong(atomicInt(AmoOp.values()[op - AMO_INT], offset, (int) operand,
                    (int) compare)).array();
        }
        if (op >= AMO_LONG) {
            return ByteBuffer.allocate(8).putLong(atomicLong(AmoOp.values()[op - AMO_LONG], offset, operand,
                    compare)).array();
        }
        switch (op) {
            case PUT -> {
                MemorySegment.copy(MemorySegment.ofArray(payload), 0, heap, offset, payload.length);
                VarHandle.releaseFence();
            }
            case GET -> {
                VarHandle.acquireFence();
                return heap.asSlice(offset, operand).toArray(ValueLayout.JAVA_BYTE);
            }
            case LONG_RELEASE -> LONG.setRelease(heap, offset, operand);
            case PUT_SIGNAL -> {
                ByteBuffer b = ByteBuffer.wrap(payload);
                long signalOffset = b.getLong();
                long signalValue = b.getLong();
                boolean add = b.get() == 1;
                MemorySegment.copy(MemorySegment.ofArray(payload), 17, heap, offset, payload.length - 17);
                if (add) {
                    LONG.getAndAdd(heap, signalOffset, signalValue);
                } else {
                    LONG.setRelease(heap, signalOffset, signalValue);
                }
            }
            default -> throw new IllegalStateException("loopback-test engine: unknown request " + op);
        }
        return new byte[]{1};
    }

    private long atomicLong(AmoOp op, long off, long operand, long compare) {
        return switch (op) {
            case FETCH -> (long) LONG.getVolatile(heap, off);
            case SET -> {
                LONG.setVolatile(heap, off, operand);
                yield 0L;
            }
            case SWAP -> (long) LONG.getAndSet(heap, off, operand);
            case COMPARE_SWAP -> (long) LONG.compareAndExchange(heap, off, compare, operand);
            case FETCH_ADD -> (long) LONG.getAndAdd(heap, off, operand);
            case FETCH_AND -> (long) LONG.getAndBitwiseAnd(heap, off, operand);
            case FETCH_OR -> (long) LONG.getAndBitwiseOr(heap, off, operand);
            case FETCH_XOR -> (long) LONG.getAndBitwiseXor(heap, off, operand);
            default -> {
                // Any other operation: its definition (AmoOp.apply) in a compare-and-exchange loop.
                long old = (long) LONG.getVolatile(heap, off);
                long witness;
                while ((witness = (long) LONG.compareAndExchange(heap, off, old, op.apply(old, operand, compare)))
                        != old) {
                    old = witness;
                }
                yield old;
            }
        };
    }

    private int atomicInt(AmoOp op, long off, int operand, int compare) {
        return switch (op) {
            case FETCH -> (int) INT.getVolatile(heap, off);
            case SET -> {
                INT.setVolatile(heap, off, operand);
                yield 0;
            }
            case SWAP -> (int) INT.getAndSet(heap, off, operand);
            case COMPARE_SWAP -> (int) INT.compareAndExchange(heap, off, compare, operand);
            case FETCH_ADD -> (int) INT.getAndAdd(heap, off, operand);
            case FETCH_AND -> (int) INT.getAndBitwiseAnd(heap, off, operand);
            case FETCH_OR -> (int) INT.getAndBitwiseOr(heap, off, operand);
            case FETCH_XOR -> (int) INT.getAndBitwiseXor(heap, off, operand);
            default -> {
                int old = (int) INT.getVolatile(heap, off);
                int witness;
                while ((witness = (int) INT.compareAndExchange(heap, off, old, op.apply(old, operand, compare)))
                        != old) {
                    old = witness;
                }
                yield old;
            }
        };
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // Closing anyway.
        }
    }
}
