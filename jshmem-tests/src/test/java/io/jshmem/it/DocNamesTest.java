package io.jshmem.it;

import io.jshmem.config.Setting;
import io.jshmem.launcher.ShmemRun;
import io.jshmem.tools.ShmemConfig;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every name the README, docs/ and the tools' --help texts tell a user to type exists: classes
 * ({@code io.jshmem.examples.Hello}), scripts ({@code bin/shmemrun}, {@code ./run-example.sh}), the options of
 * shmemrun and shmem-config, and every JSHMEM_/SHMEM_ variable (a row of the Setting table or a documented
 * script variable). The programs themselves are run by ExampleTest, NewcomerTest and the other job tests.
 */
class DocNamesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern CLASS = Pattern.compile("\\bio\\.jshmem(?:\\.[a-z][a-z0-9]*)+\\.[A-Z]\\w*");
    private static final Pattern SCRIPT = Pattern.compile("(?<![\\w/.-])(?:\\./|bin/|bench/)[\\w.-]+");
    private static final Pattern VARIABLE = Pattern.compile("\\b(?:JSHMEM|SHMEM)_[A-Z0-9_]*[A-Z0-9]\\b");
    private static final Pattern TOOL_OPTIONS = Pattern.compile("\\b(shmemrun|shmem-config)((?: +-[-\\w]+(?:[ =]"
            + "[^ `|-][^ `|]*)?)+)");
    /** Variables of scripts and benchmarks rather than of the library. */
    private static final Set<String> SCRIPT_VARIABLES = Set.of("JSHMEM_SKIP_SETUP", "JSHMEM_SETUP_DRY_RUN",
            "JSHMEM_LAUNCHER_OPTS", "JSHMEM_LAUNCH_ID");
    /** OpenSHMEM's C constants (the name table maps them), not variables. */
    private static final Pattern C_CONSTANT = Pattern.compile("SHMEM_(?:CMP|CTX|TEAM|THREAD|SIGNAL|MALLOC)_\\w+");

    @Test
    void everyClassNamedExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, String> doc : texts().entrySet()) {
            Matcher m = CLASS.matcher(doc.getValue());
            while (m.find()) {
                try {
                    Class.forName(m.group(), false, getClass().getClassLoader());
                } catch (ClassNotFoundException e) {
                    missing.add(m.group() + " (in " + doc.getKey() + ")");
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void everyScriptNamedExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, String> doc : texts().entrySet()) {
            Matcher m = SCRIPT.matcher(doc.getValue());
            while (m.find()) {
                String path = m.group().replaceAll("[.,:;)]+$", "");
                if (path.equals("./") || path.startsWith("bench/c/") && !path.endsWith(".c")) {
                    continue;
                }
                if (!Files.exists(ROOT.resolve(path))) {
                    missing.add(path + " (in " + doc.getKey() + ")");
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void everyToolOptionNamedExists() throws IOException {
        String runHelp = help(true);
        String configHelp = help(false);
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, String> doc : texts().entrySet()) {
            Matcher m = TOOL_OPTIONS.matcher(doc.getValue());
            while (m.find()) {
                String helpText = m.group(1).equals("shmemrun") ? runHelp : configHelp;
                for (String token : m.group(2).trim().split(" +")) {
                    String option = token.contains("=") ? token.substring(0, token.indexOf('=')) : token;
                    if (option.startsWith("-") && !option.equals("-jar") && !option.equals("--")
                            && !Pattern.compile("(?<![\\w-])" + Pattern.quote(option) + "(?![\\w-])")
                            .matcher(helpText).find()) {
                        missing.add(m.group(1) + " " + option + " (in " + doc.getKey() + ")");
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void everyVariableNamedIsASetting() throws IOException {
        Set<String> known = new TreeSet<>(SCRIPT_VARIABLES);
        Arrays.stream(Setting.values()).map(Setting::envName).forEach(known::add);
        Set<String> unknown = new TreeSet<>();
        for (Map.Entry<String, String> doc : texts().entrySet()) {
            Matcher m = VARIABLE.matcher(doc.getValue());
            while (m.find()) {
                if (!known.contains(m.group()) && !C_CONSTANT.matcher(m.group()).matches()) {
                    unknown.add(m.group() + " (in " + doc.getKey() + ")");
                }
            }
        }
        assertEquals(Set.of(), unknown);
    }

    /** README.md, docs/*.md, and both tools' --help output. */
    private static Map<String, String> texts() throws IOException {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("README.md", Files.readString(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            for (Path d : docs.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                t.put("docs/" + d.getFileName(), Files.readString(d));
            }
        }
        t.put("shmemrun --help", help(true));
        t.put("shmem-config --help", help(false));
        assertTrue(t.get("shmemrun --help").contains("io.jshmem.examples.Hello"), t.get("shmemrun --help"));
        return t;
    }

    private static String help(boolean shmemrun) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        int code = shmemrun ? ShmemRun.run(o, o, "--help") : ShmemConfig.run(o, o, "--help");
        assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
