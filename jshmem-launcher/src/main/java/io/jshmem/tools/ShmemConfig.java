package io.jshmem.tools;

import io.jshmem.ShmemInfo;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code shmem-config} command (CANN SHMEM's diagnostics CLI): {@code --version} prints the library version,
 * {@code --diagnose} prints a JSON report of this machine as jshmem sees it (JDK, heap directory, network
 * interfaces and the one init would choose, libucp, TLS, effective settings with defaults and sources, next steps),
 * {@code --settings} prints the settings table as Markdown. Stateless; {@link #run} does not exit the JVM.
 */
@Command(name = "shmem-config", sortOptions = false, usageHelpWidth = 110,
        description = {"Shows how jshmem is installed and configured on this machine."},
        footer = {"", "Exit status: 0 on success, 2 on bad usage.", "", "Examples:", "  shmem-config --diagnose",
            "  SHMEM_SYMMETRIC_SIZE=1g shmem-config --diagnose", "  shmem-config --settings > SETTINGS.md"})
public final class ShmemConfig implements Callable<Integer> {
    static final int EXIT_USAGE = 2;

    @Option(names = "--version", description = "Print the jshmem version and the API versions it implements.")
    boolean version;

    @Option(names = "--diagnose", description = "Print a JSON report: JDK, heap directory, network, libucp, TLS, "
            + "effective settings and what to fix.")
    boolean diagnose;

    @Option(names = "--settings", description = "Print every setting (variable, property, default, meaning) as a "
            + "Markdown table.")
    boolean settings;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help.")
    boolean help;

    private final PrintStream out;

    ShmemConfig(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Parses {@code args}, prints what they ask for and returns the exit status. */
    public static int run(PrintStream out, PrintStream err, String... args) {
        CommandLine cl = new CommandLine(new ShmemConfig(out));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            err.println("shmem-config: " + e);
            return 1;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        if (!version && !diagnose && !settings) {
            new CommandLine(this).usage(out);
            return EXIT_USAGE;
        }
        if (version) {
            out.println(ShmemInfo.description());
        }
        if (settings) {
            out.print(settingsTable());
        }
        if (diagnose) {
            out.println(Diagnosis.of(Settings.fromEnvironment()).toText());
        }
        out.flush();
        return 0;
    }

    /** Every row of {@link Setting} as a Markdown table. */
    static String settingsTable() {
        StringBuilder sb = new StringBuilder();
        sb.append("| variable | system property | default | meaning |\n|---|---|---|---|\n");
        for (Setting s : Setting.values()) {
            sb.append("| `").append(s.envName()).append("` | `").append(s.propertyName()).append("` | ")
                    .append(s.defaultValue().isEmpty() ? "" : "`" + s.defaultValue() + "`").append(" | ")
                    .append(s.help().replace("|", "\\|")).append(" |\n");
        }
        return sb.toString();
    }
}
