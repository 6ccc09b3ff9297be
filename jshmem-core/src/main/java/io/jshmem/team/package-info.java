/**
 * Team layout in the heap's reserved area, team slots and split plans. Internal.
 */
package io.jshmem.team;
