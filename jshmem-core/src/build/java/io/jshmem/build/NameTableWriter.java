package io.jshmem.build;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Renders {@code docs/name-table.md} from the routine table: one row per OpenSHMEM / CANN SHMEM routine, the facade
 * method(s) that serve it and the object-API call they delegate to. Stateless.
 */
final class NameTableWriter {
    private NameTableWriter() {
    }

    static String markdown(List<Routine> table) {
        Map<String, List<Routine>> byCName = new LinkedHashMap<>();
        List<Routine> additions = new ArrayList<>();
        for (Routine r : table) {
            if (r.cNames().isEmpty()) {
                additions.add(r);
            }
            for (String c : r.cNames()) {
                byCName.computeIfAbsent(c, k -> new ArrayList<>()).add(r);
            }
        }
        StringBuilder sb = new StringBuilder(INTRO.replace("@ROUTINES@", Integer.toString(byCName.size()))
                .replace("@METHODS@", Integer.toString(table.size()))
                .replace("@COMMAND@", FacadeGenerator.REGENERATE_COMMAND));
        String group = null;
        for (Map.Entry<String, List<Routine>> e : byCName.entrySet()) {
            String g = e.getValue().getFirst().group();
            if (!g.equals(group)) {
                group = g;
                sb.append("\n## ").append(g).append("\n\n")
                        .append("| OpenSHMEM / CANN SHMEM | facade (`io.jshmem.Shmem`) | object API |\n")
                        .append("|---|---|---|\n");
            }
            row(sb, "`" + e.getKey() + "`", e.getValue());
        }
        sb.append("\n## jshmem additions (no C routine)\n\n")
                .append("| | facade (`io.jshmem.Shmem`) | object API |\n")
                .append("|---|---|---|\n");
        for (Routine r : additions) {
            row(sb, "", List.of(r));
        }
        sb.append(NOT_PROVIDED);
        return sb.toString();
    }

    private static void row(StringBuilder sb, String first, List<Routine> routines) {
        Set<String> facade = new LinkedHashSet<>();
        Set<String> api = new LinkedHashSet<>();
        for (Routine r : routines) {
            facade.add("`" + r.facadeSignature() + "`");
            api.add(r.delegate() == null ? "— (facade only)" : "`" + r.delegate() + "`");
        }
        sb.append("| ").append(first).append(" | ").append(String.join("<br>", facade)).append(" | ")
                .append(String.join("<br>", api)).append(" |\n");
    }

    private static final String INTRO = """
            # Name table: OpenSHMEM 1.6 / CANN SHMEM → jshmem

            <!-- GENERATED from jshmem-core/src/build/java/io/jshmem/build/RoutineTable.java; do not edit.
                 Regenerate: @COMMAND@ -->

            @ROUTINES@ C routines, served by @METHODS@ methods of the static facade `io.jshmem.Shmem`. The facade and
            this table are generated from one routine table by the build, and `NameTableDriftTest` fails when this file
            differs from what the table generates, so the table cannot lie about the facade.

            How to read the object-API column: `ctx` is a `Context` (for the facade, the default context of the current
            runtime, `Shmem.current()`), `rt` a `ShmemRuntime`, `team` a `Team`, `stream` a `Stream`. Every
            `shmem_ctx_*` data routine (`shmem_ctx_long_put`, `shmem_ctx_quiet`, ...) is the same call on a created
            `Context` (`ctx.put(ValueLayout.JAVA_LONG, ...)`, `ctx.quiet()`). Indices, counts and strides count elements
            of the routine's type; offsets and sizes of the `...mem` routines count bytes.

            C types map to Java types by width: `char`, `schar`, `uchar`, `int8`, `uint8` → `byte`;
            `short`, `ushort`, `int16`, `uint16` → `short`; `int`, `uint`, `int32`, `uint32` → `int`;
            `long`, `longlong`, `ulong`, `ulonglong`, `int64`, `uint64`, `size`, `ptrdiff` → `long`; `float`, `double`
            as themselves. For the routines that take a type token (`shmem_TYPE_broadcast`, the reductions and scans)
            the token is the `ValueLayout` of that Java type (`ValueLayout.JAVA_LONG`) or the `DataType` of the C type
            (`DataType.ULONG` for `ulong`, `DataType.COMPLEXD` for `complexd`). The unsigned waits
            (`waitUntilUnsignedLong`, ...) compare as unsigned; the signed and unsigned names of the RMA and atomic
            routines share one Java method, as the bits are the same. Allocation (`malloc`, `calloc`, `align`,
            `realloc`, `free`) and the engine configurations run under the instance registry's lifecycle lock, so they
            wait while another thread holds an `InstanceScope`.
            """;

