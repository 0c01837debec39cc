"""The Duel planner finds the quickest win it can see and never sees hidden cards."""

from __future__ import annotations

from splendor.bots import run_sliced
from splendor.bots.base import Slicer
from splendor.bots.duel_plan import MAX_TURNS, plan, planned_action
from splendor.common import make_rng
from splendor.duel import new_game
from splendor.duel.cards import CARD_INDEX
from tests.duel.duel_helpers import PYRAMID, position, winning_position


def test_a_card_that_wins_is_a_one_turn_plan():
    state = winning_position()
    assert plan(state, 0) == (("buy", CARD_INDEX["2w3"], ()), 1)


def test_a_new_game_plan_starts_by_gathering_and_takes_many_turns():
    state = new_game(seed=11)
    step, turns = plan(state, state.current_player)
    assert step[0] in ("take", "reserve")
    assert 10 <= turns < MAX_TURNS  # nobody wins Duel in ten turns from nothing


def test_planned_action_is_legal_and_the_same_sliced_or_not():
    state = new_game(seed=4)
    for _ in range(8):  # a few moves in, so plans differ between seats
        state = state.apply(state.legal_actions()[-1])
    while state.pending != "main":
        state = state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    legal = view.legal_actions()
    whole = run_sliced(planned_action(view, legal, make_rng(1)))[0]
    slicer = Slicer(0.0)  # pause at every opportunity
    sliced, slices = run_sliced(planned_action(view, legal, make_rng(1), slicer))
    assert whole == sliced
    assert sliced[0] in legal
    assert set(sliced[3]) <= set(legal)
    assert slices > 1


def test_the_winning_purchase_is_planned_from_the_view():
    view = winning_position().view(0)
    action, mine, theirs, _ = run_sliced(planned_action(view, view.legal_actions(), make_rng(0)))[0]
    assert action.notation == "buy 2w3"
    assert mine == 1 < theirs


def test_a_planned_privilege_covers_what_gold_cannot():
    # One black short of 2w3, no gold, one privilege and a black on the board: the plan
    # spends the privilege first, then buys.
    state = position(
        board="kwb.. ..... ..... ..... .....",
        tokens=("gkkkp", ""),
        cards=(["3w2", "3b2", "3g2", "3r2", "1w2", "1b2"], []),
        pyramid=PYRAMID,
        privileges=(1, 0),
    )
    view = state.view(0)
    action, _, _, _ = run_sliced(planned_action(view, view.legal_actions(), make_rng(0)))[0]
    assert action.notation == "privilege a1"
