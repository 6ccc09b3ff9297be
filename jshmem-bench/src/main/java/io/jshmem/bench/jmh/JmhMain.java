package io.jshmem.bench.jmh;

/**
 * Runs the JMH microbenchmarks of the hot paths (not part of the test run):
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp "jshmem-bench/target/*:jshmem-bench/target/lib/*" \
 *     io.jshmem.bench.jmh.JmhMain [JMH options, e.g. PutPathBench -f 1 -wi 2 -i 3]
 * </pre>
 *
 * Without arguments it runs every benchmark of this package. Each fork is a one-PE jshmem job.
 */
public final class JmhMain {
    private JmhMain() {
    }

    public static void main(String[] args) throws Exception {
        org.openjdk.jmh.Main.main(args.length == 0 ? new String[]{"io\\.jshmem\\.bench\\.jmh\\..*"} : args);
    }
}
