"""Invariants checked after every action of random games (hypothesis)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splendor.classic import from_json, new_game, packed
from splendor.classic.cards import CARD_COST, CARD_ID, CARD_POINTS, NOBLE_POINTS
from tests.classic.test_view import secret_ids

GEMS = {2: 4, 3: 5, 4: 7}
MAX_ACTIONS = 600  # take-and-return games may never end; that is legal


def check_invariants(s) -> None:
    n = s.num_players
    counts = [packed.unpack(s.bank)] + [packed.unpack(t) for t in s.tokens]
    for value, fields in zip([s.bank, *s.tokens], counts):
        assert packed.pack(fields) == value, "a packed count went negative"
    totals = [sum(column) for column in zip(*counts)]
    assert totals == [GEMS[n]] * 5 + [5], "tokens not conserved"

    cards = [c for c in s.table if c >= 0] + [c for deck in s.decks for c in deck]
    for seat in range(n):
        cards += list(s.bought[seat]) + list(s.reserved[seat])
    assert sorted(cards) == list(range(90)), "cards not all accounted for exactly once"
    nobles = list(s.nobles) + [x for seat in range(n) for x in s.owned_nobles[seat]]
    assert len(set(nobles)) == len(nobles) == n + 1 and set(nobles) <= set(range(10))

    for seat in range(n):
        held = sum(counts[seat + 1])
        deciding_return = seat == s.current_player and s.pending == "return"
        assert held <= (13 if deciding_return else 10)
        assert len(s.reserved[seat]) <= 3
        expected = sum(CARD_POINTS[c] for c in s.bought[seat])
        expected += sum(NOBLE_POINTS[x] for x in s.owned_nobles[seat])
        assert s.scores()[seat] == expected
        assert s.bonuses_of(seat) == tuple(
            sum(1 for c in s.bought[seat] if CARD_ID[c][1] == letter) for letter in "wbgrk"
        )
    assert bool(s.legal_actions()) != s.is_over, "a legal action exists exactly until the end"
    if s.pending == "main":
        check_buys(s)


def check_buys(s) -> None:
    """Buy legality agrees with a plain per-colour computation of what the player lacks."""
    p = s.current_player
    tokens, bonus = s.tokens_of(p), s.bonuses_of(p)
    offered = {a.card for a in s.legal_actions() if a.kind == "buy"}
    for card in [c for c in s.table if c >= 0] + list(s.reserved[p]):
        lacking = sum(max(0, CARD_COST[card][i] - bonus[i] - tokens[i]) for i in range(5))
        assert (card in offered) == (lacking <= tokens[5]), CARD_ID[card]


def check_views(s) -> None:
    for seat in range(s.num_players):
        text = json.dumps(s.view(seat).to_data())
        assert not any(f'"{card}"' in text for card in secret_ids(s, seat))


def play(players, seed, choice_seed) -> None:
    rng = random.Random(choice_seed)
    s = new_game(players, seed=seed)
    check_invariants(s)
    for _ in range(MAX_ACTIONS):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
        check_invariants(s)
        assert from_json(s.to_json()) == s
        if s.turn % 5 == 0:
            check_views(s)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), choice_seed=st.integers(0, 2**31 - 1))
def test_random_games_keep_every_invariant(players, seed, choice_seed):
    play(players, seed, choice_seed)
