/**
 * The one settings table ({@link io.jshmem.config.Setting}), its resolution from environment and system
 * properties, logging, and the argument checks shared by every layer ({@link io.jshmem.config.ArgumentChecks}).
 * Uses only the exceptions. Immutable and thread-safe. Exported only to the launcher and the UCX module.
 */
package io.jshmem.config;
