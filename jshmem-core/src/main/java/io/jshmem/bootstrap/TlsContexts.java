package io.jshmem.bootstrap;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.BootstrapException;
import io.jshmem.error.ShmemArgumentException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CRL;
import java.security.cert.CertStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.X509CertSelector;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds the TLS 1.3 context of the rendezvous from {@link TlsInfo} files: this side's key and certificate chain
 * (presented to the other side: servers and clients both authenticate), and the trusted CAs (optionally with
 * revocation lists). Only JDK providers are used. Stateless and thread-safe.
 */
public final class TlsContexts {
    private static final char[] IN_MEMORY_PASSWORD = "jshmem-in-memory".toCharArray();
    /** setConfStoreTlsKey's key and password (CANN's set_config_store_tls_key); null = from JSHMEM_TLS_INFO. */
    private static volatile TlsKey configuredKey;

    private TlsContexts() {
    }

    /**
     * The context the settings ask for: null when {@code JSHMEM_TLS} is off, otherwise built from
     * {@code JSHMEM_TLS_INFO}.
     *
     * @throws ShmemArgumentException when the info is malformed
     * @throws BootstrapException     when a file cannot be read or does not hold what its key says
     */
    public static SSLContext fromSettings(Settings settings) {
        if (!settings.bool(Setting.TLS)) {
            return null;
        }
        return build(TlsInfo.parse(Setting.TLS_INFO.envName(), settings.string(Setting.TLS_INFO)));
    }

    /**
     * Sets the process-wide private key and protected password of every later TLS context (null: back to the files
     * of JSHMEM_TLS_INFO). The caller checks that no instance is being set up. Thread-safe.
     */
    public static void configureKey(TlsKey key) {
        configuredKey = key;
    }

    /** The key of {@link #configureKey}, or null. */
    public static TlsKey configuredKey() {
        return configuredKey;
    }

