package io.jshmem.it.pe;

import io.jshmem.DataOpEngine;
import io.jshmem.InitAttributes;
import io.jshmem.InitStatus;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * CANN's unique-id attribute chain: PE 0 makes a unique id and hands it over through a file (args[0]); every PE
 * inits with explicit attributes (args[1] my PE, args[2] PE count) plus heap size, instance id, connect and
 * control timeouts and engines MTE|SDMA; the diagnostics must show them.
 */
public final class UniqueIdAttrPe {
    public static void main(String[] args) throws Exception {
        int me = Integer.parseInt(args[1]);
        int n = Integer.parseInt(args[2]);
        String uid = exchange(Path.of(args[0]), me);
        InitAttributes attrs = InitAttributes.of(me, n, uid).instanceId(0).heapSize(2 << 20)
                .connectTimeout(Duration.ofSeconds(30)).controlTimeout(Duration.ofSeconds(29))
                .dataOpEngineType(DataOpEngine.MTE.mask() | DataOpEngine.SDMA.mask());
        try (ShmemRuntime rt = Shmem.init(attrs)) {
            Expect.equal(InitStatus.INITIALIZED, Shmem.initStatus(), "status");
            Expect.equal(me, rt.myPe(), "myPe");
            Expect.equal(n, rt.nPes(), "nPes");
            String d = rt.diagnostics();
            Expect.isTrue(d.contains("\"controlTimeoutSeconds\": 29"), "control timeout in " + d);
            Expect.isTrue(d.matches("(?s).*\"JSHMEM_CONNECT_TIMEOUT\",\\s*\"value\": \"30\".*"),
                    "connect timeout in " + d);
            Expect.isTrue(d.contains("copy-engine+shm"), "copy engine in " + d);
            Expect.isTrue(d.contains("\"rendezvousTls\": false"), "TLS off in " + d);
            SymmetricMemory m = rt.malloc(1 << 20);
            java.lang.foreign.MemorySegment src = java.lang.foreign.Arena.ofAuto().allocate(1 << 20, 8);
            src.fill((byte) (me + 1));
            rt.putmemNbi(m, 0, src, 0, 1 << 20, (me + 1) % n);
            rt.quiet();
            rt.barrierAll();
            byte prev = (byte) ((me + n - 1) % n + 1);
            Expect.equal(prev, m.local().get(java.lang.foreign.ValueLayout.JAVA_BYTE, (1 << 20) - 1),
                    "last byte from previous PE over the copy engine");
            System.out.println("UID ATTR OK pe " + me + " heap " + rt.heapSize());
        }
    }

    static String exchange(Path file, int me) throws Exception {
        if (me == 0) {
            String uid = Shmem.getUniqueId();
            Path tmp = Path.of(file + ".tmp");
            Files.writeString(tmp, uid);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
            return uid;
        }
        long deadline = System.currentTimeMillis() + 60_000;
        while (!Files.exists(file)) {
            if (System.currentTimeMillis() > deadline) {
                throw Expect.failure("no unique id file " + file, null);
            }
            Thread.sleep(20);
        }
        return Files.readString(file);
    }
}
