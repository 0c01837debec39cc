"""Every level plays legal moves in both games; sliced thinking matches choose()."""

from __future__ import annotations

import pytest

from splendor.bots import levels, make_bot, run_sliced
from splendor.common import make_rng
from tests.bots.twins import random_positions

GAMES = ["classic", "duel"]


def build(level: str, game: str):
    if level == "hard":
        return make_bot(level, game, iterations=25, max_seconds=None)
    return make_bot(level, game)


def test_registry_has_every_level_for_both_games():
    for game in GAMES:
        assert levels(game) == ["random", "beginner", "easy", "medium", "hard", "greedy"]
    with pytest.raises(ValueError, match="known: random"):
        make_bot("grandmaster", "duel")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["random", "beginner", "easy", "medium", "hard", "greedy"])
def test_level_returns_a_legal_action_in_random_positions(game, level):
    bot = build(level, game)
    count = 12 if level == "hard" else 40
    for index, state in enumerate(random_positions(game, count, seed=3)):
        view = state.view(state.current_player)
        legal = view.legal_actions()
        action = bot.choose(view, legal, make_rng(index))
        assert action in legal, f"{level} chose {action} at {state!r}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_sliced_thinking_yields_and_returns_the_same_action(game, level):
    bot = build(level, game)
    bot.slice_seconds = 0.0  # pause at every opportunity
    positions = [s for s in random_positions(game, 30, seed=5) if len(s.legal_actions()) > 3]
    for index, state in enumerate(positions[:4]):
        view = state.view(state.current_player)
        legal = view.legal_actions()
        whole = bot.choose(view, legal, make_rng(index))
        sliced, slices = run_sliced(bot.think(view, legal, make_rng(index)))
        assert sliced == whole
        assert slices > 1


@pytest.mark.parametrize("game", GAMES)
def test_hard_respects_its_wall_clock_cap(game):
    bot = make_bot("hard", game, iterations=10**6, max_seconds=0.05)
    state = random_positions(game, 1, seed=9)[0]
    view = state.view(state.current_player)
    assert bot.choose(view, view.legal_actions(), make_rng(0)) in view.legal_actions()
