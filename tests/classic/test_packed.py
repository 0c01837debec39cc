"""Packed token counts: the arithmetic the legality check relies on."""

from __future__ import annotations

from itertools import product

from splendor.classic import packed


def test_pack_and_unpack_round_trip_and_total_sums():
    counts = (7, 0, 3, 13, 1, 5)
    value = packed.pack(counts)
    assert packed.unpack(value) == counts and packed.total(value) == 29


def test_shortfall_matches_a_plain_count():
    for power in product(range(0, 9, 2), repeat=5):
        for cost in [(0, 0, 0, 0, 7), (3, 3, 3, 5, 0), (1, 2, 0, 4, 1)]:
            expected = sum(max(0, c - p) for c, p in zip(cost, power))
            got = packed.shortfall(packed.pack(power) + packed.GUARDS, packed.pack(cost))
            assert got == expected
