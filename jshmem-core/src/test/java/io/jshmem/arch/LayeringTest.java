package io.jshmem.arch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keeps the layers of docs/architecture.md ("Layers") honest: every main source file may import only the jshmem
 * packages its layer is allowed to depend on (dependencies point down; collectives and teams never touch an engine;
 * engines never touch each other; the bootstrap knows nothing above configuration).
 */
class LayeringTest {
    /**
     * Layer rows, top to bottom. The API package ({@code io.jshmem}: interfaces, values, the facade) is the
     * vocabulary every layer may speak, so it depends only on the exceptions; the implementation ({@code impl})
     * implements it and sits on top; the operand layer below it validates every operand.
     */
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("io.jshmem.impl", Set.of("io.jshmem", "io.jshmem.operand", "io.jshmem.runtime",
                    "io.jshmem.collectives", "io.jshmem.team", "io.jshmem.comm", "io.jshmem.spi",
                    "io.jshmem.memory", "io.jshmem.bootstrap", "io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.operand", Set.of("io.jshmem", "io.jshmem.comm", "io.jshmem.memory",
                    "io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.runtime", Set.of("io.jshmem", "io.jshmem.collectives", "io.jshmem.team",
                    "io.jshmem.comm", "io.jshmem.spi", "io.jshmem.transport.shm", "io.jshmem.memory",
                    "io.jshmem.bootstrap", "io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.collectives", Set.of("io.jshmem", "io.jshmem.team", "io.jshmem.comm",
                    "io.jshmem.memory", "io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.team", Set.of("io.jshmem", "io.jshmem.comm", "io.jshmem.memory", "io.jshmem.config",
                    "io.jshmem.error")),
            Map.entry("io.jshmem.comm", Set.of("io.jshmem", "io.jshmem.spi", "io.jshmem.transport.shm",
                    "io.jshmem.memory", "io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.spi", Set.of("io.jshmem", "io.jshmem.memory", "io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.transport.shm", Set.of("io.jshmem.spi", "io.jshmem.memory",
                    "io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.transport.ucx", Set.of("io.jshmem.spi", "io.jshmem.memory",
                    "io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.memory.cuda", Set.of("io.jshmem.spi", "io.jshmem", "io.jshmem.config",
                    "io.jshmem.error")),
            Map.entry("io.jshmem.memory", Set.of("io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.bootstrap", Set.of("io.jshmem.config", "io.jshmem.error")),
            Map.entry("io.jshmem.config", Set.of("io.jshmem.error")),
            Map.entry("io.jshmem", Set.of("io.jshmem.error")),
            Map.entry("io.jshmem.error", Set.of()));

    /** Hand-written and generated main sources (the facade is generated into target/generated-sources). */
    private static final List<Path> ROOTS = List.of(Path.of("src/main/java"), Path.of("target/generated-sources/jshmem"),
            Path.of("../jshmem-ucx/src/main/java"), Path.of("../jshmem-cuda/src/main/java"));

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?(io\\.jshmem[\\w.]*)\\.[\\w*]+;",
            Pattern.MULTILINE);
    private static final Pattern QUALIFIED = Pattern.compile("\\b(io\\.jshmem(?:\\.[a-z]\\w*)*)\\.[A-Z]\\w*");

    @Test
    @Timeout(30)
    void everyImportPointsDown() throws IOException {
        List<String> violations = new ArrayList<>();
        int files = 0;
        for (Path root : ROOTS) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path file : paths.filter(p -> p.toString().endsWith(".java")).toList()) {
                    files++;
                    violations.addAll(check(file, Files.readString(file)));
                }
            }
        }
        assertTrue(files > 20, "layering test found only " + files + " source files: wrong working directory?");
        assertTrue(Files.isRegularFile(Path.of("target/generated-sources/jshmem/io/jshmem/Shmem.java")),
                "the generated facade is missing: run the build's generate-sources phase first");
        assertEquals(List.of(), violations, "imports against the layer direction");
    }

    @Test
    @Timeout(30)
    void detectsAForbiddenImport() {
        String source = "package io.jshmem.collectives;\nimport io.jshmem.transport.shm.ShmTransport;\nclass X {}\n";
        assertEquals(1, check(Path.of("X.java"), source).size());
        String fullyQualified = "package io.jshmem.bootstrap;\nclass Y { io.jshmem.comm.Comm c; }\n";
        assertEquals(1, check(Path.of("Y.java"), fullyQualified).size());
    }

    static List<String> check(Path file, String source) {
        Matcher pm = PACKAGE.matcher(source);
        if (!pm.find()) {
            return List.of();
        }
        String pkg = pm.group(1);
        Set<String> allowed = ALLOWED.get(pkg);
        List<String> out = new ArrayList<>();
        if (allowed == null) {
            out.add(file + ": package " + pkg + " has no layer in LayeringTest.ALLOWED");
            return out;
        }
        for (String target : dependencies(source)) {
            if (!target.equals(pkg) && !allowed.contains(target)) {
                out.add(file + ": " + pkg + " must not depend on " + target);
            }
        }
        return out;
    }

    /** The jshmem packages a source file names, by import or fully qualified; comments ignored. */
    static List<String> dependencies(String source) {
        String code = source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
        List<String> used = new ArrayList<>();
        Matcher im = IMPORT.matcher(code);
        while (im.find()) {
            used.add(im.group(1));
        }
        Matcher qm = QUALIFIED.matcher(code.replaceAll("(?m)^(package|import)\\s.*$", ""));
        while (qm.find()) {
            used.add(qm.group(1));
        }
        return used;
    }

    @Test
    @Timeout(30)
    void noPackageCycle() throws IOException {
        Map<String, Set<String>> graph = new java.util.TreeMap<>();
        for (Path root : ROOTS) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path file : paths.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String source = Files.readString(file);
                    Matcher pm = PACKAGE.matcher(source);
                    if (pm.find()) {
                        Set<String> edges = graph.computeIfAbsent(pm.group(1), k -> new java.util.TreeSet<>());
                        for (String d : dependencies(source)) {
                            if (!d.equals(pm.group(1))) {
                                edges.add(d);
                            }
                        }
                    }
                }
            }
        }
        assertTrue(graph.size() > 10, "found only " + graph.size() + " packages: wrong working directory?");
        assertEquals(List.of(), cycles(graph), "package cycles");
    }

    @Test
    @Timeout(30)
    void detectsACycle() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of());
        assertEquals(1, cycles(graph).size());
        assertEquals(List.of(), cycles(Map.of("a", Set.of("b"), "b", Set.of())));
    }

    /** Every cycle of the graph, found by depth-first search, each as "a -> b -> ... -> a". */
    static List<String> cycles(Map<String, Set<String>> graph) {
        List<String> found = new ArrayList<>();
        Set<String> done = new java.util.HashSet<>();
        for (String start : new java.util.TreeSet<>(graph.keySet())) {
            walk(start, graph, new ArrayList<>(), done, found);
        }
        return found;
    }

    private static void walk(String node, Map<String, Set<String>> graph, List<String> path, Set<String> done,
                             List<String> found) {
        int at = path.indexOf(node);
        if (at >= 0) {
            found.add(String.join(" -> ", path.subList(at, path.size())) + " -> " + node);
            return;
        }
        if (done.contains(node)) {
            return;
        }
        path.add(node);
        for (String next : new java.util.TreeSet<>(graph.getOrDefault(node, Set.of()))) {
            walk(next, graph, path, done, found);
        }
        path.remove(path.size() - 1);
        done.add(node);
    }
}
