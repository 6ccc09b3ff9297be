package io.jshmem.it;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README says the API Javadoc ({@code mvn -pl jshmem-core javadoc:javadoc}) builds offline: that needs the
 * pinned maven-javadoc-plugin in the local repository, and a build that only compiles and tests never runs it.
 * jshmem-core's build resolves it (a skipped execution at package), so by the time this module's tests run, the
 * build that ran them has put the plugin into its local repository. (Checked by hand as well: a copy of the local
 * repository without the plugin, one online {@code mvn package -pl jshmem-core}, then the README's command with
 * {@code -o} writes jshmem-core/target/reports/apidocs.)
 */
class OfflineJavadocTest {
    @Test
    void theBuildPutTheJavadocPluginIntoItsLocalRepository() throws IOException {
        String repo = System.getProperty("jshmem.localRepository", "");
        Assumptions.assumeTrue(!repo.isEmpty(), "surefire did not pass the build's local repository");
        Matcher m = Pattern.compile("<artifactId>maven-javadoc-plugin</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("..", "pom.xml")));
        assertTrue(m.find(), "the parent pom no longer pins maven-javadoc-plugin");
        String v = m.group(1);
        Path jar = Path.of(repo, "org", "apache", "maven", "plugins", "maven-javadoc-plugin", v,
                "maven-javadoc-plugin-" + v + ".jar");
        assertTrue(Files.isRegularFile(jar), jar + " is missing: the README's offline Javadoc build would fail");
        String readme = Files.readString(Path.of("..", "README.md"));
        assertTrue(readme.contains("builds offline") && readme.contains("mvn -pl jshmem-core javadoc:javadoc"),
                "the README's Javadoc line changed; keep this test in step with it");
    }
}
