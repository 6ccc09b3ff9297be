package io.jshmem.transport.ucx;

import org.junit.jupiter.api.Assumptions;

/** Skips UCX tests, with a message on stderr and in the report, only when libucp cannot be loaded. */
final class UcxTestSupport {
    private UcxTestSupport() {
    }

    static void assumeUcx() {
        boolean available = UcxTransportProvider.isAvailable();
        if (!available) {
            String message = "SKIPPING UCX engine tests: " + UcxTransportProvider.unavailableReason();
            System.err.println(message);
            Assumptions.assumeTrue(false, message);
        }
    }

    static String transports() {
        String tls = System.getenv("UCX_TLS");
        return tls == null ? "(UCX_TLS unset)" : "UCX_TLS=" + tls;
    }
}
