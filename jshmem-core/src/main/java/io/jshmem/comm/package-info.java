/**
 * Routing of every operation to the engine that serves the target PE, outstanding-operation tracking for quiet
 * and fence, and the wait loops (spin, yield, park; deadlines, warnings, dead-PE checks). Internal.
 */
package io.jshmem.comm;
