/**
 * Example programs (run with {@code bin/shmemrun -np N io.jshmem.examples.NAME}); they use only the public API
 * ({@code io.jshmem}, {@code io.jshmem.error}), as an application would. Each example is a main program.
 */
package io.jshmem.examples;
