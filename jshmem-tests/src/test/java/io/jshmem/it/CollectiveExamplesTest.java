package io.jshmem.it;

import io.jshmem.examples.Allgather;
import io.jshmem.examples.HalfFloats;
import io.jshmem.examples.KvShuffle;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The allgather example (CANN SHMEM's examples/allgather: int32, float16, bfloat16, bit-exact against golden data,
 * result.csv) and the kv-shuffle example, as real jobs; and the half-precision conversions they rely on.
 */
class CollectiveExamplesTest {
    @ParameterizedTest(name = "{0} PEs, {1}")
    @CsvSource({"2, int32", "4, float16", "2, bfloat16"})
    @Timeout(300)
    void allgatherVerifiesBitExactAndWritesResultCsv(int nPes, String type, @TempDir Path dir) throws IOException {
        Path csv = dir.resolve("result.csv");
        JobResult r = CollectivesTest.runOkWithLine(Jobs.spec(Allgather.class, nPes, "-pes", "" + nPes, "-type", type,
                "-iterations", "3", "-output", csv.toString()), nPes,
                pe -> "[SUCCESS] allgather " + type + " verified bit-exact in pe " + pe);
        List<String> lines = Files.readAllLines(csv);
        assertEquals("type,pes,bytes_per_pe,total_bytes,iterations,median_us,min_us,algbw_GBps", lines.get(0));
        assertEquals(6, lines.size(), () -> "one row per size: " + lines);
        assertTrue(lines.get(5).startsWith(type + "," + nPes + ",1048576," + nPes * 1048576L + ",3,"), lines.get(5));
    }

    @Test
    @Timeout(120)
    void allgatherRejectsAPeCountOtherThanTheJobs() {
        JobResult r = Jobs.run(Jobs.spec(Allgather.class, 2, "-pes", "4"));
        assertEquals(2, r.exitCode(), r::transcript);
        assertTrue(r.transcript().contains("-pes 4 but the job has 2 PEs"), r::transcript);
        ShmFiles.assertNoneLeft(r.sessionName());
    }

    @ParameterizedTest(name = "{0} PEs with {1}")
    @CsvSource({"3, -pes 3", "1, -pes 1", "1, -pes 16", "1, -pes four", "3, (none)"})
    @Timeout(120)
    void allgatherAcceptsOnlyTwoFourOrEightPes(int nPes, String option) {
        String[] args = option.equals("(none)") ? new String[0] : option.split(" ");
        JobResult r = Jobs.run(Jobs.spec(Allgather.class, nPes, args));
        assertEquals(2, r.exitCode(), r::transcript);
        String reason = "runs on 2, 4 or 8 PEs only";
        assertTrue(r.transcript().contains(reason), r::transcript);
        if (args.length > 0) {
            assertTrue(r.transcript().contains(option + " is not supported"), r::transcript);
        } else {
            assertTrue(r.transcript().contains("the job has 3 PEs"), r::transcript);
        }
    }

    @ParameterizedTest(name = "{0} PEs")
    @CsvSource({"1", "3", "4"})
    @Timeout(300)
    void kvShuffleDeliversEveryRecordToItsOwner(int nPes) {
        CollectivesTest.runOkWithLine(Jobs.spec(KvShuffle.class, nPes, "-records", "20000", "-rounds", "2"), nPes,
                pe -> "[SUCCESS] kv-shuffle pe " + pe + ":");
    }

    @Test
    @Timeout(10)
    void halfConversionsRoundToNearestEven() {
        assertEquals((short) 0x3C00, HalfFloats.toFloat16(1.0f));
        assertEquals((short) 0x7BFF, HalfFloats.toFloat16(65504f));
        assertEquals((short) 0x7C00, HalfFloats.toFloat16(65520f), "rounds up to infinity");
        assertEquals((short) 0x0001, HalfFloats.toFloat16(0x1p-24f), "smallest subnormal");
        assertEquals((short) 0x8000, HalfFloats.toFloat16(-0.0f));
        assertEquals(1.0009765625f, HalfFloats.fromFloat16((short) 0x3C01));
        assertEquals((short) 0x3F80, HalfFloats.toBfloat16(1.0f));
        assertEquals((short) 0x3F80, HalfFloats.toBfloat16(Float.intBitsToFloat(0x3F808000)), "tie to even (down)");
        assertEquals((short) 0x3F82, HalfFloats.toBfloat16(Float.intBitsToFloat(0x3F818000)), "tie to even (up)");
        assertEquals((short) 0x3F81, HalfFloats.toBfloat16(Float.intBitsToFloat(0x3F808001)), "above the tie");
        assertEquals((short) 0x7F80, HalfFloats.toBfloat16(Float.POSITIVE_INFINITY));
        assertEquals((short) 0x8000, HalfFloats.toBfloat16(-0.0f));
        assertTrue(Float.isNaN(HalfFloats.fromBfloat16(HalfFloats.toBfloat16(Float.NaN))));
        assertTrue(Float.isNaN(HalfFloats.fromBfloat16(HalfFloats.toBfloat16(Float.intBitsToFloat(0x7F800001)))),
                "a NaN whose payload is in the dropped bits stays NaN");
        assertEquals(3.140625f, HalfFloats.fromBfloat16(HalfFloats.toBfloat16(3.14159f)));
    }
}
