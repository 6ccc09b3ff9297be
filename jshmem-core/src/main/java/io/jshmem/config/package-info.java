/**
 * The one settings table ({@link io.jshmem.config.Setting}), its resolution, logging through System.Logger with
 * SHMEM_LOG_LEVEL on top, build information and the JSON writer of the diagnostics. Internal.
 */
package io.jshmem.config;
