"""The autosave format: round trips, and refusals that name the problem."""

from __future__ import annotations

import json

import pytest

from splendor.common import LoadError, VersionError
from splendor.seats import NAME_MAX, make_seat
from splendor.session import (
    MAX_REDO,
    PAUSED_FORMAT,
    SaveError,
    SaveTooLongError,
    Session,
    add_to_history,
    history_text,
    load_history,
    set_aside,
)
from tests.saves.helpers import bot_game, cut


def sample(game="classic", players=3) -> Session:
    record = cut(bot_game(game, players, "random", 1), 40)
    seats = [make_seat("Ann")] + [make_seat("", bot="random")] * (players - 1)
    return Session(record, seats)


@pytest.mark.parametrize("game,players", [("classic", 2), ("classic", 4), ("duel", 2)])
def test_save_round_trip_keeps_state_seats_and_redo(game, players):
    session = sample(game, players)
    session.undo()
    loaded = Session.from_json(session.to_json())
    assert loaded.record == session.record
    assert loaded.state.to_json() == session.state.to_json()
    assert loaded.seats == session.seats
    assert loaded.can_redo
    loaded.redo()
    session.redo()
    assert loaded.record == session.record


def edited(**changes) -> str:
    data = sample().to_data()
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text,message",
    [
        (lambda: sample().to_json()[:-9], "save is truncated"),
        (lambda: '{"me":nu', "save is truncated"),
        (lambda: '{"me":nul}', "not valid JSON"),
        (lambda: "{not json", "not valid JSON"),
        (lambda: "", "save is empty"),
        (lambda: "[1, 2]", "not a saved Splendor game"),
        (lambda: edited(version=7), "unknown save version 7"),
        (lambda: edited(version="1"), "unknown save version"),
        (lambda: edited(game="chess"), "unknown game 'chess'"),
        (lambda: edited(seed="12"), "seed must be an integer"),
        (lambda: edited(options={"players": 9}), "players must be 2, 3 or 4"),
        (lambda: edited(moves="take wbg"), "moves must be a list"),
        (lambda: edited(seats=[{"name": "A"}]), "1 seats listed for a 3-player game"),
        (lambda: edited(seats=5), "seats must be a list"),
        (lambda: edited(mode="server"), "mode must be"),
        (lambda: edited(me=1), "only in a game by link"),
        (lambda: edited(redo=[["fly"]]), "redo move ('fly') is not legal"),
        (lambda: edited(redo=[[]]), "redo holds an empty list of moves"),
        (lambda: edited(redo=[["fly"]] * 5001), "too many moves to redo (5001; at most 5000)"),
        (lambda: edited(redo=[["fly"] * 4961]), "too many moves with those to redo (5001;"),
        (lambda: edited(cheat=True), "unknown field(s) cheat"),
        (lambda: edited(reshuffles=[[0]]), "reshuffles must be a list of [move, salt] pairs"),
        (lambda: edited(reshuffles=[[5, 1], [2, 1]]), "reshuffles must name moves, in order"),
        (lambda: edited(reshuffles=[[-1, 1]]), "reshuffles must name moves, in order"),
        (lambda: edited(reshuffles=[[1, -5]]), "reshuffle's salt is out of range"),
        (lambda: edited(reshuffles=[[1, 1]] * 5001), "too many save reshuffles"),
    ],
)
def test_bad_saves_are_refused_with_a_message_naming_the_problem(text, message):
    with pytest.raises(SaveError) as caught:
        Session.from_json(text())
    assert message in str(caught.value)


def test_an_illegal_move_is_named_with_its_number():
    data = sample().to_data()
    data["moves"][11] = "buy 2r1"
    with pytest.raises(SaveError, match=r"move 12 \('buy 2r1'\) is not legal"):
        Session.from_data(data)


def test_a_newer_save_version_is_a_version_error():
    with pytest.raises(VersionError, match="newer"):
        Session.from_json(edited(version=7))


def test_bot_levels_must_exist():
    data = sample().to_data()
    data["seats"][1] = {"name": "x", "kind": "bot", "level": "godlike"}
    with pytest.raises(SaveError, match="unknown bot level 'godlike'"):
        Session.from_data(data)


def test_hostile_names_are_kept_as_bounded_plain_text():
    hostile = ["<img src=x onerror=alert(1)>", "a\x00b\x1b[31m\u202ec\n\td", "x" * 10_000]
    session = Session.new("classic", 3, seed=1, seats=[make_seat(n) for n in hostile])
    assert session.names[0] == "<img src=x onerror=alert"  # 24 characters
    assert session.names[1] == "ab[31mc d"
    assert session.names[2] == "x" * NAME_MAX
    loaded = Session.from_json(session.to_json())
    assert loaded.names == session.names
    data = session.to_data()
    data["seats"][2]["name"] = "y" * 10_000  # a save edited by hand is bounded on load too
    assert Session.from_data(data).names[2] == "y" * NAME_MAX


