package io.jshmem.runtime;

import io.jshmem.bootstrap.InterfaceSelector;
import io.jshmem.bootstrap.UniqueId;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * Bootstrap sessions of instances other than 0 (CANN SHMEM's multi-instance): every instance has its own rendezvous,
 * heap files and engines. A job started by a launcher has one unique id in its environment, which instance 0 uses;
 * for instance k, PE 0 of instance 0 starts a fresh rendezvous and hands its unique id to the others through
 * instance 0's. A rendezvous URL of port 0 takes its port from {@code SHMEM_INSTANCE_PORT_RANGE} instead.
 * Stateless and thread-safe.
 */
public final class DerivedSession {
    private DerivedSession() {
    }

    /**
     * Collective over the PEs of {@code zero}: the unique id of instance {@code instanceId}'s
     * {@code generation}-th session (every PE must init instances in the same order, so generations agree). PE 0
     * serves it; the instance that initializes with it takes the server over.
     */
    public static UniqueId derive(Instance zero, int instanceId, long generation, Settings settings) {
        if (!zero.isLive()) {
            throw new ShmemStateException("instance " + instanceId + " takes its rendezvous from instance 0 in a"
                    + " launched job, but instance 0 is not initialized: init instance 0 first, or pass an explicit"
                    + " unique id (InitAttributes.of(pe, nPes, uniqueId).instanceId(" + instanceId + "))");
        }
        String key = "jshmem/instance/" + instanceId + "/" + generation;
        if (zero.myPe() == 0) {
            InetSocketAddress bind = settings.get(Setting.UID_SESSION_ID)
                    .map(text -> new InetSocketAddress(UniqueIdAddress.parseHostPort(text).getHostString(), 0))
                    .orElseGet(() -> new InetSocketAddress(oneHost(zero)
                            ? java.net.InetAddress.getLoopbackAddress() : InterfaceSelector.choose(settings), 0));
            UniqueId uid = LocalRendezvous.createAt(bind, settings);
            zero.bootstrap().set(key, uid.toString().getBytes(StandardCharsets.UTF_8));
            return uid;
        }
        byte[] text = zero.bootstrap().get(key, zero.controlTimeout());
        return UniqueId.parse(new String(text, StandardCharsets.UTF_8));
    }

    /**
     * Whether every PE of the job shares this host: then the rendezvous of a derived instance listens on loopback,
     * as instance 0's does under the launcher, and is not exposed to the network for nothing.
     */
    private static boolean oneHost(Instance zero) {
        String mine = zero.hostOf(zero.myPe());
        for (int p = 0; p < zero.nPes(); p++) {
            if (!mine.equals(zero.hostOf(p))) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code url} with port 0 replaced by {@code start + instanceId} from {@code SHMEM_INSTANCE_PORT_RANGE}
     * ({@code start:end}); other URLs unchanged.
     *
     * @throws ShmemArgumentException when the port is 0 and the range is missing, malformed, or too small
     */
    public static String urlForInstance(String url, int instanceId, Settings settings) {
        InetSocketAddress a = UniqueIdAddress.parseHostPort(url);
        if (a.getPort() != 0) {
            return url;
        }
        String name = Setting.INSTANCE_PORT_RANGE.envName();
        String range = settings.get(Setting.INSTANCE_PORT_RANGE).orElseThrow(() -> new ShmemArgumentException(
                "rendezvous URL '" + url + "' has port 0 but " + name + " is not set: set " + name + "=start:end"
                        + " (instance k uses port start + k) or give the port in the URL"));
        int colon = range.indexOf(':');
        int start;
        int end;
        try {
            start = Integer.parseInt(range.substring(0, colon).trim());
            end = Integer.parseInt(range.substring(colon + 1).trim());
        } catch (RuntimeException e) {
            throw new ShmemArgumentException(name + " = '" + range + "' is invalid: valid form is start:end with"
                    + " 1025 <= start <= end <= 65535, for example 40000:40254");
        }
        if (start <= 1024 || end > 65535 || start > end) {
            throw new ShmemArgumentException(name + " = '" + range + "' is invalid: valid form is start:end with"
                    + " 1025 <= start <= end <= 65535, for example 40000:40254");
        }
        if (instanceId > end - start) {
            throw new ShmemArgumentException("instanceId = " + instanceId + " does not fit " + name + " = '" + range
                    + "': valid instance ids are 0.." + (end - start) + "; widen the range");
        }
        // The host stays as written (a name resolves on each PE); only the port after the last colon changes.
        String t = url.trim();
        return t.substring(0, t.lastIndexOf(':') + 1) + (start + instanceId);
    }
}
