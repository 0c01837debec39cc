"""Hard's fitted leaves (classic 2-4 players, Duel): fair probabilities; the fitting tool runs."""

from __future__ import annotations

import math

import pytest

from splendor.bots import classic_eval, duel_eval
from tests.bots.twins import random_positions
from tests.classic.position import position
from tests.duel import duel_helpers


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


def test_more_than_two_players_without_a_table_leaf_keep_the_squashed_lead(monkeypatch):
    monkeypatch.setattr(classic_eval, "LEAF_MULTI", None)
    for state in random_positions("classic", 10, seed=6, players=3):
        scores = [classic_eval.seat_score(state, s) for s in range(3)]
        for seat, value in enumerate(classic_eval.values(state)):
            lead = scores[seat] - max(x for i, x in enumerate(scores) if i != seat)
            assert math.isclose(value, 1.0 / (1.0 + math.exp(-lead / 3.0)))


@pytest.mark.parametrize("players", [3, 4])
def test_table_leaf_shares_the_odds_among_the_seats(players):
    assert classic_eval.LEAF_MULTI is not None
    for state in random_positions("classic", 20, seed=6, players=players):
        assert len(classic_eval.seat_features(state, 0)) == len(classic_eval.LEAF_MULTI)
        odds = classic_eval.values(state)
        assert len(odds) == players
        assert all(0.0 < v < 1.0 for v in odds)
        assert math.isclose(sum(odds), 1.0)


def test_table_leaf_favours_the_leader_of_the_last_round():
    purchased = [["3w1", "3w2", "3b1", "2w6", "2w3"], ["1k8", "1b8"], ["1g8"]]
    state = position(3, current=1, purchased=purchased, table=["1b1", "1b2", "1b3", "1g1"])
    assert state.points[0] >= 15 > max(state.points[1:])
    odds = classic_eval.values(state)
    assert odds[0] > 0.8
    assert odds[0] == max(odds)


def test_table_leaf_depends_on_the_seats_not_their_numbers():
    mine, theirs, third = ["3w1", "1b8", "2w6"], ["1k8", "1g8"], ["1r8"]
    table = ["1b1", "1b2", "1b3", "1g1"]
    a = position(
        3, current=0, purchased=[mine, theirs, third], tokens=["wwb", "y", ""], table=table
    )
    b = position(
        3,
        current=1,
        first_player=1,
        purchased=[third, mine, theirs],
        tokens=["", "wwb", "y"],
        table=table,
    )
    assert math.isclose(classic_eval.values(a)[0], classic_eval.values(b)[1])
    assert classic_eval.values(a)[0] == max(classic_eval.values(a))


def test_fit_leaf_tool_fits_tables_on_a_few_games(capsys):
    from splendor.classic import new_game
    from tools import fit_leaf

    fit_leaf.main(["--players", "3,4", "--games", "6", "--workers", "1", "--seed", "7"])
    out = capsys.readouterr().out
    assert "held-out log-loss: fit" in out
    coefficients = out.split("LEAF_MULTI = (")[1].split(")")[0].split()
    assert len(coefficients) == len(classic_eval.seat_features(new_game(3, seed=7), 0))
    assert all(math.isfinite(float(c.rstrip(","))) for c in coefficients)


@pytest.mark.parametrize("game", ["classic", "duel"])
def test_fit_leaf_tool_fits_on_a_few_games(capsys, game):
    from splendor.bots import ladder
    from splendor.common import game_module
    from tools import fit_leaf

    new_game = game_module(game).new_game

    fit_leaf.main(["--game", game, "--games", "12", "--workers", "1", "--seed", "7"])
    out = capsys.readouterr().out
    assert "held-out log-loss: fit" in out
    coefficients = out.split("LEAF = (")[1].split(")")[0].split()
    assert len(coefficients) == len(ladder.evaluator(game).leaf_features(new_game(2, seed=7)))
    assert all(math.isfinite(float(c.rstrip(","))) for c in coefficients)


def test_leaf_is_the_same_from_either_seat():
    mine, theirs = ["3w1", "1b8", "2w6"], ["1k8", "1g8"]
    table = ["1b1", "1b2", "1b3", "1g1"]
    a = position(current=0, purchased=[mine, theirs], tokens=["wwb", "y"], table=table)
    b = position(current=1, purchased=[theirs, mine], tokens=["y", "wwb"], table=table)
    assert math.isclose(classic_eval.values(a)[0], classic_eval.values(b)[1])
    assert classic_eval.values(a)[0] > 0.5


# The Duel leaf session 18 screened (privileges held at the squashed lead's weight).
_DUEL_LEAF = (0.479, 1.568, 0.464, 0.033, 0.386, 0.444, 0.025, -0.204, -0.222)
_DUEL_LEAF += (-1.693, -0.318, 0.0, -0.092, -0.125, 0.115, 0.243, 0.276, 0.146)


def test_duel_leaf_gives_each_seat_its_odds(monkeypatch):
    monkeypatch.setattr(duel_eval, "LEAF", _DUEL_LEAF)
    for state in random_positions("duel", 40, seed=5):
        assert len(duel_eval.leaf_features(state)) == len(_DUEL_LEAF)
        v0, v1 = duel_eval.values(state)
        assert 0.0 < v0 < 1.0
        assert math.isclose(v0 + v1, 1.0)


@pytest.mark.parametrize("leaf", [None, _DUEL_LEAF])
def test_duel_leaf_is_the_same_from_either_seat(monkeypatch, leaf):
    monkeypatch.setattr(duel_eval, "LEAF", leaf)
    mine, theirs = ["3w2", "1b2", "2g2"], ["1r2"]
    a = duel_helpers.position(
        tokens=("gkp", "w"), cards=(mine, theirs), pyramid=duel_helpers.PYRAMID, player=0
    )
    b = duel_helpers.position(
        tokens=("w", "gkp"), cards=(theirs, mine), pyramid=duel_helpers.PYRAMID, player=1
    )
    assert duel_eval.leaf_features(a) == [-x for x in duel_eval.leaf_features(b)]
    assert math.isclose(duel_eval.values(a)[0], duel_eval.values(b)[1])
    assert duel_eval.values(a)[0] > 0.5


@pytest.mark.parametrize("leaf", [None, _DUEL_LEAF])
def test_duel_leaf_favours_a_seat_that_can_win_at_once(monkeypatch, leaf):
    monkeypatch.setattr(duel_eval, "LEAF", leaf)
    state = duel_helpers.winning_position()
    assert state.points[0] == 18
    assert duel_eval.values(state)[0] > 0.9
