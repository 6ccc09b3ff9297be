package io.jshmem.build;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.jshmem.build.Call.api;
import static io.jshmem.build.Call.ctx;
import static io.jshmem.build.Call.facade;
import static io.jshmem.build.Call.lifecycle;
import static io.jshmem.build.Call.on;
import static io.jshmem.build.Call.raw;
import static io.jshmem.build.Call.rt;

/**
 * The routine table: every method of the {@code io.jshmem.Shmem} facade, the OpenSHMEM 1.6 / CANN SHMEM routines
 * it serves and its delegation to the object API. {@link FacadeGenerator} writes the facade and
 * {@code docs/name-table.md} from it, so the two cannot disagree. The typed families are expanded over the type
 * tables of {@link ElementType}. Rows appear in the facade in this order.
 */
final class RoutineTable {
    private static final Pattern SIGNATURE = Pattern.compile("(.+?)\\s+(\\w+)\\((.*)\\)", Pattern.DOTALL);

    private final List<Routine> rows = new ArrayList<>();
    private String group;

    private RoutineTable() {
    }

    /** Every row, in facade order. */
    static List<Routine> routines() {
        RoutineTable t = new RoutineTable();
        t.setup();
        t.memory();
        t.byteRma();
        t.typedRma();
        t.atomics();
        t.signals();
        t.pointToPoint();
        t.orderingAndLocks();
        t.contexts();
        t.teams();
        t.collectives();
        t.instances();
        t.streams();
        t.cannExtensions();
        return List.copyOf(t.rows);
    }

    private void group(String name) {
        group = name;
    }

    /** One row: {@code signature} is {@code "RET name(TYPE a, TYPE b)"}. */
    private void row(List<String> cNames, String signature, Call call, String doc) {
        Matcher m = SIGNATURE.matcher(signature);
        if (!m.matches()) {
            throw new IllegalArgumentException("cannot read signature '" + signature + "'");
        }
        String returns = m.group(1).trim();
        String body;
        if (call.statement()) {
            body = call.code();
        } else {
            body = (returns.equals("void") ? "" : "return ") + call.code() + ";";
        }
        rows.add(new Routine(group, cNames, returns, m.group(2), m.group(3).trim(), body, call.shown(), doc));
    }

    private void row(String cName, String signature, Call call, String doc) {
        row(cName == null ? List.of() : List.of(cName), signature, call, doc);
    }

    private static List<String> c(String... names) {
        return List.of(names);
    }

    private void setup() {
        group("Setup, exit and queries");
        row(c("shmem_init"), "ShmemRuntime init()", api("ShmemRuntime.init(InitAttributes.fromEnvironment())"),
                "Collective: initializes this PE from the launcher's environment (shmemrun, torchrun, Slurm, Open MPI;"
                        + " a lone process is a one-PE job) and makes it the current instance.");
        row(c("aclshmemx_init_attr"), "ShmemRuntime init(InitAttributes attributes)",
                api("ShmemRuntime.init(notNull(\"attributes\", attributes))"),
                "Collective: initializes the instance named by {@code attributes} (0 by default) and makes it"
                        + " current; explicit attributes of a live instance are rejected (finalize it first), while"
                        + " {@code InitAttributes.fromEnvironment()} nests like {@link #init()}.");
        row(c("shmem_init_thread"), "ShmemRuntime initThread(ThreadLevel requested)",
                api("ShmemRuntime.initThread(InitAttributes.fromEnvironment(), notNull(\"requested\", requested))"),
                "Collective: {@link #init()} with a thread level; every level is provided as requested.");
        row(c("shmem_query_thread"), "ThreadLevel queryThread()", rt("queryThread()"),
                "The thread level the current runtime provides.");
        row(c("shmem_get_uniqueid"), "String getUniqueId()", facade("Provider.get().getUniqueId()"),
                "A unique id for a self-bootstrapped job whose rendezvous this process serves; every PE then calls"
                        + " {@code init(InitAttributes.of(pe, nPes, id))}.");
        row((String) null, "ShmemRuntime current()", facade("Provider.get().current()"),
                "The current instance's runtime, the object API behind every other facade call; throws"
                        + " ShmemStateException before init and after finalize.");
        row(c("shmem_finalize"), "void finalizeShmem()",
                raw("ShmemRuntime rt = Provider.get().currentOrNull();\nif (rt != null) {\n    rt.close();\n}",
                        "rt.close()"),
                "Collective: finalizes the current instance; does nothing when none is live.");
        row(c("shmem_my_pe"), "int myPe()", ctx("myPe()"), "This PE's number, 0..nPes()-1.");
        row(c("shmem_n_pes"), "int nPes()", ctx("nPes()"), "The number of PEs of the job.");
        row(c("shmem_global_exit"), "void globalExit(int status)", rt("globalExit(status)"),
                "Ends every PE of the job with {@code status}; does not return.");
        row(c("shmem_info_get_version", "aclshmem_info_get_version"), "ShmemInfo.Version infoGetVersion()",
                api("ShmemInfo.version()"), "The OpenSHMEM version implemented (1.6).");
        row(c("shmem_info_get_name", "aclshmem_info_get_name"), "String infoGetName()", api("ShmemInfo.name()"),
                "The vendor name.");
        // OpenSHMEM 1.6's setup and profiling chapters: nested-init queries, accessibility, profiling control
        row(c("shmem_query_initialized"), "boolean queryInitialized()", api("ShmemRuntime.queryInitialized()"),
                "Whether the current instance is initialized and not yet finalized by its last finalize (inits nest:"
                        + " n inits need n finalizes); callable at any time.");
        row((String) null, "boolean queryFinalized()", api("ShmemRuntime.queryFinalized()"),
                "Whether the current instance has been finalized by its last finalize and not initialized again;"
                        + " callable at any time.");
        row(c("shmem_pe_accessible"), "boolean peAccessible(int pe)", rt("peAccessible(pe)"),
                "Whether {@code pe} is a PE of the job; false for any other number, never throws for it.");
        row(c("shmem_addr_accessible"), "boolean addrAccessible(SymmetricMemory mem, int pe)",
                rt("addrAccessible(mem, pe)"),
                "Whether {@code mem} is a live symmetric buffer of the current instance and {@code pe} a PE of the"
                        + " job; false for null, freed or foreign buffers and bad PEs.");
        row(c("shmem_addr_accessible"), "boolean addrAccessible(MemorySegment segment, int pe)",
                rt("addrAccessible(segment, pe)"),
                "Whether local memory {@code segment} lies inside this PE's symmetric heap of the current instance"
                        + " and {@code pe} is a PE of the job; false for private memory, null and bad PEs.");
        row(c("shmem_pcontrol"), "void pcontrol(int level)", rt("pcontrol(level)"),
                "Sets this process's profiling level: at most 0 disables, 1 (default) enables, 2 and more also flush"
                        + " the profile table and add stack-traced JFR detail events.");
    }

