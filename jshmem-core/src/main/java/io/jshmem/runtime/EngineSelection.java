package io.jshmem.runtime;

import io.jshmem.bootstrap.RendezvousClient;
import io.jshmem.comm.Comm;
import io.jshmem.comm.FailureState;
import io.jshmem.comm.WaitLoop;
import io.jshmem.comm.WaitMode;
import io.jshmem.config.HostCpus;
import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.config.ShmemLog;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.TransportException;
import io.jshmem.memory.CopyRoutine;
import io.jshmem.spi.Transport;
import io.jshmem.spi.TransportProvider;
import io.jshmem.spi.WaitProgress;
import io.jshmem.spi.TransportSetup;
import io.jshmem.transport.shm.CopyEngineTransport;
import io.jshmem.transport.shm.ShmTransport;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Chooses the engine for every peer: the built-in SHM engine for PEs whose heap is mapped here, the one installed
 * network engine for the rest ({@code JSHMEM_ENGINE=auto}); or, when JSHMEM_ENGINE names an installed engine (or
 * {@code network}), that engine for every other PE. Engines are found with {@link java.util.ServiceLoader}
 * ({@link EngineProviders}); the core names none but its own. Each PE decides from the same gathered host list and
 * settings, so all PEs agree on whether the (collective) engine is created.
 */
final class EngineSelection {
    private static final System.Logger LOG = io.jshmem.config.ShmemLog.logger(EngineSelection.class);
    /** Longest sleep of a waiter when every writer rings the doorbell. */
    private static final long LOCAL_SLICE_NANOS = 10_000_000;
    /** Longest sleep when some writer (the network engine) cannot ring it. */
    private static final long REMOTE_SLICE_NANOS = 200_000;

    private EngineSelection() {
    }

    /** {@code 0-3 shm, 4-7 <engine>}: runs of peers with the same engine ("self" for this PE). */
    private static String describe(Transport[] route, Transport shm, int pe) {
        StringBuilder sb = new StringBuilder();
        int start = 0;
        for (int p = 1; p <= route.length; p++) {
            if (p == route.length || !name(route[p], shm, p, pe).equals(name(route[start], shm, start, pe))) {
                sb.append(sb.isEmpty() ? "" : ", ").append(start == p - 1 ? "" + start : start + "-" + (p - 1))
                        .append(' ').append(name(route[start], shm, start, pe));
                start = p;
            }
        }
        return sb.toString();
    }

    /** The engine's name; the built-in one is {@code shm} with or without its copy engine. */
    private static String name(Transport t, Transport shm, int p, int pe) {
        return p == pe ? "self" : t == shm ? EngineProviders.SHM : t.name();
    }

