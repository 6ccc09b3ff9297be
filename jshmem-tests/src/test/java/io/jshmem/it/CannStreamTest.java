package io.jshmem.it;

import io.jshmem.it.pe.CopyEnginePe;
import io.jshmem.it.pe.HandleWaitPe;
import io.jshmem.it.pe.MultiInstancePe;
import io.jshmem.it.pe.StreamOrderPe;
import io.jshmem.transport.ucx.UcxTransportProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Streams, handles, multiple instances and the copy engine, with real PE processes: handle_wait on 1 and
 * 2 PEs (and over the UCX engine), stream ordering under load, multi-instance isolation, large nbi copies.
 */
class CannStreamTest {
    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2})
    @Timeout(150)
    void handleWaitMakesStreamPutsVisible(int nPes) {
        CannJobs.runOk(Jobs.spec(HandleWaitPe.class, nPes), "HANDLE WAIT OK pe ");
    }

    @Test
    @Timeout(180)
    void handleWaitOverTheUcxEngine() {
        assumeTrue(UcxTransportProvider.isAvailable(), () -> "libucp not loadable: "
                + UcxTransportProvider.unavailableReason());
        CannJobs.runOk(Jobs.spec(HandleWaitPe.class, 2).withEnv("JSHMEM_ENGINE", "ucx").withEnv("UCX_TLS", "tcp")
                .withEnv("UCX_NET_DEVICES", "lo"), "HANDLE WAIT OK pe ");
    }

    @Test
    @Timeout(180)
    void streamsKeepTheirOrderUnderLoad() {
        CannJobs.runOk(Jobs.spec(StreamOrderPe.class, 2), "STREAM ORDER OK pe ");
    }

    @Test
    @Timeout(180)
    void instancesAreIsolated() {
        CannJobs.runOk(Jobs.spec(MultiInstancePe.class, 2), "MULTI INSTANCE OK pe ");
    }

    @Test
    @Timeout(150)
    void copyEngineCompletesLargeNbiCopiesByQuiet() {
        CannJobs.runOk(Jobs.spec(CopyEnginePe.class, 2).withEnv("JSHMEM_COPY_ENGINE", "true")
                .withEnv("JSHMEM_COPY_ENGINE_MIN", "65536"), "COPY ENGINE OK pe ");
    }
}