    private void memory() {
        group("Memory management");
        row(c("shmem_malloc"), "SymmetricMemory malloc(long bytes)", lifecycle("malloc", "malloc(bytes)", true),
                "Collective: allocates {@code bytes} of symmetric memory aligned to 64 bytes; 0 allocates nothing and"
                        + " returns null.");
        row(c("shmem_calloc"), "SymmetricMemory calloc(long count, long elementSize)",
                lifecycle("calloc", "calloc(count, elementSize)", true),
                "Collective: allocates {@code count * elementSize} zeroed bytes.");
        row(c("shmem_align"), "SymmetricMemory align(long alignment, long bytes)",
                lifecycle("align", "align(alignment, bytes)", true),
                "Collective: allocates {@code bytes} aligned to {@code alignment}, a power of two.");
        row(c("shmem_realloc"), "SymmetricMemory realloc(SymmetricMemory mem, long bytes)",
                lifecycle("realloc", "realloc(mem, bytes)", true),
                "Collective: resizes {@code mem} (null acts as malloc, 0 bytes as free); the old handle is invalid"
                        + " afterwards.");
        row(c("shmem_free"), "void free(SymmetricMemory mem)", lifecycle("free", "free(mem)", false),
                "Collective: frees {@code mem} (null does nothing); of concurrent frees exactly one wins.");
        row((String) null, "HeapUsage heapUsage()", rt("heapUsage()"), "This PE's symmetric heap usage.");
        row(c("shmem_ptr"), "MemorySegment ptr(SymmetricMemory mem, int pe)",
                rt("ptr(mem, pe)").wrap("%s.orElse(null)"),
                "PE {@code pe}'s copy of {@code mem} when it is mapped in this process, else null; {@code mem} must"
                        + " belong to the current instance.");
        // Allocation hints and memory kinds
        row(c("shmem_malloc_with_hints"), "SymmetricMemory mallocWithHints(long bytes, long hints)",
                lifecycle("malloc_with_hints", "mallocWithHints(bytes, hints)", true),
                "Collective: malloc with usage hints (an OR of {@code ShmemRuntime.MALLOC_ATOMICS_REMOTE} and"
                        + " {@code MALLOC_SIGNAL_REMOTE}), recorded on the block; 0 is malloc; unknown bits throw.");
        row(c("aclshmemx_malloc"), "SymmetricMemory malloc(long bytes, MemType memType)",
                lifecycle("malloc", "malloc(bytes, notNull(\"memType\", memType))", true),
                "Collective: malloc from the heap of kind {@code memType}; DEVICE_SIDE needs an io.jshmem.spi.MemoryKindProvider.");
        row(c("aclshmemx_calloc"), "SymmetricMemory calloc(long count, long elementSize, MemType memType)",
                lifecycle("calloc", "calloc(count, elementSize, notNull(\"memType\", memType))", true),
                "Collective: calloc from the heap of kind {@code memType}.");
        row(c("aclshmemx_align"), "SymmetricMemory align(long alignment, long bytes, MemType memType)",
                lifecycle("align", "align(alignment, bytes, notNull(\"memType\", memType))", true),
                "Collective: align from the heap of kind {@code memType}.");
        row(c("aclshmemx_free"), "void free(SymmetricMemory mem, MemType memType)",
                lifecycle("free", "free(mem, notNull(\"memType\", memType))", false),
                "Collective: frees {@code mem}, which must be of kind {@code memType}.");
    }

