package io.jshmem.launcher;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JDK ahead-of-time cache for the PEs' start-up ({@code shmemrun --startup-cache DIR}, JSHMEM_STARTUP_CACHE):
 * the classes a PE loads and links, the method handles the library spins (FFM downcall stubs, lambda forms) and
 * their profiles, made once and mapped by every later PE instead of being loaded, generated and compiled again
 * (JDK 25, JEPs 483, 514 and 515). A JVM only maps a cache made with the same JDK, classpath and module options, so
 * the file name is a digest of the PE command line up to its main class (options but logging ones, classpath) and of
 * the size and modification time of every classpath entry: a rebuilt jar or a changed option names a new file.
 *
 * <p>On a miss the launcher makes the cache after the job, with a one-PE run of {@link StartupTraining} under the
 * PEs' JVM options and classpath ({@code -XX:AOTCacheOutput}) in a process of its own, so the job's PEs run as they
 * would without the option and a failed training costs only the cache. The cache goes to a temporary file that is
 * renamed into place, so concurrent jobs never map a half-written one. Measured on this project's 2-core host:
 * {@code Hello} at 8 PEs 3.9-4.2 s from launch to exit without, 3.1-3.2 s with a cache (docs/performance.md).
 *
 * <p>Immutable; used by the launcher's thread only.
 */
final class StartupCache {
    /** Seconds the training run may take before the launcher gives up on the cache (it takes 2-4 s here). */
    private static final long TRAIN_TIMEOUT_SECONDS = 120;
    /** Variables by which a PE finds a launcher; the training run must find none and run as a one-PE job. */
    private static final List<String> LAUNCHER_VARIABLES = List.of("JSHMEM_UNIQUE_ID", "JSHMEM_LAUNCH_ID",
            "JSHMEM_PE", "JSHMEM_NPES", "JSHMEM_LOCAL_PE", "JSHMEM_LOCAL_NPES", "RANK", "WORLD_SIZE", "LOCAL_RANK",
            "LOCAL_WORLD_SIZE", "GROUP_RANK");

    private final Path file;

    private StartupCache(Path file) {
        this.file = file;
    }

    /** JVM options that choose a class data archive themselves: with any of them a PE JVM rejects an AOT cache. */
    private static final List<String> ARCHIVE_OPTIONS = List.of("-XX:AOT", "-Xshare", "-XX:SharedArchiveFile",
            "-XX:ArchiveClassesAtExit", "-XX:DumpLoadedClassList", "-XX:SharedClassListFile");

    /**
     * Why PEs started with {@code command} (the java binary, the JVM options, {@code -cp} and the classpath, the main
     * class, then the program's arguments) and the options of the JVM's option variables ({@code variableOptions})
     * cannot have a cache, or null when they can: a modular launch, options that choose a class archive themselves
     * (the JVM would refuse to start with both), or a directory on the classpath (the JDK caches classes from jars
     * only).
     */
    static String unusable(List<String> command, List<String> variableOptions) {
        int cp = command.indexOf("-cp");
        if (cp < 0 || cp + 2 >= command.size()) {
            return "a modular launch";
        }
        List<String> options = new ArrayList<>(command.subList(0, cp));
        options.addAll(variableOptions);
        for (String option : options) {
            for (String archive : ARCHIVE_OPTIONS) {
                if (option.startsWith(archive)) {
                    return "the PEs' JVM options choose a class archive themselves (" + option + ")";
                }
            }
        }
        for (String entry : command.get(cp + 1).split(File.pathSeparator)) {
            if (Files.isDirectory(Path.of(entry.isEmpty() ? "." : entry))) {
                return "the classpath holds a directory (" + (entry.isEmpty() ? "." : entry) + "), and the JDK caches"
                        + " classes from jars only";
            }
        }
        return null;
    }

    /** The cache in {@code dir} for PEs started with {@code command}, which {@link #unusable} accepts. */
    static StartupCache forCommand(Path dir, List<String> command) {
        int cp = command.indexOf("-cp");
        MessageDigest digest = sha256();
        // The command up to the main class, without the program's arguments and logging options (they do not change
        // what a cache may hold), and what each classpath entry holds.
        for (String part : command.subList(0, cp + 3)) {
            if (part.startsWith("-Xlog")) {
                continue;
            }
            digest.update(part.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
        }
        digest.update(Runtime.version().toString().getBytes(StandardCharsets.UTF_8));
        for (String entry : command.get(cp + 1).split(File.pathSeparator)) {
            for (Path p : expand(entry)) {
                try {
                    digest.update((p + "|" + Files.size(p) + "|" + Files.getLastModifiedTime(p).toMillis())
                            .getBytes(StandardCharsets.UTF_8));
                } catch (IOException missing) {
                    digest.update((p + "|missing").getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        return new StartupCache(dir.toAbsolutePath().resolve(
                "jshmem-" + HexFormat.of().formatHex(digest.digest(), 0, 12) + ".aot"));
    }

    /** A classpath entry as the JVM reads it: {@code dir/*} is every jar of dir, in name order. */
    private static List<Path> expand(String entry) {
        if (!entry.equals("*") && !entry.endsWith(File.separator + "*")) {
            return List.of(Path.of(entry.isEmpty() ? "." : entry));
        }
        Path dir = Path.of(entry.length() == 1 ? "." : entry.substring(0, entry.length() - 2));
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".jar"))
                    .sorted().toList();
        } catch (IOException e) {
            return List.of(dir);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /** The cache file (it may not exist yet). */
    Path file() {
        return file;
    }

    /** Whether the cache exists, so that PEs map it. */
    boolean ready() {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** The JVM options with which every PE maps the cache. */
    List<String> mapOptions() {
        return List.of("-XX:AOTCache=" + file);
    }

    /**
     * Makes the cache: runs {@link StartupTraining} as a one-PE job with the PEs' {@code command} (its java binary,
     * JVM options and classpath; not its main class and arguments), its output discarded, then renames the result
     * into place. Returns null on success, else why not.
     */
    String train(List<String> command) {
        int cp = command.indexOf("-cp");
        Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        List<String> training = new ArrayList<>(command.subList(0, cp + 2));
        training.add(1, "-XX:AOTCacheOutput=" + tmp);
        training.add(StartupTraining.class.getName());
        ProcessBuilder pb = new ProcessBuilder(training).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().keySet().removeIf(k -> LAUNCHER_VARIABLES.contains(k) || k.startsWith("OMPI_COMM_WORLD_")
                || k.startsWith("SLURM_") || k.startsWith("PMI_"));
        try {
            Files.createDirectories(file.getParent());
            Process p = pb.start();
            // Ctrl-C while the training runs: the launcher exits, and the training (with its half-written file) too.
            Thread stop = new Thread(p::destroyForcibly, "shmemrun-stop-training");
            Runtime.getRuntime().addShutdownHook(stop);
            boolean ended;
            try {
                ended = p.waitFor(TRAIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(stop);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs or has run
                }
            }
            if (!ended) {
                p.destroyForcibly();
                return "the training run took longer than " + TRAIN_TIMEOUT_SECONDS + " s";
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(tmp)) {
                return "the training run exited with status " + p.exitValue() + "; rerun it by hand to see why: "
                        + String.join(" ", training);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return null;
        } catch (IOException e) {
            return e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            try {
                Files.deleteIfExists(tmp);
                Files.deleteIfExists(tmp.resolveSibling(tmp.getFileName() + ".config"));
            } catch (IOException ignored) {
                // a leftover temporary file is harmless: its name never matches a cache
            }
        }
    }
}
