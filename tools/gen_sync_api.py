#!/usr/bin/env python3
"""Generates the typed synchronization overloads of io.jshmem.Context and io.jshmem.Shmem: atomics (int, long,
float, double), typed put-with-signal (every primitive array type) and point-to-point waits and tests (16-, 32- and
64-bit integers, signed and unsigned).

Each overload is a one-line delegation to a checked helper of Context (or, in Shmem, to the default context), so
they are generated rather than written by hand; run this script after changing the templates and commit its output:
    python3 tools/gen_sync_api.py
"""
import re
import sys
import textwrap
from pathlib import Path

BEGIN = "    // BEGIN GENERATED SYNC API (tools/gen_sync_api.py)\n"
END = "    // END GENERATED SYNC API\n"
WIDTH = 120


class Method:
    def __init__(self, doc, ret, name, params, body):
        self.doc = doc
        self.ret = ret
        self.name = name
        self.params = params  # list of (type, name)
        self.body = body  # list of statements (without indentation)

    def erasure(self):
        return ", ".join(t for t, _ in self.params)


def wrap_call(head, args, tail, indent):
    """head + args joined by ', ' + tail, wrapped at WIDTH with continuation lines aligned after head's '('."""
    lines = []
    line = head
    cont = " " * len(head)
    for i, a in enumerate(args):
        piece = a + (", " if i < len(args) - 1 else tail)
        if len(line) + len(piece.rstrip()) > WIDTH and line.strip() != head.strip():
            lines.append(line.rstrip())
            line = cont
        line += piece
    if not args:
        line += tail
    lines.append(line.rstrip())
    return lines


def wrap_statement(stmt, indent):
    """Wraps a statement of the form 'prefix(arg, arg, ...);' at WIDTH with 8 extra spaces of continuation."""
    text = " " * indent + stmt
    if len(text) <= WIDTH:
        return [text]
    open_at = stmt.index("(")
    head = stmt[:open_at + 1]
    inner = stmt[open_at + 1:stmt.rindex(")")]
    tail = stmt[stmt.rindex(")"):]
    args = split_args(inner)
    lines = []
    line = " " * indent + head
    for i, a in enumerate(args):
        piece = a + (", " if i < len(args) - 1 else tail)
        if len(line) + len(piece.rstrip()) > WIDTH:
            lines.append(line.rstrip())
            line = " " * (indent + 8)
        line += piece
    lines.append(line.rstrip())
    return lines


def split_args(inner):
    args, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        args.append(cur.strip())
    return args


def javadoc(text, indent=4):
    pad = " " * indent
    one = pad + "/** " + text + " */"
    if len(one) <= WIDTH:
        return [one]
    # Keep short inline tags ({@code x}, {@link #m}) on one line: join their words before wrapping.
    glued = re.sub(r"\{@(code|link) ([^}]*)\}", lambda m: "{@" + m.group(1) + "\0" + m.group(2).replace(" ", "\0")
                   + "}" if len(m.group(2)) < 60 else m.group(0), text)
    body = textwrap.wrap(glued, WIDTH - indent - 3, break_on_hyphens=False, break_long_words=False)
    return [pad + "/**"] + [pad + " * " + b.replace("\0", " ") for b in body] + [pad + " */"]


def emit_context(m):
    out = [""] + javadoc(m.doc)
    head = f"    public final {m.ret} {m.name}("
    out += wrap_call(head, [f"{t} {n}" for t, n in m.params], ") {", 4)
    for stmt in m.body:
        out += wrap_statement(stmt, 8)
    out.append("    }")
    return out


def emit_facade(m):
    out = [""] + javadoc(f"{{@link Context#{m.name}({m.erasure()})}} on the default context.")
    head = f"    public static {m.ret} {m.name}("
    out += wrap_call(head, [f"{t} {n}" for t, n in m.params], ") {", 4)
    call = ("return " if m.ret != "void" else "") + f"current().{m.name}(" + ", ".join(n for _, n in m.params) + ");"
    out += wrap_statement(call, 8)
    out.append("    }")
    return out


