package io.jshmem.it.pe;

import java.lang.foreign.ValueLayout;
import io.jshmem.InitAttributes;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Self-bootstrap without a launcher: PE 0 creates a unique id and writes it to the file args[0]; the others read
 * it (or args[0] is a rendezvous URL tcp://host:port that PE 0 serves); all init with explicit attributes (args[1] = my PE, args[2] = PE count), exchange a value, finalize.
 */
public final class UniqueIdPe {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int me = Integer.parseInt(args[1]);
        int n = Integer.parseInt(args[2]);
        String uid;
        if (args[0].startsWith("tcp")) {
            uid = args[0];
        } else if (me == 0) {
            uid = Shmem.getUniqueId();
            Path tmp = Path.of(args[0] + ".tmp");
            Files.writeString(tmp, uid);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        } else {
            long deadline = System.currentTimeMillis() + 30_000;
            while (!Files.exists(file)) {
                if (System.currentTimeMillis() > deadline) {
                    throw Expect.failure("no unique id file", null);
                }
                Thread.sleep(20);
            }
            uid = Files.readString(file);
        }
        try (ShmemRuntime shmem = Shmem.init(InitAttributes.of(me, n, uid).heapSize(1 << 20))) {
            Expect.equal(me, shmem.myPe(), "myPe");
            Expect.equal(n, shmem.nPes(), "nPes");
            SymmetricMemory m = shmem.malloc(8);
            shmem.p(ValueLayout.JAVA_LONG, m, 0, 100L + me, (me + 1) % n);
            shmem.barrierAll();
            Expect.equal(100L + (me + n - 1) % n, shmem.g(ValueLayout.JAVA_LONG, m, 0, me), "value from previous PE");
            System.out.println("UID OK pe " + me + " heap " + shmem.heapSize());
        }
    }
}
