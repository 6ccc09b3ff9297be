package io.jshmem.build;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One row of the routine table: one static method of the generated {@code io.jshmem.Shmem} facade, the OpenSHMEM /
 * CANN SHMEM routines it serves and how it delegates to the object API.
 *
 * @param group     the section of the name table the row belongs to
 * @param cNames    the C routines the method serves (empty for a jshmem addition without a C counterpart)
 * @param returns   the Java return type as written in the facade ({@code void}, {@code long}, {@code Team.Split2d})
 * @param name      the facade method's name
 * @param params    the parameters as written in the facade, e.g. {@code SymmetricMemory dest, long destIndex}
 * @param body      the method body (statements, ending in {@code ;})
 * @param delegate  the object-API call the method makes, as shown in the name table ({@code ctx.put(...)}), or
 *                  null when the facade is the entry point itself (instance registry, library info)
 * @param doc       the method's one-line Javadoc (a sentence, no C names: those are added from {@code cNames})
 */
record Routine(String group, List<String> cNames, String returns, String name, String params, String body,
               String delegate, String doc) {

    private static final Pattern PARAM = Pattern.compile("\\s*(.+?)\\s+(\\w+)\\s*");

    Routine {
        cNames = List.copyOf(cNames);
    }

    /** The Java parameter list split into (type, name) pairs; generics and varargs kept as written. */
    List<String[]> parameters() {
        List<String[]> out = new ArrayList<>();
        if (params.isBlank()) {
            return out;
        }
        for (String p : params.split(",")) {
            Matcher m = PARAM.matcher(p);
            if (!m.matches()) {
                throw new IllegalArgumentException(name + ": cannot read parameter '" + p + "'");
            }
            out.add(new String[] {m.group(1), m.group(2)});
        }
        return out;
    }

    /**
     * The signature as the reflection test spells it: {@code name(SimpleType,...)}, varargs as arrays, nested types
     * by their simple name, generics dropped. The same spelling is built from {@link java.lang.reflect.Method}.
     */
    String signatureKey() {
        StringBuilder sb = new StringBuilder(name).append('(');
        List<String[]> ps = parameters();
        for (int i = 0; i < ps.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(simpleType(ps.get(i)[0]));
        }
        return sb.append(')').toString();
    }

    /** {@code returns} in the reflection test's spelling (simple name, no generics). */
    String returnKey() {
        return simpleType(returns);
    }

    /** The facade method as the name table shows it: {@code Shmem.put(SymmetricMemory dest, long destIndex, ...)}. */
    String facadeSignature() {
        return "Shmem." + name + "(" + params + ")";
    }

    static String simpleType(String type) {
        String t = type.replaceAll("<.*>", "").replace("...", "[]").trim();
        int dims = t.indexOf('[');
        String base = dims < 0 ? t : t.substring(0, dims);
        String suffix = dims < 0 ? "" : t.substring(dims);
        int dot = base.lastIndexOf('.');
        return (dot < 0 ? base : base.substring(dot + 1)) + suffix;
    }
}
