/**
 * shmemrun: starts the PE JVMs of a job, serves its rendezvous, watches the PEs and reports the first failure;
 * {@link io.jshmem.launcher.Launcher} is its Java entry point (used by the tests).
 */
package io.jshmem.launcher;
