"""Token counts packed into one int: six 6-bit fields, w b g r k y (gold), field i at bit 6*i.

Adding or removing a set of tokens is then a single integer addition or subtraction, and a
whole "can this player pay for that card" test is a handful of integer operations. Fields
stay within 0..31 (no card cost, bonus or token count comes near), which leaves bit 5 of each
field free as a guard bit for borrow-free comparisons.
"""

from __future__ import annotations

WIDTH = 6
GOLD_SHIFT = 5 * WIDTH
UNIT = tuple(1 << (WIDTH * i) for i in range(6))  # one token of each kind
GOLD_UNIT = UNIT[5]
GEMS_MASK = (1 << GOLD_SHIFT) - 1  # the five coloured fields
GUARDS = sum(32 << (WIDTH * i) for i in range(5))  # guard bit of each coloured field


def pack(counts) -> int:
    """Pack up to six small counts (w b g r k y) into one int."""
    value = 0
    for i, count in enumerate(counts):
        value += count << (WIDTH * i)
    return value


def unpack(value: int, size: int = 6) -> tuple[int, ...]:
    """Unpack the first ``size`` fields of a packed int."""
    return tuple((value >> (WIDTH * i)) & 63 for i in range(size))


def total(value: int) -> int:
    """Sum of all fields (valid while the sum stays below 63, which token totals do)."""
    return value % 63


def shortfall(power_with_guards: int, cost: int) -> int:
    """Tokens missing to pay ``cost`` from ``power`` (power given with GUARDS added)."""
    diff = power_with_guards - cost
    negative = ~diff & GUARDS  # guard bit cleared where power < cost
    return (negative - (diff & ((negative >> 5) * 63))) % 63
