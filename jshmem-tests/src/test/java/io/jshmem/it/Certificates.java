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

    /**
     * PEM files from a store of {@link #store}: {@code <alias>-cert.pem} (the certificate) and {@code <alias>-key.pem},
     * the private key as an encrypted PKCS#8 PEM ({@code BEGIN ENCRYPTED PRIVATE KEY}, PBES2 with AES-256) under
     * {@code keyPassword}. Returns {cert, key}.
     */
    static Path[] encryptedPem(Path store, String alias, char[] keyPassword) throws Exception {
        java.security.KeyStore ks = java.security.KeyStore.getInstance("PKCS12");
        try (java.io.InputStream in = Files.newInputStream(store)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        java.security.PrivateKey key = (java.security.PrivateKey) ks.getKey(alias, PASSWORD.toCharArray());
        String alg = "PBEWithHmacSHA256AndAES_256";
        byte[] salt = new byte[16];
        byte[] iv = new byte[16];
        java.security.SecureRandom random = new java.security.SecureRandom();
        random.nextBytes(salt);
        random.nextBytes(iv);
        javax.crypto.Cipher c = javax.crypto.Cipher.getInstance(alg);
        c.init(javax.crypto.Cipher.ENCRYPT_MODE, javax.crypto.SecretKeyFactory.getInstance(alg)
                        .generateSecret(new javax.crypto.spec.PBEKeySpec(keyPassword)),
                new javax.crypto.spec.PBEParameterSpec(salt, 10_000, new javax.crypto.spec.IvParameterSpec(iv)));
        // EncryptedPrivateKeyInfo(AlgorithmParameters, ...) cannot name PBES2 ciphers, so the DER is written here:
        // SEQUENCE { SEQUENCE { OID pbes2, PBES2-params }, OCTET STRING encrypted } (what openssl pkcs8 -v2 writes).
        byte[] pbes2Oid = {0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x05, 0x0d};
        byte[] algId = der(0x30, concat(pbes2Oid, c.getParameters().getEncoded()));
        byte[] der = der(0x30, concat(algId, der(0x04, c.doFinal(key.getEncoded()))));
        java.util.Base64.Encoder b64 = java.util.Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
        Path keyFile = store.resolveSibling(alias + "-key.pem");
        Files.writeString(keyFile, "-----BEGIN ENCRYPTED PRIVATE KEY-----\n" + b64.encodeToString(der)
                + "\n-----END ENCRYPTED PRIVATE KEY-----\n");
        Path certFile = store.resolveSibling(alias + "-cert.pem");
        Files.writeString(certFile, "-----BEGIN CERTIFICATE-----\n" + b64.encodeToString(ks.getCertificate(alias)
                .getEncoded()) + "\n-----END CERTIFICATE-----\n");
        return new Path[] {certFile, keyFile};
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** One DER element: tag, definite length (short or long form), content. */
    private static byte[] der(int tag, byte[] content) {
        int n = content.length;
        byte[] len = n < 0x80 ? new byte[] {(byte) n} : n < 0x100 ? new byte[] {(byte) 0x81, (byte) n}
                : new byte[] {(byte) 0x82, (byte) (n >> 8), (byte) n};
        return concat(concat(new byte[] {(byte) tag}, len), content);
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
