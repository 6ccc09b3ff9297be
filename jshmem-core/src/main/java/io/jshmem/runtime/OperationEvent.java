package io.jshmem.runtime;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event for one jshmem operation (stream RMA, signal, quiet, barrier, kernel, and every host RMA, atomic,
 * signal, ordering, wait, barrier and collective; see {@link HostProfile}), so that Java Mission Control shows where
 * communication time goes. {@code stream} is null for host operations. Costs nothing measurable when no recording
 * enables it; none is created while {@code pcontrol} is at most 0.
 */
@Name("jshmem.Operation")
@Label("jshmem Operation")
@Category({"jshmem"})
@Description("A communication operation of a jshmem PE")
@StackTrace(false)
public final class OperationEvent extends Event {
    @Label("Operation")
    public String operation;

    @Label("Target PE")
    @Description("-1 when the operation has no single target")
    public int targetPe;

    @Label("Bytes")
    @DataAmount
    public long bytes;

    @Label("Stream")
    public String stream;

    @Label("PE")
    public int pe;
}
