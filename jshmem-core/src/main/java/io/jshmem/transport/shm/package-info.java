/**
 * The shared-memory engine: peer heaps mapped into this process, loads, stores and VarHandle atomics, and the
 * background copy engine. Internal.
 */
package io.jshmem.transport.shm;
