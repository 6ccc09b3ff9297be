package io.jshmem.runtime;

import io.jshmem.ShmemInfo;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.config.ShmemLog;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * OpenSHMEM's start-up environment variables: {@code SHMEM_VERSION} (print the library version), {@code SHMEM_INFO}
 * (print helpful text about every environment variable) and {@code SHMEM_DEBUG} (debugging messages). Only PE 0
 * prints, so a job prints each text once; a process prints it once, whatever its later inits (nested, re-inits,
 * other instances). Thread-safe.
 */
public final class StartupBanner {
    private static final AtomicBoolean VERSION_PRINTED = new AtomicBoolean();
    private static final AtomicBoolean INFO_PRINTED = new AtomicBoolean();

    private StartupBanner() {
    }

    /** At the end of an init of PE {@code pe}: prints what the settings ask for, to standard output. */
    public static void atInit(Settings settings, int pe) {
        if (ShmemLog.debugRequested(settings.get(Setting.DEBUG).orElse(null))) {
            ShmemLog.enableDebug();
        }
        if (pe != 0) {
            return;
        }
        PrintStream out = System.out;
        if (settings.get(Setting.VERSION).isPresent() && VERSION_PRINTED.compareAndSet(false, true)) {
            out.println(versionText());
            out.flush();
        }
        if (settings.get(Setting.INFO).isPresent() && INFO_PRINTED.compareAndSet(false, true)) {
            out.print(infoText(settings));
            out.flush();
        }
    }

    /** The SHMEM_VERSION line. */
    public static String versionText() {
        return "SHMEM_VERSION: " + ShmemInfo.description();
    }

    /** The SHMEM_INFO text: a header, then per variable its value in effect with its source, and its meaning. */
    public static String infoText(Settings settings) {
        StringBuilder sb = new StringBuilder();
        sb.append("SHMEM_INFO: ").append(ShmemInfo.description()).append(" environment variables (a system"
                + " property of the same name in lowercase with dots wins over each):\n");
        for (Setting s : Setting.values()) {
            boolean hidden = s == Setting.UNIQUE_ID || s == Setting.SECRET;
            String value = settings.get(s).map(v -> hidden ? "<set, hidden>" : v).orElse("");
            sb.append("  ").append(s.envName()).append(" = '").append(value).append("' (")
                    .append(settings.source(s)).append(")\n      ").append(s.help()).append('\n');
        }
        return sb.toString();
    }
}
