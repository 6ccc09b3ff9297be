package io.jshmem.it;

import io.jshmem.examples.Hello;
import io.jshmem.examples.RmaRing;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The rma-ring example (CANN SHMEM's rma_d2h_demo flow) and the README's Hello succeed on every PE. */
class ExampleTest {
    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 4})
    @Timeout(150)
    void helloGreetsFromEveryPe(int nPes) throws Exception {
        Jobs.runOk(Hello.class, nPes, pe -> "Hello from PE " + pe + " of " + nPes + " (PE " + (pe + nPes - 1) % nPes
                + " wrote to me)");
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(150)
    void rmaRingSucceedsOnEveryPe(int nPes) throws Exception {
        Jobs.runOk(RmaRing.class, nPes, pe -> "[SUCCESS] run success in pe " + pe);
    }
}
