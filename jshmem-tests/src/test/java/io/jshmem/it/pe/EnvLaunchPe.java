package io.jshmem.it.pe;

import java.lang.foreign.ValueLayout;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

/** Plain Shmem.init() under whatever launcher environment the test sets (torchrun, Slurm, Open MPI, none). */
public final class EnvLaunchPe {
    public static void main(String[] args) {
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            SymmetricMemory m = shmem.malloc(8);
            shmem.p(ValueLayout.JAVA_LONG, m, 0, 1000L + me, (me + 1) % n);
            shmem.barrierAll();
            Expect.equal(1000L + (me + n - 1) % n, shmem.g(ValueLayout.JAVA_LONG, m, 0, me), "value from previous PE");
            System.out.println("ENV OK pe " + me + " of " + n);
        }
    }
}
