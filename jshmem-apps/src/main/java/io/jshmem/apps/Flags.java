package io.jshmem.apps;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Command-line flags of the form {@code -name value} (or {@code --name value}, {@code -name=value}) and switches
 * ({@code -name}). Parsing never fails: problems are kept and raised as {@link BadArgument} when the program asks
 * for its values, after the runtime is up, so that PE 0 can report them once and every PE exits alike.
 */
final class Flags {
    private final Map<String, String> values = new HashMap<>();
    private final Set<String> switches = new HashSet<>();
    private final Set<String> read = new HashSet<>();
    private final boolean help;
    private String problem;

    private Flags(String[] args, List<String> valueFlags, List<String> switchFlags) {
        boolean wantsHelp = false;
        for (int i = 0; i < args.length && problem == null; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help") || arg.equals("-help")) {
                wantsHelp = true;
                continue;
            }
            if (!arg.startsWith("-") || arg.length() < 2) {
                problem = "unexpected argument '" + arg + "': every argument is a flag (-name value); see --help";
                break;
            }
            String name = arg.substring(arg.startsWith("--") ? 2 : 1);
            String inline = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                inline = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (switchFlags.contains(name) && inline == null) {
                switches.add(name);
            } else if (valueFlags.contains(name)) {
                if (inline == null && i + 1 >= args.length) {
                    problem = "flag -" + name + " needs a value; see --help";
                } else {
                    values.put(name, inline != null ? inline : args[++i]);
                }
            } else {
                problem = "unknown flag '" + arg + "': valid flags are -" + String.join(", -", valueFlags)
                        + (switchFlags.isEmpty() ? "" : ", -" + String.join(", -", switchFlags)) + ", --help";
            }
        }
        help = wantsHelp;
    }

    static Flags parse(String[] args, List<String> valueFlags, List<String> switchFlags) {
        return new Flags(args, valueFlags, switchFlags);
    }

    boolean help() {
        return help;
    }

    /** Throws the first syntax problem (unknown flag, missing value), if any. */
    void checkSyntax() {
        if (problem != null) {
            throw new BadArgument(problem);
        }
    }

    /** The flag's value as an integer in [min, max], or {@code dflt} when absent; {@code what} names its meaning. */
    long integer(String name, long dflt, long min, long max, String what) {
        String raw = values.get(name);
        read.add(name);
        if (raw == null) {
            return dflt;
        }
        long v;
        try {
            v = Long.parseLong(raw.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new BadArgument("-" + name, raw, "not an integer; " + what + " must be in " + range(min, max));
        }
        if (v < min || v > max) {
            throw new BadArgument("-" + name, raw, what + " must be in " + range(min, max));
        }
        return v;
    }

    /** The flag's value, one of {@code choices} (the first is the default). */
    String choice(String name, String... choices) {
        String raw = values.get(name);
        read.add(name);
        if (raw == null) {
            return choices[0];
        }
        for (String c : choices) {
            if (c.equalsIgnoreCase(raw)) {
                return c;
            }
        }
        throw new BadArgument("-" + name, raw, "must be one of " + String.join(", ", choices));
    }

    boolean isSet(String switchName) {
        return switches.contains(switchName);
    }

    static String range(long min, long max) {
        return "[" + min + ", " + max + "]";
    }
}
