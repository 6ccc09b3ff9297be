/**
 * Benchmark programs (shmem-bench, the putmem overhead gate, raw baselines), run through shmemrun.
 */
package io.jshmem.bench;
