package io.jshmem.build;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The name table's "Not provided" list (hand-written in {@link NameTableWriter}) names no C routine that a row of
 * the routine table serves: a routine added to the facade must leave that list in the same change.
 */
class NotProvidedListTest {
    private static final Pattern C_NAME = Pattern.compile("\\b(?:shmemx?|aclshmemx?)_\\w+");

    @Test
    void notProvidedNamesNoRoutineTheFacadeHas() {
        String markdown = NameTableWriter.markdown(RoutineTable.routines());
        int section = markdown.indexOf("## Not provided");
        assertTrue(section >= 0, "the name table has no 'Not provided' section");
        Set<String> served = RoutineTable.routines().stream().flatMap(r -> r.cNames().stream())
                .collect(Collectors.toSet());
        Set<String> namedButServed = new TreeSet<>();
        Matcher m = C_NAME.matcher(markdown.substring(section));
        while (m.find()) {
            if (served.contains(m.group())) {
                namedButServed.add(m.group());
            }
        }
        assertEquals(Set.of(), namedButServed, "listed as not provided, but the routine table maps them");
    }

    @Test
    void theCheckSeesTheRoutinesItIsAbout() {
        Set<String> served = RoutineTable.routines().stream().flatMap(r -> r.cNames().stream())
                .collect(Collectors.toSet());
        for (String name : List.of("shmem_pe_accessible", "shmem_addr_accessible", "shmem_team_ptr")) {
            assertTrue(served.contains(name), name + " is not a C name of the routine table: " + served.size());
        }
    }
}
