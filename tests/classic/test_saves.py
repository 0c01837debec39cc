"""Saved states and records: round trips, and clear refusals of bad data."""

from __future__ import annotations

import json

import pytest

from splendor.classic import from_json, new_game, replay
from splendor.common import IllegalActionError, LoadError, Record, VersionError, game_module
from splendor.common import replay as common_replay


def played(moves=12, players=3, seed=5):
    s = new_game(players, seed=seed)
    for _ in range(moves):
        s = s.apply(s.legal_actions()[len(s.legal_actions()) // 2])
    return s


def test_json_round_trip_gives_an_equal_state():
    s = played()
    loaded = from_json(s.to_json())
    assert loaded == s and loaded.to_json() == s.to_json()
    assert loaded.legal_actions() == s.legal_actions()


def test_replaying_the_record_reproduces_the_state():
    s = played(30, players=4, seed=9)
    record = s.record
    assert record.game == "classic" and record.seed == 9 and len(record.moves) == 30
    assert replay(record) == s
    assert replay(record.to_json()).to_json() == s.to_json()
    assert common_replay(record) == s and game_module("classic").replay(record) == s


def test_record_keeps_options():
    s = new_game(2, seed=1, target=21, nobles="first", first_player=1).apply("take wbg")
    assert s.record.options == {"players": 2, "target": 21, "nobles": "first", "first_player": 1}
    assert replay(s.record) == s


def test_replay_names_the_bad_move():
    record = Record("classic", 1, {"players": 2}, ("take wbg", "take kk", "buy 3w1"))
    with pytest.raises(IllegalActionError, match="move 3"):
        replay(record)


def tampered(change):
    data = json.loads(played().to_json())
    change(data)
    return json.dumps(data)


def move_card_to_deck(data):
    data["decks"][0].append(data["table"][0][1])


def set_pending(data):
    data["pending"] = "noble"


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "not valid JSON"),
        ("[]", "not a saved classic Splendor state"),
        (tampered(lambda d: d.pop("bank")), "lacks bank"),
        (tampered(lambda d: d["bank"].update(w=9)), "tokens exist in this game"),
        (tampered(lambda d: d["bank"].update(w=-1)), "bank w must be from 0"),
        (tampered(lambda d: d["bank"].update(w="1")), "bank w must be an integer"),
        (tampered(lambda d: d["decks"][0].append("9z9")), "unknown card '9z9'"),
        (tampered(move_card_to_deck), "appears twice"),
        (tampered(lambda d: d["decks"][0].pop()), "cards missing"),
        (tampered(lambda d: d["decks"][1].append(d["decks"][0].pop())), "is in the level 2 deck"),
        (tampered(lambda d: d["nobles"].append("n11")), "unknown noble"),
        (tampered(lambda d: d["nobles"].pop()), "nobles in play"),
        (tampered(lambda d: d.update(current_player=7)), "current_player must be from 0 to 2"),
        (tampered(set_pending), "noble choice is pending"),
        (tampered(lambda d: d["options"].update(players=5)), "bad options"),
        (tampered(lambda d: d.update(moves=["fly"])), "move 1"),
        (tampered(lambda d: d.update(last_move=None)), "last_move does not match"),
    ],
)
def test_bad_saves_raise_load_error_saying_why(text, message):
    with pytest.raises(LoadError, match=message):
        from_json(text)


def test_too_many_reserved_cards_or_tokens_are_refused():
    def four_reserved(d):
        d["players"][0]["reserved"] += [d["decks"][2].pop() for _ in range(4)]

    with pytest.raises(LoadError, match="at most 3"):
        from_json(tampered(four_reserved))

    def eleven_tokens(d):
        d["players"][1]["tokens"] = {"w": 5, "b": 5, "g": 1, "r": 0, "k": 0, "y": 0}
        d["bank"] = {"w": 0, "b": 0, "g": 4, "r": 5, "k": 5, "y": 5}
        d["players"][0]["tokens"] = {k: 0 for k in "wbgrky"}
        d["players"][2]["tokens"] = {k: 0 for k in "wbgrky"}

    with pytest.raises(LoadError, match="holds 11 tokens"):
        from_json(tampered(eleven_tokens))


def test_unknown_version_raises_version_error():
    with pytest.raises(VersionError, match="version 99"):
        from_json(tampered(lambda d: d.update(version=99)))
