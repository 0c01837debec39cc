"""Bots are fair by construction: hidden cards cannot change what they choose."""

from __future__ import annotations

import pytest

from splendor.bots import make_bot
from splendor.common import make_rng
from tests.bots.twins import classic_twins, duel_twins

LEVELS = ["random", "greedy", "beginner", "easy", "medium", "hard"]


def build(level: str, game: str):
    """A bot of a level; the hard one on a small fixed budget (no clock: reproducible)."""
    if level == "hard":
        return make_bot(level, game, iterations=40, max_seconds=None)
    return make_bot(level, game)


def twins(game: str, seed: int, players: int = 2):
    if game == "classic":
        return classic_twins(seed, players)
    return duel_twins(seed)


@pytest.mark.parametrize("game,players", [("classic", 2), ("classic", 4), ("duel", 2)])
def test_twin_positions_differ_only_in_hidden_cards(game, players):
    for seed in range(5):
        a, b, me = twins(game, seed, players)
        assert a.decks != b.decks and a.reserved != b.reserved
        assert a.view(me).to_data() == b.view(me).to_data()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game,players", [("classic", 2), ("classic", 3), ("duel", 2)])
def test_choice_ignores_deck_order_and_rival_blind_reserves(level, game, players):
    bot = build(level, game)
    for seed in range(4):
        a, b, me = twins(game, seed, players)
        view_a, view_b = a.view(me), b.view(me)
        legal_a, legal_b = view_a.legal_actions(), view_b.legal_actions()
        assert legal_a == legal_b
        choice_a = bot.choose(view_a, legal_a, make_rng(seed + 11))
        choice_b = bot.choose(view_b, legal_b, make_rng(seed + 11))
        assert choice_a == choice_b, f"{level} seed {seed}"