    static Comm build(Settings s, int pe, HeapSetup.Mapped mapped, RendezvousClient boot, Duration timeout,
                      FailureState failures) {
        EngineProviders providers = EngineProviders.load();
        String engine = providers.choice(s.string(Setting.ENGINE));
        MemorySegment[] heaps = mapped.heaps();
        int n = heaps.length;
        // A named engine (or "network") serves every other PE, mapped or not: for tests and comparisons.
        boolean forceNetwork = !engine.equals(EngineProviders.AUTO) && !engine.equals(EngineProviders.SHM);
        boolean[] remote = new boolean[n];
        boolean anyRemote = false;
        for (int p = 0; p < n; p++) {
            boolean sameHost = mapped.hosts()[p].equals(mapped.hosts()[pe]);
            remote[p] = p != pe && (!sameHost || forceNetwork);
            anyRemote |= remote[p];
        }
        // Any PE on another host means some pair needs the network engine; it is collective, so all create it.
        boolean severalHosts = false;
        for (int p = 1; p < n && !severalHosts; p++) {
            severalHosts = !mapped.hosts()[p].equals(mapped.hosts()[0]);
        }
        boolean networkNeeded = forceNetwork || severalHosts;
        if (severalHosts && engine.equals(EngineProviders.SHM)) {
            throw new ShmemArgumentException(Setting.ENGINE.envName() + " = shm but the job spans several hosts:"
                    + " valid values for a multi-host job are " + EngineProviders.AUTO + ", "
                    + EngineProviders.NETWORK + " or an installed engine that reaches other hosts");
        }
        MemorySegment[] direct = new MemorySegment[n];
        for (int p = 0; p < n; p++) {
            direct[p] = remote[p] ? null : heaps[p];
        }
        long threshold = CopyRoutine.threshold(s);
        // Measured once per process, on memory of the heaps' kind: which routine copies large blocks faster here.
        // This host's PEs (those this PE maps) against its cores decide both the copy routine and the wait mode.
        int hostPes = mappedCount(heaps);
        int cores = HostCpus.shared(s);
        String copyPlan = chooseCopyRoutine(s, pe, mapped.hosts(), hostPes, cores, boot, timeout);
        ShmemLog.logger(EngineSelection.class).log(System.Logger.Level.DEBUG, () -> "large copies: " + copyPlan);
        ShmTransport mappedPeers = new ShmTransport(direct, threshold);
        Transport shm = mappedPeers;
        if (s.bool(Setting.COPY_ENGINE)) {
            // CANN's SDMA: large nbi copies to mapped peers run on a background thread, completed by quiet.
            shm = new CopyEngineTransport(shm, s.size(Setting.COPY_ENGINE_MIN), threshold, timeout, pe);
        }
        Transport network = null;
        if (networkNeeded) {
            TransportProvider provider = providers.byName(engine);
            if (provider == null) {
                provider = providers.network(engine.equals(EngineProviders.NETWORK)
                        ? Setting.ENGINE.envName() + "=" + engine : "PEs on other hosts");
            } else if (severalHosts && !provider.capabilities().reachesOtherHosts()) {
                throw new ShmemArgumentException(Setting.ENGINE.envName() + " = " + engine + " but that engine"
                        + " serves one host and the job spans several: valid values for a multi-host job are "
                        + EngineProviders.AUTO + ", " + EngineProviders.NETWORK + " or an installed engine that"
                        + " reaches other hosts");
            }
            network = provider.create(new Setup(pe, n, heaps[pe], mapped.hosts(), hostPes, cores, s, timeout, boot),
                    remote);
            reachesEvery(network, remote, mapped.hosts());
        }
        WaitLoop waits = waitLoop(s, heaps[pe], hostPes, cores, anyRemote, timeout, failures,
                anyRemote ? network.waitProgress() : null);
        Transport[] route = new Transport[n];
        for (int p = 0; p < n; p++) {
            route[p] = remote[p] ? network : shm;
        }
        if (LOG.isLoggable(System.Logger.Level.INFO)) {
            LOG.log(System.Logger.Level.INFO, "PE " + pe + ": engine per peer " + describe(route, shm, pe)
                    + (forceNetwork ? " (" + Setting.ENGINE.envName() + "=" + engine + ")" : ""));
        }
        if (forceNetwork) {
            Transport forced = network;
            LOG.log(System.Logger.Level.WARNING, () -> "PE " + pe + ": " + Setting.ENGINE.envName() + "=" + engine
                    + " routes same-host peers through the " + forced.name() + " engine: slower than shared memory"
                    + " (for tests and comparisons)");
        }
        boolean[] sleeping = sleepingPes(pe, n, waits, boot, timeout);
        if (!anyRemote && network != null) {
            // This PE talks to nobody over the network but took part in its collective creation.
            return new Comm(pe, route, mappedPeers, heaps[pe], waits, sleeping, network);
        }
        return new Comm(pe, route, mappedPeers, heaps[pe], waits, sleeping);
    }

    /**
     * Which PEs' waits sleep, gathered from all PEs: barriers pick their algorithm from it, and every member of a
     * team must pick the same one whatever its own core count or JSHMEM_WAIT_MODE. Collective.
     */
    private static boolean[] sleepingPes(int pe, int n, WaitLoop waits, RendezvousClient boot, Duration timeout) {
        byte mine = (byte) (waits.mode() == WaitMode.SLEEP ? 1 : 0);
        byte[][] all = boot.allgather("wait-modes", new byte[]{mine}, timeout);
        boolean[] sleeping = new boolean[n];
        for (int p = 0; p < n; p++) {
            if (all[p] == null || all[p].length != 1) {
                throw new ShmemStateException("PE " + p + " sent " + (all[p] == null ? "no" : all[p].length + " bytes"
                        + " of") + " wait mode at init (1 byte expected): PEs of different jshmem versions?");
            }
            sleeping[p] = all[p][0] == 1;
        }
        return sleeping;
    }

