package io.jshmem.operand;

import io.jshmem.SymmetricMemory;
import io.jshmem.config.ArgumentChecks;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;

/**
 * The one place that validates the operands of every public entry point (object API, facade, streams, team
 * collectives, handles, nbi fetch targets): PE range, a buffer's instance and liveness, index/count/stride/offset
 * ranges, alignment and null references.
 *
 * <p>Ranges are checked without any multiplication that could wrap: a count of {@code size}-byte elements is compared
 * against {@code limit / size} before any product is formed, so {@code index * size} and the strided span are
 * computed only once they are known to fit. A zero-length range (count or bytes 0) checks signs and handles but not
 * the position, and the caller then does nothing (OpenSHMEM makes zero-length transfers no-ops); a null buffer, local
 * or symmetric, stands for an empty one there ({@code shmem_putmem(NULL, NULL, 0, pe)}), and only there.
 *
 * <p>Local segments are checked for what the JDK would otherwise find only when the bytes move: liveness (an open
 * arena), owner thread (a confined arena of another thread) and access mode (read-only where the call writes), so
 * these too are rejected before anything is read or written on any PE, with the argument's name.
 *
 * <p>Messages (argument, value, valid range, what to do) are built only when a check fails, in {@link OperandErrors};
 * the checked path allocates nothing. {@link #CHECKS} ({@code JSHMEM_CHECKS}, read once per process) turns every
 * check off at once, as Agrona's bounds-check flag does; with checks off a bad argument is undefined behaviour.
 * Stateless and thread-safe.
 */
public final class Operands {
    /** Whether operand checks run ({@code JSHMEM_CHECKS}); fixed for the life of the process. */
    public static final boolean CHECKS = Settings.fromEnvironment().bool(Setting.CHECKS);

    private Operands() {
    }

    /** Checks {@code 0 <= pe < nPes}. */
    public static void pe(String name, int pe, int nPes) {
        ArgumentChecks.pe(name, pe, nPes);
    }

    /**
     * Checks {@code 0 <= pe < nPes} for a PE of {@code team}'s numbering (a team context's target); the message
     * names the team and its size. {@code team} null means the world.
     */
    public static void pe(String name, int pe, int nPes, Object team) {
        if (Integer.compareUnsigned(pe, nPes) >= 0) {
            throw team == null ? ArgumentChecks.peError(name, pe, nPes) : OperandErrors.teamPe(name, pe, nPes, team);
        }
    }

    /** Rejects null. */
    public static <T> T notNull(String name, T value) {
        return ArgumentChecks.notNull(name, value);
    }

    /** The byte size of an element type token, which must be one byte or more. */
    public static long elementSize(String name, MemoryLayout type) {
        long size = notNull(name, type).byteSize();
        if (size < 1) {
            throw OperandErrors.emptyType(name, type);
        }
        return size;
    }

    /** Checks {@code count >= 0}. */
    public static long count(String name, long count) {
        if (count < 0) {
            throw OperandErrors.negative(name, count);
        }
        return count;
    }

    /** Checks {@code stride >= 1}. */
    public static void stride(String name, long stride) {
        if (stride < 1) {
            throw OperandErrors.stride(name, stride);
        }
    }

    /**
     * The live block behind {@code mem}, checked to be a jshmem block of {@code owner}'s instance and not freed.
     *
     * @param owner the instance identity of the calling context ({@link SymmetricBlock#owner()})
     */
    public static SymmetricBlock block(String name, SymmetricMemory mem, Object owner) {
        if (mem instanceof SymmetricBlock b && b.owner() == owner && b.isLive()) {
            return b;
        }
        throw OperandErrors.unusableBlock(name, mem, owner);
    }

