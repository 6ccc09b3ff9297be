package io.jshmem.it;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Self-signed PKCS12 stores made by the JDK's keytool for the TLS tests, and their tls_info text. */
final class Certificates {
    static final String PASSWORD = "changeit";

    private Certificates() {
    }

    /** A PKCS12 store {@code <alias>.p12} in {@code dir} with a self-signed EC key pair. */
    static Path store(Path dir, String alias) throws Exception {
        Path store = dir.resolve(alias + ".p12");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + alias,
                "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", PASSWORD,
                "-keypass", PASSWORD);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("keytool hung");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new AssertionError("keytool failed: " + out);
        }
        return store;
    }

    /** tls_info for a store: it is both this side's identity and the trusted certificate. */
    static String info(Path store) throws Exception {
        Path pw = store.resolveSibling("password.txt");
        if (!Files.exists(pw)) {
            Files.writeString(pw, PASSWORD + "\n");
        }
        return "tlsCert: " + store + "; tlsPkPwdFile: " + pw + ";";
    }
}
