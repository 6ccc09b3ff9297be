package io.jshmem.bootstrap;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;

/**
 * Certificates for TLS tests: EC key pairs with X.509 v3 certificates encoded here (a few DER structures, signed
 * with SHA256withECDSA) so that a CA and the leaves it signs cost milliseconds, plus one store made by the JDK's
 * keytool to show that its stores work as they are. Written as PKCS12 stores and PEM files.
 */
final class TestCertificates {
    static final String PASSWORD = "changeit";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'");

    /** A key pair and its certificate chain (leaf first). */
    record Identity(String name, KeyPair keys, List<X509Certificate> chain) {
    }

    private TestCertificates() {
    }

    /** A self-signed identity; {@code ca} marks it as a certification authority. */
    static Identity selfSigned(String name, boolean ca) throws Exception {
        KeyPair kp = keyPair();
        X509Certificate cert = certificate(name, kp, name, kp.getPrivate(), ca);
        return new Identity(name, kp, List.of(cert));
    }

    /** An identity whose certificate {@code ca} signed. */
    static Identity signedBy(Identity ca, String name) throws Exception {
        KeyPair kp = keyPair();
        X509Certificate cert = certificate(name, kp, ca.name(), ca.keys().getPrivate(), false);
        List<X509Certificate> chain = new ArrayList<>();
        chain.add(cert);
        chain.addAll(ca.chain());
        return new Identity(name, kp, chain);
    }