    private void byteRma() {
        group("RMA on bytes");
        String[][] forms = {{"putmem", "shmem_putmem", "Copies {@code bytes} from {@code src} to {@code dest} on {@code pe}."},
                {"putmemNbi", "shmem_putmem_nbi", "Non-blocking putmem: complete after quiet()."}};
        for (String[] f : forms) {
            row(f[1], "void " + f[0] + "(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,"
                    + " long bytes, int pe)", ctx(f[0] + "(dest, destOffset, src, srcOffset, bytes, pe)"), f[2]);
            row(f[1], "void " + f[0] + "(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,"
                            + " long bytes, int pe)", ctx(f[0] + "(dest, destOffset, local(\"src\", src), srcOffset, bytes, pe)"),
                    f[2] + " The source is this PE's copy of a symmetric block.");
        }
        String[][] gets = {{"getmem", "shmem_getmem", "Copies {@code bytes} from {@code src} on {@code pe} into {@code dest}."},
                {"getmemNbi", "shmem_getmem_nbi", "Non-blocking getmem: {@code dest} holds the data after quiet()."}};
        for (String[] f : gets) {
            row(f[1], "void " + f[0] + "(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset,"
                    + " long bytes, int pe)", ctx(f[0] + "(dest, destOffset, src, srcOffset, bytes, pe)"), f[2]);
            row(f[1], "void " + f[0] + "(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,"
                            + " long bytes, int pe)", ctx(f[0] + "(local(\"dest\", dest), destOffset, src, srcOffset, bytes, pe)"),
                    f[2] + " The destination is this PE's copy of a symmetric block.");
        }
        row("shmem_put", "void put(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src,"
                        + " long srcIndex, long count, int pe)",
                ctx("put(type, dest, destIndex, src, srcIndex, count, pe)"),
                "Puts {@code count} elements of {@code type} from a segment (C11's type-generic shmem_put).");
        row("shmem_get", "void get(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src,"
                        + " long srcIndex, long count, int pe)",
                ctx("get(type, dest, destIndex, src, srcIndex, count, pe)"),
                "Gets {@code count} elements of {@code type} into a segment (C11's type-generic shmem_get).");
        // Strided and block-strided transfers with a segment or a symmetric block as the local operand.
        String[][] localForms = {{"MemorySegment", "%s", ""},
                {"SymmetricMemory", "local(\"%s\", %s)", " The local operand is this PE's copy of a symmetric block."}};
        for (String[] lf : localForms) {
            String src = lf[1].formatted("src", "src");
            String dest = lf[1].formatted("dest", "dest");
            row("shmem_iput", "void iput(ValueLayout type, SymmetricMemory dest, long destIndex, long destStride, "
                            + lf[0] + " src, long srcIndex, long srcStride, long count, int pe)",
                    ctx("iput(type, dest, destIndex, destStride, " + src + ", srcIndex, srcStride, count, pe)"),
                    "Strided put of {@code count} elements of {@code type}; strides are 1 or more." + lf[2]);
            row("shmem_iget", "void iget(ValueLayout type, " + lf[0] + " dest, long destIndex, long destStride,"
                            + " SymmetricMemory src, long srcIndex, long srcStride, long count, int pe)",
                    ctx("iget(type, " + dest + ", destIndex, destStride, src, srcIndex, srcStride, count, pe)"),
                    "Strided get of {@code count} elements of {@code type}; strides are 1 or more." + lf[2]);
            row("shmem_ibput", "void ibput(ValueLayout type, SymmetricMemory dest, long destIndex, long dst, "
                            + lf[0] + " src, long srcIndex, long sst, long bsize, long nblocks, int pe)",
                    ctx("ibput(type, dest, destIndex, dst, " + src + ", srcIndex, sst, bsize, nblocks, pe)"),
                    "Block-strided put: {@code nblocks} blocks of {@code bsize} elements of {@code type}, block k from"
                            + " {@code src[srcIndex + k*sst]} to {@code dest[destIndex + k*dst]}." + lf[2]);
            row("shmem_ibget", "void ibget(ValueLayout type, " + lf[0] + " dest, long destIndex, long dst,"
                            + " SymmetricMemory src, long srcIndex, long sst, long bsize, long nblocks, int pe)",
                    ctx("ibget(type, " + dest + ", destIndex, dst, src, srcIndex, sst, bsize, nblocks, pe)"),
                    "Block-strided get: block k of {@code bsize} elements from {@code src[srcIndex + k*sst]} on"
                            + " {@code pe} to {@code dest[destIndex + k*dst]}." + lf[2]);
            row((String) null, "void ibputmem(SymmetricMemory dest, long destOffset, long dst, " + lf[0]
                            + " src, long srcOffset, long sst, long bsize, long nblocks, int pe)",
                    ctx("ibputmem(dest, destOffset, dst, " + src + ", srcOffset, sst, bsize, nblocks, pe)"),
                    "Block-strided put on bytes: offsets, strides and {@code bsize} count bytes." + lf[2]);
            row((String) null, "void ibgetmem(" + lf[0] + " dest, long destOffset, long dst, SymmetricMemory src,"
                            + " long srcOffset, long sst, long bsize, long nblocks, int pe)",
                    ctx("ibgetmem(" + dest + ", destOffset, dst, src, srcOffset, sst, bsize, nblocks, pe)"),
                    "Block-strided get on bytes: offsets, strides and {@code bsize} count bytes." + lf[2]);
        }
    }

    private void typedRma() {
        group("Typed RMA");
        for (ElementType t : ElementType.RMA) {
            String j = t.java();
            String l = t.token();
            for (String op : List.of("put", "putNbi")) {
                String suffix = op.equals("put") ? "" : "_nbi";
                row(t.cNames("shmem_%s_put" + suffix, "shmem_put%d" + suffix),
                        "void " + op + "(SymmetricMemory dest, long destIndex, " + j + "[] src, int srcIndex, int count,"
                                + " int pe)",
                        ctx(op + "(" + l + ", dest, destIndex, array(\"src\", src), srcIndex, count, pe)"),
                        (op.equals("put") ? "Puts" : "Non-blocking put of") + " {@code count} " + j
                                + " elements from {@code src[srcIndex..]} to {@code dest[destIndex..]} on {@code pe}.");
            }
            for (String op : List.of("get", "getNbi")) {
                String suffix = op.equals("get") ? "" : "_nbi";
                row(t.cNames("shmem_%s_get" + suffix, "shmem_get%d" + suffix),
                        "void " + op + "(" + j + "[] dest, int destIndex, SymmetricMemory src, long srcIndex, int count,"
                                + " int pe)",
                        ctx(op + "(" + l + ", array(\"dest\", dest), destIndex, src, srcIndex, count, pe)"),
                        (op.equals("get") ? "Gets" : "Non-blocking get of") + " {@code count} " + j
                                + " elements from {@code src[srcIndex..]} on {@code pe} into {@code dest[destIndex..]}.");
            }
            row(t.cNames("shmem_%s_iput", "shmem_iput%d"), "void iput(SymmetricMemory dest, long destIndex,"
                            + " long destStride, " + j + "[] src, int srcIndex, int srcStride, int count, int pe)",
                    ctx("iput(" + l + ", dest, destIndex, destStride, array(\"src\", src), srcIndex, srcStride, count,"
                            + " pe)"),
                    "Strided put of {@code count} " + j + " elements; strides are 1 or more.");
            row(t.cNames("shmem_%s_iget", "shmem_iget%d"), "void iget(" + j + "[] dest, int destIndex,"
                            + " int destStride, SymmetricMemory src, long srcIndex, long srcStride, int count, int pe)",
                    ctx("iget(" + l + ", array(\"dest\", dest), destIndex, destStride, src, srcIndex, srcStride, count,"
                            + " pe)"),
                    "Strided get of {@code count} " + j + " elements; strides are 1 or more.");
            // Block-strided forms (OpenSHMEM 1.6): strides count elements between block starts.
            row(t.cNames("shmem_%s_ibput", "shmem_ibput%d"), "void ibput(SymmetricMemory dest, long destIndex,"
                            + " long dst, " + j + "[] src, int srcIndex, int sst, int bsize, int nblocks, int pe)",
                    ctx("ibput(" + l + ", dest, destIndex, dst, array(\"src\", src), srcIndex, sst, bsize, nblocks,"
                            + " pe)"),
                    "Block-strided put of {@code nblocks} blocks of {@code bsize} " + j + " elements, block k from"
                            + " {@code src[srcIndex + k*sst]} to {@code dest[destIndex + k*dst]}; strides are 1 or more.");
            row(t.cNames("shmem_%s_ibget", "shmem_ibget%d"), "void ibget(" + j + "[] dest, int destIndex, int dst,"
                            + " SymmetricMemory src, long srcIndex, long sst, int bsize, int nblocks, int pe)",
                    ctx("ibget(" + l + ", array(\"dest\", dest), destIndex, dst, src, srcIndex, sst, bsize, nblocks,"
                            + " pe)"),
                    "Block-strided get of {@code nblocks} blocks of {@code bsize} " + j + " elements, block k from"
                            + " {@code src[srcIndex + k*sst]} on {@code pe}; strides are 1 or more.");
            row(t.cNames("shmem_%s_p"), "void p(SymmetricMemory dest, long index, " + j + " value, int pe)",
                    ctx("p(" + l + ", dest, index, value, pe)"), "Stores one " + j + " on {@code pe}.");
            row(t.cNames("shmem_%s_g"), j + " g" + t.suffix() + "(SymmetricMemory src, long index, int pe)",
                    ctx("g(" + l + ", src, index, pe)"), "Loads one " + j + " from {@code pe}.");
            for (String op : List.of("putSignal", "putSignalNbi")) {
                String suffix = op.equals("putSignal") ? "" : "_nbi";
                row(t.cNames("shmem_%s_put_signal" + suffix, "shmem_put%d_signal" + suffix),
                        "void " + op + "(SymmetricMemory dest, long destIndex, " + j + "[] src, int srcIndex, int count,"
                                + " SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe)",
                        ctx(op + "(" + l + ", dest, destIndex, array(\"src\", src), srcIndex, count, sig, sigIndex,"
                                + " signal, sigOp, pe)"),
                        (suffix.isEmpty() ? "Puts" : "Non-blocking put of") + " {@code count} " + j
                                + " elements, then updates the signal word; the signal never arrives before the data.");
            }
        }
        // The 128-bit sized block-strided routines: 16-byte elements (Context.INT128) in a segment.
        row("shmem_ibput128", "void ibput128(SymmetricMemory dest, long destIndex, long dst, MemorySegment src,"
                        + " long srcIndex, long sst, long bsize, long nblocks, int pe)",
                ctx("ibput(Context.INT128, dest, destIndex, dst, src, srcIndex, sst, bsize, nblocks, pe)"),
                "Block-strided put of 16-byte elements; indices, strides and {@code bsize} count 16-byte elements.");
        row("shmem_ibget128", "void ibget128(MemorySegment dest, long destIndex, long dst, SymmetricMemory src,"
                        + " long srcIndex, long sst, long bsize, long nblocks, int pe)",
                ctx("ibget(Context.INT128, dest, destIndex, dst, src, srcIndex, sst, bsize, nblocks, pe)"),
                "Block-strided get of 16-byte elements; indices, strides and {@code bsize} count 16-byte elements.");
    }

