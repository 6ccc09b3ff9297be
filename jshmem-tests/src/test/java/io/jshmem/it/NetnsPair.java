package io.jshmem.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two "hosts" on this machine: two fresh network namespaces joined by a veth pair, with addresses from the
 * documentation range 192.0.2.0/24 (RFC 5737: never routed, so nothing outside can be reached). Node 0 is
 * 192.0.2.1 on {@link #device(int) device(0)}, node 1 is 192.0.2.2. Both veth ends are created directly inside
 * their namespaces, so nothing appears in the machine's own namespace. Names are unique per run and carry this
 * JVM's pid, so that a later run can delete what a killed run left ({@link #sweepStale()}).
 *
 * <p>Needs root and the {@code ip} command (iproute2). {@link #close()} deletes both namespaces, which destroys the
 * veth pair; it is idempotent and also runs from a shutdown hook. Not thread-safe.
 */
final class NetnsPair implements AutoCloseable {
    static final String[] ADDRESSES = {"192.0.2.1", "192.0.2.2"};
    private static final String PREFIX = "jshmem-t";
    private static final Pattern OURS = Pattern.compile("^" + PREFIX + "(\\d+)-[0-9a-f]+-[01]\\b.*");
    private static final long COMMAND_SECONDS = 20;

    private final String[] namespaces;
    private final String[] devices;
    private final Thread hook = new Thread(this::deleteQuietly, "netns-pair-cleanup");
    private boolean closed;

    private NetnsPair(String tag) {
        long pid = ProcessHandle.current().pid();
        namespaces = new String[] {PREFIX + pid + "-" + tag + "-0", PREFIX + pid + "-" + tag + "-1"};
        // Interface names are at most 15 characters.
        devices = new String[] {"jsv" + tag + "a", "jsv" + tag + "b"};
    }

    /** Why namespaces cannot be made here, or empty when they probably can (root and ip are present). */
    static Optional<String> whyUnavailable() {
        if (ipCommand().isEmpty()) {
            return Optional.of("the 'ip' command (package iproute2) is not installed");
        }
        if (!isRoot()) {
            return Optional.of("creating network namespaces needs root, and this test runs as another user");
        }
        return Optional.empty();
    }

    /** Creates the namespaces, the veth pair and the addresses; on failure removes what was made and throws. */
    static NetnsPair create() throws IOException, InterruptedException {
        sweepStale();
        byte[] r = new byte[3];
        new SecureRandom().nextBytes(r);
        NetnsPair p = new NetnsPair(HexFormat.of().formatHex(r));
        Runtime.getRuntime().addShutdownHook(p.hook);
        try {
            p.build();
        } catch (IOException | InterruptedException | RuntimeException e) {
            p.close();
            throw e;
        }
        return p;
    }

    private void build() throws IOException, InterruptedException {
        ip("netns", "add", namespaces[0]);
        ip("netns", "add", namespaces[1]);
        ip("link", "add", devices[0], "netns", namespaces[0], "type", "veth", "peer", "name", devices[1], "netns",
                namespaces[1]);
        for (int node = 0; node < 2; node++) {
            ip("-n", namespaces[node], "addr", "add", ADDRESSES[node] + "/24", "dev", devices[node]);
            ip("-n", namespaces[node], "link", "set", "lo", "up");
            ip("-n", namespaces[node], "link", "set", devices[node], "up");
        }
        // Creating namespaces can succeed where entering one cannot (ip netns exec remounts /sys, which some
        // containers forbid): check that a process started inside sees its address.
        for (int node = 0; node < 2; node++) {
            String shown = String.join(" ", run(inNamespace(node, List.of(ipCommand().orElseThrow(), "-o", "addr",
                    "show", "dev", devices[node]))));
            if (!shown.contains(ADDRESSES[node] + "/24")) {
                throw new IOException("a process in namespace " + namespaces[node] + " does not see "
                        + ADDRESSES[node] + " on " + devices[node] + ": " + shown);
            }
        }
    }

    String namespace(int node) {
        return namespaces[node];
    }

    /** The veth end inside node {@code node}'s namespace (the value for UCX_NET_DEVICES there). */
    String device(int node) {
        return devices[node];
    }

    /** {@code command} prefixed so that it runs inside node {@code node}'s namespace. */
    List<String> inNamespace(int node, List<String> command) {
        List<String> c = new ArrayList<>(List.of(ipCommand().orElseThrow(), "netns", "exec", namespaces[node]));
        c.addAll(command);
        return c;
    }

    @Override
    public void close() {
        deleteQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook runs anyway and finds nothing left to delete.
        }
    }

    private synchronized void deleteQuietly() {
        if (closed) {
            return;
        }
        closed = true;
        for (String ns : namespaces) {
            try {
                ip("netns", "del", ns);
            } catch (IOException | InterruptedException | RuntimeException e) {
                System.err.println("NetnsPair: could not delete namespace " + ns + ": " + e.getMessage());
            }
        }
    }

    /** Deletes namespaces of earlier runs whose JVM is gone (a run killed before its cleanup). */
    static void sweepStale() {
        try {
            for (String line : run(List.of(ipCommand().orElseThrow(), "netns", "list"))) {
                Matcher m = OURS.matcher(line);
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                    String ns = line.split("\\s+")[0];
                    System.err.println("NetnsPair: deleting namespace " + ns + " left by an earlier run");
                    ip("netns", "del", ns);
                }
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            System.err.println("NetnsPair: could not look for stale namespaces: " + e.getMessage());
        }
    }

    private static void ip(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ipCommand().orElseThrow());
        cmd.addAll(List.of(args));
        run(cmd);
    }

    /** Runs a short command; returns its output lines, throws when it fails or takes longer than 20 s. */
    private static List<String> run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + " did not finish within " + COMMAND_SECONDS + " s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed with status " + p.exitValue() + ": " + out.strip());
        }
        return out.lines().toList();
    }

    private static Optional<String> ipCommand() {
        for (String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
            Path ip = Path.of(dir, "ip");
            if (Files.isExecutable(ip)) {
                return Optional.of(ip.toString());
            }
        }
        return Optional.empty();
    }

    private static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[2].equals("0");
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }
}
