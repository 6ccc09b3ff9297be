/**
 * The routing point ({@link io.jshmem.comm.Comm}: which engine serves each PE), outstanding-operation tracking
 * for quiet and fence, wait loops with deadlines and failure checks, distributed locks. Uses transport and memory.
 * Thread-safe; hot paths allocate nothing. Not exported.
 */
package io.jshmem.comm;