    private void atomics() {
        group("Atomic memory operations");
        for (ElementType t : List.of(ElementType.AMO_INT, ElementType.AMO_LONG)) {
            atomicFamily(t, true);
        }
        for (ElementType t : List.of(ElementType.AMO_FLOAT, ElementType.AMO_DOUBLE)) {
            atomicFamily(t, false);
        }
    }

    /** The AMOs of one type; {@code integer} false gives the extended AMOs only (fetch, set, swap). */
    private void atomicFamily(ElementType t, boolean integer) {
        String j = t.java();
        String in = switch (j) {
            case "float" -> "Float.floatToRawIntBits(%s)";
            case "double" -> "Double.doubleToRawLongBits(%s)";
            default -> "%s";
        };
        String out = switch (j) {
            case "int" -> "(int) %s";
            case "float" -> "Float.intBitsToFloat((int) %s)";
            case "double" -> "Double.longBitsToDouble(%s)";
            default -> "%s";
        };
        List<String> std = t.cTypes();
        List<String> bitwise = t.bitwiseCTypes();
        // name, C op, C types, parameter of the operands (after dest/index), the operand arguments, fetching
        amo(t, "Fetch", "fetch", std, "", "", true, in, out, "Atomically loads one " + j + ".");
        amo(t, "Set", "set", std, ", " + j + " value", ", " + in.formatted("value"), false, in, out,
                "Atomically stores {@code value}.");
        amo(t, "Swap", "swap", std, ", " + j + " value", ", " + in.formatted("value"), true, in, out,
                "Atomically stores {@code value} and returns the old value.");
        if (!integer) {
            return;
        }
        amo(t, "CompareSwap", "compare_swap", std, ", " + j + " cond, " + j + " value", ", cond, value", true, in,
                out, "Stores {@code value} if the slot equals {@code cond}; returns the old value.");
        amo(t, "FetchInc", "fetch_inc", std, "", "", true, in, out, "Adds 1 and returns the old value.");
        amo(t, "Inc", "inc", std, "", "", false, in, out, "Adds 1.");
        amo(t, "FetchAdd", "fetch_add", std, ", " + j + " value", ", value", true, in, out,
                "Adds {@code value} (wrapping) and returns the old value.");
        amo(t, "Add", "add", std, ", " + j + " value", ", value", false, in, out, "Adds {@code value} (wrapping).");
        for (String[] op : new String[][] {{"And", "and"}, {"Or", "or"}, {"Xor", "xor"}}) {
            amo(t, "Fetch" + op[0], "fetch_" + op[1], bitwise, ", " + j + " value", ", value", true, in, out,
                    "Bitwise " + op[1] + " with {@code value}; returns the old value.");
            amo(t, op[0], op[1], bitwise, ", " + j + " value", ", value", false, in, out,
                    "Bitwise " + op[1] + " with {@code value}.");
        }
    }

