/**
 * jshmem, an OpenSHMEM 1.6 and CANN SHMEM library for the JVM: the public API.
 *
 * <p>Start with {@link io.jshmem.Shmem#init()} (or {@link io.jshmem.ShmemRuntime#init(InitAttributes)}), which
 * returns the {@link io.jshmem.ShmemRuntime}: the default {@link io.jshmem.Context} plus allocation, teams, streams
 * and the CANN extensions. {@link io.jshmem.Shmem} keeps one OpenSHMEM-named static method per C routine,
 * generated from the routine table that also writes docs/name-table.md.
 *
 * <p>Layer rule: this package holds interfaces, records, enums and the facade, and depends only on
 * {@code io.jshmem.error}; every other jshmem package may use its types (it is the vocabulary of the library), and the
 * implementation ({@code io.jshmem.impl}, not exported) implements it. Thread-safety and ordering are stated on each
 * type; in short, every operation may be called from any thread.
 */
package io.jshmem;
