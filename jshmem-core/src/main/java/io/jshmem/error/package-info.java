/**
 * Exceptions of jshmem. This package sits below every layer so that all of them can report failures in the same
 * types; it is part of the public API and holds exceptions only.
 */
package io.jshmem.error;
