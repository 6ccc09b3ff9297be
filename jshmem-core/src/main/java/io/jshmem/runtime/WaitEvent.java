package io.jshmem.runtime;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event for a time a jshmem PE spent waiting: a signal wait, a handle wait, a stream synchronize, a barrier.
 */
@Name("jshmem.Wait")
@Label("jshmem Wait")
@Category({"jshmem"})
@Description("Time a jshmem PE waited for other PEs or for a stream")
@StackTrace(false)
public final class WaitEvent extends Event {
    @Label("Waiting for")
    public String what;

    @Label("Stream")
    public String stream;

    @Label("PE")
    public int pe;
}