    /**
     * The large-copy routine (JSHMEM_LARGE_COPY): every PE measures (once per process, a few ms, all PEs of a host at
     * once) and the samples of the PEs of each host are pooled, so that they all choose alike. Collective: every PE
     * takes part in the exchange whatever its mode, so a PE with other settings cannot leave the rest waiting.
     */
    private static String chooseCopyRoutine(Settings s, int pe, String[] hosts, int hostPes, int cores,
                                            RendezvousClient boot, Duration timeout) {
        CopyRoutine.Choice mode = CopyRoutine.choice(s);
        // Scratch memory of the heaps' kind but never in the heap directory: on a tmpfs with room for the heaps
        // only, pages touched there could be the ones a heap later lacks.
        double[] mine = CopyRoutine.measure(mode, null);
        ByteBuffer out = ByteBuffer.allocate(8 * mine.length);
        for (double d : mine) {
            out.putDouble(d);
        }
        byte[][] all = boot.allgather("large-copy-calibration", out.array(), timeout);
        List<double[]> host = new ArrayList<>();
        for (int p = 0; p < all.length; p++) {
            if (hosts[p].equals(hosts[pe])) {
                ByteBuffer in = ByteBuffer.wrap(all[p]);
                double[] sample = new double[all[p].length / 8];
                for (int i = 0; i < sample.length; i++) {
                    sample[i] = in.getDouble();
                }
                host.add(sample);
            }
        }
        return CopyRoutine.configure(mode, host, hostPes, cores);
    }

    /** PEs whose heaps this PE maps: this host's PEs. */
    private static int mappedCount(MemorySegment[] heaps) {
        int local = 0;
        for (MemorySegment h : heaps) {
            if (h != null) {
                local++;
            }
        }
        return local;
    }

    /**
     * Waits spin while this host's PEs (those this PE maps) have a core each and sleep on the heap's doorbell
     * otherwise. A sleep is bounded by a slice: short when some peer writes through the network engine (it cannot
     * ring the doorbell), long otherwise (only the deadline and dead-PE checks need it).
     */
    private static WaitLoop waitLoop(Settings s, MemorySegment localHeap, int hostPes, int cores, boolean anyRemote,
                                     Duration timeout, FailureState failures, WaitProgress network) {
        WaitMode mode;
        try {
            mode = WaitMode.choose(s.string(Setting.WAIT_MODE), hostPes, cores, anyRemote);
        } catch (IllegalArgumentException e) {
            throw new ShmemArgumentException(e.getMessage());
        }
        long slice = anyRemote ? REMOTE_SLICE_NANOS : LOCAL_SLICE_NANOS;
        try {
            return new WaitLoop(s.intValue(Setting.SPIN_COUNT), timeout, failures, mode, localHeap, slice,
                    Instance.warnFraction(s), network, s.intValue(Setting.WAIT_YIELDS));
        } catch (IllegalArgumentException e) {
            throw new ShmemArgumentException(e.getMessage());
        }
    }

    /** Fails init when the created engine cannot serve a PE it was created for (say, another host). */
    private static void reachesEvery(Transport engine, boolean[] peers, String[] hosts) {
        for (int p = 0; p < peers.length; p++) {
            if (peers[p] && !engine.canReach(p)) {
                throw new TransportException("the " + engine.name() + " engine cannot reach PE " + p + " (host "
                        + hosts[p] + "): set " + Setting.ENGINE.envName() + " to " + EngineProviders.AUTO
                        + " or to an engine that reaches every PE of the job");
            }
        }
    }

    private record Setup(int myPe, int nPes, MemorySegment localHeap, String[] hosts, int hostPes, int hostCores,
                         Settings settings, Duration timeout, RendezvousClient boot) implements TransportSetup {
        @Override
        public String hostOf(int pe) {
            return hosts[pe];
        }

        @Override
        public byte[][] allgather(String key, byte[] mine) {
            return boot.allgather("engine/" + key, mine, timeout);
        }
    }
}
