/**
 * shmemrun: starts the PE JVMs of a job on this host, serves its rendezvous, prefixes and relays their output,
 * reports the first failure and leaves no process or heap file behind; also the Java API
 * ({@link io.jshmem.launcher.Launcher#run}) that the multi-process tests use. Uses the core's bootstrap and config
 * (exported to this module only). A job object is used by one thread; output pumps run on their own threads.
 */
package io.jshmem.launcher;
