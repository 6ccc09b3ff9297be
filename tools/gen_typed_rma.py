#!/usr/bin/env python3
"""Generates the typed RMA overloads of io.jshmem.Context and io.jshmem.Shmem (one per Java primitive type).

The overloads are one-line delegations to the byte-level paths, so they are generated rather than written by hand;
run this script after changing the templates and commit its output.
"""
import re
import sys
from pathlib import Path

TYPES = [
    # java type, Name, layout, bits-to-value, value-to-bits
    ("byte", "Byte", "JAVA_BYTE", "(byte) {b}", "{v}"),
    ("short", "Short", "JAVA_SHORT", "(short) {b}", "{v}"),
    ("char", "Char", "JAVA_CHAR", "(char) {b}", "{v}"),
    ("int", "Int", "JAVA_INT", "(int) {b}", "{v}"),
    ("long", "Long", "JAVA_LONG", "{b}", "{v}"),
    ("float", "Float", "JAVA_FLOAT", "Float.intBitsToFloat((int) {b})", "Float.floatToRawIntBits({v})"),
    ("double", "Double", "JAVA_DOUBLE", "Double.longBitsToDouble({b})", "Double.doubleToRawLongBits({v})"),
]

BEGIN = "    // BEGIN GENERATED TYPED RMA (tools/gen_typed_rma.py)\n"
END = "    // END GENERATED TYPED RMA\n"


def context_methods():
    out = []
    for t, n, layout, from_bits, to_bits in TYPES:
        out.append(f"""
    /**
     * Copies {{@code count}} {t}s from {{@code src[srcIndex..]}} to element {{@code destIndex}} of {{@code dest}} on
     * {{@code pe}} ({{@code shmem_{t}_put}}). Returns when {{@code src}} may be reused; complete at the target after
     * {{@link #quiet()}}.
     */
    public final void put(SymmetricMemory dest, long destIndex, {t}[] src, int srcIndex, int count, int pe) {{
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.{layout}, pe,
                false);
    }}

    /** Non-blocking {{@link #put(SymmetricMemory, long, {t}[], int, int, int)}}: complete after {{@link #quiet()}}. */
    public final void putNbi(SymmetricMemory dest, long destIndex, {t}[] src, int srcIndex, int count, int pe) {{
        putArray(dest, destIndex, MemorySegment.ofArray(src), src.length, srcIndex, count, ValueLayout.{layout}, pe,
                true);
    }}

    /** Copies {{@code count}} {t}s from element {{@code srcIndex}} of {{@code src}} on {{@code pe}} into {{@code dest}}. */
    public final void get({t}[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {{
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.{layout}, pe,
                false);
    }}

    /** Non-blocking get: {{@code dest}} holds the data after {{@link #quiet()}}. */
    public final void getNbi({t}[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {{
        getArray(MemorySegment.ofArray(dest), dest.length, destIndex, src, srcIndex, count, ValueLayout.{layout}, pe,
                true);
    }}

    /** Strided put ({{@code shmem_{t}_iput}}): strides are in elements and at least 1. */
    public final void iput(SymmetricMemory dest, long destIndex, long destStride, {t}[] src, int srcIndex,
                           int srcStride, int count, int pe) {{
        iputArray(dest, destIndex, destStride, MemorySegment.ofArray(src), src.length, srcIndex, srcStride, count,
                ValueLayout.{layout}, pe);
    }}

    /** Strided get ({{@code shmem_{t}_iget}}): strides are in elements and at least 1. */
    public final void iget({t}[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                           long srcStride, int count, int pe) {{
        igetArray(MemorySegment.ofArray(dest), dest.length, destIndex, destStride, src, srcIndex, srcStride, count,
                ValueLayout.{layout}, pe);
    }}

    /** Stores one {t} at element {{@code index}} of {{@code dest}} on {{@code pe}} ({{@code shmem_{t}_p}}). */
    public final void p(SymmetricMemory dest, long index, {t} value, int pe) {{
        putScalar(dest, index, ValueLayout.{layout}, {to_bits.format(v="value")}, pe);
    }}

    /** Loads one {t} from element {{@code index}} of {{@code src}} on {{@code pe}} ({{@code shmem_{t}_g}}). */
    public final {t} g{n}(SymmetricMemory src, long index, int pe) {{
        long bits = getScalar(src, index, ValueLayout.{layout}, pe);
        return {from_bits.format(b="bits")};
    }}
""")
    return "".join(out)


def facade_methods():
    out = []
    for t, n, layout, _, _ in TYPES:
        out.append(f"""
    /** {{@link Context#put(SymmetricMemory, long, {t}[], int, int, int)}} on the default context. */
    public static void put(SymmetricMemory dest, long destIndex, {t}[] src, int srcIndex, int count, int pe) {{
        current().put(dest, destIndex, src, srcIndex, count, pe);
    }}

    /** {{@link Context#putNbi(SymmetricMemory, long, {t}[], int, int, int)}} on the default context. */
    public static void putNbi(SymmetricMemory dest, long destIndex, {t}[] src, int srcIndex, int count, int pe) {{
        current().putNbi(dest, destIndex, src, srcIndex, count, pe);
    }}

    /** {{@link Context#get({t}[], int, SymmetricMemory, long, int, int)}} on the default context. */
    public static void get({t}[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {{
        current().get(dest, destIndex, src, srcIndex, count, pe);
    }}

    /** {{@link Context#getNbi({t}[], int, SymmetricMemory, long, int, int)}} on the default context. */
    public static void getNbi({t}[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count, int pe) {{
        current().getNbi(dest, destIndex, src, srcIndex, count, pe);
    }}

    /** {{@link Context#iput(SymmetricMemory, long, long, {t}[], int, int, int, int)}} on the default context. */
    public static void iput(SymmetricMemory dest, long destIndex, long destStride, {t}[] src, int srcIndex,
                            int srcStride, int count, int pe) {{
        current().iput(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }}

    /** {{@link Context#iget({t}[], int, int, SymmetricMemory, long, long, int, int)}} on the default context. */
    public static void iget({t}[] dest, int destIndex, int destStride, SymmetricMemory src, long srcIndex,
                            long srcStride, int count, int pe) {{
        current().iget(dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }}

    /** {{@link Context#p(SymmetricMemory, long, {t}, int)}} on the default context. */
    public static void p(SymmetricMemory dest, long index, {t} value, int pe) {{
        current().p(dest, index, value, pe);
    }}

    /** {{@link Context#g{n}(SymmetricMemory, long, int)}} on the default context. */
    public static {t} g{n}(SymmetricMemory src, long index, int pe) {{
        return current().g{n}(src, index, pe);
    }}
""")
    return "".join(out)


def splice(path, body):
    text = path.read_text()
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    path.write_text(text[:start] + body + "\n" + text[end:])


if __name__ == "__main__":
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".") / "jshmem-core/src/main/java/io/jshmem"
    splice(root / "Context.java", context_methods())
    splice(root / "Shmem.java", facade_methods())
