package io.jshmem.it.pe;

import io.jshmem.DataOpEngine;
import io.jshmem.EngineConfig;
import io.jshmem.Handle;
import io.jshmem.ProfData;
import io.jshmem.ProfFrame;
import io.jshmem.ProfScope;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.error.ShmemArgumentException;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * CANN's sync/config/prof test (run with SHMEM_CYCLE_PROF_PE=0): engine configuration with CANN's validation,
 * every barrier and sync form, invalid and destroyed teams rejected by barriers, handles and handle waits,
 * profiling data on PE 0 only (two concurrent snapshots, the printed table), and JFR events for stream work.
 */
public final class SyncConfigProfPe {
    private static final int PUTS = 200;

    public static void main(String[] args) throws Exception {
        Recording recording = new Recording();
        recording.enable("jshmem.Operation");
        recording.enable("jshmem.Wait");
        recording.start();
        try (ShmemRuntime rt = Shmem.init()) {
            int me = rt.myPe();
            int n = rt.nPes();
            config(rt);
            syncForms(rt);
            badTeams(rt);
            profile(rt, me, n);
            recording.stop();
            Path file = Files.createTempFile("jshmem-jfr-", ".jfr");
            recording.dump(file);
            List<RecordedEvent> events = RecordingFile.readAllEvents(file);
            Files.delete(file);
            long ops = events.stream().filter(e -> e.getEventType().getName().equals("jshmem.Operation")
                    && "PUT".equals(e.getString("operation"))).count();
            long waits = events.stream().filter(e -> e.getEventType().getName().equals("jshmem.Wait")).count();
            Expect.isTrue(ops >= PUTS, "JFR put events: " + ops);
            Expect.isTrue(waits >= 2, "JFR wait events: " + waits);
            System.out.println("SYNC CONFIG PROF OK pe " + me + " jfr ops " + ops + " waits " + waits);
        }
    }

    private static void config(ShmemRuntime rt) {
        for (DataOpEngine e : new DataOpEngine[] {DataOpEngine.RDMA, DataOpEngine.UDMA}) {
            Runnable bad = e == DataOpEngine.RDMA ? () -> Shmem.setRdmaConfig(0, 127, 0)
                    : () -> Shmem.setUdmaConfig(0, 127, 0);
            Expect.thrown(ShmemArgumentException.class, bad, "workspaceBytes = 127", "128..4294967295");
        }
        Expect.thrown(ShmemArgumentException.class, () -> rt.setMteConfig(-1, 0, 0), "workspaceOffset = -1");
        Expect.thrown(ShmemArgumentException.class, () -> rt.setSdmaConfig(0, 64, 1L << 32), "syncId");
        Shmem.setMteConfig(0, 128, 0);
        Shmem.setSdmaConfig(0, 128, 0);
        Shmem.setRdmaConfig(4096, 128, 1);
        rt.setUdmaConfig(0, 128, 2);
        Expect.equal(new EngineConfig(4096, 128, 1), rt.engineConfig(DataOpEngine.RDMA), "RDMA config");
        Expect.equal(new EngineConfig(0, 128, 2), rt.engineConfig(DataOpEngine.UDMA), "UDMA config");
        String d = rt.diagnostics();
        Expect.isTrue(d.contains("\"workspaceOffset\": 4096"), "config in diagnostics: " + d);
    }

    private static void syncForms(ShmemRuntime rt) {
        Shmem.barrier(rt.teamWorld());
        Shmem.barrierAll();
        Shmem.teamSync(rt.teamWorld());
        Shmem.syncAll();
        Stream s = Shmem.defaultStream();
        Shmem.barrierOnStream(rt.teamWorld(), s);
        Shmem.barrierAllOnStream(s);
        Shmem.handleWait(Handle.world(rt), s);
        s.synchronize();
        Expect.equal(0L, s.pending(), "default stream drained");
    }

    private static void badTeams(ShmemRuntime rt) {
        int me = rt.myPe();
        Stream s = rt.createStream();
        Team first = rt.teamWorld().splitStrided(0, 1, 1);
        if (me != 0) {
            Expect.isTrue(!first.isValid(), "non-member gets an invalid team");
            Expect.thrown(ShmemArgumentException.class, () -> new Handle(first), "not a live team");
            Expect.thrown(ShmemArgumentException.class, () -> s.barrier(first), "not a live team");
        } else {
            first.destroy();
        }
        Team all = rt.teamWorld().splitStrided(0, 1, rt.nPes());
        Handle early = new Handle(all);
        all.destroy();
        Expect.thrown(ShmemArgumentException.class, () -> new Handle(all), "not a live team");
        Expect.thrown(ShmemArgumentException.class, () -> rt.handleWait(early, s), "not a live team");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.barrierOnStream(all, s), "not a live team");
        Expect.thrown(ShmemArgumentException.class, () -> new Handle(null), "team is null");
        Expect.equal(0L, s.pending(), "nothing was queued by rejected calls");
        s.destroy();
    }

    private static void profile(ShmemRuntime rt, int me, int n) throws Exception {
        SymmetricMemory buf = rt.malloc(8 * PUTS);
        MemorySegment src = Arena.ofAuto().allocate(8);
        try (Stream s = rt.createStream()) {
            for (int i = 0; i < PUTS; i++) {
                s.putmem(buf, 8L * i, src, 0, 8, (me + 1) % n);
            }
            s.quiet();
            s.synchronize();
        }
        try (ProfScope scope = rt.profStart(ProfFrame.FIRST_USER_FRAME + 4)) {
            Thread.sleep(2);
        }
        Expect.thrown(ShmemArgumentException.class, () -> rt.profStart(3), "frame = 3", "16..1023");
        CompletableFuture<Optional<ProfData>> other = CompletableFuture.supplyAsync(() -> Shmem.getProf(false));
        Optional<ProfData> mine = Shmem.getProf(false);
        Optional<ProfData> concurrent = other.get();
        if (me == 0) {
            Expect.isTrue(mine.isPresent() && concurrent.isPresent(), "PE 0 is profiled");
            ProfData p = mine.get();
            Expect.equal(0, p.peId(), "profiled PE");
            Expect.equal((long) PUTS, p.totalCount(ProfFrame.PUT.id()), "puts recorded");
            Expect.equal(1L, p.totalCount(ProfFrame.FIRST_USER_FRAME + 4), "user frame recorded");
            Expect.isTrue(p.totalCount(ProfFrame.SYNCHRONIZE.id()) >= 1, "synchronize recorded");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            PrintStream old = System.out;
            System.setOut(new PrintStream(bytes, true));
            try {
                Shmem.showProf();
            } finally {
                System.setOut(old);
            }
            String table = bytes.toString();
            Expect.isTrue(table.contains("AvgTime(us)") && table.contains("PUT") && table.contains("user 20"),
                    "table: " + table);
            System.out.print(table);
        } else {
            Expect.isTrue(mine.isEmpty() && concurrent.isEmpty(), "PE " + me + " is not profiled");
        }
        rt.barrierAll();
        rt.free(buf);
    }
}
