package io.jshmem;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated facade's own conversions on a one-PE job in this JVM: typed arrays as segments, int results cast,
 * float and double as raw bits, unsigned waits compared as unsigned, symmetric blocks as local operands, and the
 * arguments the facade converts rejected by name. The object API's checks are tested with it elsewhere.
 */
@Timeout(120)
class FacadeDelegationTest {

    @Test
    void facadeConvertsAndDelegates() {
        assertThrows(ShmemStateException.class, Shmem::myPe, "no runtime before init");
        try (ShmemRuntime rt = Shmem.init()) {
            assertEquals(0, Shmem.myPe());
            assertEquals(1, Shmem.nPes());
            SymmetricMemory m = Shmem.calloc(8, 8);

            Shmem.put(m, 1, new long[] {7, 8}, 0, 2, 0);
            assertEquals(8, Shmem.gLong(m, 2, 0));
            long[] back = new long[3];
            Shmem.get(back, 0, m, 0, 3, 0);
            assertArrayEquals(new long[] {0, 7, 8}, back);
            Shmem.p(m, 0, 5L, 0);
            assertEquals(5, Shmem.atomicFetchAddLong(m, 0, 2, 0));
            assertEquals(7, Shmem.atomicFetchLong(m, 0, 0));

            Shmem.atomicSetInt(m, 8, -1, 0);
            assertEquals(-1, Shmem.atomicFetchAddInt(m, 8, 1, 0));
            assertEquals(0, Shmem.atomicFetchInt(m, 8, 0));
            int[] fetched = new int[2];
            Shmem.atomicFetchIncIntNbi(fetched, 1, m, 8, 0);
            Shmem.quiet();
            assertEquals(0, fetched[1]);
            assertEquals(1, Shmem.atomicFetchInt(m, 8, 0));

            Shmem.atomicSetFloat(m, 9, 1.5f, 0);
            assertEquals(1.5f, Shmem.atomicSwapFloat(m, 9, -2.25f, 0));
            assertEquals(-2.25f, Shmem.atomicFetchFloat(m, 9, 0));
            Shmem.atomicSetDouble(m, 5, Math.PI, 0);
            assertEquals(Math.PI, Shmem.atomicFetchDouble(m, 5, 0));

            Shmem.p(m, 28, (short) -1, 0);
            assertTrue(Shmem.testUnsignedShort(m, 28, Cmp.GT, (short) 0x7FFF), "0xFFFF > 0x7FFF unsigned");
            assertFalse(Shmem.testShort(m, 28, Cmp.GT, (short) 0), "-1 > 0 signed");
            Shmem.waitUntilUnsignedShort(m, 28, Cmp.EQ, (short) 0xFFFF);
            assertTrue(Shmem.testAllVectorUnsignedShort(m, 28, 1, null, Cmp.GE, new short[] {(short) 0x8000}));
            assertTrue(Shmem.testAllVectorShort(m, 28, 1, null, Cmp.LT, new short[] {0}));

            SymmetricMemory copy = Shmem.malloc(64);
            Shmem.putmem(copy, 0, m, 0, 64, 0);
            assertEquals(8, Shmem.gLong(copy, 2, 0));
            Shmem.sumReduce(Shmem.teamWorld(), DataType.LONG, copy, 0, m, 0, 3);
            assertEquals(7, Shmem.gLong(copy, 0, 0));
            assertNotNull(Shmem.ptr(m, 0));
            Shmem.free(copy);

            rejects(ShmemArgumentException.class, "src is null", () -> Shmem.put(m, 0, (long[]) null, 0, 1, 0));
            rejects(ShmemArgumentException.class, "dest is null", () -> Shmem.get((int[]) null, 0, m, 0, 1, 0));
            rejects(ShmemArgumentException.class, "fetch is null",
                    () -> Shmem.atomicFetchLongNbi((long[]) null, 0, m, 0, 0));
            rejects(ShmemArgumentException.class, "values is null",
                    () -> Shmem.waitUntilAllVectorInt(m, 0, 1, null, Cmp.EQ, (int[]) null));
            rejects(ShmemArgumentException.class, "team is null", () -> Shmem.teamSync(null));
            rejects(ShmemArgumentException.class, "stream is null", () -> Shmem.quietOnStream(null));
            rejects(ShmemStateException.class, "src", () -> Shmem.putmem(m, 0, copy, 0, 8, 0));
            Shmem.free(m);
        }
        assertThrows(ShmemStateException.class, Shmem::myPe, "no runtime after finalize");
        Shmem.finalizeShmem();
    }

    private static void rejects(Class<? extends RuntimeException> type, String start, Executable call) {
        RuntimeException e = assertThrows(type, call);
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
