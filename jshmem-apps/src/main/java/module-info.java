/**
 * jshmem's application kernels: Java programs of published SHMEM benchmarks (ISx, the Parallel Research Kernels'
 * Stencil, Transpose and Synch_p2p, HPCC RandomAccess); they use only the public API, as applications do.
 */
module io.jshmem.apps {
    requires io.jshmem;
    // Stencil's vector kernel, used where a PE's JVM resolves the module (--add-modules jdk.incubator.vector).
    requires static jdk.incubator.vector;

    exports io.jshmem.apps;
}
