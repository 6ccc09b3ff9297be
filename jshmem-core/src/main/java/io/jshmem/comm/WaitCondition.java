package io.jshmem.comm;

/** A condition a wait loop polls; must be cheap and side-effect free. */
@FunctionalInterface
public interface WaitCondition {
    boolean satisfied();
}
