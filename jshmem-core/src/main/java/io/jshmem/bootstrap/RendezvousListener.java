package io.jshmem.bootstrap;

/**
 * What a {@link RendezvousServer} reports to its host (the launcher, or PE 0's runtime). Called on the server's
 * event thread, one event at a time in the order the server saw them; a listener added late first receives the
 * earlier events. An implementation must not block for long.
 */
public interface RendezvousListener {
    /** PE {@code pe} lost its connection without saying goodbye: the process died or crashed. */
    default void peerLost(int pe, String reason) {
    }

    /** PE {@code pe} ended the job through globalExit with {@code status}. */
    default void peerAborted(int pe, int status, String reason) {
    }
}
