package io.jshmem.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class BenchListTest {
    @Test
    void everySubcommandRunsSomeBenchmarksAndEveryBenchmarkHasASubcommand() {
        Set<Bench> covered = new HashSet<>();
        for (String[] g : ShmemBench.GROUPS) {
            List<Bench> list = Bench.ofGroup(g[0]);
            assertFalse(list.isEmpty(), g[0]);
            covered.addAll(list);
        }
        assertEquals(Set.of(Bench.values()), covered);
        assertEquals(14, Bench.ofGroup("atomics").size());
    }

    @Test
    void listsTakeIdsAndGroupsWithoutDuplicates() {
        assertEquals(List.of(Bench.PUT_LAT, Bench.SUM_REDUCE), Bench.parseList("put_lat, reduce"));
        assertEquals(List.of(Bench.PUT_LAT), Bench.parseList("put-lat,put_lat"));
        assertEquals(Bench.ofGroup("atomics"), Bench.parseList("atomics,atomic_fetch"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Bench.parseList("put_lat,x"));
        assertTrue(e.getMessage().contains("'x'") && e.getMessage().contains("put_lat"), e.getMessage());
    }

    @Test
    void sizesFollowTheOptions() {
        BenchOptions o = new BenchOptions();
        o.minSize = "4";
        o.maxSize = "64";
        o.collMinSize = "1";
        o.collMaxSize = "32";
        assertEquals(List.of(4L, 8L, 16L, 32L, 64L), Bench.PUT_LAT.sizes(o));
        assertEquals(List.of(8L, 16L, 32L), Bench.BROADCAST.sizes(o));
        assertEquals(List.of(8L), Bench.ATOMIC_FETCH_ADD.sizes(o));
        assertEquals(List.of(0L), Bench.BARRIER_ALL.sizes(o));
    }

    /** The C twin must measure the same benchmarks under the same ids and groups, in the same order. */
    @Test
    void theCBenchmarkHasTheSameIdsGroupsAndMetrics() throws IOException {
        Path c = Path.of("..", "bench", "c", "oshmem_bench.c");
        String src = Files.readString(c);
        Matcher m = Pattern.compile("\\{\"([a-z_]+)\", \"([a-z-]+)\", \"[^\"]*\", \"([a-z_]+)\"").matcher(src);
        int i = 0;
        while (m.find()) {
            Bench b = Bench.values()[i++];
            assertEquals(b.id(), m.group(1));
            assertEquals(b.group, m.group(2));
            assertEquals(b.metric, m.group(3), b.id());
        }
        assertEquals(Bench.values().length, i);
    }
}
