package io.jshmem.runtime;

import io.jshmem.MemType;
import io.jshmem.error.ShmemStateException;
import io.jshmem.spi.MemoryKindCapabilities;
import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindProvider;
import io.jshmem.spi.MemoryKindSetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** JSHMEM_DEVICE_KIND: empty takes the first available provider, a name takes that one, anything else is refused. */
@Timeout(30)
class KindProvidersTest {
    private record Stub(String name, MemType memType, String unavailable) implements MemoryKindProvider {
        @Override
        public MemoryKindCapabilities capabilities() {
            return new MemoryKindCapabilities(false, false);
        }

        @Override
        public Optional<String> unavailableReason() {
            return Optional.ofNullable(unavailable);
        }

        @Override
        public MemoryKindHeap open(MemoryKindSetup setup) {
            throw new UnsupportedOperationException("not opened by these tests");
        }
    }

    private final Stub off = new Stub("off-test", MemType.DEVICE_SIDE, "no device here");
    private final Stub first = new Stub("first-test", MemType.DEVICE_SIDE, null);
    private final Stub second = new Stub("second-test", MemType.DEVICE_SIDE, null);
    private final Stub host = new Stub("host-test", MemType.HOST_SIDE, null);
    private final List<MemoryKindProvider> found = List.of(host, off, first, second);

    @Test
    void emptyTakesTheFirstAvailableProviderOfTheKind() {
        assertSame(first, KindProviders.choose("malloc", MemType.DEVICE_SIDE, "", found));
        assertSame(first, KindProviders.choose("malloc", MemType.DEVICE_SIDE, "  ", found));
    }

    @Test
    void aNameTakesThatProviderWhereverItIsListed() {
        assertSame(second, KindProviders.choose("malloc", MemType.DEVICE_SIDE, "second-test", found));
        assertSame(second, KindProviders.choose("malloc", MemType.DEVICE_SIDE, " Second-Test ", found));
    }

    @Test
    void anUnknownNameIsRefusedNamingTheSettingTheValueAndTheProvidersFound() {
        ShmemStateException e = assertThrows(ShmemStateException.class,
                () -> KindProviders.choose("malloc", MemType.DEVICE_SIDE, "cuda", found));
        String m = e.getMessage();
        for (String part : new String[] {"malloc with MemType.DEVICE_SIDE: JSHMEM_DEVICE_KIND = cuda names no "
                + "memory-kind provider of DEVICE_SIDE installed here", "providers found: host-test (HOST_SIDE), "
                + "off-test (DEVICE_SIDE, unavailable: no device here), first-test (DEVICE_SIDE), second-test "
                + "(DEVICE_SIDE)", "leave it empty for the first available one", "Nothing was allocated"}) {
            assertTrue(m.contains(part), () -> "message lacks '" + part + "': " + m);
        }
        String none = assertThrows(ShmemStateException.class,
                () -> KindProviders.choose("align", MemType.DEVICE_SIDE, "cuda", List.of())).getMessage();
        assertTrue(none.contains("JSHMEM_DEVICE_KIND = cuda") && none.contains("providers found: none"), none);
        String otherKind = assertThrows(ShmemStateException.class,
                () -> KindProviders.choose("malloc", MemType.DEVICE_SIDE, "host-test", found)).getMessage();
        assertTrue(otherKind.contains("names no memory-kind provider of DEVICE_SIDE"), otherKind);
    }

    @Test
    void aNamedProviderThatIsUnavailableIsRefusedWithItsReason() {
        String m = assertThrows(ShmemStateException.class,
                () -> KindProviders.choose("malloc", MemType.DEVICE_SIDE, "off-test", found)).getMessage();
        assertTrue(m.contains("JSHMEM_DEVICE_KIND = off-test names a provider that is unavailable here (off-test: "
                + "no device here)"), m);
    }

    @Test
    void withoutAnyAvailableProviderTheMessageSaysHowToSupplyOne() {
        String m = assertThrows(ShmemStateException.class,
                () -> KindProviders.choose("malloc", MemType.DEVICE_SIDE, "", List.of(host, off))).getMessage();
        assertTrue(m.contains("none is available (found but unavailable: off-test: no device here) (providers of "
                + "other kinds: host-test (HOST_SIDE))") && m.contains("never falls back to HOST_SIDE"), m);
    }
}
