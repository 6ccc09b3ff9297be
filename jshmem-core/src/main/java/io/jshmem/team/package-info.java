/**
 * Team state, layout of team sync words and the split agreement plan. Uses comm and memory; never an engine.
 * Team state is immutable except its destroyed flag (volatile); slot bookkeeping is synchronized. Not exported.
 */
package io.jshmem.team;
