/**
 * Example programs, each run with shmemrun: Hello, RmaRing, SignalPipeline, Allgather, KvShuffle, HalfFloats.
 */
package io.jshmem.examples;
