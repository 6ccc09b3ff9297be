package io.jshmem.collectives;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class AlgorithmChoiceTest {
    @Test
    void asksTheRuleOncePerRunOfOneSize() {
        AtomicInteger asked = new AtomicInteger();
        java.util.List<String> heard = new java.util.ArrayList<>();
        AlgorithmChoice choice = new AlgorithmChoice(b -> {
            asked.incrementAndGet();
            return b <= 8 ? Algorithm.EAGER : Algorithm.TREE;
        }, (a, b) -> heard.add(a.label() + " " + b));
        assertSame(Algorithm.EAGER, choice.of(8));
        assertSame(Algorithm.EAGER, choice.of(8));
        assertEquals(1, asked.get());
        assertSame(Algorithm.TREE, choice.of(9), "a new size asks again");
        assertSame(Algorithm.EAGER, choice.of(8));
        assertEquals(3, asked.get());
        assertEquals(java.util.List.of("eager 8", "tree 9", "eager 8"), heard, "each choice is reported once");
    }

    @Test
    void sizeZeroAndTheLargestSizeAreAskedToo() {
        AlgorithmChoice choice = new AlgorithmChoice(b -> b == 0 ? Algorithm.RD : Algorithm.RSAG, (a, b) -> { });
        assertSame(Algorithm.RD, choice.of(0));
        assertSame(Algorithm.RSAG, choice.of(Long.MAX_VALUE));
        assertSame(Algorithm.RD, choice.of(0));
    }

    @Test
    void theChannelsRulesMatchTheTuningsStrings() {
        CollectiveTuning auto = new CollectiveTuning(true, CollectiveTuning.BroadcastChoice.AUTO, 1 << 16, 1 << 16,
                CollectiveTuning.FcollectChoice.AUTO, 1024, CollectiveTuning.ReduceChoice.AUTO, 4096);
        assertEquals("eager", Collectives.broadcastRule(auto, true, 2, 8).label());
        assertEquals("tree", Collectives.broadcastRule(auto, true, 2, 1 << 20).label());
        assertEquals("pipeline", Collectives.broadcastRule(auto, false, 4, 1 << 20).label());
        assertEquals("direct", Collectives.fcollectRule(auto, true, 2, 1 << 20).label());
        assertEquals("rsag", Collectives.reduceRule(auto, 2, 1 << 20).label());
    }
}
