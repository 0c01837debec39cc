"""Classic hard's fitted two-player leaf: a fair probability, and its fitting tool runs."""

from __future__ import annotations

import math

from splendor.bots import classic_eval
from tests.bots.twins import random_positions
from tests.classic.position import position


def test_two_player_leaf_gives_each_seat_its_odds():
    for state in random_positions("classic", 40, seed=5):
        v0, v1 = classic_eval.values(state)
        assert 0.0 < v0 < 1.0
        assert math.isclose(v0 + v1, 1.0)


def test_leaf_favours_the_leader_in_the_last_round():
    purchased = [["3w1", "3w2", "3b1", "2w6", "2w3"], ["1k8", "1b8"]]
    state = position(current=1, purchased=purchased, table=["1b1", "1b2", "1b3", "1g1"])
    assert state.points[0] >= 15 > state.points[1]
    assert classic_eval.values(state)[0] > 0.9


def test_more_than_two_players_keep_the_squashed_lead():
    for state in random_positions("classic", 10, seed=6, players=3):
        scores = [classic_eval.seat_score(state, s) for s in range(3)]
        for seat, value in enumerate(classic_eval.values(state)):
            lead = scores[seat] - max(x for i, x in enumerate(scores) if i != seat)
            assert math.isclose(value, 1.0 / (1.0 + math.exp(-lead / 3.0)))


def test_fit_leaf_tool_fits_on_a_few_games(capsys):
    from tools import fit_leaf

    fit_leaf.main(["--games", "12", "--workers", "1", "--seed", "7"])
    out = capsys.readouterr().out
    assert "held-out log-loss: fit" in out
    coefficients = out.split("LEAF = (")[1].split(")")[0].split()
    assert len(coefficients) == len(classic_eval.LEAF)
    assert all(math.isfinite(float(c.rstrip(","))) for c in coefficients)


def test_leaf_is_the_same_from_either_seat():
    mine, theirs = ["3w1", "1b8", "2w6"], ["1k8", "1g8"]
    table = ["1b1", "1b2", "1b3", "1g1"]
    a = position(current=0, purchased=[mine, theirs], tokens=["wwb", "y"], table=table)
    b = position(current=1, purchased=[theirs, mine], tokens=["y", "wwb"], table=table)
    assert math.isclose(classic_eval.values(a)[0], classic_eval.values(b)[1])
    assert classic_eval.values(a)[0] > 0.5
