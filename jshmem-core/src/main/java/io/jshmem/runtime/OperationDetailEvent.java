package io.jshmem.runtime;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A host operation at {@code pcontrol} level 2 or more ("maximum detail"): the same data as {@link OperationEvent}
 * plus the API call's name and the caller's stack trace, so Java Mission Control shows where in the application each
 * operation was issued. Emitted besides the {@link OperationEvent}; stack walks cost microseconds, hence not at
 * level 1.
 */
@Name("jshmem.OperationDetail")
@Label("jshmem Operation Detail")
@Category({"jshmem"})
@Description("A host communication operation of a jshmem PE with its call site (pcontrol level 2)")
@StackTrace(true)
public final class OperationDetailEvent extends Event {
    @Label("Operation")
    public String operation;

    @Label("Call")
    @Description("The API method, e.g. putmemNbi or atomicFetchAdd")
    public String call;

    @Label("Target PE")
    @Description("-1 when the operation has no single target")
    public int targetPe;

    @Label("Bytes")
    @DataAmount
    public long bytes;

    @Label("PE")
    public int pe;
}
