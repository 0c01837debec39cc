"""Random Duel games keep every invariant after every action."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splendor import duel
from splendor.duel.actions import BUY
from splendor.duel.cards import CARDS, JOKER
from splendor.duel.saving import check
from splendor.duel.state import MAX_TOKENS


def naive_buys(state) -> set[str]:
    """Cards the current player can pay for, computed the slow, obvious way."""
    p = state.player
    tokens, bonus = state.tokens[p], state.bonus[p]
    found = set()
    candidates = [c for row in state.pyramid for c in row if c >= 0] + list(state.reserved[p])
    for c in candidates:
        card = CARDS[c]
        if card.colour == JOKER and not any(bonus):
            continue
        short = max(0, card.cost[5] - tokens[5])
        short += sum(max(0, card.cost[k] - bonus[k] - tokens[k]) for k in range(5))
        if short <= tokens[6]:
            found.add(f"buy {card.id}")
    return found


def assert_invariants(state, before, rng):
    assert check(state) is None, check(state)
    for p in range(2):
        assert min(state.tokens[p]) >= 0 and state.privileges[p] >= 0
        assert len(state.reserved[p]) <= 3
    assert min(state.bag) >= 0
    if state.turn > before.turn:  # a turn ended: nobody holds more than ten tokens
        assert all(sum(state.tokens[p]) <= MAX_TOKENS for p in range(2))
    assert state.is_over or state.legal_actions(), "no legal action in an unfinished game"
    if state.pending == "main" and not state.is_over:
        buys = {a.notation for a in state.legal_actions() if a.kind == BUY}
        if any(not a.notation.startswith(("replenish", "pass")) for a in state.legal_actions()):
            assert buys == naive_buys(state)
    loaded = duel.from_json(state.to_json())
    assert loaded == state
    # The board and pyramid summaries kept up to date by apply match a fresh derivation.
    assert (loaded.mask, loaded.gold, loaded.faceup) == (state.mask, state.gold, state.faceup)
    for seat in range(2):
        view = state.view(seat)
        data = view.to_data()
        json.dumps(data)
        assert view.determinize(rng).view(seat).to_data() == data


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31 - 1), picks=st.lists(st.integers(0, 10**6), min_size=20, max_size=200)
)
def test_random_games_keep_every_invariant(seed, picks):
    rng = random.Random(seed)
    state = duel.new_game(seed=seed)
    for pick in picks:
        if state.is_over:
            break
        legal = state.legal_actions()
        before, state = state, state.apply(legal[pick % len(legal)])
        assert_invariants(state, before, rng)
    assert duel.replay(state.record) == state


def test_full_random_games_end_with_a_winner():
    finished = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = duel.new_game(seed=seed)
        for _ in range(2000):
            if state.is_over:
                break
            legal = state.legal_actions()
            assert legal
            before, state = state, state.apply(rng.choice(legal))
            if state.turn > before.turn:
                assert all(sum(state.tokens[p]) <= MAX_TOKENS for p in range(2))
        if state.is_over:
            finished += 1
            w = state.winner
            assert (
                state.points[w] >= 20 or state.crowns[w] >= 10 or max(state.colour_points[w]) >= 10
            )
            assert check(state) is None
    assert finished == 30
