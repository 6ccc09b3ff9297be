package io.jshmem.it;

import io.jshmem.it.pe.MemoryChapterPe;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OpenSHMEM 1.6's memory chapter as processes: malloc_with_hints, memory kinds (HOST_SIDE, DEVICE_SIDE through the
 * test provider, the no-provider failure) and team ptr, each at 1, 2 and 4 PEs (team ptr on a strided team). Each
 * case prints its own line, so the first failing case is named; the provider's files are gone afterwards.
 */
class MemoryChapterTest {
    private static final String[] CASES = {"hints", "host-kind", "no-device-provider", "device-kind",
        "team-ptr-world", "team-ptr-strided", "team-ptr-bad-input", "after-finalize"};

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(240)
    void hintsKindsAndTeamPtr(int nPes, @TempDir Path deviceDir) throws IOException {
        var r = CollectivesTest.runOkWithLine(Jobs.spec(MemoryChapterPe.class, nPes, deviceDir.toString()), nPes,
                pe -> "MEMORY CHAPTER OK pe " + pe + " of " + nPes);
        for (int pe = 0; pe < nPes; pe++) {
            int p = pe;
            for (String c : CASES) {
                assertTrue(r.stdout(pe).stream().anyMatch(l -> l.contains("case " + c + " ok pe " + p)),
                        () -> "PE " + p + " did not pass case " + c + "\n" + r.transcript());
            }
            if (nPes > 1) {
                for (String c : new String[] {"hints-disagree", "kinds-disagree"}) {
                    assertTrue(r.stdout(pe).stream().anyMatch(l -> l.contains("case " + c + " ok pe " + p)),
                            () -> "PE " + p + " did not pass case " + c + "\n" + r.transcript());
                }
            }
        }
        try (Stream<Path> left = Files.list(deviceDir)) {
            assertEquals(0, left.count(), "the test provider unlinks its device heap files once mapped");
        }
    }
}