# ---- atomics ----------------------------------------------------------------------------------------------------

INTEGER_AMO = [
    # Name, java type, helper suffix, C names
    ("Int", "int", "Int", "int (also int32, uint32, uint)"),
    ("Long", "long", "Long", "long (also longlong, int64, uint64, ulong, size, ptrdiff)"),
]
FLOAT_AMO = [
    # Name, java type, helper suffix, to bits, from bits
    ("Float", "float", "Int", "Float.floatToRawIntBits({v})", "Float.intBitsToFloat({b})"),
    ("Double", "double", "Long", "Double.doubleToRawLongBits({v})", "Double.longBitsToDouble({b})"),
]
# op, method word, C word, operand expr (None: takes value), returns old value?, doc
INTEGER_OPS = [
    ("FETCH", "Fetch", "fetch", "0", True, "Atomically loads and returns element {@code index} of {@code source} "
                                           "on {@code pe}"),
    ("SET", "Set", "set", None, False, "Atomically stores {@code value} into element {@code index} of {@code dest} "
                                       "on {@code pe}"),
    ("SWAP", "Swap", "swap", None, True, "Atomically stores {@code value}, returning the old value"),
    ("COMPARE_SWAP", "CompareSwap", "compare_swap", None, True,
     "Atomically stores {@code value} when the element equals {@code cond}; returns the old value either way"),
    ("FETCH_ADD", "FetchInc", "fetch_inc", "1", True, "Atomically adds 1, returning the old value"),
    ("FETCH_ADD", "Inc", "inc", "1", False, "Atomically adds 1"),
    ("FETCH_ADD", "FetchAdd", "fetch_add", None, True, "Atomically adds {@code value} (two's complement, "
                                                       "wrapping), returning the old value"),
    ("FETCH_ADD", "Add", "add", None, False, "Atomically adds {@code value} (two's complement, wrapping)"),
    ("FETCH_AND", "FetchAnd", "fetch_and", None, True, "Atomically ands {@code value} in, returning the old value"),
    ("FETCH_AND", "And", "and", None, False, "Atomically ands {@code value} in"),
    ("FETCH_OR", "FetchOr", "fetch_or", None, True, "Atomically ors {@code value} in, returning the old value"),
    ("FETCH_OR", "Or", "or", None, False, "Atomically ors {@code value} in"),
    ("FETCH_XOR", "FetchXor", "fetch_xor", None, True, "Atomically xors {@code value} in, returning the old value"),
    ("FETCH_XOR", "Xor", "xor", None, False, "Atomically xors {@code value} in"),
]
NBI_WORDS = {"Fetch", "Swap", "CompareSwap", "FetchInc", "FetchAdd", "FetchAnd", "FetchOr", "FetchXor"}
FLOAT_WORDS = {"Fetch", "Set", "Swap"}


def amo_params(word, t):
    target = "source" if word == "Fetch" else "dest"
    params = [("SymmetricMemory", target), ("long", "index")]
    if word == "CompareSwap":
        params.append((t, "cond"))
    if word not in ("Fetch", "FetchInc", "Inc"):
        params.append((t, "value"))
    params.append(("int", "pe"))
    return target, params


def amo_operands(word, operand_expr, value_expr):
    """(operand, compare) expressions for the helper."""
    if word == "CompareSwap":
        return value_expr("value"), value_expr("cond")
    if operand_expr is not None:
        return operand_expr, "0"
    return value_expr("value"), "0"


