/**
 * Init and finalize sequence, instances, engine selection, heap set-up, global exit, profiling and JFR events.
 * Below the operand layer; uses collectives, team, comm, transport, memory, bootstrap, config. Thread-safe: lifecycle
 * steps are serialized per instance. Not exported.
 */
package io.jshmem.runtime;
