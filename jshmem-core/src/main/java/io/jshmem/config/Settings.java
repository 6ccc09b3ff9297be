package io.jshmem.config;

import io.jshmem.error.ShmemArgumentException;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Resolved settings: an explicit override (init attributes) wins over a system property, which wins over the
 * environment, which wins over the default. Immutable and thread-safe once built.
 */
public final class Settings {
    private final Map<Setting, String> overrides;
    private final Map<String, String> environment;

    private Settings(Map<Setting, String> overrides, Map<String, String> environment) {
        this.overrides = overrides;
        this.environment = environment;
    }

    /** Settings from this process's environment and system properties. */
    public static Settings fromEnvironment() {
        return new Settings(new EnumMap<>(Setting.class), System.getenv());
    }

    /** Settings from the given environment map (for tests and launchers) and system properties. */
    public static Settings of(Map<String, String> environment) {
        return new Settings(new EnumMap<>(Setting.class), Map.copyOf(environment));
    }

    /** A copy with {@code setting} overridden by {@code value}. */
    public Settings with(Setting setting, String value) {
        Map<Setting, String> copy = new EnumMap<>(Setting.class);
        copy.putAll(overrides);
        copy.put(setting, value);
        return new Settings(copy, environment);
    }

    /** The raw environment this instance reads (launcher variables such as RANK are read from it). */
    public Optional<String> env(String name) {
        String v = environment.get(name);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }

    /** The effective value, or empty when unset and without default. */
    public Optional<String> get(Setting setting) {
        String v = overrides.get(setting);
        if (v == null) {
            v = System.getProperty(setting.propertyName());
        }
        if (v == null) {
            v = environment.get(setting.envName());
        }
        if (v == null || v.isBlank()) {
            v = setting.defaultValue();
        }
        return v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }

    /** Where the effective value comes from: override, property, environment or default. */
    public String source(Setting setting) {
        if (overrides.containsKey(setting)) {
            return "init attributes";
        }
        if (System.getProperty(setting.propertyName()) != null) {
            return "system property " + setting.propertyName();
        }
        if (environment.get(setting.envName()) != null) {
            return "environment " + setting.envName();
        }
        return "default";
    }

    public String string(Setting setting) {
        return get(setting).orElse("");
    }

    public long longValue(Setting setting) {
        String v = string(setting);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw invalid(setting, v, "a whole number");
        }
    }

    public int intValue(Setting setting) {
        long v = longValue(setting);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw invalid(setting, Long.toString(v), "a whole number that fits in 32 bits");
        }
        return (int) v;
    }

    public boolean bool(Setting setting) {
        String v = string(setting).toLowerCase(Locale.ROOT);
        return switch (v) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off", "" -> false;
            default -> throw invalid(setting, v, "true or false");
        };
    }

    /**
     * The value of a setting with a fixed set of values: the constant of {@code type} whose name it is, ignoring
     * case and surrounding blanks. Read once at init by the layer that owns the enum.
     *
     * @throws ShmemArgumentException naming the setting, the value and the valid values
     */
    public <E extends Enum<E>> E choice(Setting setting, Class<E> type) {
        return parseChoice(setting, string(setting), type);
    }

    /** {@link #choice} for a value read elsewhere (before settings exist, or handed down as text). */
    public static <E extends Enum<E>> E parseChoice(Setting setting, String value, Class<E> type) {
        String v = value.strip();
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(v)) {
                return e;
            }
        }
        throw invalid(setting, v, "one of " + choices(type));
    }

    /** The valid values of a choice setting as users write them: {@code auto, memfd, file}. */
    public static <E extends Enum<E>> String choices(Class<E> type) {
        StringBuilder sb = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            sb.append(sb.isEmpty() ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT));
        }
        return sb.toString();
    }

    /** A size with optional k, m, g or t suffix (powers of 1024). */
    public long size(Setting setting) {
        return parseSize(setting.envName(), string(setting));
    }

    /** Parses sizes such as {@code 4096}, {@code 64k}, {@code 512m}, {@code 2g}. */
    public static long parseSize(String name, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.endsWith("b")) {
            t = t.substring(0, t.length() - 1);
        }
        long mult = 1;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'k' -> mult = 1L << 10;
                case 'm' -> mult = 1L << 20;
                case 'g' -> mult = 1L << 30;
                case 't' -> mult = 1L << 40;
                default -> mult = 1;
            }
            if (mult != 1) {
                t = t.substring(0, t.length() - 1);
            }
        }
        try {
            long n = Long.parseLong(t.trim());
            if (n < 0 || n > Long.MAX_VALUE / mult) {
                throw new NumberFormatException();
            }
            return n * mult;
        } catch (NumberFormatException e) {
            throw new ShmemArgumentException(name + " = '" + text + "' is not a size: valid are whole numbers of bytes"
                    + " with optional suffix k, m, g or t (for example 512m); fix the setting");
        }
    }

    private static ShmemArgumentException invalid(Setting s, String value, String expected) {
        return new ShmemArgumentException(s.envName() + " = '" + value + "' is invalid: expected " + expected
                + " (" + s.help() + "); fix the environment variable or system property " + s.propertyName());
    }
}
