package io.jshmem;

/**
 * Reduction operators of the team reductions ({@code shmem_TYPE_OP_reduce}). AND, OR and XOR apply to integer
 * types only, MAX and MIN to every type but the complex ones, SUM and PROD to every {@link DataType}.
 */
public enum ReduceOp {
    AND, OR, XOR, MAX, MIN, SUM, PROD
}
