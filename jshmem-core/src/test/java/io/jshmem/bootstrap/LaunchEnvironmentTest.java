package io.jshmem.bootstrap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class LaunchEnvironmentTest {
    static LaunchInfo detect(String... keyValues) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            env.put(keyValues[i], keyValues[i + 1]);
        }
        return LaunchEnvironment.detect(Settings.of(env));
    }

    static ShmemArgumentException fails(String... keyValues) {
        return assertThrows(ShmemArgumentException.class, () -> detect(keyValues));
    }

    static final String[] TORCH = {"RANK", "3", "WORLD_SIZE", "8", "LOCAL_RANK", "1", "LOCAL_WORLD_SIZE", "4",
        "MASTER_ADDR", "10.0.0.5", "MASTER_PORT", "29500", "TORCHELASTIC_RUN_ID", "run-42"};

    static String[] with(String[] base, String... more) {
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void nothingSetIsASinglePeJobHostingItsOwnRendezvous() {
        LaunchInfo info = detect();
        assertEquals(0, info.pe());
        assertEquals(1, info.nPes());
        assertEquals(0, info.localPe());
        assertEquals(1, info.localNPes());
        assertTrue(info.hostsRendezvous());
        assertEquals("single", info.source());
        assertEquals("127.0.0.1", info.uniqueId().host());
        assertEquals(0, info.uniqueId().port());
        assertNotEquals(info.uniqueId(), detect().uniqueId(), "a fresh secret each time");
    }

    @Test
    void shmemrun() {
        UniqueId uid = new UniqueId("127.0.0.1", 4567, UniqueId.newSecret());
        LaunchInfo info = detect("JSHMEM_UNIQUE_ID", uid.toString(), "JSHMEM_PE", "2", "JSHMEM_NPES", "4",
                "JSHMEM_LOCAL_PE", "2", "JSHMEM_LOCAL_NPES", "4",
                "RANK", "0", "WORLD_SIZE", "1", "SLURM_PROCID", "0", "SLURM_NTASKS", "1");
        assertEquals(new LaunchInfo(2, 4, 2, 4, uid, false, "shmemrun"), info);
        assertFalse(info.toString().contains(uid.toString()), "LaunchInfo.toString must not print the secret");
    }

    @Test
    void shmemrunErrorsNameTheVariable() {
        String uid = new UniqueId("127.0.0.1", 4567, UniqueId.newSecret()).toString();
        ShmemArgumentException e = fails("JSHMEM_UNIQUE_ID", uid, "JSHMEM_PE", "4", "JSHMEM_NPES", "4");
        assertTrue(e.getMessage().contains("JSHMEM_PE = 4 is out of range: valid range is 0..3"), e.getMessage());
        e = fails("JSHMEM_UNIQUE_ID", uid, "JSHMEM_NPES", "4");
        assertTrue(e.getMessage().startsWith("JSHMEM_PE is not set"), e.getMessage());
        e = fails("JSHMEM_UNIQUE_ID", "garbage", "JSHMEM_PE", "0", "JSHMEM_NPES", "1");
        assertTrue(e.getMessage().startsWith("JSHMEM_UNIQUE_ID: unique id"), e.getMessage());
    }

    @Test
    void torchrun() {
        LaunchInfo info = detect(TORCH);
        assertEquals(3, info.pe());
        assertEquals(8, info.nPes());
        assertEquals(1, info.localPe());
        assertEquals(4, info.localNPes());
        assertFalse(info.hostsRendezvous());
        assertEquals("torchrun", info.source());
        assertEquals("10.0.0.5", info.uniqueId().host());
        assertEquals(29500, info.uniqueId().port());
        LaunchInfo pe0 = detect(with(TORCH, "RANK", "0", "LOCAL_RANK", "0"));
        assertTrue(pe0.hostsRendezvous());
        assertEquals(info.uniqueId(), pe0.uniqueId(), "every PE derives the same id");
        assertNotEquals(info.uniqueId(), detect(with(TORCH, "TORCHELASTIC_RUN_ID", "run-43")).uniqueId(),
                "another job gets another secret");
    }

    @Test
    void torchrunWithoutLocalWorldSizeAssumesOneHost() {
        LaunchInfo info = detect("RANK", "5", "WORLD_SIZE", "6", "LOCAL_RANK", "5", "MASTER_ADDR", "h",
                "MASTER_PORT", "1234");
        assertEquals(6, info.localNPes());
        assertEquals(5, info.localPe());
    }

    @Test
    void torchrunAgentStoreHoldsMasterPortSoTheRendezvousTakesTheNext() {
        LaunchInfo info = detect(with(TORCH, "TORCHELASTIC_USE_AGENT_STORE", "True"));
        assertEquals(29501, info.uniqueId().port());
        ShmemArgumentException e = fails(with(TORCH, "TORCHELASTIC_USE_AGENT_STORE", "True",
                "MASTER_PORT", "65535"));
        assertTrue(e.getMessage().contains("MASTER_PORT = 65535 is out of range: valid range is 1..65534"),
                e.getMessage());
    }

    @Test
    void torchrunErrorsNameVariableValueAndRange() {
        ShmemArgumentException e = fails(with(TORCH, "RANK", "8"));
        assertTrue(e.getMessage().contains("RANK = 8 is out of range: valid range is 0..7 (WORLD_SIZE = 8)"),
                e.getMessage());
        e = fails(with(TORCH, "WORLD_SIZE", "eight"));
        assertTrue(e.getMessage().contains("WORLD_SIZE = 'eight' is not a whole number"), e.getMessage());
        e = fails(with(TORCH, "LOCAL_RANK", "4"));
        assertTrue(e.getMessage().contains("LOCAL_RANK = 4 is out of range: valid range is 0..3"), e.getMessage());
        e = fails(with(TORCH, "LOCAL_WORLD_SIZE", "9"));
        assertTrue(e.getMessage().contains("LOCAL_WORLD_SIZE = 9"), e.getMessage());
        e = fails("RANK", "0", "WORLD_SIZE", "2", "LOCAL_RANK", "0");
        assertTrue(e.getMessage().contains("MASTER_ADDR") && e.getMessage().contains("SHMEM_UID_SESSION_ID"),
                e.getMessage());
        e = fails("RANK", "0", "LOCAL_RANK", "0", "MASTER_ADDR", "h", "MASTER_PORT", "1");
        assertTrue(e.getMessage().startsWith("WORLD_SIZE is not set"), e.getMessage());
    }

    @Test
    void sessionIdWinsOverMasterAddr() {
        LaunchInfo info = detect(with(TORCH, "SHMEM_UID_SESSION_ID", "[::1]:7000"));
        assertEquals("::1", info.uniqueId().host());
        assertEquals(7000, info.uniqueId().port());
    }

    @Test
    void explicitSecretIsUsedAndMustBeLongEnough() {
        String secret = "0123456789abcdef0123";
        LaunchInfo a = detect(with(TORCH, "JSHMEM_SECRET", secret));
        LaunchInfo b = detect(with(TORCH, "JSHMEM_SECRET", secret, "TORCHELASTIC_RUN_ID", "other", "RANK", "0",
                "LOCAL_RANK", "0"));
        assertArrayEquals(a.uniqueId().secret(), b.uniqueId().secret(), "the secret does not depend on the job id");
        assertNotEquals(a.uniqueId(), detect(TORCH).uniqueId(), "explicit and derived secrets differ");
        ShmemArgumentException e = fails(with(TORCH, "JSHMEM_SECRET", "short"));
        assertTrue(e.getMessage().contains("JSHMEM_SECRET has 5 characters"), e.getMessage());
    }

    @Test
    void slurmWithTasksPerNode() {
        LaunchInfo info = detect("SLURM_PROCID", "5", "SLURM_NTASKS", "8", "SLURM_LOCALID", "1",
                "SLURM_NTASKS_PER_NODE", "4", "SLURM_JOB_ID", "777", "MASTER_ADDR", "node1", "MASTER_PORT", "6000");
        assertEquals(5, info.pe());
        assertEquals(8, info.nPes());
        assertEquals(1, info.localPe());
        assertEquals(4, info.localNPes());
        assertEquals("slurm", info.source());
        assertEquals("node1", info.uniqueId().host());
        assertEquals(6000, info.uniqueId().port());
        assertFalse(info.hostsRendezvous());
    }

    @Test
    void slurmCompressedTasksPerNode() {
        assertEquals(List.of(2, 2, 2, 1), LaunchEnvironment.expandTasksPerNode("2(x3),1"));
        LaunchInfo info = detect("SLURM_PROCID", "6", "SLURM_NTASKS", "7", "SLURM_LOCALID", "0",
                "SLURM_TASKS_PER_NODE", "2(x3),1", "SLURM_NODEID", "3", "SHMEM_UID_SESSION_ID", "10.0.0.1:6000");
        assertEquals(1, info.localNPes());
        assertEquals("10.0.0.1", info.uniqueId().host());
        ShmemArgumentException e = fails("SLURM_PROCID", "0", "SLURM_NTASKS", "2", "SLURM_LOCALID", "0",
                "SLURM_TASKS_PER_NODE", "2(x", "SLURM_NODEID", "0", "MASTER_ADDR", "h", "MASTER_PORT", "1");
        assertTrue(e.getMessage().contains("SLURM_TASKS_PER_NODE = '2(x' is malformed"), e.getMessage());
    }

    @Test
    void slurmErrors() {
        ShmemArgumentException e = fails("SLURM_PROCID", "2", "SLURM_NTASKS", "2", "SLURM_LOCALID", "0",
                "SLURM_NTASKS_PER_NODE", "2", "MASTER_ADDR", "h", "MASTER_PORT", "1");
        assertTrue(e.getMessage().contains("SLURM_PROCID = 2 is out of range: valid range is 0..1"), e.getMessage());
        e = fails("SLURM_PROCID", "0", "SLURM_NTASKS", "4", "SLURM_LOCALID", "0", "SLURM_NNODES", "2",
                "MASTER_ADDR", "h", "MASTER_PORT", "1");
        assertTrue(e.getMessage().contains("SLURM_NTASKS_PER_NODE"), e.getMessage());
        e = fails("SLURM_PROCID", "0", "SLURM_NTASKS", "1", "SLURM_LOCALID", "0", "SLURM_NNODES", "1");
        assertTrue(e.getMessage().startsWith("Slurm job without a rendezvous address"), e.getMessage());
    }

    @Test
    void openMpiWinsOverSlurm() {
        LaunchInfo info = detect("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "4",
                "OMPI_COMM_WORLD_LOCAL_RANK", "0", "OMPI_COMM_WORLD_LOCAL_SIZE", "2",
                "OMPI_MCA_ess_base_jobid", "1234", "SLURM_PROCID", "1", "SLURM_NTASKS", "2",
                "MASTER_ADDR", "fe80::1", "MASTER_PORT", "6000");
        assertEquals(new LaunchInfo(0, 4, 0, 2, info.uniqueId(), true, "openmpi"), info);
        assertEquals("fe80::1", info.uniqueId().host());
        ShmemArgumentException e = fails("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "4",
                "OMPI_COMM_WORLD_LOCAL_RANK", "2", "OMPI_COMM_WORLD_LOCAL_SIZE", "2", "MASTER_ADDR", "h",
                "MASTER_PORT", "1");
        assertTrue(e.getMessage().contains("OMPI_COMM_WORLD_LOCAL_RANK = 2 is out of range: valid range is 0..1"),
                e.getMessage());
    }

    @Test
    void torchrunWinsOverSlurm() {
        LaunchInfo info = detect(with(TORCH, "SLURM_PROCID", "0", "SLURM_NTASKS", "1"));
        assertEquals("torchrun", info.source());
    }
}
