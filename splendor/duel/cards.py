"""Splendor Duel card data: this project's own 67 jewel cards and 4 royal cards.

The set follows the original's pattern (RULES.md §2): within a level, each coloured group has
one card per colour, and the cost colours are rotated along white→blue→green→red→black, so a
group's card of colour i asks for the colours i+k that its white card asks for as k.
"""

from __future__ import annotations

from splendor.common import GEM_LETTERS, PEARL

# One jewel card per line: id, bonus count, points, crowns, ability, cost.
# Ids are level + bonus letter (w b g r k; j = joker bonus; n = no bonus) + number.
CARD_TEXT = """\
# level 1
1w1  1  0  0  -         b1 g1 r1 k1
1w2  1  1  0  -         b3 r2
1w3  1  0  0  again     g2 k2 p1
1w4  1  0  1  -         k3
1w5  1  0  0  token     r2 k2
1b1  1  0  0  -         w1 g1 r1 k1
1b2  1  1  0  -         g3 k2
1b3  1  0  0  again     w2 r2 p1
1b4  1  0  1  -         w3
1b5  1  0  0  token     w2 k2
1g1  1  0  0  -         w1 b1 r1 k1
1g2  1  1  0  -         w2 r3
1g3  1  0  0  again     b2 k2 p1
1g4  1  0  1  -         b3
1g5  1  0  0  token     w2 b2
1r1  1  0  0  -         w1 b1 g1 k1
1r2  1  1  0  -         b2 k3
1r3  1  0  0  again     w2 g2 p1
1r4  1  0  1  -         g3
1r5  1  0  0  token     b2 g2
1k1  1  0  0  -         w1 b1 g1 r1
1k2  1  1  0  -         w3 g2
1k3  1  0  0  again     b2 r2 p1
1k4  1  0  1  -         r3
1k5  1  0  0  token     g2 r2
1j1  1  1  0  -         w2 b2 g1 p1
1j2  1  1  0  -         w1 r2 k2 p1
1j3  1  1  0  -         g4 p1
1j4  1  0  1  -         k4 p1
1n1  0  3  0  -         b4 p1
# level 2
2w1  1  1  0  steal     g4 r3
2w2  2  1  0  -         b2 r5
2w3  1  2  0  privilege g2 k4 p1
2w4  1  2  1  -         b2 g2 k2 p1
2b1  1  1  0  steal     r4 k3
2b2  2  1  0  -         g2 k5
2b3  1  2  0  privilege w4 r2 p1
2b4  1  2  1  -         w2 g2 r2 p1
2g1  1  1  0  steal     w3 k4
2g2  2  1  0  -         w5 r2
2g3  1  2  0  privilege b4 k2 p1
2g4  1  2  1  -         b2 r2 k2 p1
2r1  1  1  0  steal     w4 b3
2r2  2  1  0  -         b5 k2
2r3  1  2  0  privilege w2 g4 p1
2r4  1  2  1  -         w2 g2 k2 p1
2k1  1  1  0  steal     b4 g3
2k2  2  1  0  -         w2 g5
2k3  1  2  0  privilege b2 r4 p1
2k4  1  2  1  -         w2 b2 r2 p1
2j1  1  0  2  -         w6 p1
2j2  1  0  2  -         r6 p1
2j3  1  2  0  -         g6 p1
2n1  0  5  0  -         k6 p1
# level 3
3w1  1  3  2  -         b3 g3 r5 p1
3w2  1  4  0  -         w6 b2 r2
3b1  1  3  2  -         g3 r3 k5 p1
3b2  1  4  0  -         b6 g2 k2
3g1  1  3  2  -         w5 r3 k3 p1
3g2  1  4  0  -         w2 g6 r2
3r1  1  3  2  -         w3 b5 k3 p1
3r2  1  4  0  -         b2 r6 k2
3k1  1  3  2  -         w3 b3 g5 p1
3k2  1  4  0  -         w2 g2 k6
3j1  1  3  0  again     g8
3j2  1  0  3  -         k8
3n1  0  6  0  -         w8
"""

# One royal card per line: id, points, ability.
ROYAL_TEXT = """\
r1  2  steal
r2  2  again
r3  2  privilege
r4  3  -
"""

ABILITIES = ("-", "again", "token", "privilege", "steal")
JOKER = 5  # bonus colour of a joker card until it is placed
NO_BONUS = -1
TOKEN_LETTERS = GEM_LETTERS + PEARL  # cost columns: five gems, then pearl


class Card:
    """A jewel card (level 1-3) or a royal card (level 0)."""

    __slots__ = ("ability", "bonus", "colour", "cost", "crowns", "id", "index", "level", "points")

    def __init__(self, index, id, level, colour, bonus, points, crowns, ability, cost):
        self.index = index
        self.id = id
        self.level = level
        self.colour = colour  # 0-4 gem colour, JOKER or NO_BONUS
        self.bonus = bonus  # number of bonuses the card gives (0, 1 or 2)
        self.points = points
        self.crowns = crowns
        self.ability = ability  # one of ABILITIES
        self.cost = cost  # six counts: w b g r k p

    def __repr__(self) -> str:
        return f"Card({self.id})"

    def to_data(self) -> dict:
        """Return the card as plain data for the UI."""
        colour = {JOKER: "j", NO_BONUS: "n"}.get(self.colour)
        return {
            "id": self.id,
            "level": self.level,
            "colour": colour if colour else GEM_LETTERS[self.colour],
            "bonus": self.bonus,
            "points": self.points,
            "crowns": self.crowns,
            "ability": None if self.ability == "-" else self.ability,
            "cost": {TOKEN_LETTERS[i]: n for i, n in enumerate(self.cost) if n},
        }


def _parse_cards(text: str) -> tuple[Card, ...]:
    cards = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        card_id, bonus, points, crowns, ability, *cost_items = line.split()
        assert ability in ABILITIES, line
        cost = [0] * 6
        for item in cost_items:
            cost[TOKEN_LETTERS.index(item[0])] = int(item[1:])
        letter = card_id[1]
        colour = (
            JOKER if letter == "j" else NO_BONUS if letter == "n" else GEM_LETTERS.index(letter)
        )
        cards.append(
            Card(
                len(cards),
                card_id,
                int(card_id[0]),
                colour,
                int(bonus),
                int(points),
                int(crowns),
                ability,
                tuple(cost),
            )
        )
    return tuple(cards)


def _parse_royals(text: str) -> tuple[Card, ...]:
    royals = []
    for line in text.splitlines():
        card_id, points, ability = line.split()
        royals.append(Card(len(royals), card_id, 0, NO_BONUS, 0, int(points), 0, ability, (0,) * 6))
    return tuple(royals)


CARDS = _parse_cards(CARD_TEXT)
ROYALS = _parse_royals(ROYAL_TEXT)
CARD_INDEX = {card.id: card.index for card in CARDS}
ROYAL_INDEX = {royal.id: royal.index for royal in ROYALS}
LEVEL_CARDS = tuple(tuple(c.index for c in CARDS if c.level == level) for level in (1, 2, 3))
