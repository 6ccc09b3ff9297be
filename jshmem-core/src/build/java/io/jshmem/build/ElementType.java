package io.jshmem.build;

import java.util.ArrayList;
import java.util.List;

/**
 * A Java element type of the typed routine families and the OpenSHMEM 1.6 C type names it serves.
 *
 * @param java    the Java primitive ({@code long})
 * @param suffix  the facade's name suffix ({@code Long} in {@code gLong}, {@code UnsignedInt} in waits)
 * @param token   the object-API type token ({@code ValueLayout.JAVA_LONG} or {@code DataType.LONG})
 * @param bits    the width for the sized routines ({@code shmem_put64}), 0 when the type has none
 * @param cTypes  the C TYPE names ({@code long}, {@code int64}, ...) that map to this Java type
 */
record ElementType(String java, String suffix, String token, int bits, List<String> cTypes) {

    // ---- standard RMA types (OpenSHMEM 1.6 table 5); longdouble has no Java type -------------------------------
    static final List<ElementType> RMA = List.of(
            new ElementType("byte", "Byte", "ValueLayout.JAVA_BYTE", 8,
                    List.of("char", "schar", "uchar", "int8", "uint8")),
            new ElementType("short", "Short", "ValueLayout.JAVA_SHORT", 16,
                    List.of("short", "ushort", "int16", "uint16")),
            // Java's char has no C twin: a jshmem addition for UTF-16 text.
            new ElementType("char", "Char", "ValueLayout.JAVA_CHAR", 0, List.of()),
            new ElementType("int", "Int", "ValueLayout.JAVA_INT", 32, List.of("int", "uint", "int32", "uint32")),
            new ElementType("long", "Long", "ValueLayout.JAVA_LONG", 64,
                    List.of("long", "longlong", "ulong", "ulonglong", "int64", "uint64", "size", "ptrdiff")),
            new ElementType("float", "Float", "ValueLayout.JAVA_FLOAT", 0, List.of("float")),
            new ElementType("double", "Double", "ValueLayout.JAVA_DOUBLE", 0, List.of("double")));

    // ---- AMO types (tables 6-8): standard AMOs; the extended ones (fetch, set, swap) add float and double -------
    static final ElementType AMO_INT = new ElementType("int", "Int", "DataType.INT", 32,
            List.of("int", "uint", "int32", "uint32"));
    static final ElementType AMO_LONG = new ElementType("long", "Long", "DataType.LONG", 64,
            List.of("long", "longlong", "ulong", "ulonglong", "int64", "uint64", "size", "ptrdiff"));
    static final ElementType AMO_FLOAT = new ElementType("float", "Float", "DataType.FLOAT", 32, List.of("float"));
    static final ElementType AMO_DOUBLE = new ElementType("double", "Double", "DataType.DOUBLE", 64,
            List.of("double"));

    /** The bitwise AMO types (table 8) of an integer family: the unsigned and fixed-width names only. */
    List<String> bitwiseCTypes() {
        return cTypes.stream().filter(c -> c.startsWith("u") || c.startsWith("int")).filter(c -> !c.equals("int"))
                .toList();
    }

    // ---- point-to-point synchronization types (table 11); the unsigned ones compare as unsigned --------------
    static final List<ElementType> SYNC = List.of(
            new ElementType("short", "Short", "DataType.SHORT", 16, List.of("short")),
            new ElementType("int", "Int", "DataType.INT", 32, List.of("int", "int32")),
            new ElementType("long", "Long", "DataType.LONG", 64, List.of("long", "longlong", "int64", "ptrdiff")),
            new ElementType("short", "UnsignedShort", "DataType.USHORT", 16, List.of("ushort")),
            new ElementType("int", "UnsignedInt", "DataType.UINT", 32, List.of("uint", "uint32")),
            new ElementType("long", "UnsignedLong", "DataType.ULONG", 64,
                    List.of("ulong", "ulonglong", "uint64", "size")));

    /** Whether the sync family compares as unsigned. */
    boolean unsigned() {
        return suffix.startsWith("Unsigned");
    }

    /** {@code pattern} ({@code "shmem_%s_put"}) for every C type, then {@code sized} ({@code "shmem_put%d"}) if any. */
    List<String> cNames(String pattern, String sized) {
        List<String> out = new ArrayList<>();
        for (String c : cTypes) {
            out.add(pattern.formatted(c));
        }
        if (sized != null && bits != 0) {
            out.add(sized.formatted(bits));
        }
        return out;
    }

    /** {@code pattern} ({@code "shmem_%s_p"}) for every C type. */
    List<String> cNames(String pattern) {
        return cNames(pattern, null);
    }

    /** {@code pattern} over the given C types. */
    static List<String> expand(String pattern, List<String> types) {
        return types.stream().map(pattern::formatted).toList();
    }
}
