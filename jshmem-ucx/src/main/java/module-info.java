/**
 * The UCX engine of jshmem (libucp through the Java FFM API): peers on other hosts, or every peer when forced.
 * Found by the core through {@link java.util.ServiceLoader}; exports nothing. Needs
 * {@code --enable-native-access=io.jshmem.ucx} on the module path.
 */
module io.jshmem.ucx {
    requires io.jshmem;

    provides io.jshmem.spi.TransportProvider with io.jshmem.transport.ucx.UcxTransportProvider;
}
