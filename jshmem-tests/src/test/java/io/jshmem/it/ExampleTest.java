package io.jshmem.it;

import io.jshmem.examples.Hello;
import io.jshmem.examples.RmaD2hDemo;
import io.jshmem.examples.RmaRing;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rma-ring example, CANN SHMEM's rma_d2h_demo and the README's Hello succeed on every PE. */
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

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(150)
    void rmaD2hDemoPrintsTheSeedsLinesOnEveryPe(int nPes) throws Exception {
        JobResult r = Jobs.runOk(RmaD2hDemo.class, nPes, pe -> "[SUCCESS] run success in pe " + pe);
        for (int pe = 0; pe < nPes; pe++) {
            // input is this PE's number (stored by the previous PE), output the next PE's (loaded by g)
            String received = pe + ": received message " + pe + " " + (pe + 1) % nPes;
            String end = "[INFO] demo run end in pe " + pe + ".";
            java.util.List<String> out = r.stdout(pe);
            assertTrue(out.contains(received), () -> "no '" + received + "'\n" + r.transcript());
            assertTrue(out.contains(end), () -> "no '" + end + "'\n" + r.transcript());
            assertTrue(out.indexOf(received) < out.indexOf(end), () -> "end line before the result\n"
                    + r.transcript());
        }
    }
}
