package io.jshmem;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Set;

/**
 * A communication context: OpenSHMEM's one-sided operations (RMA, atomics, signals), point-to-point waits and the
 * ordering calls {@link #quiet()} and {@link #fence()}. {@link ShmemRuntime} is the default context;
 * {@link ShmemRuntime#createCtx(CtxOption...)} and {@link Team#createCtx(CtxOption...)} make more.
 *
 * <h2>Shape</h2>
 * A type token selects the element width instead of a method per type: a {@link ValueLayout} for operations that
 * only move bytes (typed put/get, p/g), a {@link DataType} where the value's meaning matters (atomics, waits).
 * Indices, counts and strides are in elements of the token's type; offsets and byte counts of the
 * {@code ...mem} forms are in bytes. The local operand of a transfer is a {@link MemorySegment}: a native segment,
 * a Java array wrapped by {@code MemorySegment.ofArray}, or this PE's copy of a symmetric block
 * ({@link SymmetricMemory#local()}). The {@link Shmem} facade keeps one OpenSHMEM-named method per C routine on top.
 *
 * <h2>Completion and ordering (VarHandle terms)</h2>
 * <ul>
 * <li>A blocking put returns once the source may be reused; its stores into the target are plain stores, complete
 * and visible at the target after {@link #quiet()} (a full fence on the shared-memory engine) or a barrier.</li>
 * <li>A get returns with the data in the destination (plain loads of the target's memory).</li>
 * <li>{@link #fence()} orders earlier puts, atomics and signals to each PE before later ones to the same PE (a
 * release fence on the shared-memory engine): a PE that observes a later flag with acquire semantics observes the
 * earlier data.</li>
 * <li>Nbi operations may complete at any time up to the next {@link #quiet()}; their buffers must not be touched
 * before it.</li>
 * <li>Atomics are volatile read-modify-writes on naturally aligned 4- or 8-byte slots, atomic with respect to every
 * PE. A fetching atomic returns once the update is done. A non-fetching one (set, inc, add, and, or, xor, and the
 * signal updates), like a put, is done and visible at the target after {@link #quiet()} and ordered by
 * {@link #fence()}: on the shared-memory engine it is done on return, on the network engine it may still be in
 * flight. Put-with-signal stores the data, then the 64-bit signal (release store or volatile add): whoever observes
 * the signal with an acquire load observes the data.</li>
 * <li>Waits and tests read this PE's variables with acquire loads, honour {@code JSHMEM_TIMEOUT} and throw
 * {@link io.jshmem.error.PeFailedException} when a PE dies.</li>
 * </ul>
 *
 * <h2>Bad input</h2>
 * Every argument is validated before anything is read or written on any PE, so a call that throws has changed
 * nothing anywhere: PE range, the buffer's instance and liveness, index/count/stride ranges (computed so that no
 * multiplication can wrap), alignment of atomic slots, null references, and each local segment's state (its arena
 * open, not confined to another thread, not read-only where the call writes into it). A failure throws
 * {@link io.jshmem.error.ShmemArgumentException} (or {@link io.jshmem.error.ShmemStateException} for a freed buffer,
 * a closed segment, a destroyed context or a finalized runtime) naming the argument, its value and the valid range.
 * A zero-length transfer (count or bytes 0) checks its handles, PE and signs, touches nothing and returns; there, and
 * only there, a null local segment or null symmetric buffer stands for an empty one, as in OpenSHMEM's
 * {@code shmem_putmem(NULL, NULL, 0, pe)} (a put-with-signal of 0 bytes still delivers its signal). The PE is checked
 * even then: OpenSHMEM leaves a bad PE undefined, and jshmem reports it.
 *
 * <h2>Memory kinds</h2>
 * The contiguous put and get ({@link #putmem}, {@link #getmem}, the typed {@code put} and {@code get}, and their nbi
 * forms) take a symmetric buffer of any {@link MemType}. A {@code DEVICE_SIDE} buffer, host-addressable or not (GPU
 * memory), is checked exactly as a host one, then its bytes move through its memory kind's own copies
 * ({@link io.jshmem.spi.MemoryKindHeap#copyIn copyIn} for a put, {@link io.jshmem.spi.MemoryKindHeap#copyOut copyOut}
 * for a get) to or from the target PE's heap of that kind. Those copies complete before the call returns, the nbi
 * forms' too (nothing of theirs is left for {@link #quiet()} or {@link #fence()}); another PE is guaranteed to see
 * the bytes after a barrier. A target whose heap of the kind this process cannot reach (a GPU on another host) is
 * refused by the kind with {@link io.jshmem.spi.MemoryKindUnsupportedException}, naming the kind and the PE, before
 * any byte moves. Every other operation (p/g, strided RMA, put-with-signal, atomics, signals, waits, locks and the
 * team collectives) takes {@code HOST_SIDE} buffers only and rejects another kind with
 * {@link io.jshmem.error.ShmemArgumentException} naming it.
 *
 * <h2>PE numbers</h2>
 * A context created from a team ({@link Team#createCtx}) numbers PEs as its team does (OpenSHMEM 1.6): the
 * {@code pe} of every operation, {@link #peQuiet} included, is a team-relative number 0..nPes()-1, and
 * {@link #myPe()} and {@link #nPes()} are the team's. A PE outside that range is rejected naming the team and its
 * size. The default context and {@link ShmemRuntime#createCtx} contexts use world numbers.
 *
 * <p>Thread-safety: every method may be called from any thread (a {@link CtxOption#PRIVATE} context only from its
 * creator; see {@link ThreadLevel} for what the thread level allows); operations of different threads on overlapping memory are ordered only by quiet, fence and the
 * synchronization calls.
 */
