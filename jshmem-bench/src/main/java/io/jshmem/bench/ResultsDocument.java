package io.jshmem.bench;

import com.google.gson.FieldNamingPolicy;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run's JSON results file ({@code schema = shmem-bench/1}): who measured ({@code impl} is {@code jshmem} or
 * {@code oshmem}), on how many PEs, with which options, the figures and what was unavailable. The C benchmark writes
 * the same shape, so the report reads both with this class. Not thread-safe.
 */
public final class ResultsDocument {
    /** Schema tag of the files this class writes and reads. */
    public static final String SCHEMA = "shmem-bench/1";
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues()
            .setFieldNamingPolicy(FieldNamingPolicy.LOWER_CASE_WITH_UNDERSCORES).create();

    String schema = SCHEMA;
    String impl;
    String implVersion;
    int npes;
    String host;
    String startedAt;
    Map<String, Object> options = new LinkedHashMap<>();
    List<CaseResult> results = new ArrayList<>();
    List<Unavailable> unavailable = new ArrayList<>();

    /** For Gson: fields are filled from the file. */
    private ResultsDocument() {
    }

    /** An empty document for {@code impl} running on {@code npes} PEs. */
    public ResultsDocument(String impl, String implVersion, int npes, String host, String startedAt) {
        this.impl = impl;
        this.implVersion = implVersion;
        this.npes = npes;
        this.host = host;
        this.startedAt = startedAt;
    }

    public String impl() {
        return impl;
    }

    public String implVersion() {
        return implVersion;
    }

    public int npes() {
        return npes;
    }

    public String host() {
        return host;
    }

    public String startedAt() {
        return startedAt;
    }

    public Map<String, Object> options() {
        return options;
    }

    public List<CaseResult> results() {
        return results;
    }

    public List<Unavailable> unavailable() {
        return unavailable;
    }

    /** The JSON text of this document. */
    public String toJson() {
        return GSON.toJson(this);
    }

    /** Writes the document to {@code file}, creating its directory. */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Files.writeString(file, toJson());
    }

    /**
     * Reads a results file written by shmem-bench or by the C benchmark.
     *
     * @throws IOException when the file cannot be read or is not a {@code shmem-bench/1} document
     */
    public static ResultsDocument read(Path file) throws IOException {
        ResultsDocument d;
        try {
            d = GSON.fromJson(Files.readString(file), ResultsDocument.class);
        } catch (RuntimeException e) {
            throw new IOException(file + " is not valid JSON: " + e.getMessage(), e);
        }
        if (d == null || !SCHEMA.equals(d.schema)) {
            throw new IOException(file + " is not a " + SCHEMA + " results file (schema = "
                    + (d == null ? "none" : d.schema) + "); pass a file written by shmem-bench or oshmem_bench");
        }
        if (d.results == null) {
            d.results = new ArrayList<>();
        }
        if (d.unavailable == null) {
            d.unavailable = new ArrayList<>();
        }
        if (d.options == null) {
            d.options = new LinkedHashMap<>();
        }
        return d;
    }
}