    /** A TLS 1.3 context presenting {@code info}'s certificate and trusting its CAs. */
    public static SSLContext build(TlsInfo info) {
        TlsKey key = configuredKey;
        char[] password = key != null ? key.plainPassword() : readPassword(info);
        try {
            // A PEM key goes into an in-memory store under a fixed password; a PKCS12 file keeps its own.
            char[] storePassword = isPkcs12(info.cert()) ? password : IN_MEMORY_PASSWORD.clone();
            KeyStore identity = identity(info, key, password, storePassword);
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(identity, storePassword);
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            List<Certificate> anchors = new ArrayList<>();
            if (info.caFiles().isEmpty()) {
                Enumeration<String> aliases = identity.aliases();
                while (aliases.hasMoreElements()) {
                    Certificate[] chain = identity.getCertificateChain(aliases.nextElement());
                    if (chain != null) {
                        anchors.addAll(List.of(chain));
                    }
                }
            } else {
                for (Path ca : info.caFiles()) {
                    anchors.addAll(certificates(ca, password));
                }
            }
            for (int i = 0; i < anchors.size(); i++) {
                trust.setCertificateEntry("ca-" + i, anchors.get(i));
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            if (info.crlFiles().isEmpty()) {
                tmf.init(trust);
            } else {
                PKIXBuilderParameters params = new PKIXBuilderParameters(trust, new X509CertSelector());
                List<CRL> crls = new ArrayList<>();
                for (Path f : info.crlFiles()) {
                    crls.addAll(crls(f));
                }
                params.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(crls)));
                params.setRevocationEnabled(true);
                tmf.init(new CertPathTrustManagerParameters(params));
            }
            SSLContext context = SSLContext.getInstance(Sockets.TLS_PROTOCOL);
            context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), new SecureRandom());
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new BootstrapException("cannot set up TLS for the rendezvous from " + describe(info, key) + ": " + e
                    + (key != null ? "; check the key given to setConfStoreTlsKey and that its decrypt callback"
                    + " returns the key's password" : "; check the files of JSHMEM_TLS_INFO (or setConfStoreTls) and"
                    + " the password file"), e);
        } finally {
            java.util.Arrays.fill(password, '\0');
        }
    }

    private static KeyStore identity(TlsInfo info, TlsKey key, char[] password, char[] storePassword)
            throws GeneralSecurityException, IOException {
        if (isPkcs12(info.cert())) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(readable("tlsCert", info.cert()))) {
                ks.load(in, password);
            }
            return ks;
        }
        if (info.privateKey() == null && key == null) {
            throw new ShmemArgumentException("tlsCert = " + info.cert() + " is a PEM certificate but tlsPk is missing:"
                    + " pass 'tlsPk: <PEM PKCS#8 private key>;' or use a PKCS12 file as tlsCert");
        }
        List<Certificate> chain = certificates(info.cert(), password);
        if (chain.isEmpty()) {
            throw new BootstrapException("tlsCert = " + info.cert() + " holds no certificate: pass a PEM file with"
                    + " -----BEGIN CERTIFICATE----- blocks");
        }
        String algorithm = chain.get(0).getPublicKey().getAlgorithm();
        PrivateKey pk;
        if (key != null && key.inline()) {
            pk = privateKey(key.privateKey(), "the PEM key given to setConfStoreTlsKey", algorithm, password);
        } else {
            Path file = key != null ? Path.of(key.privateKey()) : info.privateKey();
            String what = (key != null ? "setConfStoreTlsKey privateKey = " : "tlsPk = ") + file;
            pk = privateKey(Files.readString(readable(key != null ? "privateKey" : "tlsPk", file),
                    StandardCharsets.US_ASCII), what, algorithm, password);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("jshmem", pk, storePassword, chain.toArray(new Certificate[0]));
        return ks;
    }

    private static List<Certificate> certificates(Path file, char[] password)
            throws GeneralSecurityException, IOException {
        if (isPkcs12(file)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(readable("tlsCaFile", file))) {
                ks.load(in, password);
            }
            List<Certificate> out = new ArrayList<>();
            Enumeration<String> aliases = ks.aliases();
            while (aliases.hasMoreElements()) {
                Certificate c = ks.getCertificate(aliases.nextElement());
                if (c != null) {
                    out.add(c);
                }
            }
            return out;
        }
        try (InputStream in = Files.newInputStream(readable("certificate", file))) {
            return new ArrayList<>(CertificateFactory.getInstance("X.509").generateCertificates(in));
        }
    }

    private static Collection<? extends CRL> crls(Path file) throws GeneralSecurityException, IOException {
        try (InputStream in = Files.newInputStream(readable("tlsCrlFile", file))) {
            return CertificateFactory.getInstance("X.509").generateCRLs(in);
        }
    }

    /** A PEM PKCS#8 key, plain or encrypted; the algorithm comes from the certificate's public key. */
    private static PrivateKey privateKey(String pem, Object file, String algorithm, char[] password)
            throws GeneralSecurityException, IOException {
        byte[] der;
        if (pem.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")) {
            if (password.length == 0) {
                throw new ShmemArgumentException("tlsPk = " + file + " is encrypted but no password was given: pass"
                        + " 'tlsPkPwdFile: <file>;'");
            }
            EncryptedPrivateKeyInfo epki = new EncryptedPrivateKeyInfo(block(pem, "ENCRYPTED PRIVATE KEY", file));
            // PBES2 keys (openssl's default) name their cipher in the parameters, e.g. PBEWithHmacSHA256AndAES_256.
            String alg = epki.getAlgName().equals("PBES2") && epki.getAlgParameters() != null
                    ? epki.getAlgParameters().toString() : epki.getAlgName();
            Cipher cipher = Cipher.getInstance(alg);
            SecretKeyFactory skf = SecretKeyFactory.getInstance(alg);
            cipher.init(Cipher.DECRYPT_MODE, skf.generateSecret(new PBEKeySpec(password)), epki.getAlgParameters());
            try {
                der = epki.getKeySpec(cipher).getEncoded();
            } catch (GeneralSecurityException e) {
                // A wrong password shows up as bad padding or an unparsable key: say which password was wrong.
                throw new BootstrapException(file + " cannot be decrypted with the password given (" + e + "): the"
                        + " password is wrong; check tlsPkPwdFile, or what setConfStoreTlsKey's decrypt callback"
                        + " returns", e);
            }
        } else if (pem.contains("-----BEGIN PRIVATE KEY-----")) {
            der = block(pem, "PRIVATE KEY", file);
        } else {
            throw new ShmemArgumentException("tlsPk = " + file + " is not a PEM PKCS#8 key (BEGIN PRIVATE KEY or BEGIN"
                    + " ENCRYPTED PRIVATE KEY); convert it, e.g. openssl pkcs8 -topk8 -nocrypt -in key.pem");
        }
        return KeyFactory.getInstance(algorithm.equals("EdDSA") ? "Ed25519" : algorithm)
                .generatePrivate(new PKCS8EncodedKeySpec(der));
    }

    private static byte[] block(String pem, String label, Object file) {
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        int b = pem.indexOf(begin);
        int e = pem.indexOf(end, b);
        if (b < 0 || e < 0) {
            throw new ShmemArgumentException(file + ": the PEM block " + label + " is not terminated by " + end);
        }
        return Base64.getMimeDecoder().decode(pem.substring(b + begin.length(), e));
    }

    private static char[] readPassword(TlsInfo info) {
        if (info.password().isEmpty()) {
            return new char[0];
        }
        try {
            String text = Files.readString(readable("tlsPkPwdFile", info.password().get()), StandardCharsets.UTF_8);
            int nl = text.indexOf('\n');
            return (nl >= 0 ? text.substring(0, nl) : text).strip().toCharArray();
        } catch (IOException e) {
            throw new BootstrapException("cannot read tlsPkPwdFile = " + info.password().get() + ": " + e, e);
        }
    }

    private static Path readable(String key, Path file) {
        if (!Files.isReadable(file)) {
            throw new BootstrapException(key + " = " + file + " cannot be read (missing or no permission): pass an"
                    + " existing file readable by this user");
        }
        return file;
    }

    private static boolean isPkcs12(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".p12") || n.endsWith(".pfx") || n.endsWith(".pkcs12");
    }

    private static String describe(TlsInfo info, TlsKey key) {
        return "tlsCert = " + info.cert() + (key != null ? ", the key of setConfStoreTlsKey"
                : info.privateKey() != null ? ", tlsPk = " + info.privateKey() : "")
                + (info.caFiles().isEmpty() ? "" : ", tlsCaFile = " + info.caFiles());
    }
}