public interface Context extends AutoCloseable {

    /**
     * {@code SHMEM_CTX_INVALID}: a context value that references no context. As OpenSHMEM 1.6 defines,
     * {@link #close()}, {@link #quiet()}, {@link #fence()}, {@link #sessionStart} and {@link #sessionStop()} do
     * nothing on it and {@link #team()} returns an invalid team (whose {@code createCtx} returns this value again);
     * every other method throws {@link io.jshmem.error.ShmemStateException} naming it. {@link Team#createCtx} on
     * an invalid team returns it. Compare with {@code ==}. Immutable and thread-safe.
     */
    Context INVALID = InvalidHandles.CONTEXT;

    /** Session option {@code SHMEM_CTX_SESSION_BATCH}: the session issues a batch of small RMA and AMO calls. */
    long SESSION_BATCH = 1;
    /** Every session option jshmem knows. */
    long SESSION_ALL_OPTIONS = SESSION_BATCH;

    /** This PE's number in the context's team, 0..nPes()-1 ({@code shmem_my_pe}, {@code shmem_team_my_pe}). */
    int myPe();

    /** Number of PEs of the context's team ({@code shmem_n_pes}). */
    int nPes();

    /** The runtime (instance) this context belongs to. */
    ShmemRuntime runtime();

    /** The team this context was created from: TEAM_WORLD for the default context ({@code shmem_ctx_get_team}). */
    Team team();

    /** The options the context was created with (empty for the default context). */
    Set<CtxOption> options();

    /** Whether {@link #close()} destroyed this context. */
    boolean isDestroyed();

    /**
     * Starts a communication session on this context ({@code shmem_ctx_session_start}, 1.6) with {@code options}
     * (bits of {@link #SESSION_BATCH}) and the fields of {@code config} named by {@code configMask} (bits of
     * {@link SessionConfig#TOTAL_OPS}; 0 keeps the defaults, and then {@code config} may be null). Sessions are
     * hints: jshmem records them and changes nothing, so every operation completes and orders exactly as outside a
     * session. Starting a started session combines the options (bitwise OR) and replaces the masked fields, as 1.6
     * defines. Not collective; no synchronization is implied.
     *
     * <p>Thread-safety: callable from any thread that may use the context; the session is the context's, not the
     * thread's.
     *
     * @throws io.jshmem.error.ShmemArgumentException unknown option or mask bits, or a mask with a null config
     * @throws io.jshmem.error.ShmemStateException    on a destroyed context or a finalized runtime
     */
    void sessionStart(long options, SessionConfig config, long configMask);

    /**
     * Ends the session on this context ({@code shmem_ctx_session_stop}, 1.6); completes nothing (call
     * {@link #quiet()} for that). Stopping a stopped session does nothing, as 1.6 defines.
     *
     * @throws io.jshmem.error.ShmemStateException when no session was ever started on this context (a stop without
     *                                             a start, or on another context than the one started), or on a
     *                                             destroyed context
     */
    void sessionStop();

