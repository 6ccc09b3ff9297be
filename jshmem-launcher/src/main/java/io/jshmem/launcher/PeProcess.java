package io.jshmem.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One PE's JVM: the process, two threads that copy its stdout and stderr line by line with a {@code [pe K] }
 * prefix, and the last lines of each stream. Thread-safe.
 */
final class PeProcess {
    final int pe;
    private final Process process;
    private final Capture out;
    private final Capture err;
    private final Thread outPump;
    private final Thread errPump;

    private PeProcess(int pe, Process process, PrintStream echoOut, PrintStream echoErr, int captureLines) {
        this.pe = pe;
        this.process = process;
        this.out = new Capture(captureLines);
        this.err = new Capture(captureLines);
        String prefix = "[pe " + pe + "] ";
        this.outPump = pump("out", process.getInputStream(), prefix, echoOut, out);
        this.errPump = pump("err", process.getErrorStream(), prefix, echoErr, err);
    }

    /** Starts the JVM; its stdin is closed at once so that a PE reading it sees end of input. */
    static PeProcess start(int pe, List<String> command, Map<String, String> env, PrintStream echoOut,
                           PrintStream echoErr, int captureLines) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        return new PeProcess(pe, p, echoOut, echoErr, captureLines);
    }

    long pid() {
        return process.pid();
    }

    ProcessHandle handle() {
        return process.toHandle();
    }

    CompletableFuture<Process> onExit() {
        return process.onExit();
    }

    /**
     * Waits until the process has ended and returns its exit status. Blocks the calling thread itself rather than
     * an executor's (unlike {@link #onExit()}, whose completion runs on the common pool and can starve when that
     * pool is busy with the caller's own work).
     */
    int awaitExit() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return process.waitFor();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits at most {@code millis} for the process to end; returns whether it has. */
    boolean awaitExit(long millis) throws InterruptedException {
        return process.waitFor(millis, TimeUnit.MILLISECONDS);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    int exitCode() {
        return process.exitValue();
    }

    /** The processes this PE has started (recursively), as far as they are still its descendants. */
    List<ProcessHandle> descendants() {
        return process.descendants().toList();
    }

    /**
     * Kills the PE and its descendants with SIGKILL. The descendants are listed before the PE dies, because
     * afterwards they no longer count as its descendants.
     */
    void killTree() {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        process.destroyForcibly();
        tree.forEach(ProcessHandle::destroyForcibly);
    }

    /** Asks the JVM for a thread dump on its stdout (SIGQUIT); best effort. */
    void requestThreadDump() {
        if (!process.isAlive()) {
            return;
        }
        try {
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(process.pid()))
                    .redirectErrorStream(true).start();
            kill.getInputStream().readAllBytes();
            kill.waitFor(2, TimeUnit.SECONDS);
        } catch (IOException e) {
            // No kill binary: no thread dump, nothing else lost.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits (bounded) until both streams reached their end, so that no output line is lost. */
    void awaitOutput(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        outPump.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        errPump.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
    }

    List<String> stdoutLines() {
        return out.lines();
    }

    List<String> stderrLines() {
        return err.lines();
    }

    private Thread pump(String stream, InputStream in, String prefix, PrintStream echo, Capture capture) {
        return Thread.ofPlatform().daemon().name("shmemrun-pe" + pe + "-" + stream).start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    capture.add(line);
                    if (echo != null) {
                        echo.println(prefix + line);
                    }
                }
            } catch (IOException e) {
                // The pipe broke because the process is gone; what was read is kept.
            }
        });
    }

    /** The last {@code limit} lines of one stream. */
    private static final class Capture {
        private final int limit;
        private final ArrayDeque<String> lines = new ArrayDeque<>();
        private long dropped;

        Capture(int limit) {
            this.limit = limit;
        }

        synchronized void add(String line) {
            if (limit == 0) {
                dropped++;
                return;
            }
            if (lines.size() == limit) {
                lines.removeFirst();
                dropped++;
            }
            lines.addLast(line);
        }

        synchronized List<String> lines() {
            List<String> l = new ArrayList<>(lines.size() + 1);
            if (dropped > 0) {
                l.add("(" + dropped + " earlier lines not kept)");
            }
            l.addAll(lines);
            return l;
        }
    }
}
