/**
 * Application kernels of published SHMEM benchmarks (run with {@code bin/shmemrun -np N io.jshmem.apps.NAME}):
 * {@link io.jshmem.apps.BucketSort} (ISx), {@link io.jshmem.apps.Stencil}, {@link io.jshmem.apps.Transpose} and
 * {@link io.jshmem.apps.SynchP2p} (the Parallel Research Kernels), {@link io.jshmem.apps.Gups} (HPCC RandomAccess).
 * Each verifies its result (exit status 1 when that fails; 2 for a bad argument) and ends with one line
 * {@code RESULT program=NAME pes=N key=value ... verified=true|false} from PE 0; docs/apps.md specifies the
 * parameters, phases timed, verification and keys, so that programs in other languages can print the same line.
 */
package io.jshmem.apps;
