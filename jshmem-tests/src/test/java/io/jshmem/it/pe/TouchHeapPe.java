package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Allocates {@code args[0]} MiB of symmetric memory and touches all of it: first a put of its last MiB into the
 * next PE's block (pages of a peer nobody has touched yet), then the rest locally; checks what arrived and prints
 * {@code TOUCHED pe <me> bytes <n>}. On a heap that the kernel cannot back this is where a PE would die of SIGBUS.
 */
public final class TouchHeapPe {
    private static final long MIB = 1024 * 1024;

    public static void main(String[] args) {
        long bytes = Long.parseLong(args[0]) * MIB;
        try (ShmemRuntime shmem = Shmem.init(); Arena arena = Arena.ofConfined()) {
            int me = shmem.myPe();
            int next = (me + 1) % shmem.nPes();
            SymmetricMemory block = shmem.malloc(bytes);
            MemorySegment chunk = arena.allocate(MIB);
            chunk.fill((byte) (me + 1));
            shmem.putmem(block, bytes - MIB, chunk, 0, MIB, next);
            shmem.barrierAll();
            MemorySegment local = block.local();
            byte from = (byte) ((me + shmem.nPes() - 1) % shmem.nPes() + 1);
            Expect.equal(-1L, local.asSlice(bytes - MIB, MIB).mismatch(chunk.fill(from)), "MiB put by the previous PE");
            local.asSlice(0, bytes - MIB).fill((byte) 7);
            Expect.equal((byte) 7, local.get(ValueLayout.JAVA_BYTE, bytes - MIB - 1), "last touched byte");
            shmem.barrierAll();
            System.out.println("TOUCHED pe " + me + " bytes " + bytes);
        }
    }
}
