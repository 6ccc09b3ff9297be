/**
 * The UCX network engine: {@link io.jshmem.transport.ucx.UcxTransportProvider} (service name {@code ucx}) creates a
 * {@link io.jshmem.transport.ucx.UcxTransport} that reaches peer heaps through libucp, bound directly with the Java
 * FFM API (no JNI, no JUCX). Needs the system package libucx0 (UCX >= 1.13) at run time only, loaded lazily on the
 * first {@code create}; the JVM must allow native access ({@code --enable-native-access=ALL-UNNAMED}).
 *
 * <p>Internals: {@code UcpLoader} (load, version check, disabling UCX's signal handlers), {@code Ucp} (downcalls),
 * {@code UcpStructs} (struct offsets for UCX 1.13), {@code UcxWorker} (context, worker, heap registration),
 * {@code UcxTransportFactory} (collective wire-up), {@code UcxProgressThread} (target-side progress),
 * {@code UcxRequests} (completion with deadlines), {@code UcxErrorHandlers} (endpoint error upcall),
 * {@code UcxShutdown} (ordered release).
 */
package io.jshmem.transport.ucx;
