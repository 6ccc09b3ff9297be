package io.jshmem.it.pe.fuzz;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemOutOfMemoryException;
import io.jshmem.error.ShmemStateException;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs one planned call and books its outcome against the oracle: a valid call must not throw, an invalid one must
 * throw ShmemArgumentException, ShmemStateException (or, for allocation, ShmemOutOfMemoryException) whose message
 * names one of the arguments that make it invalid; anything else (another exception type, an accepted invalid call)
 * is a problem.
 */
final class FuzzLedger {
    final List<String> problems = new ArrayList<>();
    long calls;
    long valid;
    long rejected;
    long acceptedInvalid;
    long wrongRejections;
    long badMessages;
    /** Rejected calls after which some PE's memory (or the local operand) had changed. */
    long sideEffects;
    /**
     * Run after every rejected call while set (the RMA and sync phases, when only the acting PE writes): returns
     * whether every PE's memory is unchanged.
     */
    java.util.function.Predicate<Plan> afterRejection;

    /**
     * Prints PE {@code pe}'s statistics line ({@code calls=.. valid=.. rejected=.. acceptedInvalid=..
     * wrongRejections=.. badMessages=..}, then {@code extra}), and when there were problems prints each and exits 1.
     */
    void reportOrExit(int pe, String extra) {
        System.out.println("pe " + pe + " calls=" + calls + " valid=" + valid + " rejected=" + rejected
                + " acceptedInvalid=" + acceptedInvalid + " wrongRejections=" + wrongRejections + " badMessages="
                + badMessages + extra);
        if (!problems.isEmpty()) {
            for (String p : problems) {
                System.out.println("PROBLEM " + p);
            }
            System.out.flush();
            System.exit(1);
        }
    }

    /** A planned call: whether the oracle deems it valid and which argument names an error may name. */
    record Plan(String what, boolean valid, Set<String> culprits) {
    }

    interface Call {
        void run() throws Exception;
    }

    /** Runs {@code call} as the acting PE; returns whether it ran without throwing. */
    boolean run(Plan plan, Call call) {
        calls++;
        try {
            call.run();
        } catch (ShmemArgumentException | ShmemStateException | ShmemOutOfMemoryException e) {
            if (plan.valid()) {
                wrongRejections++;
                problem(plan, "valid call rejected: " + e);
                return false;
            }
            rejected++;
            String m = String.valueOf(e.getMessage());
            boolean named = false;
            for (String c : plan.culprits()) {
                if (m.contains(c)) {
                    named = true;
                    break;
                }
            }
            if (!named) {
                badMessages++;
                problem(plan, "message names none of " + plan.culprits() + ": " + m);
            }
            if (afterRejection != null && !afterRejection.test(plan)) {
                sideEffects++;
                problem(plan, "the rejected call changed memory");
            }
            return false;
        } catch (Throwable t) {
            problem(plan, (plan.valid() ? "valid" : "invalid") + " call threw " + t);
            if (afterRejection != null && !afterRejection.test(plan)) {
                sideEffects++;
                problem(plan, "the call that threw changed memory");
            }
            return false;
        }
        if (!plan.valid()) {
            acceptedInvalid++;
            problem(plan, "invalid call accepted (culprits " + plan.culprits() + ")");
            return false;
        }
        valid++;
        return true;
    }

    void problem(Plan plan, String what) {
        if (problems.size() < 50) {
            problems.add(plan.what() + ": " + what);
        }
    }

    void problem(String what) {
        if (problems.size() < 50) {
            problems.add(what);
        }
    }
}
