/**
 * jshmem's benchmark programs. They run on the class path through shmemrun (JMH forks its measurement JVMs with the
 * parent's class path), so this descriptor matters when the module is compiled: it states what the benchmarks may
 * use. Besides the public API they read the core's copy routines ({@code io.jshmem.memory}, exported to this module
 * only) as the raw baseline. Gson fills and writes the result documents by reflection, picocli sets the options and
 * JMH instantiates the benchmark states and its generated harness, hence the opens. The comparison report draws
 * its charts with XChart (AWT, headless). java.management gives the JIT's compile time, so that warm-ups can run
 * until the compiler is quiet.
 *
 * <p>JMH (jmh-core) and HdrHistogram are not named modules: they are automatic modules named from their jar file
 * names ({@code jmh.core}, {@code HdrHistogram}).
 */
module io.jshmem.bench {
    requires io.jshmem;
    requires info.picocli;
    requires com.google.gson;
    requires HdrHistogram;
    requires jmh.core;
    requires org.knowm.xchart;
    requires java.desktop;
    requires java.management;

    opens io.jshmem.bench to info.picocli, com.google.gson;
    opens io.jshmem.bench.report to info.picocli, com.google.gson;
    opens io.jshmem.bench.jmh to jmh.core;
    opens io.jshmem.bench.jmh.jmh_generated to jmh.core;
}
