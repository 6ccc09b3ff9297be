package io.jshmem.tools;

import io.jshmem.DataOpEngine;
import io.jshmem.EngineConfig;
import io.jshmem.ShmemInfo;
import io.jshmem.bootstrap.InterfaceSelector;
import io.jshmem.bootstrap.TlsContexts;
import io.jshmem.config.Json;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.config.ShmemLog;
import io.jshmem.memory.HeapBacking;
import io.jshmem.memory.MemfdHeap;
import io.jshmem.spi.MemoryKindProvider;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * What {@code shmem-config --diagnose} reports: each section is measured here and now, never assumed; a section that
 * cannot be measured reports the error. {@code next_steps} lists what to fix, {@code degraded} whether anything
 * needs fixing. Stateless.
 */
final class Diagnosis {
    private static final List<String> VIRTUAL_PREFIXES = List.of("lo", "docker", "veth", "br-", "virbr", "tun", "tap");

    private Diagnosis() {
    }

    static Json of(Settings s) {
        List<Object> next = new ArrayList<>();
        Json root = new Json().put("version", ShmemInfo.description());
        root.put("jdk", jdk(next));
        Json backing = heapBacking(s, next);
        root.put("heap_backing", backing);
        root.put("heap_directory", heapDirectory(s, "file".equals(backing.fields().get("effective")), next));
        root.put("network", network(s, next));
        root.put("ucx", ucx(s, next));
        root.put("memory_kinds", memoryKinds(s, installedKinds(), next));
        root.put("tls", tls(s, next));
        root.put("logging", new Json().put("level", ShmemLog.level().name().toLowerCase(java.util.Locale.ROOT))
                .put("fixed_by_environment", ShmemLog.levelFixedByEnvironment()));
        Json engines = new Json();
        for (DataOpEngine e : DataOpEngine.values()) {
            EngineConfig c = EngineConfig.defaultFor(e);
            engines.put(e.name(), new Json().put("workspace_offset", c.workspaceOffset())
                    .put("workspace_bytes", c.workspaceBytes()).put("sync_id", c.syncId())
                    .put("min_workspace_bytes", e.minWorkspace()));
        }
        root.put("engine_config_defaults", engines);
        root.put("settings", settings(s, next));
        root.put("degraded", !next.isEmpty());
        root.put("next_steps", next);
        return root;
    }

    private static Json jdk(List<Object> next) {
        boolean nativeAccess = Diagnosis.class.getModule().isNativeAccessEnabled();
        if (!nativeAccess) {
            next.add("run the JVM with --enable-native-access=ALL-UNNAMED: large copies (memcpy) and the UCX engine"
                    + " need it");
        }
        Runtime.Version v = Runtime.version();
        if (v.feature() < 25) {
            next.add("use a JDK 25 or newer (this is " + v + "): jshmem is built for Java 25");
        }
        return new Json().put("version", v.toString()).put("vendor", System.getProperty("java.vendor"))
                .put("vm", System.getProperty("java.vm.name")).put("home", System.getProperty("java.home"))
                .put("available_processors", Runtime.getRuntime().availableProcessors())
                .put("max_heap_bytes", Runtime.getRuntime().maxMemory())
                .put("native_access_enabled", nativeAccess);
    }

    /**
     * Which backing init would choose here ({@code JSHMEM_HEAP_BACKING}): memfd heaps need no room in the heap
     * directory, file heaps need room for every PE of this host.
     */
    private static Json heapBacking(Settings s, List<Object> next) {
        Json j = new Json().put("setting", s.string(Setting.HEAP_BACKING))
                .put("source", s.source(Setting.HEAP_BACKING)).put("memfd_available", MemfdHeap.available());
        if (!MemfdHeap.available()) {
            j.put("memfd_unavailable_reason", MemfdHeap.unavailableReason());
        }
        try {
            j.put("effective", HeapBacking.of(s).word());
        } catch (RuntimeException e) {
            j.put("effective", "none").put("error", e.getMessage());
            next.add(e.getMessage());
        }
        return j;
    }

    /**
     * The heap directory: where file heaps live, and where the stale-file sweep looks. With memfd heaps
     * ({@code holdsHeaps} false) its problems are notes, not steps: nothing of a job's heap goes there.
     */
    private static Json heapDirectory(Settings s, boolean holdsHeaps, List<Object> steps) {
        Path dir = Path.of(s.string(Setting.HEAP_DIR));
        Json j = new Json().put("path", dir.toString()).put("source", s.source(Setting.HEAP_DIR))
                .put("holds_heaps", holdsHeaps);
        List<Object> notes = new ArrayList<>();
        List<Object> next = holdsHeaps ? steps : notes;
        fillHeapDirectory(s, dir, j, next);
        if (!notes.isEmpty()) {
            j.put("notes", notes);
        }
        return j;
    }

