package io.jshmem.build;

/**
 * How a facade method delegates: the Java code of the call and the call as the name table shows it. The helpers of
 * the generated facade ({@code array("src", src)}, {@code local("src", src)}, {@code notNull("team", team)},
 * {@code widen("values", values)}) are shown as what they pass on.
 *
 * @param code      the Java expression the facade evaluates (or, for {@link #raw}, whole statements)
 * @param shown     the object-API call for the name table, null when the facade is the entry point itself
 * @param statement whether {@code code} is complete statements rather than an expression
 */
record Call(String code, String shown, boolean statement) {

    /** A call on the current runtime's default context ({@code Provider.get().current()}), shown as {@code ctx.}. */
    static Call ctx(String expr) {
        return new Call("current()." + expr, "ctx." + show(expr), false);
    }

    /** A call of a {@code ShmemRuntime} method on the current runtime, shown as {@code rt.}. */
    static Call rt(String expr) {
        return new Call("current()." + expr, "rt." + show(expr), false);
    }

    /**
     * A call on a facade argument (a team, stream or context), null-checked with the argument's name; a stream is
     * also checked to belong to the current instance.
     */
    static Call on(String param, String expr) {
        String check = param.equals("stream") ? "stream" : "notNull";
        return new Call(check + "(\"" + param + "\", " + param + ")." + expr, param + "." + show(expr), false);
    }

    /**
     * A call on the current runtime under the provider's lifecycle lock, so it cannot interleave with another
     * thread's instance switch ({@code Provider.get().lifecycle}).
     */
    static Call lifecycle(String operation, String expr, boolean returnsValue) {
        String inner = returnsValue ? "current()." + expr : "{ current()." + expr + "; return null; }";
        return new Call("Provider.get().lifecycle(\"" + operation + "\", () -> " + inner + ")", "rt." + show(expr),
                false);
    }

    /** A static call of the API package itself, shown as written. */
    static Call api(String expr) {
        return new Call(expr, show(expr), false);
    }

    /** The facade is the entry point: code that reaches the implementation's seam, no object-API method. */
    static Call facade(String expr) {
        return new Call(expr, null, false);
    }

    /** Whole statements with the call to show. */
    static Call raw(String statements, String shown) {
        return new Call(statements, shown, true);
    }

    /** This call with its result converted, e.g. {@code "(int) %s"}. */
    Call wrap(String format) {
        return new Call(format.formatted(code), shown == null ? null : format.formatted(shown), statement);
    }

    private static String show(String expr) {
        return expr.replaceAll("\\barray\\(\"\\w+\", (\\w+)\\)", "MemorySegment.ofArray($1)")
                .replaceAll("\\blocal\\(\"\\w+\", (\\w+)\\)", "$1.local()")
                .replaceAll("\\b(widen|widenUnsigned)\\(\"\\w+\", (\\w+)\\)", "$1($2)")
                .replaceAll("\\bnotNull\\(\"\\w+\", (\\w+)\\)", "$1");
    }
}