def test_a_name_of_invisible_characters_counts_as_no_name():
    blank = ["\u200b\u200b", "\u200d\u0301", "\u2060 \ufeff"]
    session = Session.new("classic", 3, seed=1, seats=[make_seat(n) for n in blank])
    assert session.names == ("", "", "")  # the page shows "Player 1", "Player 2"...
    assert Session.new("classic", 2, seed=1, seats=[make_seat("A\u200bn"), make_seat("")]).names[0]


def test_persian_names_keep_their_zero_width_non_joiner():
    name = "می\u200cخواهم"
    session = Session.new("duel", seed=1, seats=[make_seat(name), make_seat("نینو")])
    assert Session.from_json(session.to_json()).names == (name, "نینو")


def test_history_keeps_the_newest_games_and_skips_bad_entries():
    text = None
    for seed in range(12):
        text = add_to_history(text, Session(bot_game("classic", 2, "random", seed)))
    games, problems = load_history(text)
    assert len(games) == 10 and not problems
    assert games[0].record == bot_game("classic", 2, "random", 11)
    data = json.loads(text)
    data["games"][3]["moves"][5] = "pass"
    games, problems = load_history(json.dumps(data))
    assert len(games) == 9 and problems[0].startswith("game 4: move 6")
    assert load_history(text[:-30]) == ([], ["history is truncated"])


def test_every_refusal_is_a_load_error():
    assert issubclass(SaveError, LoadError) and issubclass(LoadError, ValueError)


def test_history_dates_each_game_and_ignores_a_bad_date():
    text = add_to_history(
        None, Session(bot_game("classic", 2, "random", 1)), kept_at=1_764_900_000_000
    )
    text = add_to_history(text, Session(bot_game("classic", 2, "random", 2)))
    games, problems = load_history(text)
    assert [game.kept_at for game in games] == [None, 1_764_900_000_000] and not problems
    data = json.loads(text)
    data["kept_at"] = ["yesterday", -5]
    assert [game.kept_at for game in load_history(json.dumps(data))[0]] == [None, None]
    del data["kept_at"]  # a history written before dates were kept
    assert len(load_history(json.dumps(data))[0]) == 2
    # The dates sit beside the games, so a page that knows nothing of them reads every game.
    assert all(Session.from_data(entry) for entry in json.loads(text)["games"])


def test_a_list_of_paused_games_is_not_a_history_and_keeps_one_entry_per_game():
    first, second = (Session(bot_game("classic", 2, "random", seed)) for seed in (1, 2))
    text = add_to_history(None, first, kind=PAUSED_FORMAT)
    text = add_to_history(text, second, kind=PAUSED_FORMAT)
    text = add_to_history(text, Session(bot_game("classic", 2, "random", 1)), kind=PAUSED_FORMAT)
    games, problems = load_history(text, PAUSED_FORMAT)
    assert [game.game_key() for game in games] == [("classic", 1), ("classic", 2)] and not problems
    assert load_history(text) == ([], ["not a game history"])  # not read as finished games
    assert history_text(games, PAUSED_FORMAT) == text


def test_texts_set_aside_are_added_never_overwritten():
    kept = set_aside(None, "a save of a newer page")
    kept = set_aside(kept, '{"format": "splendor-paused", "version": 2}')
    kept = set_aside(kept, "a save of a newer page")  # the same text is kept once
    assert json.loads(kept) == [
        "a save of a newer page",
        '{"format": "splendor-paused", "version": 2}',
    ]
    # what an older page stored there (one text) becomes the first entry
    assert json.loads(set_aside("old text", "new")) == ["old text", "new"]
    assert json.loads(set_aside('["x", 1]', "new")) == ['["x", 1]', "new"]


def test_a_redo_list_past_the_cap_is_refused_before_any_replay_and_nothing_is_lost(monkeypatch):
    # A real save holds at most MAX_MOVES moves, played and taken back together.
    session = sample()
    for _ in range(3):
        session.undo()
    assert MAX_REDO == 5000 and session.can_redo
    assert Session.from_json(session.to_json()).to_json() == session.to_json()
    data = session.to_data()
    data["redo"] = [data["redo"][0]] * (MAX_REDO // len(data["redo"][0]) + 1)
    text = json.dumps(data)
    with monkeypatch.context() as patched:  # refused before any move is replayed
        patched.setattr("splendor.session.replay_states", None)
        with pytest.raises(SaveTooLongError, match="too many moves to redo"):
            Session.from_json(text)
    with pytest.raises(SaveTooLongError, match=r"too many moves to redo \(\d+; at most 5000\)"):
        Session.from_json(text)
    # Kept with other games, it is reported and skipped; they load; its text is set aside.
    history = history_text([session], PAUSED_FORMAT)
    listed = json.loads(history)
    listed["games"].append(data)
    listed["kept_at"].append(None)
    games, problems = load_history(json.dumps(listed), PAUSED_FORMAT)
    assert [game.to_json() for game in games] == [session.to_json()]
    assert problems == [
        f"game 2: too many moves to redo ({len(data['redo']) * len(data['redo'][0])}; at most 5000)"
    ]
    assert json.loads(set_aside(None, text)) == [text]
