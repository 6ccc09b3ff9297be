/**
 * shmemrun and shmem-config, and the Java launcher API ({@link io.jshmem.launcher.Launcher}) that tests use to start
 * real PE processes. Reads the core's bootstrap and configuration packages, which the core exports to this module
 * only.
 */
module io.jshmem.launcher {
    requires io.jshmem;
    requires info.picocli;

    exports io.jshmem.launcher;

    // shmem-config lists the memory-kind providers found and whether each can serve here
    uses io.jshmem.spi.MemoryKindProvider;

    opens io.jshmem.launcher to info.picocli;
    opens io.jshmem.tools to info.picocli;
}
