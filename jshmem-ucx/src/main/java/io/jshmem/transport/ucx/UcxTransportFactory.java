package io.jshmem.transport.ucx;

import io.jshmem.config.Setting;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.TransportException;
import io.jshmem.spi.TransportSetup;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The collective setup of a {@link UcxTransport}: local UCP objects, the allgather of {@link UcxWireInfo}, then an
 * endpoint and an unpacked rkey per served PE. A PE whose local setup fails still takes part in the allgather (with
 * an empty contribution) so that the others fail at once with a message naming it instead of timing out.
 * Not thread-safe; called once per engine during init.
 */
final class UcxTransportFactory {
    static final String ALLGATHER_KEY = "jshmem.ucx.wireup";

    private UcxTransportFactory() {
    }

    static UcxTransport create(TransportSetup setup, boolean[] wanted) {
        int me = setup.myPe();
        int n = setup.nPes();
        if (wanted == null || wanted.length != n) {
            throw new ShmemArgumentException("peers has length " + (wanted == null ? "null" : wanted.length)
                    + ": valid is one flag per PE (nPes = " + n + "); pass a boolean[" + n + "]");
        }
        MemorySegment heap = setup.localHeap();
        if (!heap.isNative()) {
            throw new ShmemArgumentException("localHeap is a Java heap segment: valid is native (mapped) memory,"
                    + " because UCX registers it by address; map the symmetric heap before creating the engine");
        }
        Duration timeout = setup.timeout();
        long spinNanos = Math.max(0, setup.settings().longValue(Setting.UCX_PROGRESS_SPIN_US)) * 1000;

        UcxWorker ucx = null;
        UcxWireInfo mine;
        int qpNum = 0;
        ProgressScheduling scheduling = ProgressScheduling.BATCH;
        try {
            qpNum = qpNum(setup.settings().string(Setting.UCX_QP_NUM));
            scheduling = ProgressScheduling.choose(setup.settings().choice(Setting.UCX_PROGRESS_PRIORITY,
                    ProgressScheduling.Choice.class), setup.hostPes(), setup.hostCores());
            UcpLoader.lookup();
            ucx = UcxWorker.open(heap, qpNum);
            mine = ucx.localInfo(heap);
        } catch (RuntimeException e) {
            if (ucx != null) {
                ucx.close();
            }
            try {
                setup.allgather(ALLGATHER_KEY, new byte[0]);
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }

        AtomicInteger waiters = new AtomicInteger();
        UcxProgressThread progress = new UcxProgressThread(ucx.worker, ucx.eventFd, spinNanos, scheduling,
                waiters, "jshmem-ucx-progress-pe" + me);
        progress.start(); // wire-up needs progress on both sides
        UcxPeer[] peers = new UcxPeer[n];
        try {
            byte[][] all = setup.allgather(ALLGATHER_KEY, mine.encode());
            for (int pe = 0; pe < n; pe++) {
                if (wanted[pe]) {
                    peers[pe] = connect(ucx, pe, UcxWireInfo.decode(pe, all[pe]));
                }
            }
        } catch (RuntimeException e) {
            try {
                UcxShutdown.release(ucx, peers, progress, true, timeout, me);
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        return new UcxTransport(me, ucx, peers, progress, waiters, timeout, qpNum);
    }

    /** JSHMEM_UCX_QP_NUM (CANN's set_qp_num): empty = UCX's own lanes, else 1..32. */
    static int qpNum(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return 0;
        }
        try {
            int v = Integer.parseInt(t);
            if (v >= 1 && v <= 32) {
                return v;
            }
        } catch (NumberFormatException e) {
            // Reported below with the valid range.
        }
        throw new ShmemArgumentException(Setting.UCX_QP_NUM.envName() + " = '" + text + "' is not a queue-pair count:"
                + " valid range is 1..32 (CANN's set_qp_num), or empty for UCX's own UCX_MAX_RNDV_RAILS");
    }

    private static UcxPeer connect(UcxWorker ucx, int pe, UcxWireInfo info) {
        long key = UcxErrorHandlers.newKey();
        UcxWorker.Endpoint endpoint = ucx.connect(pe, info.workerAddress(), key);
        MemorySegment ep = endpoint.ep();
        UcxPeer peer = new UcxPeer(pe, ep, endpoint.peerErrorHandling(), info.heapBase(), key);
        UcxErrorHandlers.register(key, peer);
        try {
            peer.rkey = ucx.unpackRkey(pe, ep, info.rkey());
        } catch (TransportException e) {
            UcxErrorHandlers.unregister(key); // the endpoint itself goes with ucp_worker_destroy
            throw new TransportException(e.getMessage() + " (its packed rkey has " + info.rkey().length + " bytes;"
                    + " every PE must use the same UCX version and UCX_TLS)", e);
        }
        return peer;
    }
}
