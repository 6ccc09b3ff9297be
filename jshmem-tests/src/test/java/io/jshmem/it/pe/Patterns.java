package io.jshmem.it.pe;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Deterministic byte patterns per (owner, block, salt), and comparisons that report the first difference. */
final class Patterns {
    private Patterns() {
    }

    static byte at(int owner, int block, int salt, long i) {
        long x = owner * 0x9E3779B97F4A7C15L + block * 0xC2B2AE3D27D4EB4FL + salt * 0x165667B19E3779F9L + i;
        x ^= x >>> 29;
        x *= 0xBF58476D1CE4E5B9L;
        return (byte) (x ^ (x >>> 32));
    }

    /** Fills {@code bytes} of {@code seg} from {@code off} with the pattern of (owner, block, salt). */
    static void fill(MemorySegment seg, long off, long bytes, int owner, int block, int salt) {
        for (long i = 0; i < bytes; i++) {
            seg.set(ValueLayout.JAVA_BYTE, off + i, at(owner, block, salt, i));
        }
    }

    /** Checks that {@code seg[off..off+bytes)} holds the pattern of (owner, block, salt). */
    static void expect(MemorySegment seg, long off, long bytes, int owner, int block, int salt, String what) {
        if (bytes == 0) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment want = arena.allocate(bytes);
            fill(want, 0, bytes, owner, block, salt);
            long m = MemorySegment.mismatch(seg, off, off + bytes, want, 0, bytes);
            if (m >= 0) {
                throw Expect.failure(what + ": byte " + m + " of " + bytes + " is " + seg.get(ValueLayout.JAVA_BYTE,
                        off + m) + ", expected " + want.get(ValueLayout.JAVA_BYTE, m) + " (pattern of PE " + owner
                        + " block " + block + ")", null);
            }
        }
    }

    /** Checks that every byte of the range equals {@code value}. */
    static void expectFilled(MemorySegment seg, long off, long bytes, byte value, String what) {
        for (long i = 0; i < bytes; i++) {
            byte b = seg.get(ValueLayout.JAVA_BYTE, off + i);
            if (b != value) {
                throw Expect.failure(what + ": byte " + i + " is " + b + ", expected untouched " + value, null);
            }
        }
    }
}