def atomic_methods():
    ms = []
    for name, t, helper, cnames in INTEGER_AMO:
        for op, word, cword, operand, fetches, doc in INTEGER_OPS:
            target, params = amo_params(word, t)
            opnd, cmp = amo_operands(word, operand, lambda v: v)
            call = f"amo{helper}(AmoOp.{op}, {target}, \"{target}\", index, {opnd}, {cmp}, pe)"
            full = (f"{doc} ({{@code shmem_{t}_atomic_{cword}}}; {cnames}). Atomic with respect to every atomic "
                    f"on the word from any PE.")
            ms.append(Method(full, t if fetches else "void", f"atomic{word}{name}", params,
                             [("return " if fetches else "") + call + ";"]))
            if word in NBI_WORDS:
                for arr in (True, False):
                    fetch_params = ([(f"{t}[]", "fetch"), ("int", "fetchIndex")] if arr
                                    else [("MemorySegment", "fetch"), ("long", "fetchIndex")])
                    seg = f"MemorySegment.ofArray(Checks.notNull(\"fetch\", fetch))" if arr else "fetch"
                    nbi_call = (f"amo{helper}Nbi(AmoOp.{op}, {seg}, fetchIndex, {target}, \"{target}\", index, "
                                f"{opnd}, {cmp}, pe)")
                    where = ("element {@code fetchIndex} of {@code fetch}" if arr
                             else "{@code " + t + "} element {@code fetchIndex} of the segment {@code fetch}")
                    ms.append(Method(
                        f"Non-blocking {{@link #atomic{word}{name}}} ({{@code shmem_{t}_atomic_{cword}_nbi}}): the old "
                        f"value lands in {where} by the next {{@link #quiet()}}; do not read it before.",
                        "void", f"atomic{word}{name}Nbi", fetch_params + params, [nbi_call + ";"]))
    for name, t, helper, to_bits, from_bits in FLOAT_AMO:
        for op, word, cword, operand, fetches, doc in INTEGER_OPS:
            if word not in FLOAT_WORDS:
                continue
            target, params = amo_params(word, t)
            opnd, cmp = amo_operands(word, operand, lambda v: to_bits.format(v=v))
            call = f"amo{helper}(AmoOp.{op}, {target}, \"{target}\", index, {opnd}, {cmp}, pe)"
            stmt = (f"return {from_bits.format(b=call)};" if fetches else call + ";")
            ms.append(Method(f"{doc} ({{@code shmem_{t}_atomic_{cword}}}), on the raw IEEE bits (NaN payloads "
                             f"are kept). Atomic with respect to every atomic on the word from any PE.",
                             t if fetches else "void", f"atomic{word}{name}", params, [stmt]))
            if word in NBI_WORDS:
                for arr in (True, False):
                    fetch_params = ([(f"{t}[]", "fetch"), ("int", "fetchIndex")] if arr
                                    else [("MemorySegment", "fetch"), ("long", "fetchIndex")])
                    seg = f"MemorySegment.ofArray(Checks.notNull(\"fetch\", fetch))" if arr else "fetch"
                    nbi_call = (f"amo{helper}Nbi(AmoOp.{op}, {seg}, fetchIndex, {target}, \"{target}\", index, "
                                f"{opnd}, {cmp}, pe)")
                    ms.append(Method(
                        f"Non-blocking {{@link #atomic{word}{name}}} ({{@code shmem_{t}_atomic_{cword}_nbi}}): the old "
                        f"value lands in element {{@code fetchIndex}} of {{@code fetch}} by the next {{@link #quiet()}}.",
                        "void", f"atomic{word}{name}Nbi", fetch_params + params, [nbi_call + ";"]))
    return ms


# ---- typed put-with-signal --------------------------------------------------------------------------------------

ARRAY_TYPES = [("byte", "JAVA_BYTE"), ("short", "JAVA_SHORT"), ("char", "JAVA_CHAR"), ("int", "JAVA_INT"),
               ("long", "JAVA_LONG"), ("float", "JAVA_FLOAT"), ("double", "JAVA_DOUBLE")]


