"""Every level plays legal moves in both games; sliced thinking matches choose()."""

from __future__ import annotations

import pytest

from splendor.bots import classic_plan, duel_plan, levels, make_bot, run_sliced
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


@pytest.mark.parametrize("game", GAMES)
def test_out_of_time_hard_plans_on_one_determinisation_only(game, monkeypatch):
    # On a slow device planning stops at half the budget, so the search still gets its share:
    # past it, the bot plans only its own game once (it races: no rival plan says it is behind).
    plans = _count_plans(classic_plan if game == "classic" else duel_plan, monkeypatch)
    state = next(s for s in random_positions(game, 8, seed=3) if s.pending == "main")
    view = state.view(state.current_player)
    legal = view.legal_actions()
    make_bot("hard", game, iterations=20, max_seconds=None).choose(view, legal, make_rng(0))
    assert len(plans) == 2 * (3 if game == "classic" else 2)  # every determinisation: both seats
    plans.clear()
    action = make_bot("hard", game, iterations=20, max_seconds=1e-9).choose(
        view, legal, make_rng(0)
    )
    assert action in legal
    assert plans == [view.player]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_hard_plans_only_at_two_players(players, monkeypatch):
    # At a table of three or more the search decides alone: racing cost hard its lead over
    # medium there (docs/bots.md, session 28).
    plans = _count_plans(classic_plan, monkeypatch)
    state = next(
        s for s in random_positions("classic", 8, seed=3, players=players) if s.pending == "main"
    )
    view = state.view(state.current_player)
    legal = view.legal_actions()
    action = make_bot("hard", "classic", iterations=20, max_seconds=None).choose(
        view, legal, make_rng(0)
    )
    assert action in legal
    assert bool(plans) == (players == 2)


def _count_plans(module, monkeypatch) -> list:
    """The seats ``module.planning`` plans for from now on, in order."""
    plans = []
    original = module.planning

    def counted(state, seat, *args):
        plans.append(seat)
        return original(state, seat, *args)

    monkeypatch.setattr(module, "planning", counted)
    return plans
