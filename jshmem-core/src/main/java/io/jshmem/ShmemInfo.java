package io.jshmem;

/**
 * Version and name of the library ({@code shmem_info_get_version}, {@code shmem_info_get_name},
 * {@code aclshmem_info_get_version}). jshmem implements the OpenSHMEM 1.6 API with CANN SHMEM 1.1's extensions.
 */
public final class ShmemInfo {
    /** OpenSHMEM specification major version implemented. */
    public static final int MAJOR_VERSION = 1;
    /** OpenSHMEM specification minor version implemented. */
    public static final int MINOR_VERSION = 6;
    /** The CANN SHMEM API version whose extensions jshmem follows. */
    public static final String CANN_API_VERSION = "1.1";
    /** jshmem's own version. */
    public static final String VENDOR_VERSION = "0.1.0";
    /** {@code SHMEM_VENDOR_STRING}. */
    public static final String NAME = "jshmem " + VENDOR_VERSION;
    /** {@code SHMEM_MAX_NAME_LEN}. */
    public static final int MAX_NAME_LEN = 256;

    /** A major.minor version pair. */
    public record Version(int major, int minor) {
        @Override
        public String toString() {
            return major + "." + minor;
        }
    }

    private ShmemInfo() {
    }

    /** OpenSHMEM version implemented: 1.6. */
    public static Version version() {
        return new Version(MAJOR_VERSION, MINOR_VERSION);
    }

    /** The vendor name: {@value #NAME}. */
    public static String name() {
        return NAME;
    }

    /** One line for tools: {@code jshmem 0.1.0 (OpenSHMEM 1.6, CANN SHMEM 1.1 extensions)}. */
    public static String description() {
        return NAME + " (OpenSHMEM " + version() + ", CANN SHMEM " + CANN_API_VERSION + " extensions)";
    }
}