    /**
     * One AMO and, when it fetches, its two non-blocking forms (array and segment fetch target). The object-API
     * method drops the facade's type suffix: {@code atomicFetchAddLong} delegates to {@code atomicFetchAdd(LONG, ...)}.
     */
    private void amo(ElementType t, String op, String cOp, List<String> cTypes, String params, String args,
                     boolean fetching, String in, String out, String doc) {
        String j = t.java();
        String target = op.equals("Fetch") ? "source" : "dest";
        String api = "atomic" + op;
        String name = api + t.suffix();
        Call call = ctx(api + "(" + t.token() + ", " + target + ", index" + args + ", pe)");
        row(ElementType.expand("shmem_%s_atomic_" + cOp, cTypes),
                (fetching ? j : "void") + " " + name + "(SymmetricMemory " + target + ", long index" + params + ", int pe)",
                fetching ? call.wrap(out) : call, doc);
        if (!fetching) {
            return;
        }
        List<String> nbiNames = ElementType.expand("shmem_%s_atomic_" + cOp + "_nbi", cTypes);
        String nbiDoc = "Non-blocking {@link #" + name + "}: the old value lands in {@code fetch[fetchIndex]} after"
                + " quiet().";
        String rest = ", " + target + ", index" + args + ", pe)";
        row(nbiNames, "void " + name + "Nbi(" + j + "[] fetch, int fetchIndex, SymmetricMemory " + target
                        + ", long index" + params + ", int pe)",
                ctx(api + "Nbi(" + t.token() + ", array(\"fetch\", fetch), fetchIndex" + rest), nbiDoc);
        row(nbiNames, "void " + name + "Nbi(MemorySegment fetch, long fetchIndex, SymmetricMemory " + target
                        + ", long index" + params + ", int pe)",
                ctx(api + "Nbi(" + t.token() + ", fetch, fetchIndex" + rest), nbiDoc
                        + " {@code fetchIndex} counts " + j + " elements of the segment.");
    }

    private void signals() {
        group("Signals");
        for (String op : List.of("putmemSignal", "putmemSignalNbi")) {
            String cName = op.equals("putmemSignal") ? "shmem_putmem_signal" : "shmem_putmem_signal_nbi";
            String doc = (op.equals("putmemSignal") ? "Puts" : "Non-blocking put of")
                    + " {@code bytes}, then updates the signal word {@code sig[sigIndex]} on {@code pe} with"
                    + " {@code sigOp}.";
            String tail = " long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe)";
            row(cName, "void " + op + "(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset," + tail,
                    ctx(op + "(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe)"), doc);
            row(cName, "void " + op + "(SymmetricMemory dest, long destOffset, SymmetricMemory src, long srcOffset,"
                            + tail,
                    ctx(op + "(dest, destOffset, local(\"src\", src), srcOffset, bytes, sig, sigIndex, signal, sigOp, pe)"),
                    doc + " The source is this PE's copy of a symmetric block.");
        }
        row("shmem_signal_add", "void signalAdd(SymmetricMemory sig, long index, long value, int pe)",
                ctx("signalAdd(sig, index, value, pe)"), "Atomically adds {@code value} to a signal word on {@code pe}.");
        row("shmem_signal_set", "void signalSet(SymmetricMemory sig, long index, long value, int pe)",
                ctx("signalSet(sig, index, value, pe)"), "Atomically stores a signal word on {@code pe}.");
        row("shmem_signal_fetch", "long signalFetch(SymmetricMemory sig, long index)",
                ctx("signalFetch(sig, index)"), "This PE's signal word, by an acquire load.");
        row("shmem_signal_wait_until", "long signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value)",
                ctx("signalWaitUntil(sig, index, cmp, value)"),
                "Blocks until this PE's signal word satisfies {@code cmp value} (unsigned) and returns it.");
    }

    private void pointToPoint() {
        group("Point-to-point synchronization");
        for (ElementType t : ElementType.SYNC) {
            String j = t.java();
            String s = t.suffix();
            String d = t.token();
            String v = switch (t.suffix()) {
                case "UnsignedShort" -> "Short.toUnsignedLong(value)";
                case "UnsignedInt" -> "Integer.toUnsignedLong(value)";
                default -> "value";
            };
            String values = j.equals("long") ? "values" : (t.unsigned() ? "widenUnsigned" : "widen")
                    + "(\"values\", values)";
            String cmpDoc = t.unsigned() ? " (compared as unsigned)" : "";
            row(t.cNames("shmem_%s_wait_until"), "void waitUntil" + s + "(SymmetricMemory ivar, long index, Cmp cmp, "
                            + j + " value)", ctx("waitUntil(" + d + ", ivar, index, cmp, " + v + ")"),
                    "Blocks until {@code ivar[index] cmp value}" + cmpDoc + ".");
            row(t.cNames("shmem_%s_wait"), "void wait" + s + "(SymmetricMemory ivar, long index, " + j + " value)",
                    ctx("waitUntil(" + d + ", ivar, index, Cmp.NE, " + v + ")"),
                    "Blocks until {@code ivar[index]} differs from {@code value} (OpenSHMEM's deprecated wait).");
            row(t.cNames("shmem_%s_test"), "boolean test" + s + "(SymmetricMemory ivar, long index, Cmp cmp, "
                            + j + " value)", ctx("test(" + d + ", ivar, index, cmp, " + v + ")"),
                    "Whether {@code ivar[index] cmp value} holds now" + cmpDoc + "; never blocks.");
            String[][] multi = {
                    {"waitUntilAll", "void", "wait_until_all", "Blocks until every variable not excluded by {@code status} satisfies the comparison."},
                    {"waitUntilAny", "int", "wait_until_any", "Blocks until one variable satisfies the comparison; returns its index (-1 when all are excluded)."},
                    {"waitUntilSome", "int", "wait_until_some", "Blocks until at least one variable satisfies the comparison; returns how many, their indices in {@code indices}."},
                    {"testAll", "boolean", "test_all", "Whether every variable not excluded satisfies the comparison now."},
                    {"testAny", "int", "test_any", "The index of a variable that satisfies the comparison now, or -1."},
                    {"testSome", "int", "test_some", "How many variables satisfy the comparison now; their indices in {@code indices}."}};
            for (boolean vector : new boolean[] {false, true}) {
                for (String[] m : multi) {
                    String some = m[0].endsWith("Some") ? " int[] indices," : "";
                    String someArg = m[0].endsWith("Some") ? " indices," : "";
                    String vs = vector ? "Vector" : "";
                    String last = vector ? j + "[] values" : j + " value";
                    String lastArg = vector ? values : v;
                    row(t.cNames("shmem_%s_" + m[2] + (vector ? "_vector" : "")),
                            m[1] + " " + m[0] + vs + s + "(SymmetricMemory ivars, long index, int nelems," + some
                                    + " int[] status, Cmp cmp, " + last + ")",
                            ctx(m[0] + vs + "(" + d + ", ivars, index, nelems," + someArg + " status, cmp, " + lastArg
                                    + ")"),
                            m[3] + (vector ? " One compare value per variable." : "")
                                    + (t.unsigned() ? " Compared as unsigned." : ""));
                }
            }
        }
    }

