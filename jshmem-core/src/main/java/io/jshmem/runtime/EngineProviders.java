package io.jshmem.runtime;

import io.jshmem.config.Setting;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.TransportException;
import io.jshmem.spi.TransportProvider;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.TreeSet;

/**
 * The engines installed here ({@link TransportProvider}s found with {@link ServiceLoader} on the module path and the
 * class path) and the one {@code JSHMEM_ENGINE} asks for. The core knows one engine by name, its built-in
 * {@code shm}; every other engine is whatever provider carries the name. Used on the init thread only.
 */
final class EngineProviders {
    /** Peers on this host through the built-in engine, other hosts through the one network engine. */
    static final String AUTO = "auto";
    /** The built-in same-host engine only. */
    static final String SHM = "shm";
    /** The one installed engine that reaches other hosts, for every other PE. */
    static final String NETWORK = "network";

    private final List<TransportProvider> found;

    private EngineProviders(List<TransportProvider> found) {
        this.found = found;
    }

    /** Every provider visible from here ({@link ServiceLoader}, module path and class path). */
    static EngineProviders load() {
        List<TransportProvider> all = new ArrayList<>();
        ServiceLoader.load(TransportProvider.class).forEach(all::add);
        return of(all);
    }

    /** These providers (one class found twice under one name counts once); a reserved or repeated name is refused. */
    static EngineProviders of(List<TransportProvider> providers) {
        List<TransportProvider> found = new ArrayList<>();
        for (TransportProvider p : providers) {
            String name = p.name();
            if (name.equals(AUTO) || name.equals(SHM) || name.equals(NETWORK)) {
                throw new TransportException("engine provider " + p.getClass().getName() + " is named '" + name
                        + "', which " + Setting.ENGINE.envName() + " reserves: rename the engine");
            }
            TransportProvider same = found.stream().filter(q -> q.name().equals(name)).findFirst().orElse(null);
            if (same != null && same.getClass() == p.getClass()) {
                continue;
            }
            for (TransportProvider q : found) {
                if (q.name().equals(name)) {
                    throw new TransportException("two engine providers are named '" + name + "' ("
                            + q.getClass().getName() + ", " + p.getClass().getName() + "): remove one jar");
                }
            }
            found.add(p);
        }
        return new EngineProviders(List.copyOf(found));
    }

    /** The setting's value, normalised; an unknown name fails here, naming the setting and the valid values. */
    String choice(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (v.equals(AUTO) || v.equals(SHM) || v.equals(NETWORK) || byName(v) != null) {
            return v;
        }
        throw new ShmemArgumentException(Setting.ENGINE.envName() + " = '" + value + "' is not an engine: valid"
                + " values are " + validValues() + " (an engine's name is valid when its jar is on the class or"
                + " module path)");
    }

    /** {@code auto, shm, network, } and the installed engines' names. */
    String validValues() {
        TreeSet<String> names = new TreeSet<>();
        for (TransportProvider p : found) {
            names.add(p.name());
        }
        StringBuilder sb = new StringBuilder(AUTO + ", " + SHM + ", " + NETWORK);
        for (String n : names) {
            sb.append(", ").append(n);
        }
        return sb.toString();
    }

    /** The provider named {@code name}, or null. */
    TransportProvider byName(String name) {
        for (TransportProvider p : found) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        return null;
    }

    /**
     * The one installed engine that reaches other hosts, for {@code auto} and {@code network}; fails when there is
     * none or several, saying why it was needed ({@code why}).
     */
    TransportProvider network(String why) {
        List<TransportProvider> net = found.stream().filter(p -> p.capabilities().reachesOtherHosts()).toList();
        if (net.size() == 1) {
            return net.getFirst();
        }
        if (net.isEmpty()) {
            throw new TransportException("the network engine is needed (" + why + ") but no engine that reaches"
                    + " other hosts is on the class or module path (valid " + Setting.ENGINE.envName() + " values here: " + validValues()
                    + "): add the network engine's jar (in lib/ of the jshmem distribution) and its native library");
        }
        throw new ShmemArgumentException("several installed engines reach other hosts ("
                + String.join(", ", net.stream().map(TransportProvider::name).toList()) + ") and "
                + Setting.ENGINE.envName() + " does not say which: set it to one of their names");
    }
}
