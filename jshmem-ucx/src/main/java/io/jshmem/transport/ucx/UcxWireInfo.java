package io.jshmem.transport.ucx;

import io.jshmem.error.TransportException;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What each PE publishes through the bootstrap allgather: its UCP worker address, the packed rkey of its heap, and
 * the heap's base address and length in its own process. An empty contribution means that PE failed to set up
 * UCX, so the others fail fast instead of waiting for it. Immutable.
 *
 * <p>Layout (little-endian): int magic, long base, long length, int addressLength, address bytes, int rkeyLength,
 * rkey bytes.
 */
record UcxWireInfo(byte[] workerAddress, byte[] rkey, long heapBase, long heapLength) {
    private static final int MAGIC = 0x55435831; // "UCX1"

    byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(4 + 8 + 8 + 4 + workerAddress.length + 4 + rkey.length)
                .order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(MAGIC).putLong(heapBase).putLong(heapLength);
        b.putInt(workerAddress.length).put(workerAddress);
        b.putInt(rkey.length).put(rkey);
        return b.array();
    }

    /** Decodes PE {@code pe}'s contribution; throws a TransportException naming it when it is empty or corrupt. */
    static UcxWireInfo decode(int pe, byte[] data) {
        if (data == null || data.length == 0) {
            throw new TransportException("PE " + pe + " could not set up its UCX engine (it published no address);"
                    + " see that PE's log for the cause");
        }
        try {
            ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
            if (b.getInt() != MAGIC) {
                throw new TransportException("PE " + pe + " published UCX setup data in an unknown format;"
                        + " every PE must run the same jshmem-ucx version");
            }
            long base = b.getLong();
            long length = b.getLong();
            byte[] address = new byte[b.getInt()];
            b.get(address);
            byte[] key = new byte[b.getInt()];
            b.get(key);
            return new UcxWireInfo(address, key, base, length);
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw new TransportException("PE " + pe + " published truncated UCX setup data (" + data.length
                    + " bytes); every PE must run the same jshmem-ucx version");
        }
    }
}
