package io.jshmem.tools;

import io.jshmem.config.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one screen {@code shmem-config} prints by default, read from the same diagnosis as the full report: version,
 * JDK, engines, heap directory and its space, rendezvous address, settings changed from their defaults, the verdict
 * and what to do. At most {@value #MAX_LINES} lines of at most {@value #WIDTH} columns: next steps that do not fit
 * are counted and left to {@code --all}. Stateless.
 */
final class ConfigSummary {
    static final int MAX_LINES = 40;
    static final int WIDTH = 80;
    private static final String INDENT = "              ";

    private ConfigSummary() {
    }

    /** The screen for diagnosis {@code d}, one line per element. */
    static List<String> lines(Json d, String artifactVersion) {
        List<String> out = new ArrayList<>();
        out.addAll(wrap(text(d.fields().get("version")) + ", build " + artifactVersion, "", "  "));
        out.add("");
        Map<String, Object> jdk = section(d, "jdk");
        add(out, "JDK", text(jdk.get("version")) + " (" + text(jdk.get("vendor")) + "), "
                + text(jdk.get("available_processors")) + " CPUs, native access "
                + (Boolean.TRUE.equals(jdk.get("native_access_enabled")) ? "enabled" : "NOT enabled"));
        Map<String, Object> backing = section(d, "heap_backing");
        add(out, "Engines", "shm (PEs on this host): " + shmState(backing, section(d, "heap_directory"))
                + "; ucx (other"
                + " hosts): " + ucxState(section(d, "ucx")) + "; JSHMEM_ENGINE=" + setting(d, "JSHMEM_ENGINE"));
        add(out, "Heaps", backingLine(backing));
        add(out, "Heap dir", heapLine(section(d, "heap_directory")));
        Map<String, Object> net = section(d, "network");
        add(out, "Rendezvous", net.containsKey("chosen_address") ? text(net.get("chosen_address")) + " ("
                + text(net.get("chosen_interface")) + ")" : "none: " + text(net.get("chosen_error")));
        add(out, "Settings", changedSettings(d));
        out.add("");
        List<?> next = d.fields().get("next_steps") instanceof List<?> l ? l : List.of();
        if (next.isEmpty()) {
            out.add("Verdict: ready. Nothing to fix.");
        } else {
            out.add("Verdict: degraded, " + next.size() + " thing" + (next.size() == 1 ? "" : "s") + " to fix:");
        }
        int footer = 2;
        int shown = 0;
        for (Object step : next) {
            List<String> wrapped = wrap((shown + 1) + ". " + step, "", "   ");
            int room = MAX_LINES - footer - out.size() - (shown + 1 < next.size() ? 1 : 0);
            if (wrapped.size() > room) {
                break;
            }
            out.addAll(wrapped);
            shown++;
        }
        if (shown < next.size()) {
            out.add("   (" + (next.size() - shown) + " more: shmem-config --all)");
        }
        out.add("");
        out.add("Full report: shmem-config --all (as key:value lines --parsable, JSON --diagnose)");
        return out;
    }

    private static String shmState(Map<String, Object> backing, Map<String, Object> heap) {
        Object effective = backing.get("effective");
        if ("memfd".equals(effective)
                || "file".equals(effective) && Boolean.TRUE.equals(heap.get("can_create_heap_files"))) {
            return "ready";
        }
        return "file".equals(effective) ? "NOT ready (heap directory)" : "NOT ready (heap backing)";
    }

    private static String backingLine(Map<String, Object> backing) {
        String setting = "JSHMEM_HEAP_BACKING=" + text(backing.get("setting"));
        return switch (text(backing.get("effective"))) {
            case "memfd" -> "memfd, no file anywhere; /dev/shm's size does not limit them (" + setting + ")";
            case "file" -> "files in the heap directory (" + setting + (Boolean.TRUE.equals(
                    backing.get("memfd_available")) ? ", heap directory set" : ", memfd unavailable: "
                    + text(backing.get("memfd_unavailable_reason"))) + ")";
            default -> "NONE: " + text(backing.get("error"));
        };
    }

    private static String ucxState(Map<String, Object> ucx) {
        if (!Boolean.TRUE.equals(ucx.get("module_on_class_path"))) {
            return "jar not on the class path";
        }
        if (Boolean.TRUE.equals(ucx.get("libucp_loads"))) {
            return "ready" + (ucx.get("ucx_version") != null ? " (UCX " + text(ucx.get("ucx_version")) + ")" : "");
        }
        return "libucp does not load";
    }

    private static String heapLine(Map<String, Object> heap) {
        StringBuilder sb = new StringBuilder(text(heap.get("path")));
        if (!Boolean.TRUE.equals(heap.get("exists"))) {
            return sb.append(" (does not exist)").toString();
        }
        sb.append(" (").append(text(heap.get("file_system"))).append(", ").append(text(heap.get("source")))
                .append(")");
        if (heap.get("free_bytes") instanceof Number free && heap.get("total_bytes") instanceof Number total) {
            sb.append(": ").append(bytes(free.longValue())).append(" free of ").append(bytes(total.longValue()));
            if (heap.get("symmetric_size_bytes") instanceof Number size && size.longValue() > 0) {
                sb.append("; a PE's heap is ").append(bytes(size.longValue())).append(" (SHMEM_SYMMETRIC_SIZE), room"
                        + " for ").append(free.longValue() / size.longValue()).append(" PEs");
            }
        }
        return sb.toString();
    }

    private static String changedSettings(Json d) {
        List<String> changed = new ArrayList<>();
        if (d.fields().get("settings") instanceof List<?> rows) {
            for (Object row : rows) {
                if (row instanceof Json j && !"default".equals(j.fields().get("source"))) {
                    changed.add(j.fields().get("name") + "=" + j.fields().get("value"));
                }
            }
        }
        return changed.isEmpty() ? "all defaults (shmem-config --settings lists them)"
                : changed.size() + " set: " + String.join(", ", changed);
    }

    private static String setting(Json d, String name) {
        if (d.fields().get("settings") instanceof List<?> rows) {
            for (Object row : rows) {
                if (row instanceof Json j && name.equals(j.fields().get("name"))) {
                    return text(j.fields().get("value"));
                }
            }
        }
        return "?";
    }

    private static Map<String, Object> section(Json d, String name) {
        return d.fields().get(name) instanceof Json j ? j.fields() : Map.of();
    }

    private static void add(List<String> out, String label, String value) {
        out.addAll(wrap(value, label + INDENT.substring(label.length()), INDENT));
    }

    /**
     * {@code text} wrapped at spaces into lines of at most {@value #WIDTH} columns: the first line starts with
     * {@code first}, the others with {@code rest}; a word longer than a line (a path) is cut at the margin.
     */
    static List<String> wrap(String text, String first, String rest) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(first);
        int prefix = first.length();
        for (String word : text.split(" ")) {
            if (word.isEmpty()) {
                continue;
            }
            boolean empty = line.length() == prefix;
            if (!empty && line.length() + 1 + word.length() > WIDTH) {
                lines.add(line.toString());
                line = new StringBuilder(rest);
                prefix = rest.length();
                empty = true;
            }
            while (empty && line.length() + word.length() > WIDTH) {
                int cut = WIDTH - line.length();
                lines.add(line + word.substring(0, cut));
                word = word.substring(cut);
                line = new StringBuilder(rest);
                prefix = rest.length();
            }
            if (line.length() != prefix) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    private static String bytes(long n) {
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? n + " bytes" : String.format(Locale.ROOT, v >= 100 ? "%.0f %s" : "%.1f %s", v, units[u]);
    }

    private static String text(Object o) {
        return o == null ? "unknown" : o.toString();
    }
}
