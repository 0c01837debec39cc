"""This edition's 90 development cards and 10 nobles, kept as readable data.

Built from the original game's pattern (RULES.md §1): within a level every colour has the same
cost shapes, placed at the same offsets along the colour cycle white→blue→green→red→black, so
every colour is demanded equally. One card per line: id, colour (its bonus), points, cost.
Card ids are ``{level}{colour letter}{n}``; nobles are ``n1``..``n10`` (points, requirement).
"""

from __future__ import annotations

from splendor.common import COLOURS, GEM_LETTERS

CARD_DATA = """
1w1 white 0 b1 g1 r1 k1
1w2 white 0 b1 g2 r1 k1
1w3 white 0 b2 r2 k1
1w4 white 0 w1 g3 k1
1w5 white 0 g2 k2
1w6 white 0 r1 k2
1w7 white 0 r3
1w8 white 1 k4
1b1 blue  0 w1 g1 r1 k1
1b2 blue  0 w1 g1 r2 k1
1b3 blue  0 w1 g2 k2
1b4 blue  0 w1 b1 r3
1b5 blue  0 w2 r2
1b6 blue  0 w2 k1
1b7 blue  0 k3
1b8 blue  1 w4
1g1 green 0 w1 b1 r1 k1
1g2 green 0 w1 b1 r1 k2
1g3 green 0 w2 b1 r2
1g4 green 0 b1 g1 k3
1g5 green 0 b2 k2
1g6 green 0 w1 b2
1g7 green 0 w3
1g8 green 1 b4
1r1 red   0 w1 b1 g1 k1
1r2 red   0 w2 b1 g1 k1
1r3 red   0 b2 g1 k2
1r4 red   0 w3 g1 r1
1r5 red   0 w2 g2
1r6 red   0 b1 g2
1r7 red   0 b3
1r8 red   1 g4
1k1 black 0 w1 b1 g1 r1
1k2 black 0 w1 b2 g1 r1
1k3 black 0 w2 g2 r1
1k4 black 0 b3 r1 k1
1k5 black 0 b2 r2
1k6 black 0 g1 r2
1k7 black 0 g3
1k8 black 1 r4
2w1 white 1 b3 g2 k2
2w2 white 1 w2 b3 r3
2w3 white 2 g5
2w4 white 2 b5 k3
2w5 white 2 b2 g1 r4
2w6 white 3 w6
2b1 blue  1 w2 g3 r2
2b2 blue  1 b2 g3 k3
2b3 blue  2 r5
2b4 blue  2 w3 g5
2b5 blue  2 g2 r1 k4
2b6 blue  3 b6
2g1 green 1 b2 r3 k2
2g2 green 1 w3 g2 r3
2g3 green 2 k5
2g4 green 2 b3 r5
2g5 green 2 w4 r2 k1
2g6 green 3 g6
2r1 red   1 w2 g2 k3
2r2 red   1 b3 r2 k3
2r3 red   2 w5
2r4 red   2 g3 k5
2r5 red   2 w1 b4 k2
2r6 red   3 r6
2k1 black 1 w3 b2 r2
2k2 black 1 w3 g3 k2
2k3 black 2 b5
2k4 black 2 w5 r3
2k5 black 2 w2 b1 g4
2k6 black 3 k6
3w1 white 3 b3 g5 r3 k3
3w2 white 4 k7
3w3 white 4 w3 r6 k3
3w4 white 5 w3 k7
3b1 blue  3 w3 g3 r5 k3
3b2 blue  4 w7
3b3 blue  4 w3 b3 k6
3b4 blue  5 w7 b3
3g1 green 3 w3 b3 r3 k5
3g2 green 4 b7
3g3 green 4 w6 b3 g3
3g4 green 5 b7 g3
3r1 red   3 w5 b3 g3 k3
3r2 red   4 g7
3r3 red   4 b6 g3 r3
3r4 red   5 g7 r3
3k1 black 3 w3 b5 g3 r3
3k2 black 4 r7
3k3 black 4 g6 r3 k3
3k4 black 5 r7 k3
"""

NOBLE_DATA = """
n1 3 w4 b4
n2 3 b4 g4
n3 3 g4 r4
n4 3 r4 k4
n5 3 k4 w4
n6 3 w3 b3 g3
n7 3 b3 g3 r3
n8 3 g3 r3 k3
n9 3 w3 r3 k3
n10 3 w3 b3 k3
"""


def _cost(items: list[str]) -> tuple[int, ...]:
    """Turn ``["b1", "g2"]`` into a 5-tuple of counts in colour order."""
    cost = [0] * 5
    for item in items:
        cost[GEM_LETTERS.index(item[0])] = int(item[1:])
    return tuple(cost)


def _parse_cards() -> list[tuple[str, int, int, int, tuple[int, ...]]]:
    """Parse CARD_DATA into (id, level, colour index, points, cost) rows."""
    rows = []
    for line in CARD_DATA.strip().splitlines():
        card_id, colour, points, *cost = line.split()
        rows.append((card_id, int(card_id[0]), COLOURS.index(colour), int(points), _cost(cost)))
    return rows


def _parse_nobles() -> list[tuple[str, int, tuple[int, ...]]]:
    """Parse NOBLE_DATA into (id, points, requirement) rows."""
    rows = []
    for line in NOBLE_DATA.strip().splitlines():
        noble_id, points, *need = line.split()
        rows.append((noble_id, int(points), _cost(need)))
    return rows


_CARDS = _parse_cards()
_NOBLES = _parse_nobles()

# Cards are ints 0..89 (level 1, then 2, then 3) indexing these parallel tuples.
NUM_CARDS = len(_CARDS)
CARD_ID = tuple(row[0] for row in _CARDS)
CARD_LEVEL = tuple(row[1] for row in _CARDS)
CARD_COLOUR = tuple(row[2] for row in _CARDS)
CARD_POINTS = tuple(row[3] for row in _CARDS)
CARD_COST = tuple(row[4] for row in _CARDS)
CARD_INDEX = {card_id: index for index, card_id in enumerate(CARD_ID)}
LEVEL_CARDS = tuple(
    tuple(i for i in range(NUM_CARDS) if CARD_LEVEL[i] == level) for level in (1, 2, 3)
)

NUM_NOBLES = len(_NOBLES)
NOBLE_ID = tuple(row[0] for row in _NOBLES)
NOBLE_POINTS = tuple(row[1] for row in _NOBLES)
NOBLE_NEED = tuple(row[2] for row in _NOBLES)
NOBLE_INDEX = {noble_id: index for index, noble_id in enumerate(NOBLE_ID)}
