package io.jshmem.memory.cuda;

import io.jshmem.spi.MemoryKindSetup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * A {@link MemoryKindSetup} for PEs that are separate processes without a jshmem job around them: each allgather
 * round writes this PE's bytes to a file of a shared directory (renamed into place, so a reader never sees half of
 * it) and polls until every PE's file of the round is there. For {@link CudaPairCheck}; not thread-safe.
 */
final class FileExchangeSetup implements MemoryKindSetup {
    private final Path dir;
    private final int myPe;
    private final int nPes;
    private final long byteSize;
    private final Duration timeout;
    private int round;

    FileExchangeSetup(Path dir, int myPe, int nPes, long byteSize, Duration timeout) {
        this.dir = dir;
        this.myPe = myPe;
        this.nPes = nPes;
        this.byteSize = byteSize;
        this.timeout = timeout;
    }

    @Override
    public int myPe() {
        return myPe;
    }

    @Override
    public int nPes() {
        return nPes;
    }

    @Override
    public int instanceId() {
        return 1;
    }

    @Override
    public long byteSize() {
        return byteSize;
    }

    @Override
    public byte[][] allgather(byte[] mine) {
        round++;
        try {
            Path tmp = dir.resolve("r" + round + "-pe" + myPe + ".tmp");
            Files.write(tmp, mine);
            Files.move(tmp, file(myPe), StandardCopyOption.ATOMIC_MOVE);
            long deadline = System.nanoTime() + timeout.toNanos();
            byte[][] all = new byte[nPes][];
            for (int pe = 0; pe < nPes; pe++) {
                while (!Files.exists(file(pe))) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("PE " + myPe + ": PE " + pe + " did not reach exchange round "
                                + round + " within " + timeout);
                    }
                    Thread.sleep(5);
                }
                all[pe] = Files.readAllBytes(file(pe));
            }
            return all;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted in exchange round " + round, e);
        }
    }

    @Override
    public void barrier() {
        allgather(new byte[0]);
    }

    private Path file(int pe) {
        return dir.resolve("r" + round + "-pe" + pe + ".bin");
    }
}
