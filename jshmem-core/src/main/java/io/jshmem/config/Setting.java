package io.jshmem.config;

/**
 * The one table of jshmem settings. Each row has an environment variable, a system property (the same name in
 * lowercase with dots), a default and a help text. {@link Settings} resolves them; diagnostics print this table.
 */
public enum Setting {
    SYMMETRIC_SIZE("SHMEM_SYMMETRIC_SIZE", "256m",
            "Bytes of symmetric heap per PE (suffixes k, m, g). Sparse: pages cost memory only when touched."),
    TIMEOUT("JSHMEM_TIMEOUT", "120",
            "Deadline in seconds of every blocking call (init, barrier, wait, collectives, finalize)."),
    HEAP_DIR("JSHMEM_HEAP_DIR", "/dev/shm",
            "Directory of the shared-memory files that hold the symmetric heaps (a tmpfs) when JSHMEM_HEAP_BACKING"
                    + " is file; setting it explicitly makes auto choose file."),
    HEAP_BACKING("JSHMEM_HEAP_BACKING", "auto",
            "What holds the symmetric heaps: memfd (anonymous shared memory, mapped by same-host PEs through"
                    + " /proc/<pid>/fd; no name in any file system, not limited by the size of /dev/shm), file (a"
                    + " file in JSHMEM_HEAP_DIR, unlinked once every PE of the host has mapped it; init fails when the"
                    + " directory has less free space than the host's heaps), or auto (file where JSHMEM_HEAP_DIR is"
                    + " set explicitly, else memfd where it works, else file)."),
    HEAP_PREFAULT("JSHMEM_HEAP_PREFAULT", "false",
            "Touch every page of the local heap at init so that first use does not pay page faults."),
    CHECKS("JSHMEM_CHECKS", "true",
            "Check every operand (PE, buffer instance and liveness, ranges, alignment, nulls) at the public API."
                    + " Read once per process (environment or -Djshmem.checks); false only for benchmarks."),
    ENGINE("JSHMEM_ENGINE", "auto",
            "Engine for other PEs: auto (SHM on this host, the one installed network engine elsewhere), shm,"
                    + " network (that engine for every other PE), or an installed engine's name (that engine for every"
                    + " other PE). An unknown name fails at init, listing the engines found."),
    DEVICE_KIND("JSHMEM_DEVICE_KIND", "",
            "Memory-kind provider that serves MemType.DEVICE_SIDE, by its name (an installed MemoryKindProvider of"
                    + " the SPI package); empty = the first available one. A name that no available"
                    + " provider has fails at the first DEVICE_SIDE allocation, listing the providers found."),
    CUDA_LIBRARY("JSHMEM_CUDA_LIBRARY", "libcuda.so.1",
            "The CUDA driver library the cuda memory kind (module jshmem-cuda) loads at run time: a file name looked"
                    + " up by the system's dynamic loader, or a path. Part of the NVIDIA driver, not of the CUDA"
                    + " toolkit; the kind reports itself unavailable when it does not load."),
    UCX_PROGRESS_SPIN_US("JSHMEM_UCX_PROGRESS_SPIN_US", "50",
            "Microseconds the UCX progress thread keeps polling after the last network event before it sleeps on"
                    + " the worker's event fd (0 sleeps at once: least CPU, higher latency over tcp)."),
    UCX_PROGRESS_PRIORITY("JSHMEM_UCX_PROGRESS_PRIORITY", "auto",
            "Scheduling class of the UCX progress thread (Linux): auto (idle where this host's PEs outnumber its"
                    + " cores, else batch), batch (SCHED_BATCH: a message that wakes it never preempts an application"
                    + " thread, and it keeps a fair share of a busy core), idle (SCHED_IDLE: it runs only on cores"
                    + " nobody else wants, so a PE busy outside the library serves its peers slowly), or normal (the"
                    + " JVM's default)."),
    UCX_QP_NUM("JSHMEM_UCX_QP_NUM", "",
            "Queue pairs per peer of the UCX engine (CANN's set_qp_num; Shmem.setQpNum sets it), 1..32: applied as"
                    + " UCX_MAX_RNDV_RAILS, the lanes UCX may stripe one bandwidth RMA transfer over (at most as many as"
                    + " the transports between two PEs offer); empty = UCX's own value."),
    MEMCPY_THRESHOLD("JSHMEM_MEMCPY_THRESHOLD", "16384",
            "Copies of at least this many bytes between native segments may use libc memcpy instead of the JVM stub"
                    + " (where JSHMEM_LARGE_COPY chose it)."),
    LARGE_COPY("JSHMEM_LARGE_COPY", "auto",
            "Copy routine from JSHMEM_MEMCPY_THRESHOLD up: auto (time libc memcpy against the JVM stub at init, 20-40"
                    + " ms once per process, pooled over the PEs of a host, per size band below and from 1 MiB),"
                    + " memcpy, or jvm."),
    SPIN_COUNT("JSHMEM_SPIN_COUNT", "4000",
            "Iterations a wait spins with Thread.onSpinWait before it starts yielding and parking."),
    WAIT_MODE("JSHMEM_WAIT_MODE", "auto",
            "How waits behave after a short poll: auto (spin while this host's PEs do not outnumber the cores, else"
                    + " poll where a network engine serves some peer, else sleep on a futex of the shared heap woken"
                    + " by writers), spin, sleep, or poll (spin, yield, park: the fallback without futexes)."),
    WAIT_YIELDS("JSHMEM_WAIT_YIELDS", "128",
            "In sleep mode, yields of a waiter after its short poll and before it sleeps on the futex (at most 1 ms"
                    + " of them): the writer it waits for is most likely a PE waiting for a core. 0 sleeps at once"
                    + " (least CPU, slower barriers when PEs outnumber cores)."),
    TEAMS_MAX("JSHMEM_TEAMS_MAX", "32",
            "Teams a PE may hold at once, TEAM_WORLD and TEAM_SHARED included (2..2048, CANN SHMEM's limit). The heap"
                    + " reserves 1792 bytes per team slot before user memory (32: 56 KiB, 2048: 3.5 MiB); every PE of"
                    + " a job must use the same value. A split beyond it fails on every PE of the parent with a"
                    + " clear error."),
    COLL_DIRECT("JSHMEM_COLL_DIRECT", "true",
            "Collectives read and write peers' heaps directly when every team member is mapped here (same host,"
                    + " SHM engine); false stages every transfer through the engine's get/put, as for remote PEs."),
    BCAST_ALGO("JSHMEM_BCAST_ALGO", "auto",
            "Broadcast algorithm: auto, eager (binomial tree pushing through the team's scratch, no"
                    + " synchronization; up to 240 bytes at 2 PEs, 144 at 4, 112 at 8, larger broadcasts use the"
                    + " tree), tree (binomial tree) or pipeline (chunked chain). auto: eager where it fits and every"
                    + " member is on this host."),
    BCAST_PIPELINE_MIN("JSHMEM_BCAST_PIPELINE_MIN", "262144",
            "auto broadcast: bytes from which teams of 3 or more PEs use the pipelined chain instead of the tree."),
    BCAST_CHUNK("JSHMEM_BCAST_CHUNK", "65536", "Chunk size in bytes of the pipelined broadcast."),
    FCOLLECT_ALGO("JSHMEM_FCOLLECT_ALGO", "auto",
            "fcollect/collect algorithm: auto, eager (fcollect: every member pushes its block into the others'"
                    + " scratch, no synchronization; blocks up to 120 bytes at 2 PEs, 36 at 4, 14 at 8, teams of up"
                    + " to 9 PEs; otherwise and for collect as auto), direct (every member stores its block into"
                    + " every other's dest), ring, or rd (recursive doubling; fcollect on power-of-two teams only,"
                    + " ring otherwise). auto: eager where it fits and every member is on this host, else direct"
                    + " there."),
    FCOLLECT_RD_MAX("JSHMEM_FCOLLECT_RD_MAX", "16384",
            "auto fcollect without direct access: block bytes up to which power-of-two teams use recursive doubling"
                    + " instead of the ring."),
    REDUCE_ALGO("JSHMEM_REDUCE_ALGO", "auto",
            "Reduction algorithm: auto, rd (recursive doubling, when the data fits the team's scratch slots) or"
                    + " rsag (reduce-scatter then allgather)."),
    REDUCE_RD_MAX("JSHMEM_REDUCE_RD_MAX", "128",
            "auto reductions: bytes up to which recursive doubling is used (capped by the team's scratch slots)."),
    UNIQUE_ID("JSHMEM_UNIQUE_ID", "",
            "Unique id of the job (rendezvous address and session secret), set by shmemrun."),
    PE("JSHMEM_PE", "", "This PE's number, set by shmemrun."),
    NPES("JSHMEM_NPES", "", "Number of PEs of the job, set by shmemrun."),
    LOCAL_PE("JSHMEM_LOCAL_PE", "", "This PE's number among the PEs of its host, set by shmemrun."),
    LOCAL_NPES("JSHMEM_LOCAL_NPES", "", "Number of PEs on this host, set by shmemrun."),
    SECRET("JSHMEM_SECRET", "",
            "Session secret for jobs started by torchrun, Slurm or Open MPI (all PEs must see the same value)."),
    UID_SESSION_ID("SHMEM_UID_SESSION_ID", "",
            "Rendezvous address host:port (IPv4, [IPv6] or hostname); wins over SHMEM_UID_SOCK_IFNAME."),
    UID_SOCK_IFNAME("SHMEM_UID_SOCK_IFNAME", "",
            "Network interface for the rendezvous, e.g. eth0, eth0:inet4 or eth0:inet6."),
    // CANN SHMEM extensions: instances, timeouts, copy engine, TLS, profiling
    INSTANCE_PORT_RANGE("SHMEM_INSTANCE_PORT_RANGE", "",
            "start:end ports for instances other than 0 that init with a rendezvous URL of port 0 (tcp://host:0):"
                    + " instance k uses port start + k, and k must not exceed end - start."),
    CONNECT_TIMEOUT("JSHMEM_CONNECT_TIMEOUT", "",
            "Seconds a PE keeps trying to reach the rendezvous at init (CANN's shm_init_timeout); empty ="
                    + " JSHMEM_TIMEOUT."),
    CONTROL_TIMEOUT("JSHMEM_CONTROL_TIMEOUT", "",
            "Deadline in seconds of each control-plane step of init and finalize: heap exchange, init and finalize"
                    + " barriers (CANN's control_operation_timeout); empty = JSHMEM_TIMEOUT."),
    COPY_ENGINE("JSHMEM_COPY_ENGINE", "false",
            "Background copy engine (CANN's SDMA): putmemNbi/getmemNbi of at least JSHMEM_COPY_ENGINE_MIN bytes to"
                    + " PEs on this host are copied by a background thread and completed by quiet or fence."),
    COPY_ENGINE_MIN("JSHMEM_COPY_ENGINE_MIN", "262144",
            "Bytes from which nbi copies go to the copy engine when JSHMEM_COPY_ENGINE is on (k, m suffixes)."),
    TLS("JSHMEM_TLS", "false",
            "TLS 1.3 with mutual authentication on the rendezvous (CANN's config store TLS); files in"
                    + " JSHMEM_TLS_INFO. Every PE and the launcher must agree."),
    TLS_INFO("JSHMEM_TLS_INFO", "",
            "TLS files as 'key: value;' pairs: tlsCert (PEM chain, or PKCS12 .p12/.pfx with the key), tlsPk (PEM"
                    + " PKCS#8 key), tlsPkPwdFile (password file), tlsCaFile (comma list; default: trust tlsCert's"
                    + " chain), tlsCaPath (directory of relative CA files), tlsCrlFile, tlsCrlPath."),
    CYCLE_PROF_PE("SHMEM_CYCLE_PROF_PE", "",
            "PEs that record profiling data (getProf/showProf): a PE number, a list 0,2, a range 1-3, or all;"
                    + " unset = profiling off."),
    ORPHAN_EXIT("JSHMEM_ORPHAN_EXIT", "true",
            "A PE halts (status 1, message on stderr) within about a second when its launcher or the process that"
                    + " hosts the rendezvous dies. false keeps it running; its jshmem operations then fail with"
                    + " PeFailedException."),
    LOG_LEVEL("SHMEM_LOG_LEVEL", "warn", "Log level: debug, info, warn, error, fatal."),
    LOG_SINK("JSHMEM_LOG_SINK", "auto",
            "Where log messages go: platform (System.getLogger: java.util.logging, or SLF4J/Log4j when bridged),"
                    + " stderr (CANN's one-line format), auto (platform when logging is configured: a LoggerFinder"
                    + " other than the JDK's or a java.util.logging.config property; else stderr)."),
    // Diagnostics and the launcher's conventions
    COLL_WARN_FRACTION("JSHMEM_COLL_WARN_FRACTION", "0.0834",
            "Fraction of JSHMEM_TIMEOUT after which a PE waiting in a barrier or collective logs a warning naming"
                    + " the PEs that have not arrived (0.0834 of the default 120 s: 10 s; 0 = never). The warning says when PEs are in other collectives."),
    BIND_TO("JSHMEM_BIND_TO", "none",
            "shmemrun: core pins each local PE to one CPU of the launcher's CPU set (taskset); none leaves"
                    + " scheduling to the OS. Same as shmemrun --bind-to."),
    STARTUP_CACHE("JSHMEM_STARTUP_CACHE", "",
            "shmemrun: a directory for JDK ahead-of-time caches of the PEs' start-up (classes, generated method"
                    + " handles, profiles), one per JDK, classpath and JVM options: a job without one runs as usual,"
                    + " then makes it with a one-PE training run; later jobs map it. Empty = none. Same as shmemrun"
                    + " --startup-cache."),
    RANK("RANK", "", "This PE's number, set by shmemrun as torchrun does (read by jshmem when torchrun starts it)."),
    WORLD_SIZE("WORLD_SIZE", "", "Number of PEs of the job, set by shmemrun as torchrun does."),
    LOCAL_RANK("LOCAL_RANK", "", "This PE's number on its host, set by shmemrun as torchrun does."),
    LOCAL_WORLD_SIZE("LOCAL_WORLD_SIZE", "", "Number of PEs on this host, set by shmemrun as torchrun does."),
    GROUP_RANK("GROUP_RANK", "", "This node's number (--node-rank), set by shmemrun as torchrun does."),
    BOUND_CPU("JSHMEM_BOUND_CPU", "", "The CPU this PE is pinned to, set by shmemrun --bind-to core."),
    HOST_CPUS("JSHMEM_HOST_CPUS", "",
            "CPUs this host's PEs share, set by shmemrun --bind-to core (its CPU set): a pinned PE's JVM sees one"
                    + " CPU, so the wait mode and the copy routine compare this host's PEs with this number instead;"
                    + " empty = the CPUs this process may run on."),
    // The environment variables of OpenSHMEM 1.6 (section "Environment Variables")
    VERSION("SHMEM_VERSION", "",
            "Any value: PE 0 prints the library version (jshmem, OpenSHMEM and CANN API versions) to standard"
                    + " output at start-up, once per process."),
    INFO("SHMEM_INFO", "",
            "Any value: PE 0 prints every jshmem environment variable with its value in effect, its source and its"
                    + " meaning to standard output at start-up, once per process."),
    DEBUG("SHMEM_DEBUG", "",
            "Any value but 0, false, no or off: debugging messages (log level debug, winning over"
                    + " SHMEM_LOG_LEVEL).");

    private final String envName;
    private final String defaultValue;
    private final String help;

    Setting(String envName, String defaultValue, String help) {
        this.envName = envName;
        this.defaultValue = defaultValue;
        this.help = help;
    }

    /** Environment variable that sets this value. */
    public String envName() {
        return envName;
    }

    /** System property that sets this value (wins over the environment variable). */
    public String propertyName() {
        return envName.toLowerCase(java.util.Locale.ROOT).replace('_', '.');
    }

    /** Value used when nothing sets it; empty means "no value". */
    public String defaultValue() {
        return defaultValue;
    }

    /** One-line description for diagnostics and docs. */
    public String help() {
        return help;
    }
}
