"""The classic planner finds the quickest win it can see and never sees hidden cards."""

from __future__ import annotations

import pytest

from splendor.bots import classic_plan, run_sliced
from splendor.bots.base import Slicer, finish
from splendor.bots.classic_plan import MAX_TURNS, plan, planned_action, planning
from splendor.classic import new_game
from splendor.classic.cards import CARD_INDEX
from splendor.common import make_rng
from tests.classic.position import position


def winning_position():
    # Seat 1 has 13 points; 2w3 (2 points, g5, gold covers one) is affordable and wins.
    return position(
        current=1,
        tokens=["", "ggggy"],
        purchased=[["3w1", "3w2", "3b1", "1w8", "2w6"], ["3k1", "3k2", "3b2", "1k8", "1b8"]],
        table=["2w3", "1b1", "1b2", "1b3", "1g1"],
    )


def test_a_card_that_reaches_the_target_is_a_one_turn_plan():
    state = winning_position()
    assert plan(state, 1) == (("buy", CARD_INDEX["2w3"]), 1)


def test_every_first_step_of_an_equally_quick_plan_is_reported():
    # Seat 1 has 13 points and can buy either 2w3 (g5) or 2g3 (k5): both win at once.
    state = position(
        current=1,
        tokens=["", "ggggrrrryy"],
        purchased=[["3w1", "3w2", "3b1", "1w8", "2w6"], ["3k1", "3k2", "3b2", "1k8", "1b8"]],
        table=["2w3", "1b1", "1b2", "1b3", "1g1", "2g3"],
    )
    step, turns, _, firsts = finish(planning(state, 1))
    assert turns == 1 and step in firsts
    assert sorted(firsts) == sorted([("buy", CARD_INDEX["2w3"]), ("buy", CARD_INDEX["2g3"])])
    view = state.view(1)
    _, _, _, equals = run_sliced(planned_action(view, view.legal_actions(), make_rng(0)))[0]
    assert sorted(a.notation for a in equals) == ["buy 2g3", "buy 2w3"]


def test_in_the_last_round_a_tie_on_points_is_not_a_win():
    # Seat 0 has finished with 15 points: 2w3 would only bring seat 1 level at 15.
    state = position(
        current=1,
        tokens=["", "ggggy"],
        purchased=[
            ["3w1", "3w2", "3b1", "1w8", "2w6", "2w1"],
            ["3k1", "3k2", "3b2", "1k8", "1b8"],
        ],
        table=["2w3", "1b1", "1b2", "1b3", "1g1"],
    )
    assert state.points == [15, 13]
    assert plan(state, 1)[1] > 1


def test_a_new_game_plan_starts_by_gathering_and_takes_many_turns():
    state = new_game(2, seed=11)
    step, turns = plan(state, 0)
    assert step[0] in ("take", "reserve")
    assert 12 <= turns < MAX_TURNS  # nobody reaches 15 points in a dozen turns from nothing


def test_a_plan_reports_what_each_of_its_turns_does_to_the_others():
    state = new_game(2, seed=11)
    step, turns, moves, firsts = finish(planning(state, 0))
    assert step in firsts
    assert len(moves) == turns
    card, change = moves[0]
    if step[0] == "take":
        assert card == -1
        assert change == tuple(-step[1].count(i) for i in range(5)) + (0,)
    else:
        assert card == step[1]
        assert change == (0, 0, 0, 0, 0, -1)


def test_a_rival_expected_to_empty_the_bank_makes_the_plan_longer():
    state = new_game(2, seed=11)
    alone = plan(state, 0)[1]
    greedy_rival = [(-1, (-4, -4, -4, -4, -4, 0))] + [(-1, (0,) * 6)] * MAX_TURNS
    assert plan(state, 0, rival=greedy_rival)[1] > alone


def test_a_card_a_rival_is_expected_to_take_leaves_the_plan():
    state = new_game(2, seed=11)
    _, _, moves, _ = finish(planning(state, 0))
    wanted = next(card for card, _ in moves[1:] if card >= 0 and card in state.table)
    rival = [(wanted, (0,) * 6)]
    _, _, moves, _ = finish(planning(state, 0, rival=rival))
    assert wanted not in [card for card, _ in moves[1:]]


@pytest.mark.parametrize("joint", [False, True])
def test_planned_action_is_legal_and_the_same_sliced_or_not(monkeypatch, joint):
    monkeypatch.setattr(classic_plan, "JOINT_PLANS", joint)
    state = new_game(2, seed=4)
    for _ in range(6):  # a few moves in, so plans differ between seats
        state = state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    legal = view.legal_actions()
    whole = run_sliced(planned_action(view, legal, make_rng(1)))[0]
    slicer = Slicer(0.0)  # pause at every opportunity
    sliced, slices = run_sliced(planned_action(view, legal, make_rng(1), slicer))
    assert whole == sliced
    assert sliced[0] in legal
    assert slices > 1


def test_the_winning_purchase_is_planned_from_the_view():
    view = winning_position().view(1)
    action, mine, theirs, _ = run_sliced(planned_action(view, view.legal_actions(), make_rng(0)))[0]
    assert action.notation == "buy 2w3"
    assert mine == 1 < theirs