    /** Whether a session is started on this context and not stopped. Thread-safe (a volatile read). */
    boolean inSession();

    /**
     * Destroys a created context ({@code shmem_ctx_destroy}): completes its outstanding operations, then every later
     * call on it throws. The default context is the runtime itself, whose {@link ShmemRuntime#close()} is
     * {@code shmem_finalize} (collective); the facade's {@code ctxDestroy} rejects it as C does.
     */
    @Override
    void close();

    // ---- byte RMA ----------------------------------------------------------------------------------------------

    /**
     * Copies {@code bytes} from {@code src + srcOffset} to {@code dest + destOffset} on {@code pe}
     * ({@code shmem_putmem}). {@code dest} may be a block of any memory kind; a {@code DEVICE_SIDE} one is filled
     * through its kind's copies (see Memory kinds above).
     */
    void putmem(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes, int pe);

    /**
     * Non-blocking {@link #putmem}: complete after {@link #quiet()} ({@code shmem_putmem_nbi}); into a
     * {@code DEVICE_SIDE} {@code dest} it completes before returning (see Memory kinds above).
     */
    void putmemNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes, int pe);

    /**
     * Copies {@code bytes} from {@code src + srcOffset} on {@code pe} into {@code dest + destOffset}
     * ({@code shmem_getmem}). {@code src} may be a block of any memory kind; a {@code DEVICE_SIDE} one is read
     * through its kind's copies (see Memory kinds above).
     */
    void getmem(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes, int pe);

    /**
     * Non-blocking {@link #getmem}: {@code dest} holds the data after {@link #quiet()} ({@code shmem_getmem_nbi}); from
     * a {@code DEVICE_SIDE} {@code src}, when it returns (see Memory kinds above).
     */
    void getmemNbi(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes, int pe);

    // ---- typed RMA ---------------------------------------------------------------------------------------------

    /**
     * Puts {@code count} elements of {@code type} from element {@code srcIndex} of {@code src}
     * ({@code shmem_TYPE_put}). {@code dest} may be a block of any memory kind, as for {@link #putmem} (see Memory
     * kinds above).
     */
    void put(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex, long count,
             int pe);

    /**
     * Non-blocking {@link #put(ValueLayout, SymmetricMemory, long, MemorySegment, long, long, int)}; into a
     * {@code DEVICE_SIDE} {@code dest} it completes before returning (see Memory kinds above).
     */
    void putNbi(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex, long count,
                int pe);

    /**
     * Gets {@code count} elements of {@code type} from element {@code srcIndex} of {@code src} on {@code pe}.
     * {@code src} may be a block of any memory kind, as for {@link #getmem} (see Memory kinds above).
     */
    void get(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src, long srcIndex, long count,
             int pe);

    /**
     * Non-blocking {@link #get(ValueLayout, MemorySegment, long, SymmetricMemory, long, long, int)}; from a
     * {@code DEVICE_SIDE} {@code src} it completes before returning (see Memory kinds above).
     */
    void getNbi(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src, long srcIndex, long count,
                int pe);

    /**
     * Strided put ({@code shmem_TYPE_iput}): element {@code k} of {@code count} goes from
     * {@code src[srcIndex + k*srcStride]} to {@code dest[destIndex + k*destStride]}; strides are 1 or more.
     */
    void iput(ValueLayout type, SymmetricMemory dest, long destIndex, long destStride, MemorySegment src,
              long srcIndex, long srcStride, long count, int pe);

    /** Strided get ({@code shmem_TYPE_iget}), the mirror of {@link #iput}. */
    void iget(ValueLayout type, MemorySegment dest, long destIndex, long destStride, SymmetricMemory src,
              long srcIndex, long srcStride, long count, int pe);

    // ---- block-strided RMA (OpenSHMEM 1.6 shmem_ibput / shmem_ibget) ---------------------------------------------

    /**
     * The 16-byte element of the sized routines {@code shmem_ibput128} / {@code shmem_ibget128}: a type token for
     * {@link #ibput} and {@link #ibget} (the bytes are moved as they are, with no byte order of their own).
     */
    MemoryLayout INT128 = MemoryLayout.sequenceLayout(2, ValueLayout.JAVA_LONG).withName("int128");

    /**
     * Block-strided put ({@code shmem_TYPE_ibput}, {@code shmem_ibputSIZE}, {@code shmem_ctx_TYPE_ibput} on a created
     * context): block {@code k} of {@code nblocks}, {@code bsize} contiguous elements of {@code type}, goes from
     * {@code src[srcIndex + k*sst ..]} to {@code dest[destIndex + k*dst ..]} on {@code pe}. Strides are 1 or more
     * elements (block starts; a stride below {@code bsize} makes blocks overlap, and later blocks overwrite earlier
     * ones); {@code bsize} or {@code nblocks} 0 checks the arguments and moves nothing. Every block must lie inside
     * its buffer ({@code index + (nblocks-1)*stride + bsize <= capacity}), checked before anything is written.
     *
     * <p>Completion as a blocking put: returns once {@code src} may be reused; the stores are plain and complete at
     * the target after {@link #quiet()} or a barrier. Thread-safe as every method of this interface.
     *
     * @param type a {@link ValueLayout} ({@code JAVA_INT}: indices, strides and {@code bsize} count ints) or
     *             {@link #INT128}; any layout of one byte or more is accepted
     */
    void ibput(MemoryLayout type, SymmetricMemory dest, long destIndex, long dst, MemorySegment src, long srcIndex,
               long sst, long bsize, long nblocks, int pe);

    /**
     * Block-strided get ({@code shmem_TYPE_ibget}, {@code shmem_ibgetSIZE}), the mirror of {@link #ibput}: block
     * {@code k} goes from {@code src[srcIndex + k*sst ..]} on {@code pe} to {@code dest[destIndex + k*dst ..]}.
     * Returns with the data in {@code dest} (plain loads of the target's memory). Thread-safe.
     */
    void ibget(MemoryLayout type, MemorySegment dest, long destIndex, long dst, SymmetricMemory src, long srcIndex,
               long sst, long bsize, long nblocks, int pe);

    /**
     * {@link #ibput} on bytes (a jshmem addition, as {@link #putmem} is to {@link #put}): offsets, strides and
     * {@code bsize} count bytes. Completion and thread-safety as {@link #ibput}.
     */
    void ibputmem(SymmetricMemory dest, long destOffset, long dst, MemorySegment src, long srcOffset, long sst,
                  long bsize, long nblocks, int pe);

    /** {@link #ibget} on bytes: offsets, strides and {@code bsize} count bytes. Completion as {@link #ibget}. */
    void ibgetmem(MemorySegment dest, long destOffset, long dst, SymmetricMemory src, long srcOffset, long sst,
                  long bsize, long nblocks, int pe);

    // ---- scalar put/get: the token's type selects the overload, so an int literal cannot pick the wrong width ----

    /** Stores one element ({@code shmem_TYPE_p}); as a put of one element. */
    void p(ValueLayout.OfByte type, SymmetricMemory dest, long index, byte value, int pe);

    /** Stores one short ({@code shmem_TYPE_p}); as a put of one element. */
    void p(ValueLayout.OfShort type, SymmetricMemory dest, long index, short value, int pe);

    /** Stores one char ({@code shmem_TYPE_p}); as a put of one element. */
    void p(ValueLayout.OfChar type, SymmetricMemory dest, long index, char value, int pe);

    /** Stores one int ({@code shmem_TYPE_p}); as a put of one element. */
    void p(ValueLayout.OfInt type, SymmetricMemory dest, long index, int value, int pe);

    /** Stores one long ({@code shmem_TYPE_p}); as a put of one element. */
    void p(ValueLayout.OfLong type, SymmetricMemory dest, long index, long value, int pe);

    /** Stores one float ({@code shmem_TYPE_p}); as a put of one element. */
    void p(ValueLayout.OfFloat type, SymmetricMemory dest, long index, float value, int pe);

    /** Stores one double ({@code shmem_TYPE_p}); as a put of one element. */
    void p(ValueLayout.OfDouble type, SymmetricMemory dest, long index, double value, int pe);

    /** Loads one element ({@code shmem_TYPE_g}); as a get of one element. */
    byte g(ValueLayout.OfByte type, SymmetricMemory src, long index, int pe);

    /** Loads one short ({@code shmem_TYPE_g}); as a get of one element. */
    short g(ValueLayout.OfShort type, SymmetricMemory src, long index, int pe);

    /** Loads one char ({@code shmem_TYPE_g}); as a get of one element. */
    char g(ValueLayout.OfChar type, SymmetricMemory src, long index, int pe);

    /** Loads one int ({@code shmem_TYPE_g}); as a get of one element. */
    int g(ValueLayout.OfInt type, SymmetricMemory src, long index, int pe);

    /** Loads one long ({@code shmem_TYPE_g}); as a get of one element. */
    long g(ValueLayout.OfLong type, SymmetricMemory src, long index, int pe);

    /** Loads one float ({@code shmem_TYPE_g}); as a get of one element. */
    float g(ValueLayout.OfFloat type, SymmetricMemory src, long index, int pe);

    /** Loads one double ({@code shmem_TYPE_g}); as a get of one element. */
    double g(ValueLayout.OfDouble type, SymmetricMemory src, long index, int pe);

    // ---- atomics: DataType token (4- or 8-byte types); values travel as long ----------------------------------
    // A 4-byte type uses the low 32 bits of each operand; its results are sign-extended (zero-extended for the
    // unsigned types). FLOAT and DOUBLE are accepted by fetch, set and swap only, with values as raw bits
    // (Float.floatToRawIntBits, Double.doubleToRawLongBits); the facade has double/float-typed names.

    /** Atomic load ({@code shmem_TYPE_atomic_fetch}). */
    long atomicFetch(DataType type, SymmetricMemory source, long index, int pe);

    /** Atomic store ({@code shmem_TYPE_atomic_set}). */
    void atomicSet(DataType type, SymmetricMemory dest, long index, long value, int pe);

    /** Atomic exchange; returns the old value ({@code shmem_TYPE_atomic_swap}). */
    long atomicSwap(DataType type, SymmetricMemory dest, long index, long value, int pe);

    /** Stores {@code value} if the slot equals {@code cond}; returns the old value ({@code shmem_TYPE_atomic_compare_swap}). */
    long atomicCompareSwap(DataType type, SymmetricMemory dest, long index, long cond, long value, int pe);

    /** Adds 1, returns the old value ({@code shmem_TYPE_atomic_fetch_inc}). */
    long atomicFetchInc(DataType type, SymmetricMemory dest, long index, int pe);

    /** Adds 1 ({@code shmem_TYPE_atomic_inc}). */
    void atomicInc(DataType type, SymmetricMemory dest, long index, int pe);

    /** Adds {@code value} (wrapping), returns the old value ({@code shmem_TYPE_atomic_fetch_add}). */
    long atomicFetchAdd(DataType type, SymmetricMemory dest, long index, long value, int pe);

    /** Adds {@code value} (wrapping) ({@code shmem_TYPE_atomic_add}). */
    void atomicAdd(DataType type, SymmetricMemory dest, long index, long value, int pe);

    /** Bitwise and, returns the old value ({@code shmem_TYPE_atomic_fetch_and}). */
    long atomicFetchAnd(DataType type, SymmetricMemory dest, long index, long value, int pe);

    /** Bitwise and ({@code shmem_TYPE_atomic_and}). */
    void atomicAnd(DataType type, SymmetricMemory dest, long index, long value, int pe);

    /** Bitwise or, returns the old value ({@code shmem_TYPE_atomic_fetch_or}). */
    long atomicFetchOr(DataType type, SymmetricMemory dest, long index, long value, int pe);

    /** Bitwise or ({@code shmem_TYPE_atomic_or}). */
    void atomicOr(DataType type, SymmetricMemory dest, long index, long value, int pe);

    /** Bitwise xor, returns the old value ({@code shmem_TYPE_atomic_fetch_xor}). */
    long atomicFetchXor(DataType type, SymmetricMemory dest, long index, long value, int pe);

    /** Bitwise xor ({@code shmem_TYPE_atomic_xor}). */
    void atomicXor(DataType type, SymmetricMemory dest, long index, long value, int pe);

    // Non-blocking fetching atomics: the old value lands in element fetchIndex (of the token's width) of fetch
    // after quiet() (shmem_TYPE_atomic_*_nbi).

    /**
     * Non-blocking atomic fetch ({@code shmem_TYPE_atomic_fetch_nbi}): the value lands in {@code fetch} by the next
     * {@link #quiet()}.
     */
    void atomicFetchNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory source, long index,
                        int pe);

    /**
     * Non-blocking atomic swap ({@code shmem_TYPE_atomic_swap_nbi}): the old value lands in {@code fetch} by the next
     * {@link #quiet()}.
     */
    void atomicSwapNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                       long value, int pe);

    /**
     * Non-blocking compare-and-swap ({@code shmem_TYPE_atomic_compare_swap_nbi}): the old value lands in {@code fetch}
     * by the next {@link #quiet()}.
     */
    void atomicCompareSwapNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                              long cond, long value, int pe);

    /**
     * Non-blocking fetch-and-increment ({@code shmem_TYPE_atomic_fetch_inc_nbi}): the old value lands in {@code fetch}
     * by the next {@link #quiet()}.
     */
    void atomicFetchIncNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                           int pe);

    /**
     * Non-blocking fetch-and-add ({@code shmem_TYPE_atomic_fetch_add_nbi}): the old value lands in {@code fetch} by the
     * next {@link #quiet()}.
     */
    void atomicFetchAddNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                           long value, int pe);

    /**
     * Non-blocking fetch-and-and ({@code shmem_TYPE_atomic_fetch_and_nbi}): the old value lands in {@code fetch} by the
     * next {@link #quiet()}.
     */
    void atomicFetchAndNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                           long value, int pe);

    /**
     * Non-blocking fetch-and-or ({@code shmem_TYPE_atomic_fetch_or_nbi}): the old value lands in {@code fetch} by the
     * next {@link #quiet()}.
     */
    void atomicFetchOrNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                          long value, int pe);

    /**
     * Non-blocking fetch-and-xor ({@code shmem_TYPE_atomic_fetch_xor_nbi}): the old value lands in {@code fetch} by the
     * next {@link #quiet()}.
     */
    void atomicFetchXorNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest, long index,
                           long value, int pe);

    // ---- signals -------------------------------------------------------------------------------------------------
    // A signal slot is an 8-byte word holding an unsigned 64-bit value. sigIndex / index counts slots, not bytes:
    // slot i of sig lies at byte offset 8 * i of the block, for every signal operation and wait, and must lie
    // inside the block (a block of n bytes has n / 8 slots).

    /**
     * Puts {@code bytes}, then updates the signal slot {@code sigIndex} of {@code sig} on {@code pe} with
     * {@code sigOp} ({@code shmem_putmem_signal}); whoever observes the signal observes the data. A signal slot is
     * 8 bytes (an unsigned 64-bit word), and {@code sigIndex} counts slots, not bytes: the slot lies at byte offset
     * {@code 8 * sigIndex} of {@code sig}.
     */
    void putmemSignal(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                      SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe);

    /** Non-blocking {@link #putmemSignal}; the signal still never arrives before the data. */
    void putmemSignalNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                         SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe);

    /**
     * Typed put-with-signal ({@code shmem_TYPE_put_signal}): {@code count} elements of {@code type}, then the 8-byte
     * signal slot {@code sigIndex} (byte offset {@code 8 * sigIndex} of {@code sig}) as in {@link #putmemSignal}.
     */
    void putSignal(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex,
                   long count, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe);

    /** Non-blocking typed put-with-signal ({@code shmem_TYPE_put_signal_nbi}). */
    void putSignalNbi(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex,
                      long count, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe);

    /**
     * Atomically adds {@code value} (modulo 2^64) to the 8-byte signal slot {@code index} (byte offset
     * {@code 8 * index}) of {@code sig} on {@code pe} ({@code shmem_signal_add}).
     */
    void signalAdd(SymmetricMemory sig, long index, long value, int pe);

    /**
     * Atomically stores {@code value} into the 8-byte signal slot {@code index} (byte offset {@code 8 * index}) of
     * {@code sig} on {@code pe} ({@code shmem_signal_set}).
     */
    void signalSet(SymmetricMemory sig, long index, long value, int pe);

    /**
     * This PE's 8-byte signal slot {@code index} of {@code sig} (byte offset {@code 8 * index}), by an acquire load,
     * as an unsigned 64-bit value in a {@code long} ({@code shmem_signal_fetch}).
     */
    long signalFetch(SymmetricMemory sig, long index);

    /**
     * Blocks until this PE's 8-byte signal slot {@code index} of {@code sig} (byte offset {@code 8 * index})
     * satisfies {@code slot cmp value}, compared as unsigned 64-bit values, and returns the value that did
     * ({@code shmem_signal_wait_until}).
     */
    long signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value);

    // ---- point-to-point synchronization: DataType token for the ivar's type (integer types) -------------------
    // status: null, or nelems flags where non-zero excludes the variable. values (vector forms): one compare value
    // per variable. Indices returned are relative to index; -1 (SIZE_MAX) means none.

    /** Blocks until {@code ivar[index] cmp value} ({@code shmem_TYPE_wait_until}). */
    void waitUntil(DataType type, SymmetricMemory ivar, long index, Cmp cmp, long value);

    /** Whether {@code ivar[index] cmp value} holds now ({@code shmem_TYPE_test}); never blocks. */
    boolean test(DataType type, SymmetricMemory ivar, long index, Cmp cmp, long value);

    /**
     * Blocks until every variable of {@code ivars[index .. index+nelems)} not excluded by {@code status} satisfies
     * {@code cmp value} ({@code shmem_TYPE_wait_until_all}).
     */
    void waitUntilAll(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                      long value);

    /**
     * Blocks until one variable not excluded by {@code status} satisfies {@code cmp value} and returns its index
     * relative to {@code index}, or -1 when every variable is excluded ({@code shmem_TYPE_wait_until_any}).
     */
    int waitUntilAny(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                     long value);

    /**
     * Blocks until at least one variable not excluded by {@code status} satisfies {@code cmp value}, writes the indices
     * of all that do into {@code indices} and returns how many ({@code shmem_TYPE_wait_until_some}).
     */
    int waitUntilSome(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                      Cmp cmp, long value);

    /**
     * Whether every variable not excluded by {@code status} satisfies {@code cmp value} now ({@code
     * shmem_TYPE_test_all}); never blocks.
     */
    boolean testAll(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, long value);

    /**
     * The index of one variable not excluded by {@code status} that satisfies {@code cmp value} now, or -1 ({@code
     * shmem_TYPE_test_any}); never blocks.
     */
    int testAny(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp, long value);

    /**
     * Writes the indices of the variables not excluded by {@code status} that satisfy {@code cmp value} now into {@code
     * indices} and returns how many ({@code shmem_TYPE_test_some}); never blocks.
     */
    int testSome(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status, Cmp cmp,
                 long value);

    /**
     * {@link #waitUntilAll} with one compare value per variable, {@code values[i]} for variable i ({@code
     * shmem_TYPE_wait_until_all_vector}).
     */
    void waitUntilAllVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                            long[] values);

    /** {@link #waitUntilAny} with one compare value per variable ({@code shmem_TYPE_wait_until_any_vector}). */
    int waitUntilAnyVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                           long[] values);

    /** {@link #waitUntilSome} with one compare value per variable ({@code shmem_TYPE_wait_until_some_vector}). */
    int waitUntilSomeVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                            int[] status, Cmp cmp, long[] values);

    /** {@link #testAll} with one compare value per variable ({@code shmem_TYPE_test_all_vector}). */
    boolean testAllVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                          long[] values);

    /** {@link #testAny} with one compare value per variable ({@code shmem_TYPE_test_any_vector}). */
    int testAnyVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                      long[] values);

    /** {@link #testSome} with one compare value per variable ({@code shmem_TYPE_test_some_vector}). */
    int testSomeVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                       Cmp cmp, long[] values);

    // ---- ordering ------------------------------------------------------------------------------------------------

    /**
     * Completes every outstanding put, get, atomic and signal of this context and makes it visible at its target
     * ({@code shmem_quiet}); a full fence on the shared-memory engine.
     */
    void quiet();

    /** Orders earlier operations to each PE before later ones to the same PE ({@code shmem_fence}). */
    void fence();

    /** Completes this context's outstanding operations to the given PEs ({@code shmem_pe_quiet}, 1.6). */
    void peQuiet(int... pes);
}