    private static final String NOT_PROVIDED = """

            ## Constants, kernels and tools

            | OpenSHMEM / CANN SHMEM | jshmem |
            |---|---|
            | `SHMEM_CMP_EQ`, `_NE`, `_GT`, `_GE`, `_LT`, `_LE` | `Cmp.EQ` .. `Cmp.LE`; `Cmp.fromCode(int)` for C's integer codes |
            | `SHMEM_SIGNAL_SET`, `SHMEM_SIGNAL_ADD` | `SignalOp.SET`, `SignalOp.ADD`; `SignalOp.fromCode(int)` |
            | `SHMEM_THREAD_SINGLE` .. `SHMEM_THREAD_MULTIPLE` | `ThreadLevel` |
            | `SHMEM_CTX_PRIVATE`, `_SERIALIZED`, `_NOSTORE` | `CtxOption` |
            | `SHMEM_TEAM_INVALID` | a `Team` whose `isValid()` is false (what a split gives non-members) |
            | `SHMEM_MALLOC_ATOMICS_REMOTE`, `SHMEM_MALLOC_SIGNAL_REMOTE` | `ShmemRuntime.MALLOC_ATOMICS_REMOTE` (1), `MALLOC_SIGNAL_REMOTE` (2); `SymmetricMemory.hints()` |
            | `aclshmem_mem_type_t` (`HOST_SIDE`, `DEVICE_SIDE`), `Buffer.mem_type`, `Buffer.instance_id` | `MemType`; `SymmetricMemory.memType()`, `instanceId()`; DEVICE_SIDE through an `io.jshmem.spi.MemoryKindProvider` (ServiceLoader) |
            | `aclshmemx_init_attr_t` | `InitAttributes` (`instanceId`, `dataOpEngines`, `connectTimeout`, `controlTimeout`) |
            | `aclshmem_handle_t` | `Handle` (`new Handle(team)`, `Handle.world(rt)`) |
            | kernel launch with the device API | `stream.launch(ctx -> { ctx.p(...); ctx.quiet(); })` (`Kernel`) |
            | `aclrtSynchronizeStream`, `aclrtDestroyStream` | `stream.synchronize()`, `stream.destroy()` |
            | `SHMEMI_PROF_START` / `SHMEMI_PROF_END` | `try (ProfScope s = rt.profStart(frame)) { ... }` |
            | `shmem-config --version`, `--diagnose` | `bin/shmem-config --version`, `--diagnose`; in a job `rt.diagnostics()` |

            ## Not provided

            - `longdouble` forms (`shmem_longdouble_put`, ...): Java has no such type; move the bytes with `putmem` / `getmem`.
            - `shmem_put128`, `shmem_get128`, `shmem_iput128`, `shmem_iget128` and their `_nbi` forms: use `putmem` /
              `getmem` with 16 bytes per element.
            - The deprecated active-set collectives (`shmem_broadcast64`, `shmem_long_sum_to_all`, `pSync` arrays) and
              `shmem_barrier(PE_start, ...)`: use the team collectives above.
            """;
}
