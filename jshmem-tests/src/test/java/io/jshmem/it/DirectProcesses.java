package io.jshmem.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * PE JVMs started without shmemrun, the way torchrun, Slurm or Open MPI would start them: same class path, the
 * launcher's variables in the environment. Used to test init from those environments and self-bootstrap.
 * Every process is killed (by pid, with its descendants) if it outlives the deadline.
 */
final class DirectProcesses implements AutoCloseable {
    private final List<Process> processes = new ArrayList<>();
    private final List<List<String>> outputs = new ArrayList<>();

    /** Starts one JVM running {@code mainClass} with {@code env} added to this process's environment. */
    int start(Map<String, String> env, String mainClass, String... args) throws IOException {
        return startWrapped(List.of(), env, mainClass, args);
    }

    /**
     * As {@link #start}, with the JVM's command line appended to {@code wrapper} (such as {@code unshare ... sh -c
     * '... exec "$@"' sh}), so the JVM runs inside what the wrapper sets up.
     */
    int startWrapped(List<String> wrapper, Map<String, String> env, String mainClass, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>(wrapper);
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("JSHMEM_") || k.startsWith("SLURM_")
                || k.startsWith("OMPI_") || k.equals("RANK") || k.equals("WORLD_SIZE"));
        pb.environment().putAll(env);
        Process p = pb.start();
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // process ended
            }
        });
        reader.setDaemon(true);
        reader.start();
        processes.add(p);
        outputs.add(lines);
        return processes.size() - 1;
    }

    /** Waits for every process; returns their exit codes. Kills all and fails if the deadline passes. */
    int[] awaitAll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int[] codes = new int[processes.size()];
        for (int i = 0; i < processes.size(); i++) {
            long left = deadline - System.nanoTime();
            if (!processes.get(i).waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                close();
                throw new AssertionError("process " + i + " did not end within " + timeout + "; output: " + dump());
            }
            codes[i] = processes.get(i).exitValue();
        }
        Thread.sleep(100);
        return codes;
    }

    /** The process started {@code i}-th. */
    ProcessHandle handle(int i) {
        return processes.get(i).toHandle();
    }

    List<String> output(int i) {
        synchronized (outputs.get(i)) {
            return List.copyOf(outputs.get(i));
        }
    }

    String dump() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < outputs.size(); i++) {
            sb.append("\n--- process ").append(i).append(" ---\n");
            for (String l : output(i)) {
                sb.append(l).append('\n');
            }
        }
        return sb.toString();
    }

    @Override
    public void close() {
        for (Process p : processes) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }
}
