package io.jshmem.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the {@code io.jshmem.Shmem} facade and the name table from {@link RoutineTable}; run by the build in
 * {@code generate-sources} (jshmem-core's pom, exec-maven-plugin) as a JDK source-launcher program:
 *
 * <pre>
 * java jshmem-core/src/build/java/io/jshmem/build/FacadeGenerator.java GENERATED_SOURCES_DIR DOCS_FILE REGENERATE
 * </pre>
 *
 * <p>It always writes {@code GENERATED_SOURCES_DIR/io/jshmem/Shmem.java} (only when its content changes, so an
 * unchanged table does not make the compiler rebuild the module). The committed {@code docs/name-table.md}
 * ({@code DOCS_FILE}) is rewritten only when {@code REGENERATE} is {@code true}
 * ({@code mvn -pl jshmem-core generate-sources -Djshmem.regenerate-docs=true}); otherwise a stale copy is
 * reported here and fails {@code NameTableDriftTest}. Nothing else reads or writes files.
 */
public final class FacadeGenerator {
    /** The command that rewrites the committed name table, quoted by the warnings and the drift test. */
    static final String REGENERATE_COMMAND = "mvn -B -pl jshmem-core generate-sources -Djshmem.regenerate-docs=true";

    private FacadeGenerator() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: FacadeGenerator GENERATED_SOURCES_DIR DOCS_FILE REGENERATE(true|false)");
            System.exit(2);
        }
        long start = System.nanoTime();
        List<Routine> table = RoutineTable.routines();
        Path facade = Path.of(args[0], "io", "jshmem", "Shmem.java");
        boolean wrote = writeIfChanged(facade, FacadeWriter.source(table));
        Path docs = Path.of(args[1]);
        String nameTable = NameTableWriter.markdown(table);
        String docsState;
        if (Boolean.parseBoolean(args[2])) {
            docsState = writeIfChanged(docs, nameTable) ? "rewritten" : "unchanged";
        } else if (!Files.exists(docs) || !Files.readString(docs, StandardCharsets.UTF_8).equals(nameTable)) {
            docsState = "OUT OF DATE (regenerate with: " + REGENERATE_COMMAND + ")";
        } else {
            docsState = "up to date";
        }
        System.out.printf("[jshmem] facade: %d methods from the routine table, Shmem.java %s, %s %s (%d ms)%n",
                table.size(), wrote ? "written" : "unchanged", docs.getFileName(), docsState,
                (System.nanoTime() - start) / 1_000_000);
    }

    private static boolean writeIfChanged(Path file, String content) throws IOException {
        if (Files.exists(file) && Files.readString(file, StandardCharsets.UTF_8).equals(content)) {
            return false;
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return true;
    }
}