    private void orderingAndLocks() {
        group("Ordering and locks");
        row("shmem_quiet", "void quiet()", ctx("quiet()"),
                "Completes every outstanding operation of the default context and makes it visible at its target.");
        row("shmem_fence", "void fence()", ctx("fence()"),
                "Orders earlier operations to each PE before later ones to the same PE.");
        row(c("shmem_pe_quiet", "shmem_ctx_pe_quiet"), "void peQuiet(int... pes)", ctx("peQuiet(pes)"),
                "Completes the default context's outstanding operations to the given PEs.");
        row("shmem_set_lock", "void setLock(SymmetricMemory lock, long index)", rt("setLock(lock, index)"),
                "Blocks until this PE holds the distributed lock in word {@code index} of {@code lock} (fair).");
        row("shmem_test_lock", "boolean testLock(SymmetricMemory lock, long index)", rt("testLock(lock, index)"),
                "Takes the lock if free; true when this PE now holds it (C returns 0 then).");
        row("shmem_clear_lock", "void clearLock(SymmetricMemory lock, long index)", rt("clearLock(lock, index)"),
                "Quiets, then releases the lock; throws when this PE does not hold it.");
    }

    private void contexts() {
        group("Contexts");
        row("shmem_ctx_create", "Context ctxCreate(CtxOption... options)", rt("createCtx(options)"),
                "Creates a communication context over the world with its own quiet and fence.");
        row("shmem_ctx_destroy", "void ctxDestroy(Context ctx)",
                raw("if (notNull(\"ctx\", ctx) instanceof ShmemRuntime) {\n"
                        + "    throw new ShmemStateException(\"ctx is the default context (the runtime): it cannot be\"\n"
                        + "            + \" destroyed; destroy only contexts made by ctxCreate, finalize with\"\n"
                        + "            + \" finalizeShmem()\");\n"
                        + "}\nctx.close();", "ctx.close()"),
                "Completes the context's operations and destroys it; the default context cannot be destroyed.");
        row("shmem_ctx_get_team", "Team ctxGetTeam(Context ctx)", on("ctx", "team()"),
                "The team a context was created from (the world for the default context).");
        // OpenSHMEM 1.6 contexts: the invalid context and sessions
        row("SHMEM_CTX_INVALID", "Context ctxInvalid()", api("Context.INVALID"),
                "The invalid context: destroy, quiet, fence and sessions do nothing on it, its team is invalid,"
                        + " every other operation throws.");
        row("shmem_ctx_session_start", "void ctxSessionStart(Context ctx, long options, SessionConfig config,"
                        + " long configMask)", on("ctx", "sessionStart(options, config, configMask)"),
                "Starts (or extends) a session on {@code ctx}: options and config are hints, accepted and recorded.");
        row("shmem_ctx_session_stop", "void ctxSessionStop(Context ctx)", on("ctx", "sessionStop()"),
                "Ends the session on {@code ctx}; a stop without any start on that context is rejected.");
    }

    private void teams() {
        group("Teams");
        row("SHMEM_TEAM_WORLD", "Team teamWorld()", rt("teamWorld()"), "The team of every PE.");
        row("SHMEM_TEAM_SHARED", "Team teamShared()", rt("teamShared()"),
                "The PEs whose symmetric heaps this PE maps.");
        row("shmem_team_my_pe", "int teamMyPe(Team team)", on("team", "myPe()"),
                "This PE's number in {@code team}, -1 when invalid.");
        row("shmem_team_n_pes", "int teamNPes(Team team)", on("team", "nPes()"),
                "The number of PEs in {@code team}, -1 when invalid.");
        row("shmem_team_translate_pe", "int teamTranslatePe(Team srcTeam, int srcPe, Team destTeam)",
                on("srcTeam", "translatePe(srcPe, destTeam)"),
                "The number in {@code destTeam} of {@code srcTeam}'s PE {@code srcPe}, or -1.");
        row("shmem_team_get_config", "TeamConfig teamGetConfig(Team team)", on("team", "getConfig()"),
                "The configuration {@code team} was created with.");
        row("shmem_team_split_strided", "Team teamSplitStrided(Team parent, int start, int stride, int size,"
                        + " TeamConfig config)", on("parent", "splitStrided(start, stride, size, config)"),
                "Collective over {@code parent}: the team of its PEs start, start+stride, ..., with a configuration.");
        row("shmem_team_split_strided", "Team teamSplitStrided(Team parent, int start, int stride, int size)",
                on("parent", "splitStrided(start, stride, size)"),
                "Collective over {@code parent}: the team of its PEs start, start+stride, ... ({@code size} of them).");
        row("shmem_team_split_2d", "Team.Split2d teamSplit2d(Team parent, int xRange, TeamConfig xConfig,"
                        + " TeamConfig yConfig)", on("parent", "split2d(xRange, xConfig, yConfig)"),
                "Collective over {@code parent}: this PE's row and column teams, with configurations.");
        row("shmem_team_split_2d", "Team.Split2d teamSplit2d(Team parent, int xRange)", on("parent", "split2d(xRange)"),
                "Collective over {@code parent}: this PE's row and column teams of a grid {@code xRange} wide.");
        row("shmem_team_destroy", "void teamDestroy(Team team)", on("team", "destroy()"),
                "Collective: destroys {@code team} on this PE.");
        row("shmem_team_create_ctx", "Context teamCreateCtx(Team team, CtxOption... options)",
                on("team", "createCtx(options)"), "A communication context created from {@code team}.");
        row("shmem_team_sync", "void teamSync(Team team)", on("team", "sync()"),
                "Collective: waits until every member of {@code team} has arrived; completes no operations.");
        row("aclshmem_barrier", "void barrier(Team team)", on("team", "barrier()"),
                "Collective: quiets, then waits for every member of {@code team}.");
        row("shmem_barrier_all", "void barrierAll()", rt("barrierAll()"),
                "Collective: completes this PE's operations, then waits until every PE has arrived.");
        row("shmem_sync_all", "void syncAll()", rt("syncAll()"),
                "Collective: waits until every PE has arrived, without completing operations.");
        // Direct access to a team member's block
        row("shmem_team_ptr", "MemorySegment teamPtr(Team team, SymmetricMemory dest, int pe)",
                on("team", "ptr(dest, pe)").wrap("%s.orElse(null)"),
                "Team PE {@code pe}'s copy of {@code dest} when it is mapped in this process, else null (also for"
                        + " TEAM_INVALID); {@code pe} is numbered in {@code team}.");
    }

