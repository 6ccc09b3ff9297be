package io.jshmem.bench.report;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The result documents of a directory whose names match a pattern, parsed, in name order. Stateless. */
final class JsonFiles {
    private JsonFiles() {
    }

    /** One result document, parsed; null when {@code file} is null or missing. */
    static JsonObject readOne(Path file) throws IOException {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        try {
            return JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        } catch (RuntimeException e) {
            throw new IOException(file + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    /** Every file of {@code dir} named like {@code regex}, parsed; empty when the directory is missing. */
    static Map<Path, JsonObject> read(Path dir, String regex) throws IOException {
        Map<Path, JsonObject> out = new LinkedHashMap<>();
        if (dir == null || !Files.isDirectory(dir)) {
            return out;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = new ArrayList<>(s.filter(p -> p.getFileName().toString().matches(regex)).sorted().toList());
        }
        for (Path f : files) {
            out.put(f, readOne(f));
        }
        return out;
    }
}