    /**
     * As {@link #block(String, SymmetricMemory, Object)} for the operand of a range of {@code count} elements: a null
     * {@code mem} with {@code count} 0 is the empty block ({@link SymmetricBlock#EMPTY}, 0 bytes at offset 0), which
     * the range check then accepts at any non-negative index. Decided on the failure path only.
     */
    public static SymmetricBlock block(String name, SymmetricMemory mem, Object owner, long count) {
        if (mem instanceof SymmetricBlock b && b.owner() == owner && b.isLive()) {
            return b;
        }
        if (mem == null && count == 0) {
            return SymmetricBlock.EMPTY;
        }
        throw OperandErrors.unusableBlock(name, mem, owner);
    }

    /**
     * As {@link #block(String, SymmetricMemory, Object, long)} for the symmetric operand of a contiguous put or get,
     * the only calls that also take a block of a provided memory kind: for a live {@link KindBlock} of {@code owner}'s
     * instance, elements {@code [index, index + count)} of {@code size} bytes are checked against that block here and
     * {@link SymmetricBlock#KIND_ROUTE} is returned, so that {@link #inBlock} then gives a negative offset, the sign
     * the caller routes on (then {@link #kindOffset}). The kind is recognized only where the host check would throw,
     * so a host block goes through the very checks of {@link #block(String, SymmetricMemory, Object, long)}.
     */
    public static SymmetricBlock rmaBlock(String name, SymmetricMemory mem, Object owner, String indexName,
                                          long index, String countName, long count, long size) {
        if (mem instanceof SymmetricBlock b && b.owner() == owner && b.isLive()) {
            return b;
        }
        if (mem == null && count == 0) {
            return SymmetricBlock.EMPTY;
        }
        return kindRoute(name, mem, owner, indexName, index, countName, count, size);
    }

    /** {@link #rmaBlock}'s failure path: a kind block checked against its own range, or the operand's error. */
    private static SymmetricBlock kindRoute(String name, SymmetricMemory mem, Object owner, String indexName,
                                            long index, String countName, long count, long size) {
        if (!(mem instanceof KindBlock k && k.owner() == owner && k.isLive())) {
            throw OperandErrors.unusableBlock(name, mem, owner);
        }
        if (!fits(index, count, size, k.byteSize())) {
            throw OperandErrors.outside(indexName, index, countName, count, size, k.byteSize(), name,
                    k.memType() + " block of memory kind '" + k.provider() + "'");
        }
        return SymmetricBlock.KIND_ROUTE;
    }

    /**
     * The offset a contiguous put or get uses with checks off ({@link #CHECKS} false): the host heap offset of
     * element {@code index} of a host block, 0 for a null one, and for a {@link KindBlock} the negative offset that
     * routes the call to the kind's copies, as {@link #rmaBlock} does with checks on. Not on the host block's path
     * (its caller tests for a host block first).
     */
    public static long uncheckedRmaOffset(SymmetricMemory mem, long index, long size) {
        if (mem == null) {
            return 0;
        }
        long at = index * size;
        return mem instanceof KindBlock ? SymmetricBlock.KIND_ROUTE.heapOffset() + at : mem.heapOffset() + at;
    }

    /**
     * The byte offset in {@code block}'s kind heap of the negative offset {@code routed} that a contiguous put or get
     * got for it ({@link #rmaBlock} with {@link #inBlock}, or {@link #uncheckedRmaOffset}).
     */
    public static long kindOffset(KindBlock block, long routed) {
        return block.heapOffset() + (routed - SymmetricBlock.KIND_ROUTE.heapOffset());
    }

    /**
     * The live block of a provided memory kind behind {@code mem}, checked to be of {@code owner}'s instance and not
     * freed (free, ptr and team ptr of DEVICE_SIDE buffers; and the contiguous put and get, which route it to the
     * kind's copies).
     */
    public static KindBlock kindBlock(String name, SymmetricMemory mem, Object owner) {
        if (mem instanceof KindBlock b && b.owner() == owner && b.isLive()) {
            return b;
        }
        throw OperandErrors.unusableBlock(name, mem, owner);
    }

