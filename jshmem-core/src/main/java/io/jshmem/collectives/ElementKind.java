package io.jshmem.collectives;

/**
 * Element types the reduction kernels handle: width, signedness (which decides MAX and MIN) and which operators
 * apply (bitwise ones on integers only, MAX/MIN not on complex numbers, as in OpenSHMEM's reduction tables).
 */
public enum ElementKind {
    BYTE(1, Family.SIGNED), UBYTE(1, Family.UNSIGNED), SHORT(2, Family.SIGNED), USHORT(2, Family.UNSIGNED),
    CHAR(2, Family.UNSIGNED), INT(4, Family.SIGNED), UINT(4, Family.UNSIGNED), LONG(8, Family.SIGNED),
    ULONG(8, Family.UNSIGNED), FLOAT(4, Family.REAL), DOUBLE(8, Family.REAL), COMPLEXF(8, Family.COMPLEX),
    COMPLEXD(16, Family.COMPLEX);

    private enum Family { SIGNED, UNSIGNED, REAL, COMPLEX }

    private final int size;
    private final Family family;

    ElementKind(int size, Family family) {
        this.size = size;
        this.family = family;
    }

    /** Bytes per element. */
    public int size() {
        return size;
    }

    public boolean unsigned() {
        return family == Family.UNSIGNED;
    }

    /** Whether {@code op} is defined on this type. */
    public boolean supports(ReduceOperator op) {
        return switch (op) {
            case AND, OR, XOR -> family == Family.SIGNED || family == Family.UNSIGNED;
            case MAX, MIN -> family != Family.COMPLEX;
            case SUM, PROD -> true;
        };
    }
}
