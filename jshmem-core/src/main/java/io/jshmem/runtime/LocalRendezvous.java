package io.jshmem.runtime;

import io.jshmem.bootstrap.InterfaceSelector;
import io.jshmem.bootstrap.RendezvousServer;
import io.jshmem.bootstrap.TlsContexts;
import io.jshmem.bootstrap.UniqueId;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;

import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * Rendezvous servers that this process started for unique ids it created ({@code getUniqueId}). The server runs
 * from the moment the id exists, so other PEs can connect as soon as they receive it; the instance that
 * initializes with that id takes ownership and closes it at finalize. Thread-safe.
 */
public final class LocalRendezvous {
    private static final Map<String, RendezvousServer> SERVERS = new HashMap<>();

    private LocalRendezvous() {
    }

    /** Creates a unique id: chooses the address (SHMEM_UID_SESSION_ID, SHMEM_UID_SOCK_IFNAME, interfaces). */
    public static synchronized UniqueId create(Settings settings) {
        InetSocketAddress bind = settings.get(Setting.UID_SESSION_ID)
                .map(UniqueIdAddress::parseHostPort)
                .orElseGet(() -> new InetSocketAddress(InterfaceSelector.choose(settings), 0));
        return createAt(bind, settings);
    }

    /** Creates a unique id served at {@code bind} (port 0 = ephemeral), with TLS when the settings ask for it. */
    static synchronized UniqueId createAt(InetSocketAddress bind, Settings settings) {
        RendezvousServer server = RendezvousServer.start(bind, UniqueId.newSecret(),
                TlsContexts.fromSettings(settings));
        UniqueId uid = server.uniqueId();
        SERVERS.put(uid.toString(), server);
        return uid;
    }

    /** The server behind a unique id created here (ownership passes to the caller), or null. */
    static synchronized RendezvousServer serverFor(UniqueId uid) {
        return SERVERS.remove(uid.toString());
    }
}
