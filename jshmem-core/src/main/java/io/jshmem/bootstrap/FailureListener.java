package io.jshmem.bootstrap;

/**
 * Failures of other PEs, as a {@link RendezvousClient} learns them from the server. Called on the client's event
 * thread, one event at a time, in the order the server sent them; a listener added late first receives the events
 * that happened before it was added. An implementation may call the client but must not block for long.
 */
public interface FailureListener {
    /**
     * PE {@code pe} died (connection lost without goodbye). {@code pe} is -1 or the hosting PE with reason
     * "rendezvous lost" when this client lost the rendezvous itself.
     */
    void peerLost(int pe, String reason);

    /** PE {@code fromPe} ended the job through globalExit with {@code status}; this PE should exit too. */
    void jobAborted(int fromPe, int status, String reason);

    /**
     * The connection to the rendezvous ended without the server saying it was closing: the launcher or the
     * process hosting it ({@code hostPe}, -1 when not a PE) died. Delivered after {@link #peerLost} of the same
     * event, so listeners that only know {@code peerLost} keep working.
     */
    default void rendezvousLost(int hostPe, String reason) {
    }
}
