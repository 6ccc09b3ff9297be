package io.jshmem.it.pe;

import io.jshmem.Cmp;
import io.jshmem.Context;
import io.jshmem.CtxOption;
import io.jshmem.DataType;
import io.jshmem.SessionConfig;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.ThreadLevel;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The contexts chapter of OpenSHMEM 1.6: {@link Context#INVALID}, sessions (hints: accepted, recorded,
 * misuse rejected), the PRIVATE, SERIALIZED and NOSTORE options, and (modes {@code SINGLE}, {@code FUNNELED},
 * {@code SERIALIZED}) the thread levels checked with JSHMEM_CHECKS on. Prints {@code CONTEXTS CHAPTER OK pe N}.
 */
public final class ContextsChapterPe {
    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "contexts";
        boolean unchecked = mode.equals("unchecked");
        ThreadLevel level = mode.equals("contexts") || unchecked ? ThreadLevel.MULTIPLE : ThreadLevel.valueOf(mode);
        try (ShmemRuntime shmem = Shmem.initThread(level)) {
            FailFast.run(() -> {
                Expect.equal(level, shmem.queryThread(), "queryThread");
                SymmetricMemory buf = shmem.calloc(16, 8);
                switch (level) {
                    case MULTIPLE -> {
                        if (unchecked) {
                            privateWithChecksOff(shmem, buf);
                            break;
                        }
                        invalidContext(shmem, buf);
                        sessions(shmem, buf);
                        options(shmem, buf);
                    }
                    case SERIALIZED -> serializedLevel(shmem, buf);
                    default -> initThreadOnly(shmem, buf, level);
                }
                shmem.barrierAll();
                shmem.free(buf);
                System.out.println("CONTEXTS CHAPTER OK pe " + shmem.myPe());
            });
        }
    }

    static void invalidContext(ShmemRuntime shmem, SymmetricMemory buf) {
        Context bad = Context.INVALID;
        Expect.isTrue(Shmem.ctxInvalid() == bad, "facade SHMEM_CTX_INVALID");
        bad.quiet();
        bad.fence();
        bad.sessionStart(Context.SESSION_BATCH, null, 0);
        bad.sessionStop();
        bad.close();
        Shmem.ctxDestroy(bad);
        Expect.isTrue(!bad.isDestroyed() && !bad.inSession() && bad.options().isEmpty(), "invalid context state");
        Team t = Shmem.ctxGetTeam(bad);
        Expect.isTrue(!t.isValid() && t.myPe() == -1 && t.nPes() == -1, "its team is TEAM_INVALID");
        Expect.isTrue(t.createCtx() == Context.INVALID, "TEAM_INVALID.createCtx is SHMEM_CTX_INVALID");
        Expect.equal(-1, t.translatePe(0, shmem.teamWorld()), "translate from TEAM_INVALID");
        Expect.thrown(ShmemStateException.class, () -> bad.p(ValueLayout.JAVA_LONG, buf, 0, 1L, 0),
                "Context.INVALID", "p");
        Expect.thrown(ShmemStateException.class, () -> bad.atomicFetch(DataType.LONG, buf, 0, 0), "SHMEM_CTX_INVALID");
        Expect.thrown(ShmemStateException.class, bad::myPe, "myPe");
        Expect.thrown(ShmemArgumentException.class, t::barrier, "TEAM_INVALID");
        Expect.isTrue(bad.equals(Context.INVALID) && bad.toString().contains("INVALID"), "identity and name");
    }

    static void sessions(ShmemRuntime shmem, SymmetricMemory buf) {
        int me = shmem.myPe();
        int n = shmem.nPes();
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        for (Context ctx : new Context[] {shmem, shmem.createCtx()}) {
            boolean isDefault = ctx == shmem;
            String which = isDefault ? "default context" : "created context";
            Expect.isTrue(!ctx.inSession(), which + ": no session yet");
            if (!isDefault) {
                Expect.thrown(ShmemStateException.class, ctx::sessionStop, "without a session");
            }
            ctx.sessionStart(Context.SESSION_BATCH, null, 0);
            Expect.isTrue(ctx.inSession(), which + ": started");
            ctx.sessionStart(0, new SessionConfig(64), SessionConfig.TOTAL_OPS); // combines, 1.6
            for (int i = 0; i < 4; i++) {
                ctx.p(ValueLayout.JAVA_LONG, buf, i, 10L * me + i, next);
            }
            ctx.atomicAdd(DataType.LONG, buf, 4, 1, next);
            ctx.quiet();
            ctx.sessionStop();
            Expect.isTrue(!ctx.inSession(), which + ": stopped");
            ctx.sessionStop(); // 1.6: stopping a stopped session has no effect
            shmem.barrierAll();
            for (int i = 0; i < 4; i++) {
                Expect.equal(10L * prev + i, buf.local().getAtIndex(ValueLayout.JAVA_LONG, i),
                        which + ": put in a session lands, element " + i);
            }
            Expect.equal(isDefault ? 1L : 2L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 4),
                    which + ": atomic in a session");
            Expect.thrown(ShmemArgumentException.class, () -> ctx.sessionStart(0x10, null, 0), "options", "0x10");
            Expect.thrown(ShmemArgumentException.class, () -> ctx.sessionStart(0, null, SessionConfig.TOTAL_OPS),
                    "config is null");
            Expect.thrown(ShmemArgumentException.class, () -> ctx.sessionStart(0, SessionConfig.DEFAULT, 4),
                    "configMask");
            Expect.isTrue(!ctx.inSession(), which + ": rejected starts leave no session");
            shmem.barrierAll();
            if (!isDefault) {
                Shmem.ctxSessionStart(ctx, Context.SESSION_BATCH, SessionConfig.DEFAULT, 0);
                Shmem.ctxSessionStop(ctx);
                ctx.close();
                Expect.thrown(ShmemStateException.class, () -> ctx.sessionStart(0, null, 0), "destroyed");
                Expect.thrown(ShmemStateException.class, ctx::sessionStop, "destroyed");
            }
        }
        Context other = shmem.createCtx();
        shmem.sessionStart(Context.SESSION_BATCH, null, 0);
        Expect.thrown(ShmemStateException.class, other::sessionStop, "on the context that started it");
        shmem.sessionStop();
        other.close();
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.ctxSessionStop(null), "ctx");
    }

    static void options(ShmemRuntime shmem, SymmetricMemory buf) throws Exception {
        int me = shmem.myPe();
        int n = shmem.nPes();
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        // PRIVATE: only the creating thread.
        Context mine = shmem.createCtx(CtxOption.PRIVATE);
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Thread t = Thread.ofPlatform().name("intruder").start(() -> {
            try {
                mine.p(ValueLayout.JAVA_LONG, buf, 8, 1L, next);
            } catch (Throwable e) {
                seen.set(e);
            }
        });
        t.join();
        Expect.isTrue(seen.get() instanceof ShmemStateException && seen.get().getMessage().contains("PRIVATE")
                && seen.get().getMessage().contains("intruder"), "PRIVATE from another thread: " + seen.get());
        mine.p(ValueLayout.JAVA_LONG, buf, 8, 80L + me, next);
        mine.quiet();
        mine.close();

        // NOSTORE: accepted, quiet still completes stores.
        try (Context noStore = shmem.createCtx(CtxOption.NOSTORE)) {
            noStore.put(ValueLayout.JAVA_LONG, buf, 9, MemorySegment.ofArray(new long[] {90L + me}), 0, 1, next);
            noStore.quiet();
        }
        shmem.barrierAll();
        Expect.equal(80L + prev, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 8), "PRIVATE context put");
        Expect.equal(90L + prev, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 9), "NOSTORE context put");

        // SERIALIZED: a second thread calling while the first waits inside a call is detected.
        Context serial = shmem.createCtx(CtxOption.SERIALIZED);
        Throwable clash = concurrentCall(serial, serial, buf,
                () -> shmem.atomicSet(DataType.LONG, buf, 11, 1, shmem.myPe()));
        Expect.isTrue(clash instanceof ShmemStateException && clash.getMessage().contains("SERIALIZED")
                && clash.getMessage().contains("waiter"), "SERIALIZED misuse: " + clash);
        // Calls one after another from different threads are fine.
        Thread later = Thread.ofPlatform().start(() -> serial.p(ValueLayout.JAVA_LONG, buf, 10, 1L, me));
        later.join();
        serial.quiet();
        serial.close();
        Expect.equal(1L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 10), "serialized calls in turn");
        shmem.barrierAll();
    }

    /**
     * Thread "waiter" blocks in waitUntil on {@code waiting} until word 11 becomes 1; meanwhile this thread calls
     * {@code caller}; then {@code release} sets word 11. Returns what the call threw, or null.
     */
    static Throwable concurrentCall(Context waiting, Context caller, SymmetricMemory buf, Runnable release)
            throws Exception {
        buf.local().setAtIndex(ValueLayout.JAVA_LONG, 11, 0L);
        CountDownLatch started = new CountDownLatch(1);
        Thread waiter = Thread.ofPlatform().name("waiter").start(() -> {
            started.countDown();
            while (true) {
                try {
                    waiting.waitUntil(DataType.LONG, buf, 11, Cmp.EQ, 1);
                    return;
                } catch (ShmemStateException clashedWithTheCaller) {
                    Thread.onSpinWait(); // the caller was inside a call at that instant: enter the wait again
                }
            }
        });
        started.await();
        Thread.sleep(50);
        Throwable thrown = null;
        // The waiter may not be inside its call yet: retry for a while until the clash shows.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (thrown == null && System.nanoTime() < deadline) {
            try {
                caller.test(DataType.LONG, buf, 12, Cmp.EQ, 0);
                Thread.sleep(5);
            } catch (ShmemStateException e) {
                thrown = e;
            }
        }
        release.run();
        waiter.join(30_000);
        Expect.isTrue(!waiter.isAlive(), "the waiter returned");
        return thrown;
    }

    /** JSHMEM_CHECKS=false: PRIVATE is still enforced; the other thread rules are promises only. */
    static void privateWithChecksOff(ShmemRuntime shmem, SymmetricMemory buf) throws Exception {
        int next = (shmem.myPe() + 1) % shmem.nPes();
        Context mine = shmem.createCtx(CtxOption.PRIVATE);
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Thread t = Thread.ofPlatform().name("intruder").start(() -> {
            seen.set(attempt(() -> mine.p(ValueLayout.JAVA_LONG, buf, 0, 1L, next)));
            Throwable onWait = attempt(() -> mine.test(DataType.LONG, buf, 1, Cmp.EQ, 0));
            Throwable onAtomic = attempt(() -> mine.atomicInc(DataType.LONG, buf, 2, next));
            if (!(onWait instanceof ShmemStateException) || !(onAtomic instanceof ShmemStateException)) {
                seen.set(new AssertionError("test/atomicInc from another thread: " + onWait + ", " + onAtomic));
            }
        });
        t.join();
        Expect.isTrue(seen.get() instanceof ShmemStateException && seen.get().getMessage().contains("PRIVATE"),
                "PRIVATE with checks off: " + seen.get());
        mine.close();
        Thread other = Thread.ofPlatform().start(() -> shmem.p(ValueLayout.JAVA_LONG, buf, 3, 3L, next));
        other.join();
        shmem.barrierAll();
        Expect.equal(3L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 3), "default context from another thread");
        Expect.equal(0L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 0), "rejected PRIVATE put left nothing");
    }

    /** SINGLE and FUNNELED: only the thread that called init may call jshmem; jshmem's stream threads may. */
    static void initThreadOnly(ShmemRuntime shmem, SymmetricMemory buf, ThreadLevel level) throws Exception {
        int me = shmem.myPe();
        int next = (me + 1) % shmem.nPes();
        shmem.p(ValueLayout.JAVA_LONG, buf, 0, 5L, next);
        Context ctx = shmem.createCtx();
        ctx.quiet();
        AtomicReference<Throwable> put = new AtomicReference<>();
        AtomicReference<Throwable> create = new AtomicReference<>();
        AtomicReference<Throwable> onCtx = new AtomicReference<>();
        AtomicReference<Throwable> team = new AtomicReference<>();
        Thread other = Thread.ofPlatform().name("second").start(() -> {
            put.set(attempt(() -> shmem.p(ValueLayout.JAVA_LONG, buf, 1, 1L, next)));
            create.set(attempt(shmem::createCtx));
            onCtx.set(attempt(ctx::quiet));
            team.set(attempt(() -> shmem.teamWorld().sync()));
        });
        other.join();
        for (Throwable e : new Throwable[] {put.get(), create.get(), onCtx.get(), team.get()}) {
            Expect.isTrue(e instanceof ShmemStateException && e.getMessage().contains("thread level " + level)
                    && e.getMessage().contains("second") && e.getMessage().contains("init with a higher level"),
                    level + " from a second thread: " + e);
        }
        ctx.close();
        // A stream's own thread runs its operations: exempt.
        MemorySegment five = Arena.ofAuto().allocate(8, 8);
        five.set(ValueLayout.JAVA_LONG, 0, 5L);
        try (Stream s = shmem.createStream()) {
            s.putmem(buf, 16, five, 0, 8, next);
            s.barrierAll();
            s.synchronize();
        }
        shmem.barrierAll();
        Expect.equal(5L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 0), level + ": init thread's put");
        Expect.equal(5L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 2), level + ": stream put");
        Expect.equal(0L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 1), level + ": rejected put left nothing");
    }

    /** SERIALIZED: calls from several threads in turn are fine; a call while another thread is inside one throws. */
    static void serializedLevel(ShmemRuntime shmem, SymmetricMemory buf) throws Exception {
        int me = shmem.myPe();
        int next = (me + 1) % shmem.nPes();
        Thread a = Thread.ofPlatform().start(() -> shmem.p(ValueLayout.JAVA_LONG, buf, 0, 7L, next));
        a.join();
        Context ctx = shmem.createCtx();
        Thread b = Thread.ofPlatform().start(() -> ctx.p(ValueLayout.JAVA_LONG, buf, 1, 8L, next));
        b.join();
        ctx.quiet();
        shmem.quiet();
        // The level spans every context of the runtime: a wait on the default context blocks a call on ctx. The
        // waiter is released by a stream (jshmem's own thread), since no call of this thread may run meanwhile.
        Stream releaser = shmem.createStream();
        MemorySegment one = Arena.ofAuto().allocate(8, 8);
        one.set(ValueLayout.JAVA_LONG, 0, 1L);
        Throwable clash = concurrentCall(shmem, ctx, buf, () -> {
            releaser.putmem(buf, 11 * 8, one, 0, 8, me);
            releaser.synchronize();
        });
        releaser.close();
        Expect.isTrue(clash instanceof ShmemStateException && clash.getMessage().contains("thread level SERIALIZED")
                && clash.getMessage().contains("MULTIPLE"), "SERIALIZED level misuse: " + clash);
        ctx.close();
        shmem.barrierAll();
        Expect.equal(7L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 0), "put from thread a");
        Expect.equal(8L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 1), "put from thread b");
    }

    private static Throwable attempt(Runnable r) {
        try {
            r.run();
            return null;
        } catch (Throwable e) {
            return e;
        }
    }
}
