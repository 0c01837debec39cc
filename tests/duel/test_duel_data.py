"""The Duel card set follows RULES.md's pattern; the board, spiral and notation are sound."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from splendor.common import IllegalActionError
from splendor.duel import actions as A
from splendor.duel.actions import Action
from splendor.duel.board import CELLS, LINES, SPIRAL
from splendor.duel.cards import CARDS, JOKER, NO_BONUS, ROYALS

# (points, crowns, ability, bonus count, gem cost counts largest first, pearls) per group
COLOURED_GROUPS = {
    1: [
        (0, 0, "-", 1, (1, 1, 1, 1), 0),
        (1, 0, "-", 1, (3, 2), 0),
        (0, 0, "again", 1, (2, 2), 1),
        (0, 1, "-", 1, (3,), 0),
        (0, 0, "token", 1, (2, 2), 0),
    ],
    2: [
        (1, 0, "steal", 1, (4, 3), 0),
        (1, 0, "-", 2, (5, 2), 0),
        (2, 0, "privilege", 1, (4, 2), 1),
        (2, 1, "-", 1, (2, 2, 2), 1),
    ],
    3: [(3, 2, "-", 1, (5, 3, 3), 1), (4, 0, "-", 1, (6, 2, 2), 0)],
}
JOKERS = {
    1: [(1, 0, (2, 2, 1), 1), (1, 0, (2, 2, 1), 1), (1, 0, (4,), 1), (0, 1, (4,), 1)],
    2: [(0, 2, (6,), 1), (0, 2, (6,), 1), (2, 0, (6,), 1)],
    3: [(3, 0, (8,), 0), (0, 3, (8,), 0)],
}
NO_BONUS_CARDS = {1: (3, (4,), 1), 2: (5, (6,), 1), 3: (6, (8,), 0)}


def shape(card):
    return tuple(sorted((n for n in card.cost[:5] if n), reverse=True))


def test_card_counts_points_and_crowns_per_level():
    by_level = {lv: [c for c in CARDS if c.level == lv] for lv in (1, 2, 3)}
    assert [len(by_level[lv]) for lv in (1, 2, 3)] == [30, 24, 13]
    assert [sum(c.points for c in by_level[lv]) for lv in (1, 2, 3)] == [11, 37, 44]
    assert [sum(c.crowns for c in by_level[lv]) for lv in (1, 2, 3)] == [6, 9, 13]
    assert sum(c.points for c in CARDS) == 92 and sum(c.crowns for c in CARDS) == 28
    assert len({c.id for c in CARDS}) == 67


@pytest.mark.parametrize("level", [1, 2, 3])
def test_coloured_groups_have_one_card_per_colour_with_rotated_costs(level):
    groups = {}
    for card in CARDS:
        if card.level == level and 0 <= card.colour < 5:
            groups.setdefault(card.id[2:], {})[card.colour] = card
    signatures = []
    for members in groups.values():
        assert sorted(members) == [0, 1, 2, 3, 4]
        white = members[0]
        for colour, card in members.items():
            rotated = tuple(white.cost[(k - colour) % 5] for k in range(5))
            assert card.cost[:5] == rotated, card.id
            assert (card.points, card.crowns, card.ability, card.bonus, card.cost[5]) == (
                white.points,
                white.crowns,
                white.ability,
                white.bonus,
                white.cost[5],
            )
        signatures.append(
            (white.points, white.crowns, white.ability, white.bonus, shape(white), white.cost[5])
        )
    assert Counter(signatures) == Counter(COLOURED_GROUPS[level])


def test_special_cost_colours_follow_the_pattern():
    for card in CARDS:
        if card.level == 3 and shape(card) == (6, 2, 2):
            assert card.cost[card.colour] == 6, card.id  # the 6 is its own colour
        if shape(card) == (1, 1, 1, 1):
            assert card.cost[card.colour] == 0, card.id  # the four other colours


@pytest.mark.parametrize("level", [1, 2, 3])
def test_joker_and_no_bonus_cards(level):
    jokers = [c for c in CARDS if c.level == level and c.colour == JOKER]
    assert Counter((c.points, c.crowns, shape(c), c.cost[5]) for c in jokers) == Counter(
        JOKERS[level]
    )
    assert all(c.bonus == 1 for c in jokers)
    plain = [c for c in CARDS if c.level == level and c.colour == NO_BONUS]
    assert [(c.points, shape(c), c.cost[5]) for c in plain] == [NO_BONUS_CARDS[level]]
    assert plain[0].bonus == 0 and plain[0].crowns == 0


def test_royal_cards():
    assert [(r.id, r.points, r.ability) for r in ROYALS] == [
        ("r1", 2, "steal"),
        ("r2", 2, "again"),
        ("r3", 2, "privilege"),
        ("r4", 3, "-"),
    ]


def test_card_data_for_the_ui():
    data = CARDS[0].to_data()
    assert data == {
        "id": "1w1",
        "level": 1,
        "colour": "w",
        "bonus": 1,
        "points": 0,
        "crowns": 0,
        "ability": None,
        "cost": {"b": 1, "g": 1, "r": 1, "k": 1},
    }


def test_spiral_starts_at_the_centre_and_steps_to_a_neighbour_each_time():
    assert CELLS[SPIRAL[0]] == "c3" and sorted(SPIRAL) == list(range(25))
    for a, b in itertools.pairwise(SPIRAL):
        assert abs(a // 5 - b // 5) + abs(a % 5 - b % 5) == 1
    assert CELLS[0] == "a1" and CELLS[4] == "e1" and CELLS[20] == "a5"


def test_board_lines():
    assert Counter(len(line) for line in LINES) == {1: 25, 2: 72, 3: 48}


def test_every_action_notation_round_trips():
    for notation, action in A._INTERNED.items():
        assert Action.parse(notation) is action
        assert action.notation == notation == str(action) and notation == notation.lower()
        assert repr(action) == f"Action.parse({notation!r})"
    assert Action.parse("  TAKE  e3 c3   d3 ") is Action.parse("take c3 d3 e3")
    assert Action.parse("discard pwyw").notation == "discard wwpy"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("jump a1", "unknown action"),
        ("take a1 a1", "twice"),
        ("take a1 b1 c1 d1", "1 to 3"),
        ("take a1 c1", "straight line"),
        ("take f1", "unknown cell"),
        ("reserve a1 9x9", "unknown card"),
        ("reserve a1", "gold cell and a card"),
        ("buy", "unknown card"),
        ("joker y", "colour letter"),
        ("steal y", "w b g r k p"),
        ("royal r5", "r1 to r4"),
        ("discard xx", "token letters"),
        ("pass now", "no arguments"),
    ],
)
def test_malformed_notation_is_rejected_with_a_reason(text, message):
    with pytest.raises(IllegalActionError, match=message):
        Action.parse(text)
