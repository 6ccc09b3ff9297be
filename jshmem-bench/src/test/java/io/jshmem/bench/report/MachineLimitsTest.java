package io.jshmem.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MachineLimitsTest {
    private static final String HEAD = """
            {"schema": "machine-limits/1", "cpus": 2, "cpu_model": "test", "memcpy": [
              {"size": 8, "ns": 2, "gb_per_s": 4}, {"size": 1048576, "ns": 60000, "gb_per_s": 17.5}],
             "cacheline_pingpong_half_rtt_ns": 50, "cacheline_pingpong_best_ns": 45,
            """;

    private static MachineLimits read(Path dir, String tail) throws IOException {
        Path f = dir.resolve("limits.json");
        Files.writeString(f, HEAD + tail);
        return MachineLimits.read(f);
    }

    @Test
    void readsEveryFigure(@TempDir Path dir) throws IOException {
        MachineLimits m = read(dir, "\"flag_pingpong_half_rtt_ns\": 210, \"atomic_fetch_add_uncontended_ns\": 5}");
        assertEquals(2, m.cpus());
        assertEquals(50, m.pingPongHalfRttNs());
        assertEquals(45, m.pingPongBestNs());
        assertEquals(210, m.flagPingPongNs());
        assertEquals(5, m.fetchAddNs());
        assertEquals(2, m.memcpy().size());
    }

    @Test
    void flagPingPongIsUnknownInOlderFilesAndWhenItFailed(@TempDir Path dir) throws IOException {
        assertTrue(Double.isNaN(read(dir, "\"atomic_fetch_add_uncontended_ns\": 5}").flagPingPongNs()));
        assertTrue(Double.isNaN(read(dir, "\"flag_pingpong_half_rtt_ns\": -1, \"atomic_fetch_add_uncontended_ns\": 5}")
                .flagPingPongNs()));
    }

    @Test
    void rejectsAnotherSchema(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("limits.json");
        Files.writeString(f, "{\"schema\": \"shmem-bench/1\"}");
        IOException e = assertThrows(IOException.class, () -> MachineLimits.read(f));
        assertTrue(e.getMessage().contains("machine-limits/1"), e.getMessage());
    }

    @Test
    void memcpyInterpolatesBetweenMeasuredSizes(@TempDir Path dir) throws IOException {
        MachineLimits m = read(dir, "\"atomic_fetch_add_uncontended_ns\": 5}");
        assertEquals(2, m.memcpyNs(8), 1e-9);
        assertTrue(m.memcpyNs(4096) > 2 && m.memcpyNs(4096) < 60000);
        assertTrue(Double.isNaN(m.memcpyNs(1L << 30)));
    }
}
