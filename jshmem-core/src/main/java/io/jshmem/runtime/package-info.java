/**
 * The init and finalize sequence of a PE, instances, globalExit, engine selection and profiling. Internal.
 */
package io.jshmem.runtime;