    private void collectives() {
        group("Collectives");
        String mem = "SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset";
        String typed = "ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source, long sourceIndex";
        String memArgs = "dest, destOffset, source, sourceOffset";
        String typedArgs = "type, dest, destIndex, source, sourceIndex";
        row("shmem_broadcastmem", "void broadcastmem(Team team, " + mem + ", long bytes, int root)",
                on("team", "broadcastmem(" + memArgs + ", bytes, root)"),
                "Collective: copies {@code bytes} from team PE {@code root} to every member.");
        row("shmem_TYPE_broadcast", "void broadcast(Team team, " + typed + ", long nelems, int root)",
                on("team", "broadcast(" + typedArgs + ", nelems, root)"),
                "Collective: typed broadcastmem of {@code nelems} elements of {@code type}.");
        row("shmem_fcollectmem", "void fcollectmem(Team team, " + mem + ", long bytes)",
                on("team", "fcollectmem(" + memArgs + ", bytes)"),
                "Collective: concatenates every member's {@code bytes} in team order into {@code dest}.");
        row("shmem_TYPE_fcollect", "void fcollect(Team team, " + typed + ", long nelems)",
                on("team", "fcollect(" + typedArgs + ", nelems)"),
                "Collective: typed fcollectmem of {@code nelems} elements per member.");
        row("shmem_collectmem", "long collectmem(Team team, " + mem + ", long bytes)",
                on("team", "collectmem(" + memArgs + ", bytes)"),
                "Collective: concatenates blocks of sizes that may differ per member; returns the total bytes.");
        row("shmem_TYPE_collect", "long collect(Team team, " + typed + ", long nelems)",
                on("team", "collect(" + typedArgs + ", nelems)"),
                "Collective: typed collectmem; returns the total number of elements.");
        row("shmem_alltoallmem", "void alltoallmem(Team team, " + mem + ", long bytes)",
                on("team", "alltoallmem(" + memArgs + ", bytes)"),
                "Collective: block j of this PE's source goes to block myPe() of team PE j's dest.");
        row("shmem_TYPE_alltoall", "void alltoall(Team team, " + typed + ", long nelems)",
                on("team", "alltoall(" + typedArgs + ", nelems)"), "Collective: typed alltoallmem.");
        row("shmem_alltoallsmem", "void alltoallsmem(Team team, " + mem + ", long dst, long sst, long bytes)",
                on("team", "alltoallsmem(" + memArgs + ", dst, sst, bytes)"), "Collective: strided alltoallmem.");
        row("shmem_TYPE_alltoalls", "void alltoalls(Team team, " + typed + ", long dst, long sst, long nelems)",
                on("team", "alltoalls(" + typedArgs + ", dst, sst, nelems)"),
                "Collective: strided alltoall; strides in elements, 1 or more.");
        String red = "DataType type, SymmetricMemory dest, long destIndex, SymmetricMemory source, long sourceIndex,"
                + " long count";
        String redArgs = "type, dest, destIndex, source, sourceIndex, count";
        row((String) null, "void reduce(Team team, ReduceOp op, " + red + ")", on("team", "reduce(op, " + redArgs + ")"),
                "Collective: {@code dest[i] = source_0[i] op ... op source_n-1[i]} on every member.");
        for (String op : List.of("and", "or", "xor", "max", "min", "sum", "prod")) {
            row("shmem_TYPE_" + op + "_reduce", "void " + op + "Reduce(Team team, " + red + ")",
                    on("team", "reduce(ReduceOp." + op.toUpperCase(java.util.Locale.ROOT) + ", " + redArgs + ")"),
                    "Collective: the " + op + " reduction of {@code count} elements of {@code type}.");
        }
        row("shmem_TYPE_sum_inscan", "void sumInscan(Team team, " + red + ")", on("team", "sumInscan(" + redArgs + ")"),
                "Collective inclusive prefix sum: team PE i receives source_0 + ... + source_i.");
        row("shmem_TYPE_sum_exscan", "void sumExscan(Team team, " + red + ")", on("team", "sumExscan(" + redArgs + ")"),
                "Collective exclusive prefix sum: team PE i receives source_0 + ... + source_i-1 (PE 0 zeros).");
    }

    private void instances() {
        group("Instances and status (CANN SHMEM)");
        row("aclshmemx_instance_ctx_get", "int currentInstance()", facade("Provider.get().currentInstance()"),
                "The id of the instance the facade works on.");
        row("aclshmemx_instance_ctx_set", "void setInstance(int instanceId)",
                facade("Provider.get().setInstance(instanceId)"),
                "Makes {@code instanceId} the instance the facade works on.");
        row((String) null, "InstanceScope withInstance(int instanceId)", facade("Provider.get().withInstance(instanceId)"),
                "Makes {@code instanceId} current until the scope is closed (CANN Python's multi_instance).");
        row("aclshmemx_finalize", "void finalizeShmem(int instanceId)",
                facade("Provider.get().finalizeInstance(instanceId)"),
                "Collective: finalizes instance {@code instanceId}.");
        row("aclshmemx_init_status", "InitStatus initStatus()",
                facade("Provider.get().initStatus(Provider.get().currentInstance())"),
                "The status of the current instance.");
        row("aclshmemx_init_status", "InitStatus initStatus(int instanceId)",
                facade("Provider.get().initStatus(instanceId)"), "The status of instance {@code instanceId}.");
        row("aclshmemx_set_conf_store_tls", "void setConfStoreTls(boolean enabled, String tlsInfo)",
                facade("Provider.get().setConfStoreTls(enabled, tlsInfo)"),
                "Chooses TLS for the rendezvous of every later init and unique id of this process (before init).");
    }

