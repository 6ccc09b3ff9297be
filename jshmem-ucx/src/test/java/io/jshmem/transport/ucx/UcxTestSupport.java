package io.jshmem.transport.ucx;

import org.junit.jupiter.api.Assumptions;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Skips UCX tests only when libucp cannot be loaded, each test with the reason (so reports count them as skipped),
 * and says so once on stderr; otherwise prints once which UCX version and transports the run uses.
 */
final class UcxTestSupport {
    private static final AtomicBoolean ANNOUNCED = new AtomicBoolean();

    private UcxTestSupport() {
    }

    static void assumeUcx() {
        boolean available = UcxTransportProvider.isAvailable();
        String message = available
                ? "UCX engine tests use UCX " + UcxTransportProvider.ucxVersion() + " with " + transports()
                : "SKIPPING UCX engine tests: " + UcxTransportProvider.unavailableReason();
        if (ANNOUNCED.compareAndSet(false, true)) {
            (available ? System.out : System.err).println(message);
        }
        Assumptions.assumeTrue(available, message);
    }

    static String transports() {
        String tls = System.getenv("UCX_TLS");
        return tls == null ? "(UCX_TLS unset)" : "UCX_TLS=" + tls;
    }
}
