package io.jshmem.bootstrap;

import io.jshmem.error.ShmemArgumentException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The TLS files of the rendezvous, parsed from CANN SHMEM's {@code tls_info} text: {@code key: value;} pairs
 * ({@code aclshmemx_set_conf_store_tls}). Keys:
 * <ul>
 *   <li>{@code tlsCert}: this side's certificate chain as PEM, or a PKCS12 keystore ({@code .p12}/{@code .pfx})
 *       that also holds the private key (required);</li>
 *   <li>{@code tlsPk}: the PEM private key (PKCS#8, {@code BEGIN PRIVATE KEY} or {@code BEGIN ENCRYPTED PRIVATE
 *       KEY}) when tlsCert is PEM;</li>
 *   <li>{@code tlsPkPwdFile}: file whose first line is the password of the PKCS12 store or the encrypted key;</li>
 *   <li>{@code tlsCaFile}: comma-separated trusted CA certificates (PEM, or PKCS12 stores); when absent the
 *       certificates of tlsCert are trusted (a job-wide self-signed certificate);</li>
 *   <li>{@code tlsCaPath}: directory that relative tlsCaFile entries are resolved against;</li>
 *   <li>{@code tlsCrlFile}, {@code tlsCrlPath}: revocation lists (comma-separated, and their directory).</li>
 * </ul>
 * The first {@code :} of a pair separates key and value, so values may contain colons; values may not contain
 * {@code ;} (nor {@code ,} in lists). Immutable.
 */
public record TlsInfo(Path cert, Path privateKey, Path passwordFile, List<Path> caFiles, List<Path> crlFiles) {
    private static final Set<String> KEYS = Set.of("tlsCert", "tlsPk", "tlsPkPwdFile", "tlsCaFile", "tlsCaPath",
            "tlsCrlFile", "tlsCrlPath", "packagePath");

    public TlsInfo {
        caFiles = List.copyOf(caFiles);
        crlFiles = List.copyOf(crlFiles);
    }

    /** The password file, when given. */
    public Optional<Path> password() {
        return Optional.ofNullable(passwordFile);
    }

    /**
     * Parses {@code text}; {@code what} names its source in messages (for example {@code JSHMEM_TLS_INFO}).
     *
     * @throws ShmemArgumentException naming the bad pair, an unknown key (listing the valid ones) or a missing
     *                                tlsCert
     */
    public static TlsInfo parse(String what, String text) {
        if (text == null || text.isBlank()) {
            throw new ShmemArgumentException(what + " is empty but TLS is enabled: pass at least 'tlsCert: "
                    + "<file>;' (and tlsPk for a PEM certificate, tlsCaFile for the CA), or disable TLS");
        }
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String part : text.split(";")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int colon = p.indexOf(':');
            if (colon <= 0) {
                throw new ShmemArgumentException(what + ": '" + p + "' is not a 'key: value' pair; valid keys are "
                        + KEYS + ", pairs end with ';'");
            }
            String key = p.substring(0, colon).strip();
            String value = p.substring(colon + 1).strip();
            if (!KEYS.contains(key)) {
                throw new ShmemArgumentException(what + ": key '" + key + "' is unknown; valid keys are " + KEYS);
            }
            if (value.isEmpty()) {
                throw new ShmemArgumentException(what + ": key '" + key + "' has no value; pass a file path");
            }
            pairs.put(key, value);
        }
        String cert = pairs.get("tlsCert");
        if (cert == null) {
            throw new ShmemArgumentException(what + " has no tlsCert: pass 'tlsCert: <PEM chain or PKCS12 file>;'");
        }
        Path caDir = pairs.containsKey("tlsCaPath") ? Path.of(pairs.get("tlsCaPath")) : null;
        Path crlDir = pairs.containsKey("tlsCrlPath") ? Path.of(pairs.get("tlsCrlPath")) : null;
        return new TlsInfo(Path.of(cert), path(pairs.get("tlsPk")), path(pairs.get("tlsPkPwdFile")),
                list(pairs.get("tlsCaFile"), caDir), list(pairs.get("tlsCrlFile"), crlDir));
    }

    private static Path path(String v) {
        return v == null ? null : Path.of(v);
    }

    private static List<Path> list(String v, Path dir) {
        List<Path> out = new ArrayList<>();
        if (v == null) {
            return out;
        }
        for (String item : v.split(",")) {
            String s = item.strip();
            if (!s.isEmpty()) {
                Path p = Path.of(s);
                out.add(dir != null && !p.isAbsolute() ? dir.resolve(p) : p);
            }
        }
        return out;
    }
}
