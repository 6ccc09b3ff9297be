package io.jshmem.examples;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * CANN SHMEM's examples/allgather on the JVM: every PE contributes a block of int32, float16 or bfloat16 values and
 * receives every PE's block ({@link Team#fcollectmem}). The golden data of all PEs is generated up front (floats
 * converted to the 16-bit types with round-to-nearest-even), every PE checks its result bit for bit against it,
 * and PE 0 writes the median time per size to {@code result.csv}.
 *
 * <p>Run: {@code bin/shmemrun -np 4 io.jshmem.examples.Allgather -pes 4 -type float16}
 * <br>Options: {@code -pes N} (2, 4 or 8, as the seed allows; must equal the job's PE count, which must be 2, 4 or 8
 * also without the option), {@code -type int32|float16|bfloat16},
 * {@code -iterations K} (timed calls per size, default 20), {@code -output FILE} (default result.csv).
 */
public final class Allgather {
    /** Bytes each PE contributes, per measured size. */
    private static final long[] BLOCK_BYTES = {64, 1024, 16 << 10, 256 << 10, 1 << 20};

    private Allgather() {
    }

    public static void main(String[] args) throws IOException {
        Options o = Options.parse(args);
        boolean ok = true;
        try (ShmemRuntime shmem = Shmem.init(); Arena arena = Arena.ofConfined()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            if (o.pes > 0 && o.pes != n) {
                System.err.println("-pes " + o.pes + " but the job has " + n + " PEs: run shmemrun -np " + o.pes);
                System.exit(2);
            }
            if (o.pes == 0 && !Options.supported(n)) {
                System.err.println("the job has " + n + " PEs but " + Options.SUPPORTED_PES);
                System.exit(2);
            }
            long maxBlock = BLOCK_BYTES[BLOCK_BYTES.length - 1];
            // Golden data up front: block j of every size is the prefix of PE j's full block.
            MemorySegment golden = arena.allocate(n * maxBlock, 64);
            for (int j = 0; j < n; j++) {
                generate(o.type, j, golden.asSlice(j * maxBlock, maxBlock));
            }
            SymmetricMemory src = shmem.malloc(maxBlock);
            SymmetricMemory dst = shmem.malloc(n * maxBlock);
            Team world = shmem.teamWorld();
            StringBuilder csv = new StringBuilder("type,pes,bytes_per_pe,total_bytes,iterations,median_us,min_us,"
                    + "algbw_GBps\n");
            for (long block : BLOCK_BYTES) {
                MemorySegment.copy(golden, me * maxBlock, src.local(), 0, block);
                double[] us = new double[o.iterations];
                for (int it = -3; it < o.iterations; it++) {
                    dst.local().asSlice(0, n * block).fill((byte) 0);
                    world.sync();
                    long t0 = System.nanoTime();
                    world.fcollectmem(dst, 0, src, 0, block);
                    long t1 = System.nanoTime();
                    if (it >= 0) {
                        us[it] = (t1 - t0) / 1e3;
                    }
                }
                for (int j = 0; j < n; j++) {
                    long m = MemorySegment.mismatch(dst.local(), j * block, (j + 1) * block, golden, j * maxBlock,
                            j * maxBlock + block);
                    if (m >= 0) {
                        ok = false;
                        System.out.printf("size %d: block of PE %d differs from the golden data at byte %d%n",
                                block, j, m);
                    }
                }
                Arrays.sort(us);
                double median = us[us.length / 2];
                csv.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%.2f,%.2f,%.3f%n", o.type, n, block,
                        n * block, o.iterations, median, us[0], n * block / median / 1e3));
            }
            shmem.free(dst);
            shmem.free(src);
            if (me == 0) {
                Files.writeString(Path.of(o.output), csv);
                System.out.print(csv);
                System.out.println("wrote " + o.output);
            }
            System.out.println(ok ? "[SUCCESS] allgather " + o.type + " verified bit-exact in pe " + me
                    : "[ERROR] allgather result incorrect in pe " + me);
        }
        if (!ok) {
            System.exit(1);
        }
    }

    /** The block of PE {@code pe}: values of a smooth function, converted to the type. */
    static void generate(String type, int pe, MemorySegment block) {
        switch (type) {
            case "int32" -> {
                for (long i = 0; i < block.byteSize() / 4; i++) {
                    block.setAtIndex(ValueLayout.JAVA_INT, i, (int) (pe * 1_000_003L + i * 7919L));
                }
            }
            case "float16", "bfloat16" -> {
                for (long i = 0; i < block.byteSize() / 2; i++) {
                    float v = (float) (Math.sin(pe * 131.0 + i * 0.37) * 1000.0 + pe);
                    short bits = type.equals("float16") ? HalfFloats.toFloat16(v) : HalfFloats.toBfloat16(v);
                    block.setAtIndex(ValueLayout.JAVA_SHORT, i, bits);
                }
            }
            default -> throw new IllegalArgumentException("type " + type);
        }
    }

    private record Options(int pes, String type, int iterations, String output) {
        /** Why only 2, 4 and 8: the seed's allgather kernel and its golden-data scripts are built for those. */
        static final String SUPPORTED_PES = "CANN's allgather example runs on 2, 4 or 8 PEs only (its kernel and"
                + " golden data are built for those); pass -pes 2, 4 or 8 and run shmemrun -np with the same count";

        static boolean supported(int pes) {
            return pes == 2 || pes == 4 || pes == 8;
        }

        static Options parse(String[] args) {
            int pes = 0;
            String type = "int32";
            int iterations = 20;
            String output = "result.csv";
            for (int i = 0; i < args.length; i++) {
                String v = i + 1 < args.length ? args[i + 1] : "";
                switch (args[i]) {
                    case "-pes", "--pes" -> pes = pesOption(v);
                    case "-type", "--type" -> type = v;
                    case "-iterations", "--iterations" -> iterations = Integer.parseInt(v);
                    case "-output", "--output" -> output = v;
                    default -> usage("unknown option " + args[i]);
                }
                i++;
            }
            if (!type.equals("int32") && !type.equals("float16") && !type.equals("bfloat16")) {
                usage("-type " + type + " is not supported: valid types are int32, float16, bfloat16");
            }
            if (iterations < 1) {
                usage("-iterations " + iterations + " must be 1 or more");
            }
            return new Options(pes, type, iterations, output);
        }

        /** The value of -pes, which must be 2, 4 or 8 (0 stands for "not given" and is rejected here too). */
        private static int pesOption(String v) {
            int pes;
            try {
                pes = Integer.parseInt(v);
            } catch (NumberFormatException e) {
                pes = -1;
            }
            if (!supported(pes)) {
                usage("-pes " + (v.isEmpty() ? "(missing)" : v) + " is not supported: " + SUPPORTED_PES);
            }
            return pes;
        }

        private static void usage(String problem) {
            System.err.println(problem + "\nusage: shmemrun -np N io.jshmem.examples.Allgather [-pes 2|4|8] "
                    + "[-type int32|float16|bfloat16] [-iterations K] [-output result.csv]");
            System.exit(2);
        }
    }
}
