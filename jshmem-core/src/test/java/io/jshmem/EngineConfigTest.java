package io.jshmem;

import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CANN's validation of engine configurations, engine masks and the instance-related init attributes. */
@Timeout(30)
class EngineConfigTest {
    @Test
    void workspaceLimitsFollowCann() {
        assertEquals(new EngineConfig(0, 0, 0), EngineConfig.of(DataOpEngine.MTE, 0, 0, 0));
        assertEquals(new EngineConfig(190 << 10, 128, 0), EngineConfig.of(DataOpEngine.RDMA, 190 << 10, 128, 0));
        for (DataOpEngine e : new DataOpEngine[] {DataOpEngine.RDMA, DataOpEngine.UDMA}) {
            ShmemArgumentException x = assertThrows(ShmemArgumentException.class, () -> EngineConfig.of(e, 0, 127, 0));
            assertTrue(x.getMessage().contains("workspaceBytes = 127") && x.getMessage().contains("128..4294967295"),
                    x.getMessage());
        }
        assertThrows(ShmemArgumentException.class, () -> EngineConfig.of(DataOpEngine.MTE, -1, 0, 0));
        assertThrows(ShmemArgumentException.class, () -> EngineConfig.of(DataOpEngine.SDMA, 0, 1L << 32, 0));
        assertThrows(ShmemArgumentException.class, () -> EngineConfig.of(DataOpEngine.SDMA, 0, 64, 1L << 32));
        assertEquals(new EngineConfig(191 << 10, 64, 0), EngineConfig.defaultFor(DataOpEngine.SDMA));
        assertEquals(new EngineConfig(0, 16 << 10, 0), EngineConfig.defaultFor(DataOpEngine.MTE));
    }

    @Test
    void enginesMasksAndInstanceAttributesAreChecked() {
        assertEquals(Set.of(DataOpEngine.MTE, DataOpEngine.RDMA), DataOpEngine.fromMask(5));
        assertThrows(ShmemArgumentException.class, () -> DataOpEngine.fromMask(0));
        assertThrows(ShmemArgumentException.class, () -> DataOpEngine.fromMask(16));
        InitAttributes a = InitAttributes.fromEnvironment();
        ShmemArgumentException id = assertThrows(ShmemArgumentException.class, () -> a.instanceId(255));
        assertTrue(id.getMessage().contains("instanceId = 255") && id.getMessage().contains("0..254"),
                id.getMessage());
        assertThrows(ShmemArgumentException.class, () -> a.instanceId(-1));
        assertEquals(254, a.instanceId(254).instanceId());
        assertThrows(ShmemArgumentException.class, () -> a.dataOpEngines(DataOpEngine.UDMA));
        assertThrows(ShmemArgumentException.class, () -> a.dataOpEngines());
        assertThrows(ShmemArgumentException.class, () -> a.connectTimeout(Duration.ZERO));
        assertThrows(ShmemArgumentException.class, () -> a.controlTimeout(Duration.ofSeconds(-1)));
        java.util.Map<String, String> o = InitAttributes.fromEnvironment().dataOpEngineType(1 | 2)
                .connectTimeout(Duration.ofSeconds(7)).overrides();
        assertEquals("shm", o.get("JSHMEM_ENGINE"));
        assertEquals("true", o.get("JSHMEM_COPY_ENGINE"));
        assertEquals("7", o.get("JSHMEM_CONNECT_TIMEOUT"));
        for (String name : o.keySet()) {
            assertTrue(java.util.Arrays.stream(io.jshmem.config.Setting.values())
                    .anyMatch(x -> x.envName().equals(name)), name + " is a setting's name");
        }
        assertEquals("network", InitAttributes.fromEnvironment().dataOpEngines(DataOpEngine.RDMA).overrides()
                .get("JSHMEM_ENGINE"));
        assertEquals("auto", InitAttributes.fromEnvironment().dataOpEngineType(5).overrides().get("JSHMEM_ENGINE"));
    }

    @Test
    void versionAndName() {
        assertEquals(new ShmemInfo.Version(1, 6), Shmem.infoGetVersion());
        assertTrue(Shmem.infoGetName().startsWith("jshmem "));
        assertTrue(Shmem.infoGetName().length() < ShmemInfo.MAX_NAME_LEN);
        assertEquals(InitStatus.NOT_INITIALIZED, Shmem.initStatus(7));
        assertThrows(ShmemArgumentException.class, () -> Shmem.initStatus(255));
    }
}
