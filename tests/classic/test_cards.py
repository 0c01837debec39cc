"""The card set follows the original's pattern (RULES.md §1, "This edition's cards")."""

from __future__ import annotations

from collections import Counter

from splendor.classic.cards import (
    CARD_COLOUR,
    CARD_COST,
    CARD_DATA,
    CARD_ID,
    CARD_LEVEL,
    CARD_POINTS,
    NOBLE_NEED,
    NOBLE_POINTS,
    NUM_CARDS,
)

SHAPES = {
    1: [(0, (1, 1, 1, 1)), (0, (2, 1, 1, 1)), (0, (2, 2, 1)), (0, (3, 1, 1))]
    + [(0, (2, 2)), (0, (2, 1)), (0, (3,)), (1, (4,))],
    2: [(1, (3, 2, 2)), (1, (3, 3, 2)), (2, (5,)), (2, (5, 3)), (2, (4, 2, 1)), (3, (6,))],
    3: [(3, (5, 3, 3, 3)), (4, (7,)), (4, (6, 3, 3)), (5, (7, 3))],
}


def shape(card: int) -> tuple[int, ...]:
    return tuple(sorted((n for n in CARD_COST[card] if n), reverse=True))


def cards(level: int, colour: int | None = None) -> list[int]:
    return [
        c
        for c in range(NUM_CARDS)
        if CARD_LEVEL[c] == level and (colour is None or CARD_COLOUR[c] == colour)
    ]


def test_card_data_is_one_readable_line_per_card():
    lines = CARD_DATA.strip().splitlines()
    assert len(lines) == 90
    assert lines[0].split() == ["1w1", "white", "0", "b1", "g1", "r1", "k1"]


def test_level_sizes_are_40_30_20_and_ids_follow_the_pattern():
    assert [len(cards(level)) for level in (1, 2, 3)] == [40, 30, 20]
    assert len(set(CARD_ID)) == 90
    for c in range(NUM_CARDS):
        assert CARD_ID[c][0] == str(CARD_LEVEL[c])
        assert CARD_ID[c][1] == "wbgrk"[CARD_COLOUR[c]]


def test_every_colour_has_the_same_shapes_within_a_level():
    for level, shapes in SHAPES.items():
        for colour in range(5):
            found = sorted((CARD_POINTS[c], shape(c)) for c in cards(level, colour))
            assert found == sorted(shapes), (level, colour)


def test_shape_details_about_a_cards_own_colour():
    for c in range(NUM_CARDS):
        own = CARD_COST[c][CARD_COLOUR[c]]
        points, form = CARD_POINTS[c], shape(c)
        if (CARD_LEVEL[c], form) == (1, (1, 1, 1, 1)):
            assert own == 0  # the four other colours
        if (CARD_LEVEL[c], form) == (1, (3, 1, 1)):
            assert own == 1
        if (CARD_LEVEL[c], points) == (2, 3):
            assert own == 6
        if (CARD_LEVEL[c], points) == (3, 3):
            assert own == 0
        if (CARD_LEVEL[c], form) == (3, (6, 3, 3)):
            assert own == 3
        if (CARD_LEVEL[c], form) == (3, (7, 3)):
            assert own == 3


def test_140_points_in_all():
    assert sum(CARD_POINTS) == 140


def test_every_colour_is_demanded_equally_within_a_level():
    for level in (1, 2, 3):
        demand = [sum(CARD_COST[c][colour] for c in cards(level)) for colour in range(5)]
        assert len(set(demand)) == 1, (level, demand)


def test_nobles_want_two_neighbours_or_three_consecutive_colours():
    assert NOBLE_POINTS == (3,) * 10
    pairs, triples = [], []
    for need in NOBLE_NEED:
        colours = tuple(i for i in range(5) if need[i])
        counts = sorted(n for n in need if n)
        if counts == [4, 4]:
            pairs.append(colours)
        else:
            assert counts == [3, 3, 3]
            triples.append(colours)
    assert sorted(pairs) == sorted(tuple(sorted((i, (i + 1) % 5))) for i in range(5))
    assert sorted(triples) == sorted(tuple(sorted({i, (i + 1) % 5, (i + 2) % 5})) for i in range(5))
    assert Counter(len(c) for c in pairs + triples) == {2: 5, 3: 5}
