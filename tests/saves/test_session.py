"""Undo and redo at a table: against bots, pass-and-play, and never in a game by link."""

from __future__ import annotations

import pytest

from splendor.common import IllegalActionError, replay
from splendor.seats import make_seat
from splendor.session import LINK, Session, UndoError


def first_legal(session: Session) -> str:
    return session.state.legal_actions()[0].notation


def vs_bots(seed: int = 3, players: int = 3) -> Session:
    seats = [make_seat("Ann")] + [make_seat(f"Bot {i}", bot="greedy") for i in range(1, players)]
    return Session.new("classic", players, seed=seed, seats=seats, first_player=0)


def test_undo_against_bots_takes_back_the_human_move_and_the_bot_replies():
    session = vs_bots()
    session.play(first_legal(session))
    replies = session.play_bots()
    assert len(replies) >= 2 and session.may_move
    before_undo = session.record
    session.undo()
    assert session.record.moves == ()
    assert session.state.current_player == 0 and session.may_move
    assert session.can_redo and not session.can_undo
    session.redo()
    assert session.record == before_undo
    assert session.state.to_json() == replay(before_undo).to_json()


def test_undo_twice_goes_back_two_human_decisions():
    session = vs_bots()
    first = []
    for _ in range(2):
        move = first_legal(session)
        first.append(move)
        session.play(move)
        session.play_bots()
    session.undo()
    assert session.record.moves[:1] == (first[0],)
    assert session.state.current_player == 0
    session.undo()
    assert session.record.moves == ()
    with pytest.raises(UndoError, match="no move of yours"):
        session.undo()
    session.redo()
    session.redo()
    assert session.record.moves[0] == first[0] and len(session.record.moves) >= 6
    assert not session.can_redo


def test_bot_moves_before_the_first_human_move_are_not_undone():
    seats = [make_seat("Bot", bot="random"), make_seat("Ann")]
    session = Session.new("classic", 2, seed=1, seats=seats, first_player=0)
    bot_opening = session.play_bots()
    assert len(bot_opening) == 1 and not session.can_undo
    session.play(first_legal(session))
    session.undo()
    assert session.record.moves == tuple(bot_opening)


def test_pass_and_play_undo_takes_back_the_last_decision_of_any_human():
    session = Session.new("classic", 2, seed=7, seats=[make_seat("A"), make_seat("B")])
    moves = []
    for _ in range(3):
        moves.append(first_legal(session))
        session.play(moves[-1])
    session.undo()
    assert session.record.moves == tuple(moves[:2])
    session.undo()
    assert session.record.moves == tuple(moves[:1])
    session.redo()
    assert session.record.moves == tuple(moves[:2])


def test_a_new_move_after_undo_clears_redo():
    session = Session.new("duel", seed=2)
    session.play(first_legal(session))
    session.undo()
    other = session.state.legal_actions()[-1].notation
    session.play(other)
    assert not session.can_redo
    with pytest.raises(UndoError):
        session.redo()


def test_bot_moves_are_the_same_after_undo_and_replay():
    session = vs_bots(seed=11)
    move = first_legal(session)
    session.play(move)
    replies = session.play_bots()
    session.undo()
    session.play(move)
    assert session.play_bots() == replies


def test_link_games_never_offer_undo():
    session = Session.new("classic", 2, seed=4)
    session.play(first_legal(session))
    linked = Session.from_link(session.link())
    assert linked.mode == LINK
    assert not linked.can_undo and not linked.can_redo
    with pytest.raises(UndoError, match="not available in a game played by link"):
        linked.undo()
    with pytest.raises(UndoError):
        linked.redo()


def test_link_game_lets_only_the_chosen_seat_move():
    session = Session.new("classic", 2, seed=4, first_player=0)
    linked = Session.from_link(session.link(), me=1)
    assert linked.state.current_player == 0 and not linked.may_move
    with pytest.raises(IllegalActionError, match="not yours"):
        linked.play(first_legal(linked))
    assert linked.record.moves == ()
    mine = Session.from_link(session.link(), me=0)
    mine.play(first_legal(mine))
    assert mine.state.current_player == 1 and not mine.may_move


def test_illegal_move_changes_nothing():
    session = Session.new("classic", 2, seed=5)
    session.play(first_legal(session))
    saved = session.to_json()
    with pytest.raises(IllegalActionError):
        session.play("buy 3w1")
    with pytest.raises(IllegalActionError):
        session.play("fly away")
    assert session.to_json() == saved


def test_moves_name_the_seat_that_decided_each():
    session = Session.new("classic", 3, seed=9, first_player=1)
    for _ in range(4):
        session.play(first_legal(session))
    assert [seat for seat, _ in session.moves] == [1, 2, 0, 1]


def test_a_game_stops_at_the_most_moves_a_save_holds(monkeypatch):
    # A crafted link could bring a game to the limit; one more move made a save that the
    # page then refused to read back.
    monkeypatch.setattr("splendor.session.MAX_MOVES", 4)
    session = Session.new("classic", 2, seed=3, seats=[make_seat("A"), make_seat("B", "easy")])
    while not session.full:
        if session.bot_level:
            session.play(session.bot_move())
        else:
            session.play(session.state.legal_actions()[0])
    state = session.state
    assert len(session.record.moves) == 4 and session.bot_level is None
    with pytest.raises(IllegalActionError, match="reached 4 moves"):
        session.play(state.legal_actions()[0])
    assert session.state is state
    assert Session.from_json(session.to_json()).record.moves == session.record.moves
