package io.jshmem.tools;

import io.jshmem.ShmemInfo;
import io.jshmem.config.BuildInfo;
import io.jshmem.config.Json;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code shmem-config} command (CANN SHMEM's diagnostics CLI, with {@code oshmem_info}'s conventions): with no
 * option it prints one screen ({@link ConfigSummary}: version, JDK, engines, heap directory and its space, the
 * verdict and what to do); {@code --all} prints the full report of this machine as jshmem sees it (JDK, heap
 * directory, network interfaces and the one init would choose, libucp, TLS, effective settings with defaults and
 * sources, next steps); {@code --parsable} prints the full report as {@code key:value} lines, {@code --diagnose} as
 * JSON;
 * {@code -V}/{@code --version} prints the library version, {@code --settings} the settings table as Markdown.
 * A report or parsable output that says {@code degraded} exits with {@value #EXIT_DEGRADED} (the JSON of
 * {@code --diagnose} carries the flag and exits 0). Stateless; {@link #run} does not exit
 * the JVM.
 */
@Command(name = "shmem-config", sortOptions = false, usageHelpWidth = ShmemConfig.HELP_WIDTH,
        description = {"Shows how jshmem is installed and configured on this machine: with no option one screen"
            + " (version, engines, heap directory and its space, verdict, what to do); --all for the full report."},
        footer = {"", "Exit status: 0 on success; 1 when the report (or --all, --parsable) is degraded: its next"
            + " steps say what to fix (--diagnose carries \"degraded\" in its JSON and exits 0); 2 on bad usage.",
            "", "Examples:", "  shmem-config", "  shmem-config --all", "  shmem-config --parsable | grep ^ucx:",
            "  shmem-config --diagnose",
            "  SHMEM_SYMMETRIC_SIZE=1g shmem-config --diagnose", "  shmem-config --settings > SETTINGS.md"})
public final class ShmemConfig implements Callable<Integer> {
    static final int EXIT_USAGE = 2;
    static final int EXIT_DEGRADED = 1;
    /** Columns of the --help text: a standard terminal. */
    static final int HELP_WIDTH = 80;

    @Option(names = {"-V", "--version"}, description = "Print the jshmem version and the API versions it implements.")
    boolean version;

    @Option(names = {"-a", "--all"}, description = "Print the full report: every section, interface and setting.")
    boolean all;

    @Option(names = "--parsable", description = "Print the report as key:value lines (nested keys joined with ':').")
    boolean parsable;

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
        boolean summary = !version && !settings && !diagnose && !parsable && !all;
        boolean report = all;
        if (version) {
            out.println(ShmemInfo.description());
        }
        if (settings) {
            out.print(settingsTable());
        }
        boolean degraded = false;
        if (diagnose || parsable || report || summary) {
            Json d = Diagnosis.of(Settings.fromEnvironment());
            d.put("artifact_version", BuildInfo.version());
            // The JSON carries "degraded" itself and exits 0 (for scripts that read it); the report and the
            // parsable lines say it with the exit status too.
            degraded = (parsable || report || summary) && Boolean.TRUE.equals(d.fields().get("degraded"));
            if (diagnose) {
                out.println(d.toText());
            }
            if (parsable) {
                d.parsableLines().forEach(out::println);
            }
            if (summary) {
                ConfigSummary.lines(d, BuildInfo.version()).forEach(out::println);
            }
            if (report) {
                out.println("jshmem " + BuildInfo.version() + " on this machine (shmem-config --parsable for"
                        + " key:value lines, --diagnose for JSON, --help for options)");
                out.print(readable(d, ""));
            }
        }
        out.flush();
        return degraded ? EXIT_DEGRADED : 0;
    }

    /** The report as indented {@code name: value} lines for people. */
    static String readable(Json j, String indent) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Object> e : j.fields().entrySet()) {
            appendReadable(sb, indent, e.getKey(), e.getValue());
        }
        return sb.toString();
    }

    private static void appendReadable(StringBuilder sb, String indent, String name, Object v) {
        switch (v) {
            case Json j -> sb.append(indent).append(name).append(":\n").append(readable(j, indent + "  "));
            case List<?> list -> {
                sb.append(indent).append(name).append(list.isEmpty() ? ": (none)\n" : ":\n");
                for (int i = 0; i < list.size(); i++) {
                    appendReadable(sb, indent + "  ", "- " + i, list.get(i));
                }
            }
            case null -> sb.append(indent).append(name).append(": (unknown)\n");
            default -> sb.append(indent).append(name).append(": ").append(v).append('\n');
        }
    }

    /** Every row of {@link Setting} as a Markdown table (the table of docs/settings.md). */
    static String settingsTable() {
        return io.jshmem.config.SettingsDoc.table();
    }
}
