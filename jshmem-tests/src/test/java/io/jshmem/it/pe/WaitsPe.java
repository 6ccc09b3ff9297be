package io.jshmem.it.pe;

import io.jshmem.Cmp;
import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.ValueLayout;
import java.util.concurrent.locks.LockSupport;

/**
 * Every point-to-point wait and test form, for every integer type (signed and unsigned), with every comparison.
 * PEs pair up (0-1, 2-3, ...): the even PE waits on its own variables, the odd PE writes a payload, fences, and then
 * stores values that satisfy the condition. The waiter checks that it returned only after the write (the variables
 * satisfy the condition and the payload is there) and that the index/count results are right. The typed methods
 * are reached by name, so one harness covers all 6 types x 15 forms.
 */
public final class WaitsPe {
    private record Type(String name, Class<?> prim, int width, long base) {
        DataType dataType() {
            return switch (name) {
                case "Short" -> DataType.SHORT;
                case "Int" -> DataType.INT;
                case "Long" -> DataType.LONG;
                case "UnsignedShort" -> DataType.USHORT;
                case "UnsignedInt" -> DataType.UINT;
                default -> DataType.ULONG;
            };
        }

        /** The compare value as the typed facade passes it: truncated to the width, then sign-extended. */
        long operand(long v) {
            return ((Number) box(v)).longValue();
        }

        Object box(long v) {
            return switch (width) {
                case 2 -> (short) v;
                case 4 -> (int) v;
                default -> v;
            };
        }

    }

    // Unsigned types straddle the signed boundary: a signed comparison would give the wrong answer and hang.
    private static final Type[] TYPES = {
        new Type("Short", short.class, 2, -3),
        new Type("Int", int.class, 4, -3),
        new Type("Long", long.class, 8, -3),
        new Type("UnsignedShort", short.class, 2, 0x7FFF),
        new Type("UnsignedInt", int.class, 4, 0x7FFF_FFFFL),
        new Type("UnsignedLong", long.class, 8, Long.MAX_VALUE),
    };
    private static final long POLL_DEADLINE_NANOS = 20_000_000_000L;

    private static ShmemRuntime shmem;
    private static SymmetricMemory ivars;
    private static SymmetricMemory payload;
    private static long caseId;
    private static int cases;

    public static void main(String[] args) throws Exception {
        try (ShmemRuntime rt = Shmem.init()) {
            FailFast.run(() -> {
                shmem = rt;
                int me = rt.myPe();
                int partner = me ^ 1;
                boolean paired = partner < rt.nPes();
                boolean waiter = (me & 1) == 0;
                ivars = rt.calloc(4, 8);
                payload = rt.calloc(1, 8);
                for (Type t : TYPES) {
                    for (Cmp cmp : Cmp.values()) {
                        for (String form : new String[]{"waitUntil", "test", "waitUntilAll", "waitUntilAny",
                                "waitUntilSome", "testAll", "testAny", "testSome"}) {
                            for (boolean vector : new boolean[]{false, true}) {
                                if (vector && (form.equals("waitUntil") || form.equals("test"))) {
                                    continue;
                                }
                                runCase(t, cmp, form, vector, waiter, paired, partner);
                            }
                        }
                    }
                    runCase(t, Cmp.NE, "wait", false, waiter, paired, partner);
                }
                rt.free(payload);
                rt.free(ivars);
                System.out.println("WAITS OK pe " + me + " (" + cases + " cases)");
            });
        }
    }

    private static void runCase(Type t, Cmp cmp, String form, boolean vector, boolean waiter, boolean paired,
                                int partner) throws Exception {
        caseId++;
        String what = form + (vector ? "Vector" : "") + t.name() + " " + cmp;
        long[] compare = new long[4];
        long[] initial = new long[4];
        long[] fin = new long[4];
        for (int i = 0; i < 4; i++) {
            compare[i] = vector ? t.base() + i : t.base();
            long[] v = values(cmp, compare[i]);
            initial[i] = v[0];
            fin[i] = v[1];
        }
        // Which elements the writer satisfies, and the status mask the waiter passes.
        int[] written;
        int[] status = null;
        switch (form) {
            case "waitUntilAll", "testAll" -> {
                written = new int[]{1, 2, 3};
                status = new int[]{1, 0, 0, 0};
            }
            case "waitUntilAny", "testAny" -> {
                written = new int[]{2};
                status = new int[]{0, 0, 0, 1};
            }
            case "waitUntilSome", "testSome" -> written = new int[]{1, 3};
            default -> written = new int[]{1};
        }
        if (waiter && paired) {
            for (int i = 0; i < 4; i++) {
                store(t, i, initial[i]);
            }
            payload.local().set(ValueLayout.JAVA_LONG, 0, 0L);
            // Nothing written yet: every test form must say no.
            if (!form.equals("wait")) {
                String testForm = form.startsWith("waitUntil") ? "test" + form.substring(9) : form;
                Object before = call(t, testForm, vector, cmp, compare, status, new int[4]);
                Expect.isTrue(Boolean.FALSE.equals(before) || Integer.valueOf(-1).equals(before)
                        || Integer.valueOf(0).equals(before), what + ": test before the write said " + before);
            }
        }
        shmem.barrierAll();
        if (!waiter && paired) {
            LockSupport.parkNanos(200_000);
            shmem.p(ValueLayout.JAVA_LONG, payload, 0, caseId, partner);
            shmem.fence();
            for (int i : written) {
                put(t, i, fin[i], partner);
            }
            shmem.quiet();
        } else if (waiter && paired) {
            int[] indices = new int[4];
            Object result;
            if (form.startsWith("test")) {
                long deadline = System.nanoTime() + POLL_DEADLINE_NANOS;
                do {
                    Thread.onSpinWait();
                    result = call(t, form, vector, cmp, compare, status, indices);
                    Expect.isTrue(System.nanoTime() < deadline, what + ": never became true");
                } while (Boolean.FALSE.equals(result) || Integer.valueOf(-1).equals(result)
                        || (form.equals("testSome") && Integer.valueOf(0).equals(result)));
            } else {
                result = call(t, form, vector, cmp, compare, status, indices);
            }
            Expect.equal(caseId, payload.local().get(ValueLayout.JAVA_LONG, 0), what + ": payload before flag");
            switch (form) {
                case "waitUntilAny", "testAny" -> Expect.equal(2, result, what + ": index");
                case "waitUntilSome", "testSome" -> {
                    int count = (Integer) result;
                    Expect.isTrue(count >= 1 && count <= 2, what + ": count " + count);
                    for (int k = 0; k < count; k++) {
                        Expect.isTrue(indices[k] == 1 || indices[k] == 3, what + ": index " + indices[k]);
                    }
                }
                case "waitUntilAll", "testAll" ->
                        Expect.equal(t.box(initial[0]), load(t, 0), what + ": excluded element untouched");
                default -> {
                }
            }
            for (int i : written) {
                if (form.equals("waitUntilSome") || form.equals("testSome") || form.equals("wait")) {
                    continue;
                }
                Expect.equal(t.box(fin[i]), load(t, i), what + ": element " + i + " after the wait");
            }
            cases++;
        }
        shmem.barrierAll();
    }

