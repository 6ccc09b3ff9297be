package io.jshmem.transport.ucx;

import io.jshmem.error.TransportException;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The UCP configuration the engine passes to {@code ucp_init}: UCX's own (environment) configuration, with CANN's
 * queue-pair count ({@code set_qp_num}) applied as {@code MAX_RNDV_RAILS}: the number of lanes UCX may stripe one
 * bandwidth RMA transfer (put/get zero-copy, rendezvous) over per endpoint. UCX uses at most as many lanes as the
 * transports between two PEs offer, so on a single-NIC or tcp host more than one lane may add nothing. After the
 * change the configuration is printed back through {@code ucp_config_print}, so {@link #rails} reports UCX's own
 * reading of the value, not jshmem's request. Not thread-safe; one per engine setup.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
final class UcxConfig implements AutoCloseable {
    /** UCX's name for the setting (UCX 1.13; older releases call it MAX_RNDV_LANES, which is tried next). */
    static final List<String> RAILS_NAMES = List.of("MAX_RNDV_RAILS", "MAX_RNDV_LANES");
    private static final int PRINT_CONFIG = 1;

    final MemorySegment config;
    /** The rails value as UCX printed it, e.g. "2"; "?" when it could not be read back. */
    final String rails;

    private UcxConfig(MemorySegment config, String rails) {
        this.config = config;
        this.rails = rails;
    }

    /** Reads UCX's configuration and applies {@code qpNum} (0: leave UCX's value). */
    static UcxConfig read(int qpNum) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            UcxWorker.check((byte) Ucp.CONFIG_READ.invokeExact(MemorySegment.NULL, MemorySegment.NULL, out),
                    "ucp_config_read (check the UCX_* environment variables)");
            MemorySegment config = out.get(ADDRESS, 0);
            try {
                if (qpNum > 0) {
                    byte status = -1;
                    for (String name : RAILS_NAMES) {
                        status = (byte) Ucp.CONFIG_MODIFY.invokeExact(config, arena.allocateFrom(name),
                                arena.allocateFrom(Integer.toString(qpNum)));
                        if (status == UcpStructs.UCS_OK) {
                            break;
                        }
                    }
                    if (status != UcpStructs.UCS_OK) {
                        throw new TransportException("UCX rejected " + RAILS_NAMES + " = " + qpNum + " (qpNum, CANN's"
                                + " set_qp_num): this UCX has neither setting; leave qpNum unset");
                    }
                }
                return new UcxConfig(config, readBack(config));
            } catch (Throwable t) {
                Ucp.CONFIG_RELEASE.invokeExact(config);
                throw t;
            }
        } catch (TransportException e) {
            throw e;
        } catch (Throwable t) {
            throw new TransportException("UCX configuration failed: " + t, t);
        }
    }

    /** UCX's printed value of the rails setting (UCX_MAX_RNDV_RAILS=N), through a temporary file. */
    private static String readBack(MemorySegment config) throws Throwable {
        Path f = Files.createTempFile("jshmem-ucx-config-", ".txt");
        try (Arena arena = Arena.ofConfined()) {
            Linker linker = Linker.nativeLinker();
            MethodHandle fopen = linker.downcallHandle(linker.defaultLookup().findOrThrow("fopen"),
                    FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
            MethodHandle fclose = linker.downcallHandle(linker.defaultLookup().findOrThrow("fclose"),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS));
            MemorySegment file = (MemorySegment) fopen.invokeExact(arena.allocateFrom(f.toString()),
                    arena.allocateFrom("w"));
            if (file.equals(MemorySegment.NULL)) {
                return "?";
            }
            Ucp.CONFIG_PRINT.invokeExact(config, file, MemorySegment.NULL, PRINT_CONFIG);
            int unused = (int) fclose.invokeExact(file);
            for (String line : Files.readAllLines(f)) {
                for (String name : RAILS_NAMES) {
                    if (line.startsWith("UCX_" + name + "=")) {
                        return line.substring(line.indexOf('=') + 1).strip();
                    }
                }
            }
            return "?";
        } catch (IOException e) {
            return "?";
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Override
    public void close() {
        try {
            Ucp.CONFIG_RELEASE.invokeExact(config);
        } catch (Throwable t) {
            throw new TransportException("ucp_config_release failed: " + t, t);
        }
    }
}
