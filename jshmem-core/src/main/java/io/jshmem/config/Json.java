package io.jshmem.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal JSON writer for diagnostics ({@code shmem-config --diagnose}, {@code ShmemRuntime.diagnostics()}):
 * objects keep insertion order, values are strings, numbers, booleans, null, lists and nested objects. Not
 * thread-safe while being built.
 */
public final class Json {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    /** Adds a field; {@code value} may be a String, Number, Boolean, null, Json, or a List of those. */
    public Json put(String name, Object value) {
        fields.put(name, value);
        return this;
    }

    /** The fields in insertion order (read-only view), for writers of other formats. */
    public Map<String, Object> fields() {
        return java.util.Collections.unmodifiableMap(fields);
    }

    /**
     * One {@code key:value} line per leaf, nested names joined with ':' and list items numbered
     * ({@code heap_directory:path:/dev/shm}, {@code next_steps:0:...}), as {@code oshmem_info --parsable} does.
     */
    public List<String> parsableLines() {
        List<String> lines = new ArrayList<>();
        flatten("", this, lines);
        return lines;
    }

    private static void flatten(String prefix, Object v, List<String> lines) {
        switch (v) {
            case Json j -> j.fields.forEach((k, x) -> flatten(prefix + k + ":", x, lines));
            case List<?> list -> {
                for (int i = 0; i < list.size(); i++) {
                    flatten(prefix + i + ":", list.get(i), lines);
                }
            }
            case null -> lines.add(prefix);
            default -> lines.add(prefix + v.toString().replace('\n', ' '));
        }
    }

    /** Pretty-printed text with two-space indentation. */
    public String toText() {
        StringBuilder sb = new StringBuilder();
        write(sb, this, 0);
        return sb.toString();
    }

    @Override
    public String toString() {
        return toText();
    }

    private static void write(StringBuilder sb, Object v, int indent) {
        switch (v) {
            case null -> sb.append("null");
            case Json j -> {
                if (j.fields.isEmpty()) {
                    sb.append("{}");
                    return;
                }
                sb.append("{\n");
                List<Map.Entry<String, Object>> entries = new ArrayList<>(j.fields.entrySet());
                for (int i = 0; i < entries.size(); i++) {
                    pad(sb, indent + 2);
                    string(sb, entries.get(i).getKey());
                    sb.append(": ");
                    write(sb, entries.get(i).getValue(), indent + 2);
                    sb.append(i + 1 < entries.size() ? ",\n" : "\n");
                }
                pad(sb, indent);
                sb.append('}');
            }
            case List<?> list -> {
                if (list.isEmpty()) {
                    sb.append("[]");
                    return;
                }
                sb.append("[\n");
                for (int i = 0; i < list.size(); i++) {
                    pad(sb, indent + 2);
                    write(sb, list.get(i), indent + 2);
                    sb.append(i + 1 < list.size() ? ",\n" : "\n");
                }
                pad(sb, indent);
                sb.append(']');
            }
            case Boolean b -> sb.append(b);
            case Double d when d.isNaN() || d.isInfinite() -> sb.append("null");
            case Float f when f.isNaN() || f.isInfinite() -> sb.append("null");
            case Number n -> sb.append(n);
            default -> string(sb, v.toString());
        }
    }

    private static void pad(StringBuilder sb, int n) {
        sb.append(" ".repeat(n));
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
