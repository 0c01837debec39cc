"""Record files (export / import with names) and the replay viewer."""

from __future__ import annotations

import json

import pytest

from splendor.common import Record, VersionError, replay
from splendor.links import encode_link
from splendor.records import RecordFileError, ReplayViewer, export_record, import_record
from splendor.seats import make_seat
from splendor.session import Session
from tests.saves.helpers import bot_game


@pytest.mark.parametrize("game,players", [("classic", 2), ("classic", 4), ("duel", 2)])
def test_record_file_round_trip_with_names(game, players):
    record = bot_game(game, players, "random", 4)
    names = ["<i>Ann</i>", "بهرام", "ნინო", "Joe"][:players]
    loaded, got = import_record(export_record(record, names))
    assert loaded == record and got == tuple(names)
    assert Record.from_json(export_record(record, names)) == record  # still a plain record


def test_a_plain_record_without_names_imports():
    record = bot_game("duel", 2, "random", 1)
    assert import_record(record.to_json()) == (record, ("", ""))


def test_record_file_refusals_name_the_problem():
    record = bot_game("classic", 2, "random", 2)
    data = json.loads(export_record(record))
    data["moves"][7] = "take ww"
    with pytest.raises(RecordFileError, match=r"move 8 \('take ww'\) is not legal"):
        import_record(json.dumps(data))
    with pytest.raises(VersionError, match="unsupported record version 2"):
        import_record(json.dumps(data | {"version": 2}))
    with pytest.raises(RecordFileError, match="record file is truncated"):
        import_record(export_record(record)[:100])
    with pytest.raises(RecordFileError, match="1 names given for a 3-player game"):
        import_record(export_record(bot_game("classic", 3, "random", 2)).replace(',"",""]', "]"))
    with pytest.raises(RecordFileError, match="not UTF-8"):
        import_record(b"\xff\xfe")


def test_viewer_steps_forwards_and_backwards_through_every_position():
    record = bot_game("classic", 3, "greedy", 6)
    viewer = ReplayViewer(record, ["A", "B", "C"])
    assert viewer.state.turn == 0 and viewer.last_move is None
    assert viewer.back().turn == 0  # stays at the start
    seen = [viewer.state.to_json()]
    while viewer.position < len(viewer):
        viewer.forward()
        seen.append(viewer.state.to_json())
    assert seen[-1] == replay(record).to_json()
    assert viewer.forward().to_json() == seen[-1]  # stays at the end
    for position in range(len(viewer), -1, -7):
        assert viewer.go(position).to_json() == seen[position]
    viewer.go(5)
    seat, move = viewer.last_move
    assert move == record.moves[4] and seat == viewer.state_at(4).current_player
    assert viewer.back().to_json() == seen[4]


def test_session_exports_and_views_its_game():
    session = Session(bot_game("duel", 2, "random", 2))
    assert import_record(session.export_record())[0] == session.record
    viewer = session.viewer()
    assert viewer.go(len(viewer)).to_json() == session.state.to_json()


def test_a_record_file_keeps_the_reshuffles_of_moves_taken_back():
    seats = [make_seat("Ann"), make_seat("Bot", bot="greedy")]
    session = Session.new("classic", 2, seed=5, seats=seats, first_player=0)
    session.play("reserve deck3")
    session.play_bots()
    session.undo()
    session.play("reserve deck2")
    record, _ = import_record(session.export_record())
    assert record == session.record and len(record.reshuffles) == 1
    assert replay(record) == session.state
    with pytest.raises(ValueError, match="cannot be sent by link"):
        encode_link(record)
