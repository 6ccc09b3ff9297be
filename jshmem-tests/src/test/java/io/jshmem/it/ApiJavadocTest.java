package io.jshmem.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exported API ({@code io.jshmem}, the generated facade included, and {@code io.jshmem.error}) has a Javadoc
 * comment on every public and protected type, method, constructor, field and enum constant, and no broken Javadoc
 * ({@code reference not found}, bad HTML, unknown tags).
 * <p>
 * The check is javac's own doclint ({@code -Xdoclint:all/protected}) run through
 * {@link ToolProvider#getSystemJavaCompiler()} over the module's sources, the generated facade included: it sees
 * exactly what the javadoc tool documents, with no parser of our own to drift. Doclint's {@code no @param} and
 * {@code no @return} are not required (a sentence that says what the method does is); every error of doclint is.
 * The internal packages are compiled too (the module needs them) but not judged here.
 */
@Timeout(120)
class ApiJavadocTest {
    private static final Pattern API_FILE = Pattern.compile(".*/io/jshmem/(?:error/)?[A-Za-z0-9]+\\.java");

    @Test
    void everyPublicMemberOfTheApiHasAJavadocSentenceAndNoBrokenReference() throws Exception {
        Path core = Path.of("..", "jshmem-core");
        Path generated = core.resolve("target/generated-sources/jshmem");
        assertTrue(Files.exists(generated.resolve("io/jshmem/Shmem.java")),
                "no generated facade under jshmem-core/target/ (the reactor generates it in generate-sources)");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path classes = Files.createTempDirectory("jshmem-doclint-");
        List<String> options = List.of("-Xdoclint:all/protected", "-Xmaxwarns", "100000", "-Xmaxerrs", "100000",
                "-proc:none", "-d", classes.toString(),
                "--module-source-path", "io.jshmem=" + core.resolve("src/main/java") + java.io.File.pathSeparator + generated,
                "--module", "io.jshmem");
        try {
            javac.getTask(null, null, diagnostics, options, null, null).call();
        } finally {
            DocCodeBlocksTest.deleteTree(classes);
        }
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getSource() == null || !API_FILE.matcher(d.getSource().toUri().getPath()).matches()) {
                continue;
            }
            checked++;
            String message = d.getMessage(Locale.ROOT).lines().findFirst().orElse("");
            if (d.getKind() == Diagnostic.Kind.ERROR || message.equals("no comment")) {
                String file = d.getSource().toUri().getPath();
                problems.add(file.substring(file.indexOf("/io/jshmem/") + 1) + ":" + d.getLineNumber() + ": "
                        + message);
            }
        }
        System.out.println("doclint over the API: " + checked + " diagnostics, " + problems.size() + " problems");
        assertEquals("", String.join("\n", problems), problems.size() + " Javadoc problems in the exported API");
    }
}
