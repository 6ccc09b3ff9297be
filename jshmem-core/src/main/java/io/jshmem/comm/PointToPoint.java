package io.jshmem.comm;

import io.jshmem.Cmp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.function.Supplier;

/**
 * Point-to-point synchronization on this PE's own heap: waits and tests of one variable or of a run of variables
 * (all / any / some, with an exclusion mask and optional per-element compare values).
 *
 * <p>Every load of a waited-on variable is an acquire load ({@code VarHandle.getAcquire}), so when a wait returns
 * or a test says true, everything the writer made visible before its store (by quiet, fence, or the release store
 * of put-with-signal) is visible to the caller.
 *
 * <p>Waiting is {@link WaitLoop}'s: it polls, then keeps polling or sleeps on the heap's doorbell by the PE's wait
 * mode, and checks the deadline and dead PEs; single-variable waits allocate nothing. Arguments are trusted (the
 * API checks them). Stateless and thread-safe.
 */
public final class PointToPoint {

    private PointToPoint() {
    }

    /** A run of {@code count} variables of type {@code type} at heap offset {@code offset} of this PE. */
    public record Vars(WaitType type, long offset, int count, int[] status) {
        boolean excluded(int i) {
            return status != null && status[i] != 0;
        }

        long offsetOf(int i) {
            return offset + i * type.byteSize();
        }
    }

    /**
     * Compare values: {@code values} (a compare-value array viewed as a segment, one per variable) when not null,
     * else {@code value} for every variable.
     */
    public record Operand(Cmp cmp, long value, MemorySegment values) {
        long at(WaitType type, int i) {
            // Compare values arrive as one long per variable whatever the variable's width (the API's long[]).
            return type.normalize(values == null ? value : values.getAtIndex(ValueLayout.JAVA_LONG, i));
        }
    }

    /**
     * Waits until {@code var OP value} holds for the variable at {@code offset}; returns the value observed.
     * Allocates nothing: the first test is inline, the rest is {@link WaitLoop#awaitValue}.
     */
    public static long waitUntil(Comm comm, WaitType type, long offset, Cmp cmp, long value, String op) {
        MemorySegment heap = comm.localHeap();
        long operand = type.normalize(value);
        long v = type.loadAcquire(heap, offset);
        if (cmp.holds(v, operand, type.unsignedCompare())) {
            return v;
        }
        return comm.waitLoop().awaitValue(heap, offset, type, cmp, operand, op);
    }

    /** Whether {@code var OP value} holds now for the variable at {@code offset}. */
    public static boolean test(Comm comm, WaitType type, long offset, Cmp cmp, long value) {
        return cmp.holds(type.loadAcquire(comm.localHeap(), offset), type.normalize(value), type.unsignedCompare());
    }

    /** Whether every variable not excluded satisfies its comparison now (true when all are excluded). */
    public static boolean testAll(Comm comm, Vars vars, Operand operand) {
        for (int i = 0; i < vars.count(); i++) {
            if (!vars.excluded(i) && !holds(comm.localHeap(), vars, operand, i)) {
                return false;
            }
        }
        return true;
    }

    /** Index of the first variable not excluded that satisfies its comparison now, or -1. */
    public static int testAny(Comm comm, Vars vars, Operand operand) {
        for (int i = 0; i < vars.count(); i++) {
            if (!vars.excluded(i) && holds(comm.localHeap(), vars, operand, i)) {
                return i;
            }
        }
        return -1;
    }

    /** Writes the indices of the variables that satisfy their comparison now into {@code indices}; their count. */
    public static int testSome(Comm comm, Vars vars, Operand operand, int[] indices) {
        int found = 0;
        for (int i = 0; i < vars.count(); i++) {
            if (!vars.excluded(i) && holds(comm.localHeap(), vars, operand, i)) {
                indices[found++] = i;
            }
        }
        return found;
    }

    /**
     * Waits until every variable not excluded has satisfied its comparison, taking them in order (each one is
     * waited for once, as OpenSHMEM implementations do).
     */
    public static void waitAll(Comm comm, Vars vars, Operand operand, String op) {
        for (int i = 0; i < vars.count(); i++) {
            if (vars.excluded(i)) {
                continue;
            }
            long compare = operand.at(vars.type(), i);
            waitUntil(comm, vars.type(), vars.offsetOf(i), operand.cmp(), compare, op);
        }
    }

    /** Waits until some variable not excluded satisfies its comparison; its index, or -1 when all are excluded. */
    public static int waitAny(Comm comm, Vars vars, Operand operand, String op) {
        if (allExcluded(vars)) {
            return -1;
        }
        int[] found = {testAny(comm, vars, operand)};
        if (found[0] < 0) {
            comm.waitLoop().awaitLocal(() -> (found[0] = testAny(comm, vars, operand)) >= 0,
                    () -> describeRun(op, vars, operand));
        }
        return found[0];
    }

    /**
     * Waits until at least one variable not excluded satisfies its comparison, then writes the indices of all that
     * do into {@code indices}; their count (0 when all are excluded).
     */
    public static int waitSome(Comm comm, Vars vars, Operand operand, int[] indices, String op) {
        if (allExcluded(vars)) {
            return 0;
        }
        int[] found = {testSome(comm, vars, operand, indices)};
        if (found[0] == 0) {
            comm.waitLoop().awaitLocal(() -> (found[0] = testSome(comm, vars, operand, indices)) > 0,
                    () -> describeRun(op, vars, operand));
        }
        return found[0];
    }

    private static boolean holds(MemorySegment heap, Vars vars, Operand operand, int i) {
        WaitType t = vars.type();
        return operand.cmp().holds(t.loadAcquire(heap, vars.offsetOf(i)), operand.at(t, i), t.unsignedCompare());
    }

    private static boolean allExcluded(Vars vars) {
        for (int i = 0; i < vars.count(); i++) {
            if (!vars.excluded(i)) {
                return false;
            }
        }
        return true;
    }

    private static String describeRun(String op, Vars vars, Operand operand) {
        String value = operand.values() == null ? vars.type().format(vars.type().normalize(operand.value()))
                : "per-element values";
        return describe(op, vars.type(), vars.offset(), vars.count(), operand.cmp(), value);
    }

    private static String describe(String op, WaitType type, long offset, int count, Cmp cmp, String value) {
        return StallReport.describe(op, type, offset, count, cmp, value);
    }
}
