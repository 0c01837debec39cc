"""Saving, loading, records, replay and views of Duel states."""

from __future__ import annotations

import json
import random

import pytest

from splendor import common, duel
from splendor.common import IllegalActionError, LoadError, VersionError
from tests.duel.duel_helpers import position


def random_state(seed: int, moves: int) -> duel.State:
    rng = random.Random(seed)
    state = duel.new_game(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_json_round_trip_and_record_replay():
    state = random_state(11, 60)
    assert duel.from_json(state.to_json()) == state
    assert duel.replay(state.record) == state
    assert common.replay(state.record.to_json()) == state
    assert state.record.game == "duel" and len(state.record.moves) == 60


def test_record_keeps_the_first_player_option():
    state = duel.new_game(seed=2, first_player=1)
    state = state.apply(state.legal_actions()[0])
    assert state.record.options == {"first_player": 1}
    assert duel.replay(state.record) == state


def test_replay_names_the_bad_move():
    state = random_state(3, 5)
    record = state.record.extended("buy 3n1")
    with pytest.raises(IllegalActionError, match="move 6"):
        duel.replay(record)


def tampered(state, change):
    data = json.loads(state.to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "not a Splendor Duel save"),
        (lambda d: d.update(board="w" * 25), "tokens instead of"),
        (lambda d: d.update(board="w"), "25 letters"),
        (lambda d: [p.update(privileges=2) for p in d["players"]], "more than 3 privileges"),
        (lambda d: d["players"][0]["tokens"].update(w=-1), "bad count"),
        (lambda d: d["decks"][0].pop(), "exactly one place"),
        (lambda d: d["decks"][0].append("3w1"), "another level"),
        (lambda d: d["players"][1].update(cards=["9q9"]), "unknown card"),
        (lambda d: d.update(pending="dance"), "'pending' must be one of"),
        (lambda d: d.update(player=2), "'player' must be an integer"),
        (lambda d: d.update(royals=["r1"]), "royal cards are not each"),
        (lambda d: d.pop("seed"), "'seed' must be an integer"),
    ],
)
def test_tampered_saves_are_rejected_with_a_reason(change, message):
    state = random_state(5, 10)
    with pytest.raises(LoadError, match=message):
        duel.from_json(tampered(state, change))


def test_unknown_version_and_bad_json():
    state = random_state(5, 3)
    with pytest.raises(VersionError, match="version 99"):
        duel.from_json(tampered(state, lambda d: d.update(version=99)))
    with pytest.raises(LoadError, match="not valid JSON"):
        duel.from_json("{nope")
    with pytest.raises(LoadError):
        duel.from_json("[]")


def test_view_hides_decks_blind_reserves_and_the_seed():
    s = position(board="wbgrk bgrkw grkwb rkwbp ypyyg", seed=987654321)
    s = s.apply("reserve a5 deck3")  # player 0 reserves blind
    secret = s.reserved[0][0]
    secret_id = duel.CARDS[secret].id
    mine, theirs = s.view(0).to_data(), s.view(1).to_data()
    assert mine["players"][0]["reserved"] == [secret_id]
    assert theirs["players"][0]["reserved"] == [{"level": 3}]
    text = json.dumps(theirs)
    assert secret_id not in text
    assert str(s.seed) not in text
    assert theirs["decks"] == [len(d) for d in s.decks]
    assert all(duel.CARDS[c].id not in text for c in s.decks[2] if c not in s.pyramid[2])
    assert theirs["legal"] and not mine["legal"]  # player 1 decides now


def test_determinize_redraws_only_unseen_cards():
    s = position(board="wbgrk bgrkw grkwb rkwbp ypyyg")
    s = s.apply("reserve a5 deck3")
    view = s.view(1)
    seen = set()
    for seed in range(20):
        d = view.determinize(random.Random(seed))
        assert d.view(1).to_data() == view.to_data()
        assert d.pyramid == s.pyramid and d.reserved[1] == s.reserved[1]
        assert sorted(d.decks[2] + d.reserved[0]) == sorted(s.decks[2] + s.reserved[0])
        seen.add(d.reserved[0][0])
    assert len(seen) > 1
    own = s.view(0).determinize(random.Random(1))
    assert own.reserved[0] == s.reserved[0]


def test_view_offers_legal_actions_only_to_the_deciding_player():
    s = duel.new_game(seed=4, first_player=0)
    assert s.view(0).legal_actions() == s.legal_actions() and s.view(1).legal_actions() == []
    with pytest.raises(ValueError, match="seat"):
        s.view(2)


def test_a_reshuffle_changes_only_the_decks_order_and_the_bag_draws_to_come():
    state = duel.new_game(seed=4, first_player=0)
    shuffled = state.reshuffled(99)
    assert [sorted(deck) for deck in shuffled.decks] == [sorted(deck) for deck in state.decks]
    assert shuffled.decks != state.decks and shuffled.draws != state.draws
    same = [n for n in duel.state._SLOTS if n not in ("decks", "draws")]
    assert all(getattr(shuffled, n) == getattr(state, n) for n in same)
    assert shuffled.reshuffled(100).decks != shuffled.decks  # another salt, another order
