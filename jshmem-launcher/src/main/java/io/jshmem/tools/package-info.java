/**
 * shmem-config: what jshmem sees on this machine (report, key:value lines, JSON) and the settings table.
 */
package io.jshmem.tools;