    /** Checks that {@code hints} sets no bit outside {@code valid} (malloc_with_hints). */
    public static long hints(String name, long hints, long valid) {
        if ((hints & ~valid) != 0) {
            throw OperandErrors.hints(name, hints, valid);
        }
        return hints;
    }

    /** Checks that {@code mem} (already known to be a buffer of the instance) comes from the heap of {@code kind}. */
    public static void memType(String name, SymmetricMemory mem, io.jshmem.MemType kind) {
        if (mem.memType() != kind) {
            throw OperandErrors.memType(name, mem, kind);
        }
    }

    /**
     * Heap offset of elements {@code [index, index + count)} of {@code size} bytes inside {@code block}.
     */
    public static long inBlock(SymmetricBlock block, String name, String indexName, long index, String countName,
                               long count, long size) {
        long limit = block.byteSize();
        if (!fits(index, count, size, limit)) {
            throw OperandErrors.outside(indexName, index, countName, count, size, limit, name, "symmetric block");
        }
        return block.heapOffset() + (count == 0 ? 0 : index * size);
    }

    /**
     * Checks a local segment operand and elements {@code [index, index + count)} of {@code size} bytes inside it: the
     * segment is alive (its arena open), accessible by the calling thread (not confined to another one) and, when the
     * call {@code writes} into it, not read-only. These are the JDK's own access checks, made here, before anything
     * is read or written on any PE, so that a rejected call has changed nothing and its message names the argument.
     * A null segment stands for an empty one: accepted with {@code count} 0 (and {@code index >= 0}) only.
     */
    public static void inSegment(MemorySegment segment, String name, String indexName, long index,
                                 String countName, long count, long size, boolean writes) {
        if (segment == null) {
            absent(name, indexName, index, countName, count);
            return;
        }
        Thread me = Thread.currentThread();
        // One branch for range and state together (see fits on why branches cost inlining).
        if (!(fits(index, count, size, segment.byteSize()) & usable(segment, writes, me))) {
            throw OperandErrors.segment(segment, name, writes, me, null, indexName, index, countName, count, size);
        }
    }

    /**
     * Checks a local segment that another thread will read or write ({@code user}, a stream's worker): alive,
     * accessible by {@code user}, writable when written, and the range; null only with {@code count} 0.
     */
    public static void inSegmentFor(Thread user, MemorySegment segment, String name, String indexName, long index,
                                    String countName, long count, long size, boolean writes) {
        if (segment == null) {
            absent(name, indexName, index, countName, count);
            return;
        }
        if (!(fits(index, count, size, segment.byteSize()) & usable(segment, writes, user))) {
            throw OperandErrors.segment(segment, name, writes, Thread.currentThread(), user, indexName, index,
                    countName, count, size);
        }
    }

    /**
     * Whether {@code thread} may access {@code segment} now, for writing when {@code writes}: the arena is open, the
     * segment is not confined to another thread, and it is not read-only if written. Non-short-circuit on purpose:
     * no branch per condition on the hot path.
     */
    static boolean usable(MemorySegment segment, boolean writes, Thread thread) {
        return segment.scope().isAlive() & segment.isAccessibleBy(thread) & !(writes & segment.isReadOnly());
    }

    /** A null local operand: fine for an empty range from a non-negative position, otherwise the argument's error. */
    private static void absent(String name, String indexName, long index, String countName, long count) {
        if (count < 0) {
            throw OperandErrors.negative(countName, count);
        }
        if (count != 0) {
            throw OperandErrors.nullSegment(name, countName, count);
        }
        if (index < 0) {
            throw OperandErrors.negative(indexName, index);
        }
    }

