package io.jshmem.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code docs/settings.md} from the {@link Setting} table, so the documentation cannot drift from the code:
 * {@code SettingsDocTest} fails when the committed file differs from {@link #markdown()}, and tells how to
 * regenerate it ({@code java -cp jshmem-core/target/classes io.jshmem.config.SettingsDoc docs/settings.md}).
 * {@code shmem-config --settings} prints the same {@link #table()}. Stateless.
 */
public final class SettingsDoc {
    private SettingsDoc() {
    }

    /** Every row of {@link Setting} as a Markdown table: variable, system property, default, meaning. */
    public static String table() {
        StringBuilder sb = new StringBuilder();
        sb.append("| variable | system property | default | meaning |\n|---|---|---|---|\n");
        for (Setting s : Setting.values()) {
            sb.append("| `").append(s.envName()).append("` | `").append(s.propertyName()).append("` | ")
                    .append(s.defaultValue().isEmpty() ? "" : "`" + s.defaultValue() + "`").append(" | ")
                    .append(s.help().replace("|", "\\|")).append(" |\n");
        }
        return sb.toString();
    }

    /** The whole of docs/settings.md. */
    public static String markdown() {
        return "# jshmem settings\n\n"
                + "<!-- Generated from io.jshmem.config.Setting by io.jshmem.config.SettingsDoc; do not edit by hand:"
                + " SettingsDocTest fails when this file and the table differ. -->\n\n"
                + "[README](../README.md) · [user guide](user-guide.md) · [multi-host](multi-host.md) · [failure"
                + " model](failure-model.md) · [performance](performance.md) · [name table](name-table.md)\n\n"
                + "Each setting is an environment variable, or the system property beside it (which wins:"
                + " `-Djshmem.timeout=30`), or an `InitAttributes` entry (which wins over both). Empty defaults mean"
                + " \"unset\". The rows that say \"set by shmemrun\" are what the launcher gives every PE (RANK,"
                + " WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE as torchrun names them); a program may read them."
                + " `shmem-config --settings` prints this table, and `shmem-config --all` the values in effect with their"
                + " sources.\n\n"
                + table();
    }

    /** Writes {@link #markdown()} to the file given as the only argument. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: SettingsDoc docs/settings.md");
            System.exit(2);
        }
        Files.writeString(Path.of(args[0]), markdown());
    }
}
