package io.jshmem;

import io.jshmem.error.ShmemStateException;

/**
 * Finds the implementation behind {@link ShmemProvider} once, by name, so the API package needs no import of it
 * (and no package cycle exists). Stateless apart from the cached instance; thread-safe.
 */
final class Provider {
    private static final String IMPLEMENTATION = "io.jshmem.impl.JshmemProvider";
    private static volatile ShmemProvider instance;

    private Provider() {
    }

    static ShmemProvider get() {
        ShmemProvider p = instance;
        if (p == null) {
            synchronized (Provider.class) {
                p = instance;
                if (p == null) {
                    p = load();
                    instance = p;
                }
            }
        }
        return p;
    }

    private static ShmemProvider load() {
        try {
            return (ShmemProvider) Class.forName(IMPLEMENTATION).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new ShmemStateException("jshmem's implementation " + IMPLEMENTATION + " cannot be loaded (" + e
                    + "): the io.jshmem:jshmem jar on the class or module path is incomplete; rebuild it");
        }
    }
}
