package io.jshmem;

/**
 * Reduction operators of the team reductions ({@code shmem_TYPE_OP_reduce}). AND, OR and XOR apply to integer
 * types only, MAX and MIN to every type but the complex ones, SUM and PROD to every {@link DataType}.
 */
public enum ReduceOp {
    /** Bitwise and (integer types). */
    AND,
    /** Bitwise or (integer types). */
    OR,
    /** Bitwise exclusive or (integer types). */
    XOR,
    /** Maximum (unsigned types compare as unsigned; not the complex types). */
    MAX,
    /** Minimum (unsigned types compare as unsigned; not the complex types). */
    MIN,
    /** Sum; integer arithmetic wraps. */
    SUM,
    /** Product; integer arithmetic wraps. */
    PROD
}