    private static void fillHeapDirectory(Settings s, Path dir, Json j, List<Object> next) {
        boolean exists = Files.isDirectory(dir);
        j.put("exists", exists);
        if (!exists) {
            next.add("create the heap directory " + dir + " or point JSHMEM_HEAP_DIR at a tmpfs directory");
            return;
        }
        j.put("readable", Files.isReadable(dir)).put("writable", Files.isWritable(dir));
        try {
            j.put("permissions", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        } catch (IOException | UnsupportedOperationException e) {
            j.put("permissions", "unknown: " + e);
        }
        try {
            FileStore store = Files.getFileStore(dir);
            long free = store.getUsableSpace();
            j.put("file_system", store.type()).put("free_bytes", free).put("total_bytes", store.getTotalSpace());
            if (!store.type().equals("tmpfs")) {
                next.add("the heap directory " + dir + " is on " + store.type() + ", not tmpfs: heap pages may be"
                        + " written to disk; point JSHMEM_HEAP_DIR at /dev/shm or another tmpfs");
            }
            long heap = s.size(Setting.SYMMETRIC_SIZE);
            j.put("symmetric_size_bytes", heap);
            if (free < heap) {
                next.add("the heap directory has " + free + " bytes free but one PE's heap is " + heap + " bytes"
                        + " (SHMEM_SYMMETRIC_SIZE) and file heaps need that per PE of this host: use"
                        + " JSHMEM_HEAP_BACKING=memfd (or leave JSHMEM_HEAP_DIR unset), free space, or lower"
                        + " SHMEM_SYMMETRIC_SIZE");
            }
        } catch (IOException | RuntimeException e) {
            j.put("file_system", "unknown: " + e);
        }
        // The real test: create an owner-only file as init does, then remove it.
        try {
            Path probe = Files.createTempFile(dir, "jshmem-diagnose-", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.delete(probe);
            j.put("can_create_heap_files", true);
        } catch (IOException | RuntimeException e) {
            j.put("can_create_heap_files", false).put("create_error", e.toString());
            next.add("this user cannot create files in " + dir + " (" + e.getMessage() + "): fix its permissions"
                    + " or set JSHMEM_HEAP_DIR");
        }
    }

    private static Json network(Settings s, List<Object> next) {
        Json j = new Json();
        List<Object> nics = new ArrayList<>();
        try {
            for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                List<Object> addresses = new ArrayList<>();
                for (InetAddress a : Collections.list(n.getInetAddresses())) {
                    addresses.add(a.getHostAddress());
                }
                nics.add(new Json().put("name", n.getName()).put("up", n.isUp()).put("loopback", n.isLoopback())
                        .put("virtual", VIRTUAL_PREFIXES.stream().anyMatch(n.getName()::startsWith))
                        .put("addresses", addresses));
            }
        } catch (SocketException e) {
            j.put("interfaces_error", e.toString());
        }
        j.put("interfaces", nics);
        j.put("uid_session_id", s.string(Setting.UID_SESSION_ID));
        j.put("uid_sock_ifname", s.string(Setting.UID_SOCK_IFNAME));
        try {
            InetAddress chosen = InterfaceSelector.choose(s);
            j.put("chosen_address", chosen.getHostAddress());
            String name = null;
            try {
                NetworkInterface nic = NetworkInterface.getByInetAddress(chosen);
                name = nic == null ? null : nic.getName();
            } catch (SocketException e) {
                name = "unknown: " + e.getMessage();
            }
            j.put("chosen_interface", name);
            if (chosen.isLoopbackAddress()) {
                next.add("init would use the loopback address " + chosen.getHostAddress() + " for the rendezvous: PEs"
                        + " on other hosts cannot reach it; set SHMEM_UID_SOCK_IFNAME or SHMEM_UID_SESSION_ID for"
                        + " multi-host jobs");
            }
        } catch (RuntimeException e) {
            j.put("chosen_error", e.getMessage());
            next.add("init cannot choose a rendezvous address: " + e.getMessage());
        }
        return j;
    }

    /** Asks the UCX module, when on the class path; it loads libucp safely (UCX signal handlers disabled). */
    private static Json ucx(Settings s, List<Object> next) {
        Json j = new Json();
        Class<?> provider;
        try {
            provider = Class.forName("io.jshmem.transport.ucx.UcxTransportProvider");
        } catch (ClassNotFoundException e) {
            j.put("module_on_class_path", false).put("libucp_loads", null);
            if (!s.string(Setting.ENGINE).equalsIgnoreCase("shm")) {
                next.add("the jshmem-ucx jar is not on the class path: jobs across hosts (or JSHMEM_ENGINE=ucx)"
                        + " need it");
            }
            return j;
        }
        j.put("module_on_class_path", true);
        try {
            Method available = provider.getMethod("isAvailable");
            boolean loads = (Boolean) available.invoke(null);
            j.put("libucp_loads", loads);
            if (loads) {
                j.put("ucx_version", provider.getMethod("ucxVersion").invoke(null));
            } else {
                String why = (String) provider.getMethod("unavailableReason").invoke(null);
                j.put("reason", why);
                next.add("libucp does not load (" + why + "): multi-host jobs and JSHMEM_ENGINE=ucx will fail");
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            j.put("libucp_loads", false).put("reason", e.toString());
        }
        return j;
    }

    /** The memory-kind providers on the class path, in the order jshmem searches them; one that fails is skipped. */
    private static List<MemoryKindProvider> installedKinds() {
        List<MemoryKindProvider> found = new ArrayList<>();
        for (ServiceLoader.Provider<MemoryKindProvider> p : ServiceLoader.load(MemoryKindProvider.class).stream()
                .toList()) {
            try {
                found.add(p.get());
            } catch (java.util.ServiceConfigurationError e) {
                // a provider that cannot be instantiated is reported by the allocation that needs it
            }
        }
        return found;
    }

    /**
     * Every memory-kind provider found and whether it can serve here (asking it loads its native library, as the first
     * allocation of its kind would). Only a kind that JSHMEM_DEVICE_KIND asks for and that cannot serve is a step to
     * fix: a provider of hardware this machine lacks is normal.
     */
    static Json memoryKinds(Settings s, List<MemoryKindProvider> found, List<Object> next) {
        String wanted = s.string(Setting.DEVICE_KIND);
        List<Object> rows = new ArrayList<>();
        boolean wantedServes = false;
        String wantedWhy = null;
        for (MemoryKindProvider p : found) {
            Json row = new Json().put("name", p.name()).put("mem_type", p.memType().name());
            try {
                row.put("host_addressable", p.capabilities().hostAddressable())
                        .put("atomics", p.capabilities().atomics());
                Optional<String> why = p.unavailableReason();
                row.put("available", why.isEmpty());
                why.ifPresent(w -> row.put("reason", w));
                if (p.name().equalsIgnoreCase(wanted)) {
                    wantedServes |= why.isEmpty();
                    wantedWhy = why.orElse(wantedWhy);
                }
            } catch (RuntimeException | LinkageError e) {
                row.put("available", false).put("reason", e.toString());
                wantedWhy = p.name().equalsIgnoreCase(wanted) ? e.toString() : wantedWhy;
            }
            rows.add(row);
        }
        if (!wanted.isEmpty() && !wantedServes) {
            next.add(Setting.DEVICE_KIND.envName() + " = " + wanted + " but " + (wantedWhy == null
                    ? "no memory-kind provider of that name is on the class path" : "that provider cannot serve here ("
                    + wantedWhy + ")") + ": DEVICE_SIDE allocations will fail");
        }
        return new Json().put("device_kind_setting", wanted).put("providers", rows);
    }

    private static Json tls(Settings s, List<Object> next) {
        Json j = new Json();
        try {
            boolean enabled = s.bool(Setting.TLS);
            j.put("enabled", enabled).put("info", s.string(Setting.TLS_INFO));
            if (enabled) {
                j.put("context_builds", TlsContexts.fromSettings(s) != null);
            }
        } catch (RuntimeException e) {
            j.put("context_builds", false).put("error", e.getMessage());
            next.add("TLS is enabled but cannot be set up: " + e.getMessage());
        }
        return j;
    }

    private static List<Object> settings(Settings s, List<Object> next) {
        List<Object> rows = new ArrayList<>();
        for (Setting setting : Setting.values()) {
            Json row = new Json().put("name", setting.envName()).put("property", setting.propertyName());
            boolean secret = setting == Setting.SECRET || setting == Setting.UNIQUE_ID;
            String value = s.string(setting);
            row.put("value", secret && !value.isEmpty() ? "<set, hidden>" : value)
                    .put("default", setting.defaultValue()).put("source", s.source(setting))
                    .put("help", setting.help());
            rows.add(row);
        }
        try {
            s.size(Setting.SYMMETRIC_SIZE);
            s.longValue(Setting.TIMEOUT);
            s.bool(Setting.CHECKS);
        } catch (RuntimeException e) {
            next.add(e.getMessage());
        }
        return rows;
    }
}