    /** Writes a PKCS12 store {@code <name>.p12} with the key and chain under {@link #PASSWORD}. */
    static Path pkcs12(Path dir, Identity id) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry(id.name(), id.keys().getPrivate(), PASSWORD.toCharArray(),
                id.chain().toArray(new X509Certificate[0]));
        Path p = dir.resolve(id.name() + ".p12");
        try (OutputStream out = Files.newOutputStream(p)) {
            ks.store(out, PASSWORD.toCharArray());
        }
        return p;
    }

    /** Writes {@code <name>.crt.pem} (the chain) and {@code <name>.key.pem} (PKCS#8); returns both. */
    static Path[] pem(Path dir, Identity id) throws Exception {
        StringBuilder chain = new StringBuilder();
        for (X509Certificate c : id.chain()) {
            chain.append(block("CERTIFICATE", c.getEncoded()));
        }
        Path crt = Files.writeString(dir.resolve(id.name() + ".crt.pem"), chain);
        Path key = Files.writeString(dir.resolve(id.name() + ".key.pem"),
                block("PRIVATE KEY", id.keys().getPrivate().getEncoded()));
        return new Path[] {crt, key};
    }

    /** Writes only the first certificate of the chain as {@code <name>.pem} (a CA file). */
    static Path certificatePem(Path dir, Identity id) throws Exception {
        return Files.writeString(dir.resolve(id.name() + ".pem"), block("CERTIFICATE", id.chain().get(0).getEncoded()));
    }

    /** The key as an encrypted PKCS#8 PEM (PBES2 with AES-256, openssl's default form) under {@link #PASSWORD}. */
    static Path encryptedKey(Path dir, Identity id) throws Exception {
        String alg = "PBEWithHmacSHA256AndAES_256";
        byte[] salt = new byte[16];
        byte[] iv = new byte[16];
        RANDOM.nextBytes(salt);
        RANDOM.nextBytes(iv);
        Cipher c = Cipher.getInstance(alg);
        c.init(Cipher.ENCRYPT_MODE, SecretKeyFactory.getInstance(alg).generateSecret(
                new PBEKeySpec(PASSWORD.toCharArray())), new PBEParameterSpec(salt, 10_000, new IvParameterSpec(iv)));
        AlgorithmParameters pbes2 = AlgorithmParameters.getInstance("PBES2");
        pbes2.init(c.getParameters().getEncoded());
        EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(pbes2, c.doFinal(id.keys().getPrivate()
                .getEncoded()));
        return Files.writeString(dir.resolve(id.name() + ".key.enc.pem"), block("ENCRYPTED PRIVATE KEY",
                info.getEncoded()));
    }

    /** A file holding {@link #PASSWORD}. */
    static Path passwordFile(Path dir) throws Exception {
        return Files.writeString(dir.resolve("password.txt"), PASSWORD + "\n");
    }

    /** A PKCS12 store {@code <alias>.p12} with a self-signed key pair made by the JDK's keytool. */
    static Path keytoolStore(Path dir, String alias) throws Exception {
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

    static KeyStore load(Path store) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        return ks;
    }

    // ---- X.509 v3 in DER --------------------------------------------------------------------------------------

    private static final byte[] ECDSA_SHA256 = oid(1, 2, 840, 10045, 4, 3, 2);
    private static final byte[] COMMON_NAME = oid(2, 5, 4, 3);
    private static final byte[] BASIC_CONSTRAINTS = oid(2, 5, 29, 19);

    private static KeyPair keyPair() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private static X509Certificate certificate(String subject, KeyPair subjectKeys, String issuer, PrivateKey signer,
                                               boolean ca) throws Exception {
        byte[] algorithm = der(0x30, ECDSA_SHA256);
        ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC);
        byte[] validity = der(0x30, der(0x17, ascii(UTC_TIME.format(now.minusHours(1)))),
                der(0x17, ascii(UTC_TIME.format(now.plusDays(2)))));
        List<byte[]> tbs = new ArrayList<>();
        tbs.add(der(0xA0, der(0x02, new byte[] {2})));                                    // version 3
        tbs.add(der(0x02, new BigInteger(63, RANDOM).add(BigInteger.ONE).toByteArray())); // serial
        tbs.add(algorithm);
        tbs.add(name(issuer));
        tbs.add(validity);
        tbs.add(name(subject));
        tbs.add(subjectKeys.getPublic().getEncoded());                                     // SubjectPublicKeyInfo
        if (ca) {
            byte[] constraints = der(0x30, BASIC_CONSTRAINTS, der(0x01, new byte[] {(byte) 0xFF}),
                    der(0x04, der(0x30, der(0x01, new byte[] {(byte) 0xFF}))));
            tbs.add(der(0xA3, der(0x30, constraints)));
        }
        byte[] tbsDer = der(0x30, tbs.toArray(new byte[0][]));
        Signature sig = Signature.getInstance("SHA256withECDSA");
        sig.initSign(signer);
        sig.update(tbsDer);
        byte[] signature = sig.sign();
        byte[] bits = new byte[signature.length + 1];
        System.arraycopy(signature, 0, bits, 1, signature.length);
        byte[] cert = der(0x30, tbsDer, algorithm, der(0x03, bits));
        return (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new java.io.ByteArrayInputStream(cert));
    }

    private static byte[] name(String cn) {
        return der(0x30, der(0x31, der(0x30, COMMON_NAME, der(0x0C, cn.getBytes(StandardCharsets.UTF_8)))));
    }

    private static byte[] oid(int... arcs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(arcs[0] * 40 + arcs[1]);
        for (int i = 2; i < arcs.length; i++) {
            int v = arcs[i];
            int shift = 28;
            while (shift > 0 && (v >>> shift) == 0) {
                shift -= 7;
            }
            for (; shift > 0; shift -= 7) {
                out.write(0x80 | ((v >>> shift) & 0x7F));
            }
            out.write(v & 0x7F);
        }
        return der(0x06, out.toByteArray());
    }

    private static byte[] der(int tag, byte[]... parts) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            body.writeBytes(p);
        }
        int n = body.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        if (n < 0x80) {
            out.write(n);
        } else if (n < 0x100) {
            out.write(0x81);
            out.write(n);
        } else {
            out.write(0x82);
            out.write(n >>> 8);
            out.write(n & 0xFF);
        }
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String block(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }
}
