package io.jshmem.config;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.operand.Operands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The shared PE and null checks, and that the operand layer reports them in the same words. */
@Timeout(10)
class ArgumentChecksTest {
    @Test
    void peNamesTheArgumentTheValueAndTheRange() {
        assertEquals(3, ArgumentChecks.pe("pe", 3, 4));
        for (int bad : new int[]{-1, 4, Integer.MIN_VALUE}) {
            ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                    () -> ArgumentChecks.pe("target", bad, 4));
            assertEquals("target = " + bad + " is not a valid PE: valid range is 0..3 (nPes = 4); pass the number of"
                    + " an existing PE", e.getMessage());
            assertEquals(e.getMessage(), assertThrows(ShmemArgumentException.class,
                    () -> Operands.pe("target", bad, 4)).getMessage());
        }
    }

    @Test
    void nullNamesTheArgument() {
        assertEquals("x", ArgumentChecks.notNull("s", "x"));
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> ArgumentChecks.notNull("spec", null));
        assertEquals("spec is null: a non-null value is required", e.getMessage());
        assertEquals(e.getMessage(), assertThrows(ShmemArgumentException.class,
                () -> Operands.notNull("spec", null)).getMessage());
    }
}
