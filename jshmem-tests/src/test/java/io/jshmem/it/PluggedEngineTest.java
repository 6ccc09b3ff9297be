package io.jshmem.it;

import io.jshmem.it.engine.LoopbackTestProvider;
import io.jshmem.it.pe.AtomicsPe;
import io.jshmem.it.pe.PluggedEnginePe;
import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.JobSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An engine that lives only in this module's test tree ({@link LoopbackTestProvider}, registered by
 * {@code META-INF/services/io.jshmem.spi.TransportProvider}) serves real PE processes when JSHMEM_ENGINE names it:
 * the core found it with ServiceLoader, routed every other PE through it, and names it in its engine report.
 */
class PluggedEngineTest {
    private static JobSpec overTestEngine(Class<?> main, int nPes) {
        return Jobs.spec(main, nPes).withEnv("JSHMEM_ENGINE", LoopbackTestProvider.NAME)
                .withEnv("SHMEM_LOG_LEVEL", "info");
    }

    @Test
    @Timeout(180)
    void putGetAndAtomicRingRunsOverTheTestEngine() {
        JobResult r = Jobs.run(overTestEngine(PluggedEnginePe.class, 2));
        assertEquals(0, r.exitCode(), () -> r + "\n" + r.transcript());
        for (int pe = 0; pe < 2; pe++) {
            int p = pe;
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.equals("PLUGGED OK pe " + p)), r::transcript);
            String other = Integer.toString(1 - pe);
            assertTrue(r.stderr(pe).stream().anyMatch(l -> l.contains("PE " + p + ": engine per peer")
                            && l.contains(other + " " + LoopbackTestProvider.NAME)),
                    () -> "PE " + p + "'s engine report names " + LoopbackTestProvider.NAME + ":\n" + r.transcript());
        }
    }

    @Test
    @Timeout(180)
    void exactAtomicsUnderContentionOverTheTestEngine() {
        JobResult r = Jobs.run(overTestEngine(AtomicsPe.class, 2));
        assertEquals(0, r.exitCode(), () -> r + "\n" + r.transcript());
        for (int pe = 0; pe < 2; pe++) {
            int p = pe;
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.startsWith("ATOMICS OK pe " + p)), r::transcript);
        }
    }

    @Test
    @Timeout(120)
    void anUnknownEngineNameFailsInitNamingTheSettingAndTheEnginesFound() {
        JobResult r = Jobs.run(Jobs.spec(PluggedEnginePe.class, 2).withEnv("JSHMEM_ENGINE", "no-such-engine"));
        assertTrue(r.exitCode() != 0, r::transcript);
        String t = r.transcript();
        assertTrue(t.contains("JSHMEM_ENGINE = 'no-such-engine' is not an engine") && t.contains("auto, shm, network")
                && t.contains(LoopbackTestProvider.NAME) && t.contains("ucx"), t);
    }
}
