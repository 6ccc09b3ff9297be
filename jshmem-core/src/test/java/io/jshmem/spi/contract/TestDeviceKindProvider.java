package io.jshmem.spi.contract;

import io.jshmem.MemType;
import io.jshmem.spi.MemoryKindCapabilities;
import io.jshmem.spi.MemoryKindProvider;

/**
 * What the test DEVICE_SIDE kinds of the build have in common: the memory type, and a name and capabilities fixed
 * at construction. Each subclass says when it is available and opens its heaps. Immutable and thread-safe.
 */
public abstract class TestDeviceKindProvider implements MemoryKindProvider {
    private final String name;
    private final MemoryKindCapabilities capabilities;

    /** A DEVICE_SIDE kind called {@code name} with {@code capabilities}. */
    protected TestDeviceKindProvider(String name, MemoryKindCapabilities capabilities) {
        this.name = name;
        this.capabilities = capabilities;
    }

    @Override
    public final MemType memType() {
        return MemType.DEVICE_SIDE;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final MemoryKindCapabilities capabilities() {
        return capabilities;
    }
}
