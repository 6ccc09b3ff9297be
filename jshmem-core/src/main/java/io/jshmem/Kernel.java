package io.jshmem;

/**
 * User code launched on a {@link Stream} with {@link Stream#launch(Kernel)}: CANN SHMEM's device kernel as a Java
 * lambda. It runs on the stream's thread, after everything queued before it and before everything queued after
 * it, with the stream's {@link Context}: p/g, put/get and their nbi forms, atomics, signals, waits, quiet and
 * fence ("the device-side API"). The context's {@link Context#quiet()} completes what the stream and its kernels
 * issued.
 *
 * <pre>{@code
 * stream.launch(ctx -> {                       // rma_d2h_demo's kernel
 *     ctx.p(buf, 0, ctx.myPe() + 1, (ctx.myPe() + 1) % ctx.nPes());
 *     ctx.quiet();
 * });
 * }</pre>
 *
 * An exception thrown by the kernel fails the stream: {@link Stream#synchronize()} reports it.
 */
@FunctionalInterface
public interface Kernel {
    /** Runs the kernel on the stream's thread, issuing its operations through {@code ctx}. */
    void run(Context ctx) throws Exception;
}
