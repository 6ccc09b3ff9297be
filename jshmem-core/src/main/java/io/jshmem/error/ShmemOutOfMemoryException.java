package io.jshmem.error;

/**
 * The symmetric heap cannot satisfy an allocation: thrown on every PE by the collective allocation calls, with
 * nothing allocated; the message names the requested size and the heap's free space. Raise SHMEM_SYMMETRIC_SIZE
 * or free memory.
 */
public class ShmemOutOfMemoryException extends ShmemException {
    private static final long serialVersionUID = 1L;

    /** An allocation the symmetric heap cannot hold; {@code message} gives the sizes. */
    public ShmemOutOfMemoryException(String message) {
        super(message);
    }
}
