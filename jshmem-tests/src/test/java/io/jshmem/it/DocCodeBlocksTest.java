package io.jshmem.it;

import org.junit.jupiter.api.Test;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.lang.module.ModuleFinder;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every {@code ```java} block of README.md and docs/*.md compiles against the real API, as a user's code would.
 * <p>
 * A block that declares a top-level class, interface, record or enum is a compilation unit and compiles as it is.
 * Any other block is a fragment: it becomes the body of an instance method of a class that imports
 * {@code io.jshmem.*}, {@code io.jshmem.error.*}, {@code java.lang.foreign.*} and {@code java.util.*}, and whose one
 * field is {@code ShmemRuntime shmem} (the guide's running example; a fragment may declare its own {@code shmem},
 * which shadows the field). Every other name a fragment uses it declares itself.
 * <p>
 * Blocks compile in the unnamed module with the library on the <em>module path</em> ({@code --add-modules
 * io.jshmem}), not on the class path: on the class path every package of the jar is visible, so a snippet that
 * reached into {@code io.jshmem.impl} would compile here and fail for a user on the module path; this way only the
 * exported packages ({@code io.jshmem}, {@code io.jshmem.error}) resolve, on both paths.
 * <p>
 * A block that is deliberately not compilable Java is fenced {@code ```java not-compiled}; the test counts and
 * prints those. A failure lists {@code file:line} of every block that does not compile, with javac's messages
 * mapped to the lines of the Markdown file.
 */
class DocCodeBlocksTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern FENCE = Pattern.compile("^```(\\S*)(.*)$");
    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
            "(?m)^(?:public\\s+|final\\s+|abstract\\s+|sealed\\s+)*(?:class|interface|record|enum)\\s+(\\w+)");
    private static final String IMPORTS = "import io.jshmem.*; import io.jshmem.error.*; "
            + "import java.lang.foreign.*; import java.util.*;";

    /** One fenced block: the file it is in, the line of its first code line, its text and how it is fenced. */
    record Block(String file, int line, String code, boolean notCompiled) {
        String where() {
            return file + ":" + line;
        }
    }

    @Test
    void everyJavaBlockCompiles() throws IOException {
        List<Block> blocks = javaBlocks();
        assertTrue(blocks.size() >= 4, "the README and the user guide have Java blocks; found " + blocks);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertTrue(javac != null, "no system Java compiler: run the tests on a JDK, not a JRE");
        Path classes = Files.createTempDirectory("jshmem-doc-blocks-");
        List<String> options = List.of("--release", "25", "--module-path", libraryModule().toString(),
                "--add-modules", "io.jshmem", "-proc:none", "-d", classes.toString());
        List<String> failures = new ArrayList<>();
        int units = 0;
        int fragments = 0;
        int skipped = 0;
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            for (Block b : blocks) {
                if (b.notCompiled()) {
                    skipped++;
                    continue;
                }
                Matcher type = TOP_LEVEL_TYPE.matcher(b.code());
                String name;
                String source;
                int offset;
                if (type.find()) {
                    units++;
                    name = type.group(1);
                    source = b.code();
                    offset = 0;
                } else {
                    fragments++;
                    name = "DocBlock" + fragments;
                    source = IMPORTS + " class " + name + " { ShmemRuntime shmem; void run() throws Exception {\n"
                            + b.code() + "\n}}\n";
                    offset = 1;
                }
                DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
                boolean ok = javac.getTask(null, files, diagnostics, options, null,
                        List.of(new Source(name, source))).call();
                if (!ok) {
                    StringBuilder why = new StringBuilder(b.where() + " does not compile:");
                    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                        if (d.getKind() == Diagnostic.Kind.ERROR) {
                            long line = d.getLineNumber() - offset - 1 + b.line();
                            why.append("\n    ").append(b.file()).append(':').append(line).append(": ")
                                    .append(String.join(" ", d.getMessage(Locale.ROOT).lines().map(String::strip).toList()));
                        }
                    }
                    failures.add(why.toString());
                }
            }
        } finally {
            deleteTree(classes);
        }
        System.out.printf("Java blocks in README.md and docs/: %d compiled (%d compilation units, %d fragments), "
                + "%d marked not-compiled, %d failed%n", units + fragments, units, fragments, skipped,
                failures.size());
        assertEquals("", String.join("\n", failures), failures.size() + " Java block(s) do not compile");
    }

    /** The fences are read, not guessed: an unclosed fence is a failure of its own. */
    static List<Block> javaBlocks() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        List<Block> blocks = new ArrayList<>();
        for (Path doc : docs) {
            String file = ROOT.relativize(doc).toString();
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher open = FENCE.matcher(lines.get(i));
                if (!open.matches()) {
                    continue;
                }
                int start = i + 1;
                int end = start;
                while (end < lines.size() && !lines.get(end).startsWith("```")) {
                    end++;
                }
                assertTrue(end < lines.size(), file + ":" + (i + 1) + ": the fence is never closed");
                if (open.group(1).equals("java")) {
                    blocks.add(new Block(file, start + 1, String.join("\n", lines.subList(start, end)),
                            open.group(2).trim().equals("not-compiled")));
                }
                i = end;
            }
        }
        return blocks;
    }

    /** Removes a temporary directory of class files. */
    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The entry of the test class path that holds the io.jshmem module (jshmem-core's classes or jar). */
    private static Path libraryModule() {
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            try {
                if (Files.exists(p) && ModuleFinder.of(p).find("io.jshmem").isPresent()) {
                    return p;
                }
            } catch (java.lang.module.FindException notAModule) {
                // a jar or directory that is no module; the library is elsewhere on the path
            }
        }
        throw new AssertionError("io.jshmem is not on the test class path: " + System.getProperty("java.class.path"));
    }

    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(String className, String text) {
            super(URI.create("string:///" + className + Kind.SOURCE.extension), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
