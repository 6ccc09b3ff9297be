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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The UCP configuration the engine passes to {@code ucp_init}: UCX's own (environment) configuration, with CANN's
 * queue-pair count ({@code set_qp_num}) applied as {@code MAX_RNDV_RAILS}: the number of lanes UCX may stripe one
 * bandwidth RMA transfer (put/get zero-copy, rendezvous) over per endpoint. UCX uses at most as many lanes as the
 * transports between two PEs offer, so on a single-NIC or tcp host more than one lane may add nothing. After the
 * change the configuration is printed back through {@code ucp_config_print}, so {@link #rails} reports UCX's own
 * reading of the value, not jshmem's request.
 *
 * <p>The worker's lock: a worker in {@code UCS_THREAD_MODE_MULTI} is shared by the application threads and the
 * {@link UcxProgressThread}, and UCX guards it with a spinlock unless {@code USE_MT_MUTEX} is set. Where the threads
 * outnumber the cores, a waiter then spins on the core its preempted holder needs: two PEs on two cores over tcp
 * spent 15% of their samples in {@code pthread_spin_lock} (perf), and a put-with-signal took hundreds of
 * microseconds. The engine therefore sets {@code USE_MT_MUTEX=y} unless the environment sets
 * {@code UCX_USE_MT_MUTEX}: Stencil at 2 PEs over tcp loopback 3.3 -> 2.2-2.3 ms per iteration, BucketSort's
 * exchange 9.1-10.3 -> 4.7-5.7 ms (docs/performance.md). Not thread-safe; one per engine setup.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
final class UcxConfig implements AutoCloseable {
    /** UCX's name for the setting (UCX 1.13; older releases call it MAX_RNDV_LANES, which is tried next). */
    static final List<String> RAILS_NAMES = List.of("MAX_RNDV_RAILS", "MAX_RNDV_LANES");
    private static final int PRINT_CONFIG = 1;

    /** UCX's name for the choice of a mutex over a spinlock as the worker's lock. */
    static final String MT_MUTEX = "USE_MT_MUTEX";

    final MemorySegment config;
    /** The rails value as UCX printed it, e.g. "2"; "?" when it could not be read back. */
    final String rails;
    /** {@code USE_MT_MUTEX} as UCX printed it ("y" or "n"); "?" when it could not be read back. */
    final String mtMutex;

    private UcxConfig(MemorySegment config, Map<String, String> printed) {
        this.config = config;
        this.rails = RAILS_NAMES.stream().map(printed::get).filter(v -> v != null).findFirst().orElse("?");
        this.mtMutex = printed.getOrDefault(MT_MUTEX, "?");
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
                if (System.getenv("UCX_" + MT_MUTEX) == null) {
                    // An older UCX without the setting keeps its spinlock: nothing to report then.
                    byte ignored = (byte) Ucp.CONFIG_MODIFY.invokeExact(config, arena.allocateFrom(MT_MUTEX),
                            arena.allocateFrom("y"));
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

    /** UCX's printed configuration (UCX_NAME=value lines) as NAME -> value, through a temporary file. */
    private static Map<String, String> readBack(MemorySegment config) throws Throwable {
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
                return Map.of();
            }
            Ucp.CONFIG_PRINT.invokeExact(config, file, MemorySegment.NULL, PRINT_CONFIG);
            int unused = (int) fclose.invokeExact(file);
            Map<String, String> printed = new HashMap<>();
            for (String line : Files.readAllLines(f)) {
                int eq = line.indexOf('=');
                if (line.startsWith("UCX_") && eq > 4) {
                    printed.putIfAbsent(line.substring(4, eq), line.substring(eq + 1).strip());
                }
            }
            return printed;
        } catch (IOException e) {
            return Map.of();
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