    /** {initial, final}: initial fails {@code x cmp v}, final satisfies it. */
    private static long[] values(Cmp cmp, long v) {
        return switch (cmp) {
            case EQ -> new long[]{v - 2, v};
            case NE, GT -> new long[]{v, v + 1};
            case GE -> new long[]{v - 1, v};
            case LT -> new long[]{v, v - 1};
            case LE -> new long[]{v + 1, v};
        };
    }

    /** Runs one wait/test form through the object API's ivar-type token (one method per form). */
    private static Object call(Type t, String form, boolean vector, Cmp cmp, long[] compare, int[] status,
                               int[] indices) {
        DataType type = t.dataType();
        long value = t.operand(compare[0]);
        long[] values = new long[compare.length];
        for (int i = 0; i < compare.length; i++) {
            values[i] = t.operand(compare[i]);
        }
        return switch (form + (vector ? "Vector" : "")) {
            case "waitUntil" -> {
                shmem.waitUntil(type, ivars, 1L, cmp, value);
                yield null;
            }
            case "test" -> shmem.test(type, ivars, 1L, cmp, value);
            case "wait" -> { // shmem_TYPE_wait: wait until the variable differs from value
                shmem.waitUntil(type, ivars, 1L, Cmp.NE, value);
                yield null;
            }
            case "waitUntilAll" -> {
                shmem.waitUntilAll(type, ivars, 0L, 4, status, cmp, value);
                yield null;
            }
            case "waitUntilAny" -> shmem.waitUntilAny(type, ivars, 0L, 4, status, cmp, value);
            case "waitUntilSome" -> shmem.waitUntilSome(type, ivars, 0L, 4, indices, status, cmp, value);
            case "testAll" -> shmem.testAll(type, ivars, 0L, 4, status, cmp, value);
            case "testAny" -> shmem.testAny(type, ivars, 0L, 4, status, cmp, value);
            case "testSome" -> shmem.testSome(type, ivars, 0L, 4, indices, status, cmp, value);
            case "waitUntilAllVector" -> {
                shmem.waitUntilAllVector(type, ivars, 0L, 4, status, cmp, values);
                yield null;
            }
            case "waitUntilAnyVector" -> shmem.waitUntilAnyVector(type, ivars, 0L, 4, status, cmp, values);
            case "waitUntilSomeVector" -> shmem.waitUntilSomeVector(type, ivars, 0L, 4, indices, status, cmp, values);
            case "testAllVector" -> shmem.testAllVector(type, ivars, 0L, 4, status, cmp, values);
            case "testAnyVector" -> shmem.testAnyVector(type, ivars, 0L, 4, status, cmp, values);
            case "testSomeVector" -> shmem.testSomeVector(type, ivars, 0L, 4, indices, status, cmp, values);
            default -> throw Expect.failure("unknown form " + form + (vector ? " (vector)" : ""), null);
        };
    }

    private static void store(Type t, int i, long v) {
        switch (t.width()) {
            case 2 -> ivars.local().setAtIndex(ValueLayout.JAVA_SHORT, i, (short) v);
            case 4 -> ivars.local().setAtIndex(ValueLayout.JAVA_INT, i, (int) v);
            default -> ivars.local().setAtIndex(ValueLayout.JAVA_LONG, i, v);
        }
    }

    private static Object load(Type t, int i) {
        return switch (t.width()) {
            case 2 -> ivars.local().getAtIndex(ValueLayout.JAVA_SHORT, i);
            case 4 -> ivars.local().getAtIndex(ValueLayout.JAVA_INT, i);
            default -> ivars.local().getAtIndex(ValueLayout.JAVA_LONG, i);
        };
    }

    private static void put(Type t, int i, long v, int pe) {
        switch (t.width()) {
            case 2 -> shmem.p(ValueLayout.JAVA_SHORT, ivars, i, (short) v, pe);
            case 4 -> shmem.p(ValueLayout.JAVA_INT, ivars, i, (int) v, pe);
            default -> shmem.p(ValueLayout.JAVA_LONG, ivars, i, v, pe);
        }
    }
}
