package io.jshmem.bootstrap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jshmem.error.ShmemArgumentException;

import java.util.Base64;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class UniqueIdTest {
    static final byte[] SECRET = new byte[32];

    static {
        for (int i = 0; i < SECRET.length; i++) {
            SECRET[i] = (byte) (i * 7 + 1);
        }
    }

    @Test
    void ipv4RoundTrip() {
        UniqueId id = new UniqueId("10.0.0.1", 4567, SECRET);
        String text = id.toString();
        assertTrue(text.startsWith("jshmem-uid-v1:"), text);
        assertTrue(text.endsWith("@tcp://10.0.0.1:4567"), text);
        UniqueId back = UniqueId.parse(text);
        assertEquals(id, back);
        assertEquals(id.hashCode(), back.hashCode());
        assertArrayEquals(SECRET, back.secret());
        assertEquals("10.0.0.1", back.host());
        assertEquals(4567, back.port());
    }

    @Test
    void ipv6RoundTripUsesBrackets() {
        UniqueId id = new UniqueId("::1", 4567, SECRET);
        assertTrue(id.toString().endsWith("@tcp6://[::1]:4567"), id.toString());
        assertEquals(id, UniqueId.parse(id.toString()));
        assertEquals(id, new UniqueId("[::1]", 4567, SECRET), "brackets are stripped");
        UniqueId scoped = new UniqueId("fe80::1%eth0", 1234, SECRET);
        assertEquals(scoped, UniqueId.parse(scoped.toString()));
        assertEquals("tcp6://[fe80::1%eth0]:1234", scoped.addressText());
    }

    @Test
    void hostNameRoundTrip() {
        UniqueId id = new UniqueId("node-17.cluster", 1025, SECRET);
        assertEquals(id, UniqueId.parse("  " + id + "\n"));
    }

    @Test
    void secretIsCopiedInAndOut() {
        byte[] s = SECRET.clone();
        UniqueId id = new UniqueId("h", 1, s);
        s[0] ^= 1;
        assertArrayEquals(SECRET, id.secret());
        id.secret()[1] ^= 1;
        assertArrayEquals(SECRET, id.secret());
    }

    @Test
    void sessionNameIsTwelveHexCharsFromTheSecretOnly() {
        UniqueId a = new UniqueId("10.0.0.1", 1, SECRET);
        UniqueId b = new UniqueId("10.0.0.2", 2, SECRET);
        assertTrue(a.sessionName().matches("[0-9a-f]{12}"), a.sessionName());
        assertEquals(a.sessionName(), b.sessionName());
        assertNotEquals(a.sessionName(), new UniqueId("10.0.0.1", 1, UniqueId.newSecret()).sessionName());
    }

    @Test
    void newSecretIs32RandomBytes() {
        byte[] a = UniqueId.newSecret();
        assertEquals(32, a.length);
        assertFalse(java.util.Arrays.equals(a, UniqueId.newSecret()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "hello",
        "jshmem-uid-v2:AAAA@tcp://h:1",
        "jshmem-uid-v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "jshmem-uid-v1:!!!!@tcp://h:1",
        "jshmem-uid-v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA@udp://h:1",
        "jshmem-uid-v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA@tcp://h",
        "jshmem-uid-v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA@tcp://h:x",
        "jshmem-uid-v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA@tcp://h:70000",
        "jshmem-uid-v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA@tcp://::1:80",
        "jshmem-uid-v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA@tcp6://[::1:80",
        "jshmem-uid-v1:AAAA@tcp://h:1"
    })
    void malformedTextIsRejectedWithoutEchoingTheSecret(String text) {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> UniqueId.parse(text));
        assertTrue(e.getMessage().contains("is malformed"), e.getMessage());
        assertTrue(e.getMessage().contains("Valid form"), e.getMessage());
        assertFalse(e.getMessage().contains("AAAAAAAAAAAAAAAAAAAA"), "the secret leaked: " + e.getMessage());
    }

    @Test
    void shortSecretIsNamed() {
        String text = "jshmem-uid-v1:" + Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[8])
                + "@tcp://h:1";
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> UniqueId.parse(text));
        assertTrue(e.getMessage().contains("secret length = 8"), e.getMessage());
    }

    @Test
    void constructorChecksRanges() {
        assertThrows(ShmemArgumentException.class, () -> new UniqueId("h", -1, SECRET));
        assertThrows(ShmemArgumentException.class, () -> new UniqueId("h", 65536, SECRET));
        assertThrows(ShmemArgumentException.class, () -> new UniqueId(" ", 1, SECRET));
        assertThrows(ShmemArgumentException.class, () -> new UniqueId("a b", 1, SECRET));
        assertThrows(ShmemArgumentException.class, () -> new UniqueId(null, 1, SECRET));
        assertThrows(ShmemArgumentException.class, () -> new UniqueId("h", 1, new byte[15]));
    }
}
