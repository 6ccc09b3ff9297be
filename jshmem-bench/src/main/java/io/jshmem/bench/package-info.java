/**
 * Benchmark programs (OSU-style latency and bandwidth, jshmem vs raw access, vs OSHMEM, vs ucx_perftest, the
 * overhead gate) with JSON results. They use the public API, plus the core's copy routines as the raw baseline.
 * Each benchmark is a main program run through shmemrun.
 */
package io.jshmem.bench;
