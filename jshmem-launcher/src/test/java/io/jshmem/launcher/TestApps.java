package io.jshmem.launcher;

import io.jshmem.bootstrap.FailureListener;
import io.jshmem.bootstrap.LaunchEnvironment;
import io.jshmem.bootstrap.LaunchInfo;
import io.jshmem.bootstrap.RendezvousClient;
import io.jshmem.bootstrap.UniqueId;
import io.jshmem.config.Settings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Tiny PE programs for the launcher tests; none needs the jshmem runtime. */
final class TestApps {
    private TestApps() {
    }

    static int pe() {
        return Integer.parseInt(System.getenv("JSHMEM_PE"));
    }

    /** Prints what shmemrun gave this PE. */
    static final class PrintEnv {
        public static void main(String[] args) {
            System.out.println("pe=" + System.getenv("JSHMEM_PE") + " npes=" + System.getenv("JSHMEM_NPES")
                    + " local=" + System.getenv("JSHMEM_LOCAL_PE") + "/" + System.getenv("JSHMEM_LOCAL_NPES")
                    + " args=" + Arrays.toString(args));
            System.out.println("uid-ok=" + UniqueId.parse(System.getenv("JSHMEM_UNIQUE_ID")).port());
            // The JVM's own command line (ProcessHandle), so the test needs no java.management module.
            System.out.println("native-access=" + Arrays.asList(ProcessHandle.current().info().arguments()
                    .orElse(new String[0])).contains("--enable-native-access=ALL-UNNAMED"));
            System.out.println("extra=" + System.getenv("EXTRA_VAR"));
            System.out.println("torchrun=" + System.getenv("RANK") + "/" + System.getenv("WORLD_SIZE") + " local="
                    + System.getenv("LOCAL_RANK") + "/" + System.getenv("LOCAL_WORLD_SIZE"));
            System.out.println("bound=" + System.getenv("JSHMEM_BOUND_CPU"));
            System.out.println("host-cpus=" + System.getenv("JSHMEM_HOST_CPUS"));
            List<String> jvm = Arrays.asList(ProcessHandle.current().info().arguments().orElse(new String[0]));
            System.out.println("g1=" + jvm.contains("-XX:+UseG1GC") + " heap-share="
                    + jvm.stream().filter(a -> a.startsWith("-XX:MaxRAMPercentage=")).findFirst().orElse("none"));
            System.out.println("aot=" + jvm.stream().filter(a -> a.startsWith("-XX:AOT"))
                    .collect(java.util.stream.Collectors.joining(",")));
            System.err.println("to stderr from " + System.getenv("JSHMEM_PE"));
        }
    }

    /**
     * Runs per-PE steps. Each argument is {@code K=steps} or {@code *=steps} (the default); steps are comma
     * separated: {@code print:text}, {@code sleep:ms}, {@code exit:n}, {@code kill9} (SIGKILL to itself),
     * {@code spawn:s} (a child {@code sleep s}, printed as child=pid), {@code shm} (a fake heap file of the session).
     */
    static final class Steps {
        public static void main(String[] args) throws Exception {
            String mine = null;
            String fallback = "";
            for (String a : args) {
                if (a.startsWith(pe() + "=")) {
                    mine = a.substring(a.indexOf('=') + 1);
                } else if (a.startsWith("*=")) {
                    fallback = a.substring(2);
                }
            }
            System.out.println("pid=" + ProcessHandle.current().pid());
            List<Process> children = new ArrayList<>();
            for (String step : (mine != null ? mine : fallback).split(",")) {
                if (step.isEmpty()) {
                    continue;
                }
                String[] kv = step.split(":", 2);
                switch (kv[0]) {
                    case "print" -> System.out.println(kv[1]);
                    case "sleep" -> Thread.sleep(Long.parseLong(kv[1]));
                    case "exit" -> System.exit(Integer.parseInt(kv[1]));
                    case "kill9" -> {
                        System.out.flush();
                        new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid()))
                                .inheritIO().start().waitFor();
                        Thread.sleep(10_000);
                    }
                    case "spawn" -> {
                        Process p = new ProcessBuilder("sleep", kv[1]).start();
                        children.add(p);
                        System.out.println("child=" + p.pid());
                    }
                    case "shm" -> {
                        String session = UniqueId.parse(System.getenv("JSHMEM_UNIQUE_ID")).sessionName();
                        Path f = Path.of("/dev/shm", "jshmem-" + session + "-pe" + pe() + ".heap");
                        Files.write(f, new byte[4096]);
                        System.out.println("shm=" + f);
                    }
                    default -> throw new IllegalArgumentException("unknown step " + step);
                }
            }
        }
    }

    /**
     * Uses the rendezvous as the runtime will. Modes: {@code gather} (allgather of PE numbers, printed);
     * {@code abort:K:S} (PE K ends the job with globalExit status S; the others exit with S when told);
     * {@code vanish:K} (PE K exits 0 without closing its connection; the others' barrier fails).
     */
    static final class Rendezvous {
        public static void main(String[] args) throws Exception {
            LaunchInfo info = LaunchEnvironment.detect(Settings.fromEnvironment());
            RendezvousClient c = RendezvousClient.connect(info.uniqueId(), info.pe(), info.nPes(),
                    Duration.ofSeconds(20), null);
            c.addFailureListener(new FailureListener() {
                @Override
                public void peerLost(int pe, String reason) {
                    System.out.println("saw PE " + pe + " lost");
                }

                @Override
                public void jobAborted(int fromPe, int status, String reason) {
                    System.out.println("saw abort from " + fromPe + " status " + status + ": " + reason);
                    Runtime.getRuntime().halt(status);
                }
            });
            String[] mode = args[0].split(":");
            switch (mode[0]) {
                case "gather" -> {
                    byte[][] all = c.allgather("pes", new byte[] {(byte) info.pe()}, Duration.ofSeconds(20));
                    List<Integer> pes = new ArrayList<>();
                    for (byte[] b : all) {
                        pes.add((int) b[0]);
                    }
                    System.out.println("source=" + info.source() + " all=" + pes);
                    c.barrier("end", Duration.ofSeconds(20));
                    c.close();
                }
                case "abort" -> {
                    int who = Integer.parseInt(mode[1]);
                    int status = Integer.parseInt(mode[2]);
                    c.barrier("ready", Duration.ofSeconds(20));
                    if (info.pe() == who) {
                        c.abort(status, "test abort");
                        Runtime.getRuntime().halt(status);
                    }
                    Thread.sleep(30_000);
                    System.exit(99);
                }
                case "vanish" -> {
                    c.barrier("ready", Duration.ofSeconds(20));
                    if (info.pe() == Integer.parseInt(mode[1])) {
                        Runtime.getRuntime().halt(0);
                    }
                    try {
                        c.barrier("never", Duration.ofSeconds(20));
                    } catch (RuntimeException e) {
                        System.err.println(e.getClass().getSimpleName() + ": " + e.getMessage());
                        System.exit(1);
                    }
                }
                default -> throw new IllegalArgumentException(args[0]);
            }
        }
    }
}
