package io.jshmem.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jshmem.bootstrap.InterfaceSelector.Nic;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class InterfaceSelectorTest {
    static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    static Nic nic(String name, boolean up, String... addresses) {
        return new Nic(name, up, name.equals("lo"), Arrays.stream(addresses).map(InterfaceSelectorTest::ip).toList());
    }

    static final Nic LO = nic("lo", true, "127.0.0.1", "::1");
    static final Nic DOCKER = nic("docker0", true, "172.17.0.1");
    static final Nic VETH = nic("veth12ab", true, "fe80::1");
    static final Nic ETH0 = nic("eth0", true, "fe80::2", "2001:db8::5", "10.1.2.3");
    static final Nic ETH1 = nic("eth1", true, "192.168.7.7");
    static final Nic IB0_V6 = nic("ib0", true, "fe80::9", "2001:db8::9");

    @Test
    void firstNonVirtualInterfaceWinsWithIpv4First() {
        assertEquals(ip("10.1.2.3"), InterfaceSelector.choose(List.of(LO, DOCKER, VETH, ETH0, ETH1), null));
        assertEquals(ip("192.168.7.7"), InterfaceSelector.choose(List.of(LO, DOCKER, ETH1, ETH0), null));
    }

    @Test
    void ipv6OnlyInterfaceGivesItsGlobalAddressNotLinkLocal() {
        assertEquals(ip("2001:db8::9"), InterfaceSelector.choose(List.of(LO, IB0_V6), null));
        Nic linkLocalOnly = nic("eth5", true, "fe80::7");
        assertEquals(ip("172.17.0.1"), InterfaceSelector.choose(List.of(LO, linkLocalOnly, DOCKER), null),
                "a link-local-only interface is skipped in automatic choice");
    }

    @Test
    void downInterfacesAreSkipped() {
        Nic down = nic("eth0", false, "10.9.9.9");
        assertEquals(ip("192.168.7.7"), InterfaceSelector.choose(List.of(down, ETH1), null));
    }

    @Test
    void virtualInterfacesOnlyWhenNothingElse() {
        assertEquals(ip("172.17.0.1"), InterfaceSelector.choose(List.of(LO, VETH, DOCKER), null));
    }

    @Test
    void loopbackIsTheLastResort() {
        assertEquals(InetAddress.getLoopbackAddress(), InterfaceSelector.choose(List.of(LO), null));
        assertEquals(InetAddress.getLoopbackAddress(), InterfaceSelector.choose(List.of(), null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"lo", "docker0", "veth0a", "br-1234", "virbr0", "tun0", "tap3"})
    void virtualNames(String name) {
        assertTrue(InterfaceSelector.isVirtual(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"eth0", "ens3", "ib0", "enp1s0f0", "bond0", "wlan0"})
    void physicalNames(String name) {
        assertFalse(InterfaceSelector.isVirtual(name));
    }

    @Test
    void ifnameChoosesThatInterfaceAndFamily() {
        List<Nic> nics = List.of(LO, ETH0, ETH1, IB0_V6);
        assertEquals(ip("192.168.7.7"), InterfaceSelector.choose(nics, "eth1"));
        assertEquals(ip("10.1.2.3"), InterfaceSelector.choose(nics, "eth0"));
        assertEquals(ip("10.1.2.3"), InterfaceSelector.choose(nics, "eth0:inet4"));
        assertEquals(ip("2001:db8::5"), InterfaceSelector.choose(nics, "eth0:inet6"));
        assertEquals(ip("2001:db8::9"), InterfaceSelector.choose(nics, "ib0"), "bare name falls back to IPv6");
        assertEquals(ip("127.0.0.1"), InterfaceSelector.choose(nics, "lo"), "explicit loopback is allowed");
        Nic linkLocal = nic("eth7", true, "fe80::7");
        assertEquals(ip("fe80::7"), InterfaceSelector.choose(List.of(linkLocal), "eth7:inet6"));
    }

    @Test
    void unknownInterfaceListsTheInterfacesThereAre() {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> InterfaceSelector.choose(List.of(LO, ETH0, ETH1), "eth9:inet4"));
        String m = e.getMessage();
        assertTrue(m.contains("SHMEM_UID_SOCK_IFNAME = 'eth9:inet4'"), m);
        assertTrue(m.contains("lo [") && m.contains("eth0 [") && m.contains("eth1 [192.168.7.7]"), m);
    }

    @Test
    void missingFamilyAndDownInterfaceAreErrors() {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> InterfaceSelector.choose(List.of(ETH1), "eth1:inet6"));
        assertTrue(e.getMessage().contains("has no IPv6 address"), e.getMessage());
        assertThrows(ShmemArgumentException.class,
                () -> InterfaceSelector.choose(List.of(nic("eth0", false, "10.0.0.1")), "eth0"));
    }

    @Test
    void sessionIdWinsOverIfname() {
        Settings s = Settings.of(Map.of("SHMEM_UID_SESSION_ID", "127.0.0.1:5000",
                "SHMEM_UID_SOCK_IFNAME", "no-such-interface0"));
        assertEquals(ip("127.0.0.1"), InterfaceSelector.choose(s));
        assertEquals(ip("::1"), InterfaceSelector.choose(Settings.of(Map.of("SHMEM_UID_SESSION_ID", "[::1]:5000"))));
        assertTrue(InterfaceSelector.choose(Settings.of(Map.of("SHMEM_UID_SESSION_ID", "localhost:5000")))
                .isLoopbackAddress());
        assertEquals(ip("10.0.0.8"),
                InterfaceSelector.choose(Settings.of(Map.of("SHMEM_UID_SESSION_ID", "tcp://10.0.0.8:5000"))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.1", "10.0.0.1:", "10.0.0.1:0", "10.0.0.1:70000", "::1:5000", "[::1:5000",
        "[::1]5000", ":5000", "host:port"})
    void badSessionIdNamesTheSetting(String value) {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> InterfaceSelector.choose(Settings.of(Map.of("SHMEM_UID_SESSION_ID", value))));
        assertTrue(e.getMessage().startsWith("SHMEM_UID_SESSION_ID = '" + value + "' is invalid"), e.getMessage());
    }

    @Test
    void unresolvableHostNamesTheSetting() {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> InterfaceSelector.choose(
                Settings.of(Map.of("SHMEM_UID_SESSION_ID", "no-such-host.invalid:5000"))));
        assertTrue(e.getMessage().contains("does not resolve"), e.getMessage());
    }

    @Test
    void realInterfacesOfThisHost() {
        assertNotNull(InterfaceSelector.choose(Settings.of(Map.of())));
        assertTrue(InterfaceSelector.choose(Settings.of(Map.of("SHMEM_UID_SOCK_IFNAME", "lo:inet4")))
                .isLoopbackAddress());
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> InterfaceSelector.choose(
                Settings.of(Map.of("SHMEM_UID_SOCK_IFNAME", "nonexistent9"))));
        assertTrue(e.getMessage().contains("lo ["), e.getMessage());
    }
}