    /**
     * Heap offset of the strided elements {@code index + k*stride}, {@code k < count}, inside {@code block}
     * ({@code count} 0 checks signs only).
     */
    public static long stridedInBlock(SymmetricBlock block, String name, String indexName, long index,
                                      String strideName, long stride, String countName, long count, long size) {
        stride(strideName, stride);
        long limit = block.byteSize();
        if (!stridedFits(index, stride, count, size, limit)) {
            throw OperandErrors.stridedOutside(indexName, index, strideName, stride, countName, count, size, limit,
                    name, "symmetric block");
        }
        return block.heapOffset() + (count == 0 ? 0 : index * size);
    }

    /**
     * Checks the strided elements {@code index + k*stride}, {@code k < count}, inside a local segment, and the
     * segment's state as {@link #inSegment} does.
     */
    public static void stridedInSegment(MemorySegment segment, String name, String indexName, long index,
                                        String strideName, long stride, String countName, long count,
                                        long size, boolean writes) {
        stride(strideName, stride);
        if (segment == null) {
            absent(name, indexName, index, countName, count);
            return;
        }
        Thread me = Thread.currentThread();
        if (!usable(segment, writes, me)) {
            throw OperandErrors.segment(segment, name, writes, me, null, indexName, index, countName, count, size);
        }
        if (!stridedFits(index, stride, count, size, segment.byteSize())) {
            throw OperandErrors.stridedOutside(indexName, index, strideName, stride, countName, count, size,
                    segment.byteSize(), name, "local segment");
        }
    }

    /**
     * Heap offset of the block-strided elements of {@code shmem_ibput} / {@code shmem_ibget}: {@code nblocks} blocks
     * of {@code bsize} contiguous elements, block {@code k} starting at element {@code index + k*stride}, inside
     * {@code block}. The span, {@code (nblocks-1)*stride + bsize} elements, is checked without forming that product;
     * {@code bsize} or {@code nblocks} 0 checks signs and the stride only.
     */
    public static long blockStridedInBlock(SymmetricBlock block, String name, String indexName, long index,
                                           String strideName, long stride, String bsizeName, long bsize,
                                           String nblocksName, long nblocks, long size) {
        stride(strideName, stride);
        long limit = block.byteSize();
        if (!blockStridedFits(index, stride, bsize, nblocks, size, limit)) {
            throw OperandErrors.blockStridedOutside(indexName, index, strideName, stride, bsizeName, bsize,
                    nblocksName, nblocks, size, limit, name, "symmetric block");
        }
        return block.heapOffset() + (bsize == 0 || nblocks == 0 ? 0 : index * size);
    }

    /** As {@link #blockStridedInBlock} for a local segment, whose state is checked as {@link #inSegment} does. */
    public static void blockStridedInSegment(MemorySegment segment, String name, String indexName, long index,
                                             String strideName, long stride, String bsizeName, long bsize,
                                             String nblocksName, long nblocks, long size, boolean writes) {
        stride(strideName, stride);
        if (segment == null) {
            if ((bsize | nblocks) < 0) {
                throw OperandErrors.negative(bsize < 0 ? bsizeName : nblocksName, Math.min(bsize, nblocks));
            }
            absent(name, indexName, index, nblocksName, bsize == 0 ? 0 : nblocks);
            return;
        }
        Thread me = Thread.currentThread();
        if (!usable(segment, writes, me)) {
            throw OperandErrors.segment(segment, name, writes, me, null, indexName, index, nblocksName, nblocks, size);
        }
        if (!blockStridedFits(index, stride, bsize, nblocks, size, segment.byteSize())) {
            throw OperandErrors.blockStridedOutside(indexName, index, strideName, stride, bsizeName, bsize,
                    nblocksName, nblocks, size, segment.byteSize(), name, "local segment");
        }
    }

    /**
     * Heap offset of the naturally aligned {@code size}-byte slot {@code index} of {@code block} (atomics, signals,
     * waits, locks).
     */
    public static long slot(SymmetricBlock block, String name, long index, long size) {
        long off = inBlock(block, name, "index", index, "count", 1, size);
        if ((off & (size - 1)) != 0) {
            throw OperandErrors.misaligned(name, index, off, size);
        }
        return off;
    }