def signal_methods():
    ms = []
    for t, layout in ARRAY_TYPES:
        for nbi in (False, True):
            params = [("SymmetricMemory", "dest"), ("long", "destIndex"), (f"{t}[]", "src"), ("int", "srcIndex"),
                      ("int", "count"), ("SymmetricMemory", "sig"), ("long", "sigIndex"), ("long", "signal"),
                      ("SignalOp", "sigOp"), ("int", "pe")]
            body = (f"putSignalArray(dest, destIndex, MemorySegment.ofArray(Checks.notNull(\"src\", src)), "
                    f"src.length, srcIndex, count, ValueLayout.{layout}, sig, sigIndex, signal, sigOp, pe, "
                    f"{'true' if nbi else 'false'});")
            if nbi:
                doc = (f"Non-blocking {{@link #putSignal(SymmetricMemory, long, {t}[], int, int, SymmetricMemory, "
                       f"long, long, SignalOp, int)}} ({{@code shmem_{t}_put_signal_nbi}}): {{@code src}} may be "
                       f"reused after {{@link #quiet()}}; the signal still never arrives before the data.")
            else:
                doc = (f"Puts {{@code count}} {t}s from {{@code src[srcIndex..]}} to element {{@code destIndex}} of "
                       f"{{@code dest}} on {{@code pe}}, then updates the 64-bit signal word {{@code sigIndex}} of "
                       f"{{@code sig}} there ({{@code shmem_{t}_put_signal}}). A PE that observes the signal update "
                       f"(acquire load, a wait, signalFetch) observes the data.")
            ms.append(Method(doc, "void", "putSignalNbi" if nbi else "putSignal", params, [body]))
    return ms


# ---- point-to-point waits and tests ------------------------------------------------------------------------------

WAIT_TYPES = [
    # Name, java type, WaitType, C names
    ("Short", "short", "SHORT", "short, int16"),
    ("Int", "int", "INT", "int, int32"),
    ("Long", "long", "LONG", "long, longlong, int64, ptrdiff"),
    ("UnsignedShort", "short", "UNSIGNED_SHORT", "ushort, uint16; the bits of {@code short} values, compared "
                                                  "unsigned"),
    ("UnsignedInt", "int", "UNSIGNED_INT", "uint, uint32; compared unsigned"),
    ("UnsignedLong", "long", "UNSIGNED_LONG", "ulong, ulonglong, uint64, size; compared unsigned"),
]


