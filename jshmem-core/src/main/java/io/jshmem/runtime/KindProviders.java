package io.jshmem.runtime;

import io.jshmem.MemType;
import io.jshmem.config.Setting;
import io.jshmem.error.ShmemStateException;
import io.jshmem.spi.MemoryKindProvider;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Chooses the {@link MemoryKindProvider} for a memory kind among those found with {@link ServiceLoader}: the one
 * {@code JSHMEM_DEVICE_KIND} names, or the first available one when the setting is empty. Failures name what was
 * asked, what was found and what to do, and happen before any communication; the class path and the setting must
 * be the same on every PE, so every PE fails alike. Stateless; called under the instance's collective lock.
 */
public final class KindProviders {
    private KindProviders() {
    }

    /** The provider for {@code kind} among those installed here; {@code wanted} is the setting's value. */
    public static MemoryKindProvider choose(String operation, MemType kind, String wanted) {
        List<MemoryKindProvider> found = new ArrayList<>();
        for (ServiceLoader.Provider<MemoryKindProvider> candidate : ServiceLoader.load(MemoryKindProvider.class)
                .stream().toList()) {
            found.add(candidate.get());
        }
        return choose(operation, kind, wanted, found);
    }

    /** The provider for {@code kind} among {@code found} (in the order of the search). */
    public static MemoryKindProvider choose(String operation, MemType kind, String wanted,
                                            List<MemoryKindProvider> found) {
        String name = wanted == null ? "" : wanted.trim();
        List<String> unavailable = new ArrayList<>();
        List<String> otherKinds = new ArrayList<>();
        for (MemoryKindProvider p : found) {
            if (p.memType() != kind) {
                otherKinds.add(p.name() + " (" + p.memType() + ")");
                continue;
            }
            if (!name.isEmpty() && !p.name().equalsIgnoreCase(name)) {
                continue;
            }
            var reason = p.unavailableReason();
            if (reason.isEmpty()) {
                return p;
            }
            unavailable.add(p.name() + ": " + reason.get());
        }
        if (!name.isEmpty()) {
            throw unknownName(operation, kind, name, found, unavailable);
        }
        StringBuilder detail = new StringBuilder();
        if (!unavailable.isEmpty()) {
            detail.append(" (found but unavailable: ").append(String.join("; ", unavailable)).append(')');
        }
        if (!otherKinds.isEmpty()) {
            detail.append(" (providers of other kinds: ").append(String.join(", ", otherKinds)).append(')');
        }
        throw new ShmemStateException(operation + " with MemType." + kind + " needs a memory-kind provider for "
                + kind + ", and none is available" + detail + ": jshmem has no " + kind + " memory of its own and "
                + "never falls back to HOST_SIDE. Supply one: implement io.jshmem.spi.MemoryKindProvider (memType() "
                + kind + "), register it in META-INF/services/io.jshmem.spi.MemoryKindProvider on the class path or "
                + "with 'provides io.jshmem.spi.MemoryKindProvider with ...' in its module, and make its "
                + "unavailableReason() empty on this machine; or allocate with MemType.HOST_SIDE. Nothing was "
                + "allocated");
    }

    private static ShmemStateException unknownName(String operation, MemType kind, String name,
                                                   List<MemoryKindProvider> found, List<String> unavailable) {
        List<String> listed = new ArrayList<>();
        for (MemoryKindProvider p : found) {
            var reason = p.unavailableReason();
            listed.add(p.name() + " (" + p.memType() + (reason.isPresent() ? ", unavailable: " + reason.get() : "")
                    + ")");
        }
        String why = unavailable.isEmpty() ? "names no memory-kind provider of " + kind + " installed here"
                : "names a provider that is unavailable here (" + String.join("; ", unavailable) + ")";
        return new ShmemStateException(operation + " with MemType." + kind + ": " + Setting.DEVICE_KIND.envName()
                + " = " + name + " " + why + "; providers found: " + (listed.isEmpty() ? "none" : String.join(", ",
                listed)) + ". Set " + Setting.DEVICE_KIND.envName() + " to the name of an available " + kind
                + " provider, or leave it empty for the first available one. Nothing was allocated");
    }
}
