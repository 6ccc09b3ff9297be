package io.jshmem.launcher;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --bind-to core|none}: which CPU each local PE is pinned to. The CPUs are those this launcher may run on
 * (its affinity list, so that a job inside a cgroup or under taskset stays inside it); local PE k gets the k-th,
 * round robin when PEs outnumber CPUs. Pinning is done by starting the PE's JVM under {@code taskset -c CPU},
 * which sets the affinity before the JVM starts its own threads. Immutable and thread-safe.
 */
final class CpuBinding {
    /** Environment variable of the job that carries the mode from shmemrun to the job (and may be set by users). */
    static final String VARIABLE = "JSHMEM_BIND_TO";

    /** The binding policy. */
    enum Mode {
        NONE, CORE;

        /**
         * The mode JSHMEM_BIND_TO names (blank: none).
         *
         * @throws ShmemArgumentException naming the variable, the value and the valid values
         */
        static Mode parse(String word) {
            return word == null || word.isBlank() ? NONE : Settings.parseChoice(Setting.BIND_TO, word, Mode.class);
        }

        /**
         * The mode the {@code --bind-to} option names.
         *
         * @throws ShmemArgumentException naming the option, the value and the valid values
         */
        static Mode ofOption(String word) {
            try {
                return parse(word);
            } catch (ShmemArgumentException e) {
                throw new ShmemArgumentException("--bind-to = '" + word.strip() + "' is invalid: valid are "
                        + Settings.choices(Mode.class) + " (core pins each PE to one CPU); fix the option");
            }
        }

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Mode mode;
    private final List<Integer> cpus;
    private final String taskset;

    private CpuBinding(Mode mode, List<Integer> cpus, String taskset) {
        this.mode = mode;
        this.cpus = List.copyOf(cpus);
        this.taskset = taskset;
    }

    /** The binding for {@code mode} on this machine. */
    static CpuBinding of(Mode mode) {
        return new CpuBinding(mode, mode == Mode.NONE ? List.of() : allowedCpus(), findTaskset());
    }

    boolean active() {
        return mode == Mode.CORE && taskset != null && !cpus.isEmpty();
    }

    /** Why {@code --bind-to core} cannot be honoured here, or null. */
    String whyNot() {
        if (mode == Mode.CORE && taskset == null) {
            return "--bind-to core: taskset (util-linux) is not on PATH; the PEs run unbound";
        }
        return null;
    }

    /** The CPUs the local PEs are spread over. */
    int cpuCount() {
        return cpus.size();
    }

    int cpuOf(int localPe) {
        return cpus.get(localPe % cpus.size());
    }

    /** The command prefix that pins local PE {@code localPe}; empty when not binding. */
    List<String> prefix(int localPe) {
        return active() ? List.of(taskset, "-c", Integer.toString(cpuOf(localPe))) : List.of();
    }

    /** One line for the launcher's report: {@code PE 0 -> cpu 0, PE 1 -> cpu 1}. */
    String describe(int firstPe, int localPes) {
        StringBuilder b = new StringBuilder("--bind-to core: ");
        for (int i = 0; i < localPes; i++) {
            b.append(i == 0 ? "" : ", ").append("PE ").append(firstPe + i).append(" -> cpu ").append(cpuOf(i));
        }
        if (localPes > cpus.size()) {
            b.append(" (").append(localPes).append(" PEs on ").append(cpus.size()).append(" CPUs: shared)");
        }
        return b.toString();
    }

    /** This process's affinity list from /proc/self/status ({@code Cpus_allowed_list: 0-3,8}). */
    static List<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parseList(line.substring(line.indexOf(':') + 1).strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or an unexpected format: number the CPUs the JVM sees.
        }
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            all.add(i);
        }
        return all;
    }

    static List<Integer> parseList(String list) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            int lo = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
            int hi = dash < 0 ? lo : Integer.parseInt(p.substring(dash + 1));
            for (int c = lo; c <= hi; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    private static String findTaskset() {
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/usr/bin:/bin" : path).split(java.io.File.pathSeparator)) {
            Path t = Path.of(dir.isEmpty() ? "." : dir, "taskset");
            if (Files.isExecutable(t)) {
                return t.toString();
            }
        }
        return null;
    }
}
