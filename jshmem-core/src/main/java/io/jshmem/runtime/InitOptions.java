package io.jshmem.runtime;

import io.jshmem.bootstrap.UniqueId;
import io.jshmem.config.Settings;

/**
 * What the API layer resolved for one init: the settings (attributes already applied as overrides) and, when the
 * application bootstraps itself, its PE number, PE count and unique id. {@code pe < 0} means "from the launcher
 * environment". Immutable.
 */
public record InitOptions(Settings settings, int pe, int nPes, UniqueId uniqueId, boolean peZeroServes) {
    public static InitOptions fromEnvironment(Settings settings) {
        return new InitOptions(settings, -1, -1, null, false);
    }

    public boolean explicit() {
        return pe >= 0;
    }
}
