/** jshmem's example programs; they use only the public API, as applications do. */
module io.jshmem.examples {
    requires io.jshmem;

    exports io.jshmem.examples;
}
