package io.jshmem.impl;

import io.jshmem.DataOpEngine;
import io.jshmem.InitStatus;
import io.jshmem.TlsKeyDecryptor;
import io.jshmem.bootstrap.TlsContexts;
import io.jshmem.bootstrap.TlsKey;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

/**
 * CANN's process-wide calls that must come before any init: {@code aclshmemx_set_qp_num} (queue pairs per peer,
 * applied to the UCX engine as JSHMEM_UCX_QP_NUM / UCX_MAX_RNDV_RAILS) and {@code aclshmemx_set_config_store_tls_key}
 * (the rendezvous' TLS key, protected password and decrypt callback, handed to {@link TlsContexts}). As in CANN, the
 * queue-pair count is frozen while any instance is live and back to unset after the last finalize. Callers hold the
 * lifecycle lock; the state is read under this class's lock.
 */
final class PreInitConfig {
    static final int MAX_QP_NUM = 32;
    /** setQpNum's value; 0 = not set (JSHMEM_UCX_QP_NUM or UCX decides). */
    private static int qpNum;

    private PreInitConfig() {
    }

    static synchronized void setQpNum(DataOpEngine engine, int n) {
        if (engine == null) {
            throw new ShmemArgumentException("engine is null: valid is RDMA (the UCX engine)");
        }
        switch (engine) {
            case MTE, SDMA -> throw new ShmemArgumentException("engine = " + engine + " has no queue pairs: jshmem's "
                    + (engine == DataOpEngine.MTE ? "SHM engine" : "copy engine") + " copies through memory mapped in"
                    + " this process; setQpNum applies to RDMA (the UCX engine) only, as CANN rejects it for " + engine);
            case UDMA -> throw new ShmemArgumentException("engine = UDMA is not supported: jshmem has no UDMA engine"
                    + " (the Ascend 950 UB fabric); setQpNum applies to RDMA (the UCX engine) only");
            case RDMA -> {
            }
        }
        if (n < 1 || n > MAX_QP_NUM) {
            throw new ShmemArgumentException("qpNum = " + n + " is invalid: valid range is 1.." + MAX_QP_NUM
                    + " (queue pairs per peer connection, CANN's set_qp_num)");
        }
        beforeInit("setQpNum");
        qpNum = n;
    }

    static synchronized int qpNum(DataOpEngine engine) {
        return engine == DataOpEngine.RDMA ? qpNum : 0;
    }

    static void setTlsKey(String privateKey, byte[] password, TlsKeyDecryptor decrypt) {
        if (privateKey != null && privateKey.isBlank()) {
            throw new ShmemArgumentException("privateKey is blank: valid is a PEM PKCS#8 key (its text, or the path of"
                    + " its file), or null to clear the key");
        }
        beforeInit("setConfStoreTlsKey");
        TlsContexts.configureKey(privateKey == null ? null
                : new TlsKey(privateKey, password, decrypt == null ? null : decrypt::decrypt));
    }

    /** {@code base} with setQpNum's value as JSHMEM_UCX_QP_NUM (unchanged when it was never called). */
    static synchronized Settings apply(Settings base) {
        return qpNum == 0 ? base : base.with(Setting.UCX_QP_NUM, Integer.toString(qpNum));
    }

    /** After the last finalize the queue-pair count is unset again, as CANN resets it to its default. */
    static synchronized void finalizedOne() {
        for (int id = 0; id < InstanceRegistry.MAX_INSTANCES; id++) {
            if (InstanceRegistry.status(id) != InitStatus.NOT_INITIALIZED) {
                return;
            }
        }
        qpNum = 0;
    }

    private static void beforeInit(String call) {
        for (int id = 0; id < InstanceRegistry.MAX_INSTANCES; id++) {
            if (InstanceRegistry.status(id) != InitStatus.NOT_INITIALIZED) {
                throw new ShmemStateException(call + " must be called before init: instance " + id + " is "
                        + InstanceRegistry.status(id) + "; finalize every instance first, or call it before the first"
                        + " init");
            }
        }
    }
}
