/**
 * shmem-config, the diagnostics command: version, settings with their sources, engine and machine checks.
 * Uses the core's config and bootstrap. Single-threaded command-line code.
 */
package io.jshmem.tools;
