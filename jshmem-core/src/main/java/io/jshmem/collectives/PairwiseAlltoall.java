package io.jshmem.collectives;

import java.lang.foreign.MemorySegment;

/**
 * Pairwise alltoall (and alltoalls): in step s every member puts its block for member me+s into that member's
 * dest, at its own index, and counts one arrival there; then it waits for the n-1 blocks addressed to it. Step s
 * pairs every member with a different partner, so no member is the target of two others at once. Strided forms
 * use the engine's strided put and a fence before the arrival. Entry sync only: sources are read by their owners.
 */
final class PairwiseAlltoall {
    private PairwiseAlltoall() {
    }

    /**
     * @param dst  dest stride in elements (1: contiguous)
     * @param sst  source stride in elements
     */
    static void run(TeamChannel ch, long dest, long source, long nelems, long elemSize, long dst, long sst) {
        int n = ch.size();
        int me = ch.me();
        long destBlock = nelems * dst * elemSize;
        long srcBlock = nelems * sst * elemSize;
        boolean contiguous = dst == 1 && sst == 1;
        ch.sync();
        MemorySegment local = ch.local();
        if (contiguous) {
            ch.localCopy(source + me * srcBlock, dest + me * destBlock, nelems * elemSize);
        } else {
            for (long m = 0; m < nelems; m++) {
                MemorySegment.copy(local, source + me * srcBlock + m * sst * elemSize, local,
                        dest + me * destBlock + m * dst * elemSize, elemSize);
            }
        }
        for (int s = 1; s < n; s++) {
            int j = (me + s) % n;
            if (contiguous) {
                ch.putAndArrive(j, dest + me * destBlock, local, source + j * srcBlock, nelems * elemSize);
            } else {
                ch.comm().iput(ch.pe(j), dest + me * destBlock, dst, local, source + j * srcBlock, sst, nelems,
                        elemSize);
                ch.comm().fence();
                ch.arrive(j, 1);
            }
        }
        ch.awaitArrivals(n - 1, "blocks from the other PEs", 0, 0);
    }
}
