/**
 * The implementation of the API: runtime, contexts, teams, streams and the provider the API finds through
 * {@link java.util.ServiceLoader}. Top layer: may use every package below; nothing imports it. Every entry point
 * validates its operands through {@code io.jshmem.operand} before it touches memory. Not exported.
 */
package io.jshmem.impl;
