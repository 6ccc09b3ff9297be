package io.jshmem.bootstrap;

import io.jshmem.config.ArgumentChecks;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.BootstrapException;
import io.jshmem.error.ShmemArgumentException;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Chooses the address the rendezvous listens on and advertises, with CANN SHMEM's rules:
 * <ol>
 *   <li>{@code SHMEM_UID_SESSION_ID} ({@code host:port}, {@code [IPv6]:port} or {@code hostname:port}) wins;</li>
 *   <li>else {@code SHMEM_UID_SOCK_IFNAME} ({@code name}, {@code name:inet4} or {@code name:inet6}) picks an
 *       interface; a bare name takes its IPv4 address if it has one, else IPv6;</li>
 *   <li>else the first up, non-virtual, non-loopback interface (IPv4 before IPv6, IPv6 link-local skipped);
 *       virtual interfaces (lo, docker*, veth*, br-*, virbr*, tun*, tap*) only when there is no other;
 *       loopback last.</li>
 * </ol>
 * Stateless and thread-safe.
 */
public final class InterfaceSelector {
    private static final List<String> VIRTUAL_PREFIXES = List.of("lo", "docker", "veth", "br-", "virbr", "tun", "tap");

    /** What the rules need to know about one interface; lets the rules be tested without real interfaces. */
    record Nic(String name, boolean up, boolean loopback, List<InetAddress> addresses) {
    }

    private enum Family { ANY, INET4, INET6 }

    private InterfaceSelector() {
    }

    /**
     * The address to use for the rendezvous under {@code settings}.
     *
     * @throws ShmemArgumentException when a setting is malformed, names an unknown interface (the message lists
     *                                the interfaces there are) or a host that does not resolve
     */
    public static InetAddress choose(Settings settings) {
        ArgumentChecks.notNull("settings", settings);
        Optional<String> session = settings.get(Setting.UID_SESSION_ID);
        if (session.isPresent()) {
            String name = Setting.UID_SESSION_ID.envName();
            return HostPort.parse(name, session.get()).resolve(name);
        }
        return choose(systemInterfaces(), settings.get(Setting.UID_SOCK_IFNAME).orElse(null));
    }

    /** The rules over a given list of interfaces (in the system's order); {@code ifnameSpec} may be null. */
    static InetAddress choose(List<Nic> nics, String ifnameSpec) {
        if (ifnameSpec != null && !ifnameSpec.isBlank()) {
            return byName(nics, ifnameSpec.strip());
        }
        for (boolean wantVirtual : new boolean[] {false, true}) {
            for (Nic nic : nics) {
                if (nic.up() && !nic.loopback() && isVirtual(nic.name()) == wantVirtual) {
                    InetAddress a = pick(nic, Family.ANY, false);
                    if (a != null) {
                        return a;
                    }
                }
            }
        }
        return InetAddress.getLoopbackAddress();
    }

    /** Whether CANN SHMEM counts {@code name} as virtual (or loopback), to be used only when nothing else is. */
    static boolean isVirtual(String name) {
        return VIRTUAL_PREFIXES.stream().anyMatch(name::startsWith);
    }

    private static InetAddress byName(List<Nic> nics, String spec) {
        String setting = Setting.UID_SOCK_IFNAME.envName();
        Family family = Family.ANY;
        String name = spec;
        int colon = spec.lastIndexOf(':');
        if (colon > 0) {
            String suffix = spec.substring(colon + 1);
            if (suffix.equals("inet4") || suffix.equals("inet6")) {
                family = suffix.equals("inet4") ? Family.INET4 : Family.INET6;
                name = spec.substring(0, colon);
            }
        }
        String wanted = name;
        Nic nic = nics.stream().filter(n -> n.name().equals(wanted)).findFirst().orElseThrow(() ->
                new ShmemArgumentException(setting + " = '" + spec + "' names interface '" + wanted + "', which"
                        + " this host does not have; interfaces here: " + describe(nics) + "; valid forms: name,"
                        + " name:inet4, name:inet6"));
        if (!nic.up()) {
            throw new ShmemArgumentException(setting + " = '" + spec + "' names interface '" + wanted
                    + "', which is down; choose an interface that is up: " + describe(nics));
        }
        InetAddress a = pick(nic, family, true);
        if (a == null) {
            throw new ShmemArgumentException(setting + " = '" + spec + "': interface '" + wanted + "' has no "
                    + (family == Family.ANY ? "IP" : family == Family.INET4 ? "IPv4" : "IPv6") + " address ("
                    + nic.addresses() + "); choose another interface or address family");
        }
        return a;
    }

    /** IPv4 before global IPv6 before (only when allowed) link-local IPv6. */
    private static InetAddress pick(Nic nic, Family family, boolean allowLinkLocal) {
        if (family != Family.INET6) {
            for (InetAddress a : nic.addresses()) {
                if (a instanceof Inet4Address && usable(a, nic)) {
                    return a;
                }
            }
        }
        if (family != Family.INET4) {
            for (InetAddress a : nic.addresses()) {
                if (a instanceof Inet6Address && usable(a, nic) && !a.isLinkLocalAddress()) {
                    return a;
                }
            }
            if (allowLinkLocal) {
                for (InetAddress a : nic.addresses()) {
                    if (a instanceof Inet6Address && usable(a, nic) && a.isLinkLocalAddress()) {
                        return a;
                    }
                }
            }
        }
        return null;
    }

    private static boolean usable(InetAddress a, Nic nic) {
        return !a.isAnyLocalAddress() && !a.isMulticastAddress() && (nic.loopback() || !a.isLoopbackAddress());
    }

    private static String describe(List<Nic> nics) {
        if (nics.isEmpty()) {
            return "(none)";
        }
        return nics.stream().map(n -> n.name() + (n.up() ? "" : " (down)") + " " + n.addresses().stream()
                .map(InetAddress::getHostAddress).collect(Collectors.joining(", ", "[", "]")))
                .collect(Collectors.joining("; "));
    }

    private static List<Nic> systemInterfaces() {
        try {
            return NetworkInterface.networkInterfaces().map(n -> {
                boolean up;
                boolean loopback;
                try {
                    up = n.isUp();
                    loopback = n.isLoopback();
                } catch (SocketException e) {
                    up = false;
                    loopback = false;
                }
                return new Nic(n.getName(), up, loopback, Collections.list(n.getInetAddresses()));
            }).toList();
        } catch (SocketException e) {
            throw new BootstrapException("cannot list the network interfaces of this host (" + e.getMessage()
                    + "); set SHMEM_UID_SESSION_ID to the rendezvous address instead", e);
        }
    }
}
