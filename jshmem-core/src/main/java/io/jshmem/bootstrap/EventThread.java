package io.jshmem.bootstrap;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Delivers events to listeners on one daemon thread, in the order they were published, so that a listener never
 * runs on (and never blocks) a network thread. A listener added late first receives every earlier event, so a
 * failure that happens between connecting and adding a listener is not lost. Thread-safe.
 *
 * @param <L> the listener type
 */
final class EventThread<L> {
    private final ExecutorService thread;
    /** Touched only on the event thread. */
    private final List<L> listeners = new ArrayList<>();
    private final List<Consumer<L>> history = new ArrayList<>();

    EventThread(String name) {
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    void add(L listener) {
        run(() -> {
            history.forEach(e -> deliver(e, listener));
            listeners.add(listener);
        });
    }

    void publish(Consumer<L> event) {
        run(() -> {
            history.add(event);
            listeners.forEach(l -> deliver(event, l));
        });
    }

    /** Delivers what is queued, then stops; later events are dropped. */
    void close() {
        thread.shutdown();
    }

    boolean awaitClosed(long millis) throws InterruptedException {
        return thread.awaitTermination(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    private void run(Runnable r) {
        try {
            thread.execute(r);
        } catch (RejectedExecutionException e) {
            // Closed: nobody listens any more.
        }
    }

    private static <L> void deliver(Consumer<L> event, L listener) {
        try {
            event.accept(listener);
        } catch (RuntimeException e) {
            // A faulty listener must not silence the others.
        }
    }
}
