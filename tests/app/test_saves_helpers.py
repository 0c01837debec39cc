"""Pure helpers of the saves UI: the replay over a record, and the lines about saved games."""

import json

import pytest
from app.catalog import t
from app.classic_view import describe
from app.replay import Replay
from app.summaries import FileTooLarge, continue_label, file_name, game_line, problem

from splendor import classic, duel
from splendor.common import IllegalActionError, LoadError, Record, VersionError
from splendor.links import LinkError
from splendor.records import RecordFileError
from splendor.seats import make_seat
from splendor.session import SaveTooLongError, Session


def played(moves=12, players=2, names=("Ann", "")):
    session = Session.new("classic", players, seed=4, seats=[make_seat(n) for n in names])
    for _ in range(moves):
        session.play(session.state.legal_actions()[0])
    return session


def test_a_replay_steps_forwards_and_backwards_with_log_and_scores():
    session = played(30)
    replay = Replay(classic, session.record, session.names, describe)
    seen = []
    replay.listen(lambda r: seen.append(r.position))
    assert replay.position == 0 and replay.entries == [] and replay.scores == [[0, 0]]
    replay.forward()
    assert replay.position == 1 and [e.notation for e in replay.entries] == [session.moves[0][1]]
    replay.go(len(replay))
    assert replay.state.to_json() == session.state.to_json()
    assert len(replay.entries) == 30 and replay.scores[-1] == session.state.scores()
    replay.back()
    assert replay.position == 29 and len(replay.entries) == 29
    replay.go(-5)
    assert replay.position == 0
    assert seen == [1, 30, 29, 0]
    assert replay.viewer == replay.state.current_player
    with pytest.raises(IllegalActionError):
        replay.play("take wbg")


def with_blind_reserve(game, module, finish=False):
    """A game whose first blind reserve is followed by a few moves (played to its end when
    asked); returns the session and the reserved card's id."""
    session = Session.new(game, 2, seed=5, seats=[make_seat("Ann"), make_seat("Bo")])
    while not any("deck" in a.notation for a in session.state.legal_actions()):
        session.play(session.state.legal_actions()[0])
    seat = session.state.current_player
    session.play(next(a for a in session.state.legal_actions() if "deck" in a.notation))
    card = json.loads(session.state.to_json())["players"][seat]["blind"][0]
    for _ in range(4):
        session.play(session.state.legal_actions()[0])
    while finish and not session.state.is_over:
        session.play(session.state.legal_actions()[-1])
    return session, seat, card


@pytest.mark.parametrize("game", ["classic", "duel"])
def test_a_replay_of_a_game_in_play_shows_no_blind_reserve(game):
    # A file exported mid-game (pass-and-play, or against bots): stepping to the reserver's
    # turns must not show anyone the card, or the file would tell the table what it is.
    module = {"classic": classic, "duel": duel}[game]
    session, seat, card = with_blind_reserve(game, module)
    replay = Replay(module, session.record, session.names)
    shown = []
    for position in range(len(replay) + 1):
        replay.go(position)
        data = replay.view().to_data()
        assert card not in json.dumps(data), (position, replay.viewer)
        shown += [len(data["players"][seat]["reserved"])]
    assert max(shown) == 1  # the reserve is there, as a card back


def test_a_replay_of_a_finished_game_shows_each_seat_its_blind_reserves():
    session, seat, card = with_blind_reserve("classic", classic, finish=True)
    replay = Replay(classic, session.record, session.names)
    seen = False
    for position in range(len(replay) + 1):
        replay.go(position)
        seen = seen or (replay.viewer == seat and card in json.dumps(replay.view().to_data()))
    assert seen


def test_a_replay_refuses_a_record_with_an_illegal_move():
    record = Record("classic", 4, {"players": 2}, ("take wbg", "buy 3k4"))
    with pytest.raises(RecordFileError, match="move 2"):
        Replay(classic, record)


def test_game_lines_name_every_seat_and_the_turn_or_the_scores():
    session = played(4)
    line = game_line("en", session.summary())
    assert line == f"Splendor: Ann, Player 2, turn {session.state.turn + 1}"
    assert continue_label("en", session.summary()) == "Continue " + line  # one colon, not two
    assert "بازیکن ۲" in game_line("fa", session.summary())
    over = dict(session.summary(), over=True, scores=[15, 9])
    assert game_line("en", over) == "Splendor: Ann (15), Player 2 (9)"
    persian = dict(over, names=["آوا", "Bo"])
    assert game_line("ka", persian) == "Splendor: \u2068آوا\u2069 (15), Bo (9)"
    assert game_line("en", dict(persian, over=False)).startswith("Splendor: \u2068آوا\u2069, Bo,")
    link = dict(session.summary(), mode="link")
    assert game_line("en", link).startswith(t("en", "saves.by_link", game="Splendor"))


def test_file_names_are_plain():
    assert file_name("classic", -12, 80) == "splendor-classic-12-80.json"


def test_a_load_problem_names_its_kind_outside_english_and_keeps_the_reason_apart():
    assert problem("en", "error.import", LoadError("record file is truncated")) == (
        "The file could not be imported (record file is truncated). Nothing was changed.",
        "",
    )
    cases = {
        VersionError("unsupported record version 9"): "reason.version",
        FileTooLarge("the file is too large to be a game record"): "reason.too_large",
        LinkError("link is truncated"): "reason.link",
        RecordFileError("record file is truncated"): "reason.damaged",
        SaveTooLongError("too many moves to redo (5001; at most 5000)"): "reason.redo_too_long",
    }
    for error, key in cases.items():
        for lang in ("fa", "ka"):
            message, detail = problem(lang, "error.import", error)
            assert message == t(lang, "error.import", reason=t(lang, key))
            assert detail == str(error)