    private void streams() {
        group("Streams (CANN SHMEM)");
        row("aclrtCreateStream", "Stream createStream()", rt("createStream()"),
                "A new stream of the current instance: an ordered queue with its own thread.");
        row((String) null, "Stream defaultStream()", rt("defaultStream()"),
                "The current instance's default stream (CANN's NULL stream).");
        String put = "(dest, destOffset, src, srcOffset, bytes, pe)";
        row("aclshmemx_putmem_on_stream", "void putmemOnStream(SymmetricMemory dest, long destOffset,"
                        + " MemorySegment src, long srcOffset, long bytes, int pe, Stream stream)",
                on("stream", "putmem" + put), "Queues a putmem on {@code stream}.");
        row("aclshmemx_putmem_on_stream", "void putmemOnStream(SymmetricMemory dest, long destOffset,"
                        + " SymmetricMemory src, long srcOffset, long bytes, int pe, Stream stream)",
                on("stream", "putmem(dest, destOffset, local(\"src\", src), srcOffset, bytes, pe)"),
                "Queues a putmem from this PE's copy of a symmetric block on {@code stream}.");
        row("aclshmemx_getmem_on_stream", "void getmemOnStream(MemorySegment dest, long destOffset,"
                        + " SymmetricMemory src, long srcOffset, long bytes, int pe, Stream stream)",
                on("stream", "getmem" + put), "Queues a getmem on {@code stream}.");
        row("aclshmemx_getmem_on_stream", "void getmemOnStream(SymmetricMemory dest, long destOffset,"
                        + " SymmetricMemory src, long srcOffset, long bytes, int pe, Stream stream)",
                on("stream", "getmem(local(\"dest\", dest), destOffset, src, srcOffset, bytes, pe)"),
                "Queues a getmem into this PE's copy of a symmetric block on {@code stream}.");
        row("aclshmemx_quiet_on_stream", "void quietOnStream(Stream stream)", on("stream", "quiet()"),
                "Queues a quiet of the stream's context.");
        row("aclshmemx_signal_op_on_stream", "void signalOpOnStream(SymmetricMemory sig, long index, long value,"
                        + " SignalOp op, int pe, Stream stream)", on("stream", "signalOp(sig, index, value, op, pe)"),
                "Queues an update of a remote signal word, fenced after the stream's earlier puts.");
        row("aclshmemx_signal_wait_until_on_stream", "void signalWaitUntilOnStream(SymmetricMemory sig, long index,"
                        + " Cmp cmp, long value, Stream stream)", on("stream", "signalWaitUntil(sig, index, cmp, value)"),
                "Queues a wait until this PE's signal word satisfies {@code cmp value}.");
        row("aclshmemx_barrier_on_stream", "void barrierOnStream(Team team, Stream stream)",
                on("stream", "barrier(team)"), "Queues a barrier over {@code team}; collective.");
        row("aclshmemx_barrier_all_on_stream", "void barrierAllOnStream(Stream stream)", on("stream", "barrierAll()"),
                "Queues a barrier over every PE; collective.");
        row("aclshmemx_handle_wait", "void handleWait(Handle handle, Stream stream)",
                rt("handleWait(handle, stream)"),
                "Queues a quiet of {@code stream}, then a barrier over the handle's team.");
    }

    private void cannExtensions() {
        group("Engines, profiling and logging (CANN SHMEM)");
        for (String[] e : new String[][] {{"Mte", "mte", "the MTE (shared-memory engine) workspace"},
                {"Sdma", "sdma", "the SDMA (copy engine) workspace"},
                {"Rdma", "rdma", "the RDMA (UCX engine) workspace; at least 128 bytes"},
                {"Udma", "udma", "the UDMA workspace; at least 128 bytes"}}) {
            String name = "set" + e[0] + "Config";
            row("aclshmemx_set_" + e[1] + "_config", "void " + name + "(long workspaceOffset, long workspaceBytes,"
                            + " long syncId)",
                    lifecycle(name, name + "(workspaceOffset, workspaceBytes, syncId)", false), "Sets " + e[2] + ".");
        }
        // CANN SHMEM rows: engine settings in effect, queue pairs per peer, TLS key with decrypt callback.
        row((String) null, "java.util.Map<String, Object> engineSettings(DataOpEngine engine)",
                rt("engineSettings(engine)"), "What the engine {@code engine} names really runs with on this PE"
                        + " (which config fields act: {@code actingFields}).");
        row("aclshmemx_set_qp_num", "void setQpNum(DataOpEngine engine, int qpNum)",
                facade("Provider.get().setQpNum(engine, qpNum)"),
                "Queue pairs per peer (1..32) of every later init: RDMA only, applied to the UCX engine as"
                        + " UCX_MAX_RNDV_RAILS; MTE, SDMA and UDMA are rejected with the reason (before init).");
        row((String) null, "int qpNum(DataOpEngine engine)", facade("Provider.get().qpNum(engine)"),
                "The queue pairs per peer setQpNum set for {@code engine}; 0 when unset (UCX's own lanes).");
        row("aclshmemx_set_config_store_tls_key", "void setConfStoreTlsKey(String privateKey, byte[] password,"
                        + " TlsKeyDecryptor decrypt)", facade("Provider.get().setConfStoreTlsKey(privateKey, password,"
                        + " decrypt)"),
                "The rendezvous' TLS private key (PEM text or file), its protected password and the callback that"
                        + " decrypts it (before init).");
        row("aclshmemx_get_prof", "java.util.Optional<ProfData> getProf(boolean verbose)", rt("getProf(verbose)"),
                "This PE's profiling data, printed as a table when {@code verbose}; empty when not profiled.");
        row("aclshmemx_show_prof", "void showProf()", rt("showProf()"), "Prints this PE's profiling table.");
        row("aclshmemx_set_log_level", "void setLogLevel(int level)",
                facade("Provider.get().setLogLevel(level)"),
                "Sets the log level: 0 debug, 1 info, 2 warn, 3 error, 4 fatal (SHMEM_LOG_LEVEL wins); works before"
                        + " init.");
        row("aclshmemx_set_extern_logger", "void setExternLogger(ExternalLogger logger)",
                facade("Provider.get().setExternLogger(logger)"),
                "Sends every jshmem log message to {@code logger} instead of standard error (null restores it).");
    }
}
