/**
 * Bootstrap: how the PEs of a job find each other before any shared memory exists. A small authenticated TCP
 * key-value store ({@link io.jshmem.bootstrap.RendezvousServer}, {@link io.jshmem.bootstrap.RendezvousClient})
 * with set/get/add, barriers and allgathers, named by a {@link io.jshmem.bootstrap.UniqueId}; detection of the
 * launcher ({@link io.jshmem.bootstrap.LaunchEnvironment}); and the choice of network interface
 * ({@link io.jshmem.bootstrap.InterfaceSelector}). The rendezvous also carries failure reports: a PE that dies or
 * calls globalExit is reported to every other PE and to the launcher.
 *
 * <p>Layering: this package imports only the JDK, {@code io.jshmem.error} and {@code io.jshmem.config}.
 */
package io.jshmem.bootstrap;
