package io.jshmem.config;

import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CPUs a PE counts for its host: shmemrun's CPU set when it pinned the PEs, else the process's own. */
class HostCpusTest {
    @Test
    void unsetCountsThisProcesssCpus() {
        assertEquals(Runtime.getRuntime().availableProcessors(), HostCpus.shared(Settings.of(Map.of())));
    }

    @Test
    void aPinnedPeCountsTheLaunchersCpuSet() {
        assertEquals(8, HostCpus.shared(Settings.of(Map.of("JSHMEM_HOST_CPUS", "8"))));
        assertEquals(1, HostCpus.shared(Settings.of(Map.of("JSHMEM_HOST_CPUS", " 1 "))));
    }

    @Test
    void badValuesNameTheVariableAndTheRange() {
        for (String bad : new String[] {"0", "-2", "two"}) {
            ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                    () -> HostCpus.shared(Settings.of(Map.of("JSHMEM_HOST_CPUS", bad))));
            assertTrue(e.getMessage().contains("JSHMEM_HOST_CPUS = '" + bad + "'")
                    && e.getMessage().contains("from 1"), e.getMessage());
        }
    }
}
