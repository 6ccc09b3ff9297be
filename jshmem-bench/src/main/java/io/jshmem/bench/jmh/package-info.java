/**
 * JMH micro-benchmarks of single-process paths (operand checks, copies); run with
 * {@code java -cp ... io.jshmem.bench.jmh.JmhMain}. JMH owns threading.
 */
package io.jshmem.bench.jmh;
