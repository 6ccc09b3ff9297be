package io.jshmem.bench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of a real program (a jshmem-apps program or its C twin) as {@code bench/compare-oshmem} records it in
 * {@code apps/<side>-<Program>-<N>pe-r<run>.json}: who ran what, the job's exit status and wall time, and the
 * program's RESULT line (docs/apps.md), parsed into its keys. Immutable.
 *
 * @param side        {@code java} or {@code c}
 * @param program     the program, e.g. {@code BucketSort}
 * @param pes         PEs of the job
 * @param run         1-based run number
 * @param args        the program's flags
 * @param exitStatus  the job's exit status (0 verified, 1 verification failed or a PE failed, 2 bad argument)
 * @param wallS       seconds from launch to exit, start-up and teardown included
 * @param engine      {@code ucx} when the comparison forced the network engine on both sides, else {@code default}
 * @param line        the RESULT line, empty when the program printed none
 * @param fields      the RESULT line's keys and values in their order (empty without a line)
 */
record AppRun(String side, String program, int pes, int run, String args, int exitStatus, double wallS,
              String engine, String line, Map<String, String> fields) {
    static final String JAVA = "java";
    static final String C = "c";
    private static final String PREFIX = "RESULT ";

    /** Whether the job exited 0 and its RESULT line says {@code verified=true}. */
    boolean verified() {
        return exitStatus == 0 && "true".equals(fields.get("verified"));
    }

    /** The value of a numeric key, or NaN when the line lacks it. */
    double number(String key) {
        String v = fields.get(key);
        if (v == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * The keys and values of a RESULT line ({@code RESULT program=NAME pes=N key=value ... verified=true|false}),
     * in order. Text before {@code RESULT} (such as shmemrun's {@code [pe 0] } prefix) is ignored.
     *
     * @throws IllegalArgumentException when the line holds no RESULT, a token is not {@code key=value}, a key
     *                                  repeats, or program, pes or verified is missing
     */
    static Map<String, String> parseResultLine(String line) {
        int at = line.indexOf(PREFIX);
        if (at < 0) {
            throw new IllegalArgumentException("not a RESULT line (no 'RESULT '): '" + line + "'");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String token : line.substring(at + PREFIX.length()).trim().split("\\s+")) {
            int eq = token.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("RESULT token '" + token + "' is not key=value in '" + line + "'");
            }
            if (out.put(token.substring(0, eq), token.substring(eq + 1)) != null) {
                throw new IllegalArgumentException("RESULT key '" + token.substring(0, eq) + "' repeats in '" + line
                        + "'");
            }
        }
        for (String required : List.of("program", "pes", "verified")) {
            if (!out.containsKey(required)) {
                throw new IllegalArgumentException("RESULT line lacks '" + required + "=': '" + line
                        + "' (docs/apps.md: program and pes first, verified last)");
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** A run from its JSON record; the RESULT line must name the record's program. */
    static AppRun fromJson(JsonObject o, Path file) throws IOException {
        try {
            String line = o.get("line").getAsString();
            Map<String, String> fields = line.isBlank() ? Map.of() : parseResultLine(line);
            String program = o.get("program").getAsString();
            if (!fields.isEmpty() && !program.equals(fields.get("program"))) {
                throw new IOException(file + ": the record is of " + program + " but its RESULT line of "
                        + fields.get("program"));
            }
            JsonElement args = o.get("args");
            JsonElement engine = o.get("engine");
            return new AppRun(o.get("side").getAsString(), program, o.get("pes").getAsInt(), o.get("run").getAsInt(),
                    args == null ? "" : args.getAsString(), o.get("exit_status").getAsInt(),
                    o.get("wall_s").getAsDouble(), engine == null ? "default" : engine.getAsString(), line, fields);
        } catch (RuntimeException e) {
            throw new IOException(file + " is not a real-program record of bench/compare-oshmem: " + e.getMessage(),
                    e);
        }
    }

    /** Every {@code <side>-<Program>-<N>pe-r<run>.json} of {@code dir}; empty when the directory is missing. */
    static List<AppRun> readAll(Path dir) throws IOException {
        List<AppRun> all = new ArrayList<>();
        for (Map.Entry<Path, JsonObject> e : JsonFiles.read(dir, "(java|c)-[A-Za-z0-9]+-\\d+pe-r\\d+\\.json")
                .entrySet()) {
            all.add(fromJson(e.getValue(), e.getKey()));
        }
        return all;
    }
}
