package io.jshmem.build;

import io.jshmem.Shmem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The compiled {@link Shmem} facade and the routine table agree method for method: every row has its public static
 * method (name, parameter types, return type) and the facade has no public method the table does not list.
 */
@Timeout(60)
class FacadeTableTest {

    @Test
    void everyRowHasItsMethodAndNoMethodIsOutsideTheTable() {
        Map<String, String> facade = new HashMap<>();
        List<String> notStatic = new ArrayList<>();
        for (Method m : Shmem.class.getDeclaredMethods()) {
            if (!Modifier.isPublic(m.getModifiers())) {
                continue;
            }
            if (!Modifier.isStatic(m.getModifiers())) {
                notStatic.add(m.toString());
            }
            facade.put(key(m), m.getReturnType().getSimpleName());
        }
        assertTrue(notStatic.isEmpty(), "public facade methods must be static: " + notStatic);

        Map<String, Routine> table = new HashMap<>();
        List<String> duplicates = new ArrayList<>();
        for (Routine r : RoutineTable.routines()) {
            if (table.put(r.signatureKey(), r) != null) {
                duplicates.add(r.signatureKey());
            }
        }
        assertTrue(duplicates.isEmpty(), "rows with the same signature: " + duplicates);

        TreeSet<String> missing = new TreeSet<>();
        TreeSet<String> wrongReturn = new TreeSet<>();
        for (Routine r : table.values()) {
            String returns = facade.get(r.signatureKey());
            if (returns == null) {
                missing.add(r.signatureKey());
            } else if (!returns.equals(r.returnKey())) {
                wrongReturn.add(r.signatureKey() + " returns " + returns + ", table says " + r.returnKey());
            }
        }
        TreeSet<String> extra = new TreeSet<>(facade.keySet());
        extra.removeAll(table.keySet());
        assertTrue(missing.isEmpty(), "table rows without a facade method: " + missing);
        assertTrue(wrongReturn.isEmpty(), "return types differ: " + wrongReturn);
        assertTrue(extra.isEmpty(), "public facade methods not in the routine table: " + extra);
        assertEquals(table.size(), facade.size());
    }

    @Test
    void rowsAreDocumentedAndNameTheirRoutinesOnce() {
        for (Routine r : RoutineTable.routines()) {
            assertFalse(r.doc().isBlank(), r.signatureKey() + " has no Javadoc line");
            assertEquals(r.cNames().size(), r.cNames().stream().distinct().count(),
                    r.signatureKey() + " names a C routine twice: " + r.cNames());
            for (String c : r.cNames()) {
                assertTrue(c.matches("(shmem|aclshmemx?|aclrt|SHMEM)_?\\w*"), r.signatureKey() + ": odd C name " + c);
            }
        }
    }

    /** {@code name(SimpleType,...)}, the spelling of {@link Routine#signatureKey()}. */
    private static String key(Method m) {
        StringBuilder sb = new StringBuilder(m.getName()).append('(');
        Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            sb.append(i > 0 ? "," : "").append(types[i].getSimpleName());
        }
        return sb.append(')').toString();
    }
}
