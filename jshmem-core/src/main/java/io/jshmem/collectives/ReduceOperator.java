package io.jshmem.collectives;

/** The reduction operators of OpenSHMEM, as the kernels know them. */
public enum ReduceOperator {
    AND, OR, XOR, MAX, MIN, SUM, PROD
}
