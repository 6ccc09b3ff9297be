package io.jshmem.runtime;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.TransportException;
import io.jshmem.spi.EngineCapabilities;
import io.jshmem.spi.Transport;
import io.jshmem.spi.TransportProvider;
import io.jshmem.spi.TransportSetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** JSHMEM_ENGINE is resolved against the providers found, by name and capability, never by a name the core knows. */
@Timeout(10)
class EngineProvidersTest {
    private record Stub(String name, EngineCapabilities capabilities) implements TransportProvider {
        @Override
        public Transport create(TransportSetup setup, boolean[] peers) {
            throw new UnsupportedOperationException("not created in this test");
        }
    }

    private static final class OtherStub implements TransportProvider {
        @Override
        public String name() {
            return "net";
        }

        @Override
        public EngineCapabilities capabilities() {
            return new EngineCapabilities(true, false, false);
        }

        @Override
        public Transport create(TransportSetup setup, boolean[] peers) {
            throw new UnsupportedOperationException("not created in this test");
        }
    }

    private static final EngineCapabilities NET = new EngineCapabilities(true, false, false);
    private static final EngineCapabilities LOCAL = new EngineCapabilities(false, false, true);

    @Test
    void namesResolveToProvidersAndUnknownNamesListTheValidOnes() {
        Stub net = new Stub("net", NET);
        Stub local = new Stub("loop", LOCAL);
        EngineProviders p = EngineProviders.of(List.of(net, local));
        assertEquals("auto", p.choice(" AUTO "));
        assertEquals("shm", p.choice("shm"));
        assertEquals("network", p.choice("network"));
        assertEquals("loop", p.choice("Loop"));
        assertSame(local, p.byName("loop"));
        assertSame(net, p.network("PEs on other hosts"), "the one provider that reaches other hosts");
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> p.choice("rdma"));
        assertTrue(e.getMessage().contains("JSHMEM_ENGINE") && e.getMessage().contains("'rdma'")
                && e.getMessage().contains("auto, shm, network, loop, net"), e.getMessage());
    }

    @Test
    void theNetworkEngineMustBeUnique() {
        TransportException none = assertThrows(TransportException.class,
                () -> EngineProviders.of(List.of(new Stub("loop", LOCAL))).network("PEs on other hosts"));
        assertTrue(none.getMessage().contains("PEs on other hosts") && none.getMessage().contains("loop"),
                none.getMessage());
        ShmemArgumentException two = assertThrows(ShmemArgumentException.class,
                () -> EngineProviders.of(List.of(new Stub("a", NET), new Stub("b", NET))).network("x"));
        assertTrue(two.getMessage().contains("a, b") && two.getMessage().contains("JSHMEM_ENGINE"), two.getMessage());
    }

    @Test
    void reservedAndRepeatedNamesAreRefused() {
        assertThrows(TransportException.class, () -> EngineProviders.of(List.of(new Stub("shm", LOCAL))));
        assertThrows(TransportException.class, () -> EngineProviders.of(List.of(new Stub("net", NET),
                new OtherStub())));
        assertEquals("auto, shm, network, net",
                EngineProviders.of(List.of(new OtherStub(), new OtherStub())).validValues(), "one class once");
    }
}