    /** Heap offset of {@code count} naturally aligned slots from {@code index} (vector waits). */
    public static long slots(SymmetricBlock block, String name, long index, long count, long size) {
        long off = inBlock(block, name, "index", index, "nelems", count, size);
        if ((off & (size - 1)) != 0) {
            throw OperandErrors.misaligned(name, index, off, size);
        }
        return off;
    }

    /**
     * Checks the naturally aligned element {@code index} of a local fetch segment (nbi atomics): alive, of this
     * thread, writable, in range; checked before the atomic runs, so a bad fetch segment changes nothing anywhere.
     */
    public static void fetchSlot(MemorySegment fetch, long index, long size) {
        if (fetch == null) {
            throw ArgumentChecks.nullError("fetch");
        }
        inSegment(fetch, "fetch", "fetchIndex", index, "count", 1, size, true);
        if (((fetch.address() + index * size) & (size - 1)) != 0 && fetch.isNative()) {
            throw OperandErrors.misaligned("fetch", index, fetch.address() + index * size, size);
        }
    }

    /**
     * Whether {@code [index, index+count)} of {@code size}-byte elements lies in {@code limit} bytes; zero-length
     * ranges only need non-negative arguments. No product is formed before it is known to fit.
     */
    static boolean fits(long index, long count, long size, long limit) {
        long cap = capacity(limit, size);
        // Branch-free: every comparison written as a branch (javac compiles even a non-short-circuit boolean that
        // way) becomes its own uncommon trap in compiled code once its profile says it never fails, and those traps
        // are most of the compiled size of an RMA call; a call compiled larger than InlineSmallCode (2500 bytes on
        // x86-64) is no longer inlined into the caller's loop (getmem of 8 bytes: 2920 bytes; 7.6 ns called, 5.9
        // inlined). Here one sign test decides: index and count are non-negative, and unless count is 0 (empty is
        // -1 then, else 0) both cap - index and cap - index - count are too. cap - index cannot wrap (both are
        // non-negative when it matters), and cap - index - count cannot wrap once cap - index is non-negative.
        long empty = (count - 1) >> 63;
        long room = cap - index;
        return (index | count | ((room | (room - count)) & ~empty)) >= 0;
    }

    /**
     * How many whole {@code size}-byte elements {@code limit} bytes hold. Element sizes are powers of two (every
     * ValueLayout and DataType), so this is a shift on the hot path, not a 64-bit division.
     */
    static long capacity(long limit, long size) {
        return (size & (size - 1)) == 0 ? limit >>> Long.numberOfTrailingZeros(size) : limit / size;
    }

    /** As {@link #fits} for {@code count} elements {@code stride} apart (stride already at least 1). */
    static boolean stridedFits(long index, long stride, long count, long size, long limit) {
        if ((index | count) < 0) {
            return false;
        }
        if (count == 0) {
            return true;
        }
        long cap = capacity(limit, size);
        return index < cap && (count - 1) <= (cap - 1 - index) / stride;
    }

    /**
     * Whether {@code nblocks} blocks of {@code bsize} elements, {@code stride} apart (at least 1), starting at
     * {@code index}, lie in {@code limit} bytes: the last element is {@code index + (nblocks-1)*stride + bsize - 1},
     * compared as {@code (nblocks-1) <= (cap-index-bsize)/stride} so no product can wrap.
     */
    static boolean blockStridedFits(long index, long stride, long bsize, long nblocks, long size, long limit) {
        if ((index | bsize | nblocks) < 0) {
            return false;
        }
        if (bsize == 0 || nblocks == 0) {
            return true;
        }
        long cap = capacity(limit, size);
        return index <= cap && bsize <= cap - index && (nblocks - 1) <= (cap - index - bsize) / stride;
    }
}
