package io.jshmem.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's test command does the set-up (bin/jshmem-setup.sh, sourced by test.sh and so by .ci/run): as root
 * it installs what is missing with apt-get (dry run here), otherwise it stops with the exact command to run. The
 * package manager and the user id are faked on PATH so the test changes nothing on the machine.
 */
@Timeout(60)
class SetupScriptTest {
    private static final String ALL = "libucx0 ucx-utils iproute2 fontconfig fonts-dejavu-core libopenmpi-dev"
            + " openmpi-bin gcc libc6-dev";

    @Test
    void asAnotherUserItStopsWithTheExactCommand(@TempDir Path dir) throws Exception {
        Result r = setup(dir, "1000", "");
        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains("sudo sh -c 'apt-get update && apt-get install -y --no-install-recommends "
                + ALL + "'"), r.output());
        assertTrue(r.output().contains("JSHMEM_SKIP_SETUP=1 ./test.sh"), r.output());
    }

    @Test
    void asRootItInstallsWhatIsMissing(@TempDir Path dir) throws Exception {
        Result r = setup(dir, "0", "iproute2 fontconfig");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("would run: apt-get update && apt-get install -y --no-install-recommends"
                + " libucx0 ucx-utils fonts-dejavu-core libopenmpi-dev openmpi-bin gcc libc6-dev"), r.output());
    }

    @Test
    void nothingToDoWhenEverythingIsInstalled(@TempDir Path dir) throws Exception {
        Result r = setup(dir, "1000", ALL);
        assertEquals(0, r.code(), r.output());
        assertEquals("", r.output().strip());
    }

    @Test
    void ciCallsTheReadmeTestCommand() throws Exception {
        String ci = Files.readString(Path.of("..", ".ci", "run"));
        assertTrue(ci.contains("exec ./test.sh"), ci);
        String test = Files.readString(Path.of("..", "test.sh"));
        assertTrue(test.contains("source bin/jshmem-setup.sh") && test.contains("jshmem_setup"), test);
    }

    private record Result(int code, String output) {
    }

    /** Runs jshmem_setup with a fake {@code id -u} and a fake dpkg-query that knows {@code installed}. */
    private static Result setup(Path dir, String uid, String installed) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        script(bin.resolve("id"), "#!/bin/sh\necho " + uid + "\n");
        script(bin.resolve("dpkg-query"), "#!/bin/sh\nfor p in " + installed + "; do\n"
                + "  [ \"$p\" = \"$3\" ] && { printf 'install ok installed'; exit 0; }\ndone\nexit 1\n");
        Path setupScript = Path.of("..", "bin", "jshmem-setup.sh").toAbsolutePath().normalize();
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "source '" + setupScript + "'; jshmem_setup")
                .redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().put("JSHMEM_SETUP_DRY_RUN", "1");
        pb.environment().remove("JSHMEM_SKIP_SETUP");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(p.waitFor(), out);
    }

    private static void script(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
