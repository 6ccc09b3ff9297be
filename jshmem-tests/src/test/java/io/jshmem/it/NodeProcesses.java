package io.jshmem.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Processes of a multi-node test, one or more per "node" (a launcher, or PEs started the way Slurm or Open MPI
 * would), each with its stdout and stderr kept line by line. Whatever outlives the deadline or the test is killed
 * by pid together with its descendants. Not thread-safe (used by the test thread).
 */
final class NodeProcesses implements AutoCloseable {
    private final List<String> names = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();
    private final List<List<String>> stdout = new ArrayList<>();
    private final List<List<String>> stderr = new ArrayList<>();

    /**
     * Starts {@code command} with {@code env} added to this JVM's environment, minus the launch variables of this
     * JVM's own environment (a test runner started by a launcher must not leak them). Returns its index.
     */
    int start(String name, List<String> command, Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("JSHMEM_") || k.startsWith("SLURM_")
                || k.startsWith("OMPI_") || k.startsWith("UCX_") || k.equals("RANK") || k.equals("WORLD_SIZE")
                || k.equals("MASTER_ADDR") || k.equals("MASTER_PORT"));
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        names.add(name);
        processes.add(p);
        stdout.add(pump(p.getInputStream()));
        stderr.add(pump(p.getErrorStream()));
        return processes.size() - 1;
    }

    /** Waits for every process; returns their exit codes. Kills all and fails when the deadline passes. */
    int[] awaitAll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int[] codes = new int[processes.size()];
        for (int i = 0; i < processes.size(); i++) {
            long left = deadline - System.nanoTime();
            if (!processes.get(i).waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                close();
                throw new AssertionError(names.get(i) + " did not end within " + timeout + "; output:\n" + dump());
            }
            codes[i] = processes.get(i).exitValue();
        }
        // Let the readers drain what the processes wrote last.
        Thread.sleep(200);
        return codes;
    }

    List<String> stdout(int i) {
        synchronized (stdout.get(i)) {
            return List.copyOf(stdout.get(i));
        }
    }

    List<String> stderr(int i) {
        synchronized (stderr.get(i)) {
            return List.copyOf(stderr.get(i));
        }
    }

    /** Every line of every process, prefixed by its name; for failure messages. */
    String dump() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < processes.size(); i++) {
            for (String l : stdout(i)) {
                sb.append(names.get(i)).append(": ").append(l).append('\n');
            }
            for (String l : stderr(i)) {
                sb.append(names.get(i)).append(" (stderr): ").append(l).append('\n');
            }
        }
        return sb.toString();
    }

    /** Kills what still runs, descendants first listed so that none escapes to init unnoticed. */
    @Override
    public void close() {
        for (Process p : processes) {
            List<ProcessHandle> tree = p.descendants().toList();
            p.destroyForcibly();
            tree.forEach(ProcessHandle::destroyForcibly);
        }
        for (Process p : processes) {
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static List<String> pump(InputStream in) {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // The process ended.
            }
        }, "node-process-output");
        t.setDaemon(true);
        t.start();
        return lines;
    }
}