def wait_methods():
    ms = []
    for name, t, wt, cnames in WAIT_TYPES:
        c = f"shmem_{cnames.split(',')[0]}"
        one = [("SymmetricMemory", "ivar"), ("long", "index")]
        run = [("SymmetricMemory", "ivars"), ("long", "index"), ("int", "nelems")]
        vt = f"WaitType.{wt}"
        ms.append(Method(
            f"Blocks until element {{@code index}} of this PE's {{@code ivar}} satisfies {{@code ivar cmp value}} "
            f"({{@code {c}_wait_until}}; {cnames}). Acquire loads: after it returns, everything the writer made "
            f"visible before its store (quiet, fence, put-with-signal) is visible here. Spins, then yields and "
            f"parks; throws ShmemTimeoutException after JSHMEM_TIMEOUT and PeFailedException when a PE dies.",
            "void", f"waitUntil{name}", one + [("Cmp", "cmp"), (t, "value")],
            [f"waitOne({vt}, ivar, index, cmp, value, \"waitUntil{name}\");"]))
        ms.append(Method(
            f"Blocks until element {{@code index}} of {{@code ivar}} differs from {{@code value}} ({{@code {c}_wait}}, "
            f"deprecated in OpenSHMEM: {{@link #waitUntil{name}}} with {{@link Cmp#NE}}).",
            "void", f"wait{name}", one + [(t, "value")],
            [f"waitOne({vt}, ivar, index, Cmp.NE, value, \"wait{name}\");"]))
        ms.append(Method(
            f"Whether element {{@code index}} of {{@code ivar}} satisfies {{@code ivar cmp value}} now "
            f"({{@code {c}_test}}); an acquire load, never blocks.",
            "boolean", f"test{name}", one + [("Cmp", "cmp"), (t, "value")],
            [f"return testOne({vt}, ivar, index, cmp, value);"]))
        for vector in (False, True):
            vsuffix = "Vector" if vector else ""
            cmp_params = [("Cmp", "cmp"), (f"{t}[]", "values")] if vector else [("Cmp", "cmp"), (t, "value")]
            operand = "operand(cmp, values, nelems)" if vector else "operand(cmp, value)"
            what = ("its own compare value {@code values[i]}" if vector else "{@code value}")
            cv = f"{c}_wait_until_%s{'_vector' if vector else ''}"
            tv = f"{c}_test_%s{'_vector' if vector else ''}"
            vars_ = f"waitVars({vt}, ivars, index, nelems, status)"
            ms.append(Method(
                f"Blocks until every element i of {{@code ivars[index .. index+nelems)}} with {{@code status}} null "
                f"or {{@code status[i] == 0}} has satisfied {{@code cmp}} against {what} ({{@code {cv % 'all'}}}). "
                f"Elements are waited for in order.",
                "void", f"waitUntilAll{vsuffix}{name}", run + [("int[]", "status")] + cmp_params,
                [f"PointToPoint.waitAll(comm, {vars_}, {operand}, \"waitUntilAll{vsuffix}{name}\");"]))
            ms.append(Method(
                f"Blocks until some included element satisfies {{@code cmp}} against {what} "
                f"({{@code {cv % 'any'}}}); returns its index relative to {{@code index}}, or -1 (SIZE_MAX) when "
                f"every element is excluded.",
                "int", f"waitUntilAny{vsuffix}{name}", run + [("int[]", "status")] + cmp_params,
                [f"return PointToPoint.waitAny(comm, {vars_}, {operand}, \"waitUntilAny{vsuffix}{name}\");"]))
            ms.append(Method(
                f"Blocks until at least one included element satisfies {{@code cmp}} against {what}, then writes the "
                f"indices of all that do into {{@code indices}} ({{@code {cv % 'some'}}}); returns their count (0 when "
                f"every element is excluded).",
                "int", f"waitUntilSome{vsuffix}{name}", run + [("int[]", "indices"), ("int[]", "status")] + cmp_params,
                [f"return PointToPoint.waitSome(comm, {vars_}, {operand}, indices(indices, nelems), "
                 f"\"waitUntilSome{vsuffix}{name}\");"]))
            ms.append(Method(
                f"Whether every included element satisfies {{@code cmp}} against {what} now ({{@code {tv % 'all'}}}); "
                f"true when every element is excluded.",
                "boolean", f"testAll{vsuffix}{name}", run + [("int[]", "status")] + cmp_params,
                [f"return PointToPoint.testAll(comm, {vars_}, {operand});"]))
            ms.append(Method(
                f"Index of an included element that satisfies {{@code cmp}} against {what} now "
                f"({{@code {tv % 'any'}}}), or -1 (SIZE_MAX) when none does.",
                "int", f"testAny{vsuffix}{name}", run + [("int[]", "status")] + cmp_params,
                [f"return PointToPoint.testAny(comm, {vars_}, {operand});"]))
            ms.append(Method(
                f"Writes the indices of the included elements that satisfy {{@code cmp}} against {what} now into "
                f"{{@code indices}} ({{@code {tv % 'some'}}}); returns their count.",
                "int", f"testSome{vsuffix}{name}", run + [("int[]", "indices"), ("int[]", "status")] + cmp_params,
                [f"return PointToPoint.testSome(comm, {vars_}, {operand}, indices(indices, nelems));"]))
    return ms


def all_methods():
    return atomic_methods() + signal_methods() + wait_methods()


def splice(path, lines):
    text = path.read_text()
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    path.write_text(text[:start] + "\n".join(lines) + "\n\n" + text[end:])


if __name__ == "__main__":
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".") / "jshmem-core/src/main/java/io/jshmem"
    methods = all_methods()
    ctx, fac = [], []
    for m in methods:
        ctx += emit_context(m)
        fac += emit_facade(m)
    splice(root / "Context.java", ctx)
    splice(root / "Shmem.java", fac)
    print(f"{len(methods)} methods generated")
