/**
 * The operand layer: the one place that checks PE numbers, buffer instance and liveness, overflow-safe element
 * ranges, strides, alignment and nulls for every public entry point, and builds messages only on failure. Below
 * {@code impl}; uses the API, comm, memory and config. Stateless and thread-safe, except that
 * {@link io.jshmem.operand.MappedBlock} carries a block's atomic freed state. Not exported.
 */
package io.jshmem.operand;
