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
    session.play(move)  # the move taken back, played again: nothing new seen, nothing shuffled
    assert session.play_bots() == replies and session.record.reshuffles == ()


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


def peeked_and_taken_back(game: str = "classic") -> tuple[Session, object]:
    """Ann, against a bot, reserves blind from the level-3 deck (seeing its top card), undoes."""
    seats = [make_seat("Ann"), make_seat("Bot", bot="greedy")]
    session = Session.new(game, 2, seed=3, seats=seats, first_player=0)
    before = session.state
    peek = next(a for a in before.legal_actions() if "deck3" in a.notation or "d3" in a.notation)
    session.play(peek.notation)
    session.play_bots()
    session.undo()
    assert session.state is before and session.record.reshuffles == ()
    return session, before


@pytest.mark.parametrize("game", ["classic", "duel"])
def test_a_new_move_after_an_undo_shuffles_the_decks_the_undone_moves_showed(game):
    session, before = peeked_and_taken_back(game)
    other = next(a.notation for a in before.legal_actions() if a.notation.startswith("take"))
    session.play(other)
    assert session.record.reshuffles[0][0] == 0 and len(session.record.reshuffles) == 1
    shuffled = session.state_at(0)
    assert [sorted(deck) for deck in shuffled.decks] == [sorted(deck) for deck in before.decks]
    assert shuffled.decks[2] != before.decks[2]  # the card seen is no longer known to be on top
    assert shuffled.legal_actions() == before.legal_actions()
    # The reshuffle is in the save: a reload (and a replay of the record) is the same game.
    session.play_bots()
    again = Session.from_json(session.to_json())
    assert again.record == session.record and again.state == session.state
    assert replay(session.record) == session.state


def test_a_redo_shuffles_nothing_and_replays_the_moves_as_they_were():
    session, before = peeked_and_taken_back()
    undone = session._redo[-1]
    session.redo()
    assert session.record.moves == undone and session.record.reshuffles == ()
    assert session.state_at(0) is before and session.state == replay(session.record)


def test_redo_over_a_reshuffle_replays_it_also_after_a_reload():
    session, _ = peeked_and_taken_back()
    session.play(first_legal(session))
    session.play_bots()
    session.play(first_legal(session))
    session.play_bots()
    session.undo()  # back to the second human move: the reshuffle before the first stays
    assert [index for index, _ in session.record.reshuffles] == [0]
    undone = session._redo[-1][0]
    other = next(a.notation for a in session.state.legal_actions() if a.notation != undone)
    session.play(other)  # a new line again: a second reshuffle, here
    session.play_bots()
    at = session._last_human_move()
    assert [index for index, _ in session.record.reshuffles] == [0, at]
    latest = session.state
    session.undo()
    session.undo()
    reloaded = Session.from_json(session.to_json())
    assert reloaded.state == session.state
    for redone in (session, reloaded):
        redone.redo()
        redone.redo()
        assert redone.state == latest and redone.record.reshuffles == session.record.reshuffles


def two_turns_taken_back(second: str = "reserve deck3") -> tuple[Session, list[Session]]:
    """Ann, against two bots, takes gems, then plays ``second``; both turns are undone.

    Returns the session (at the start, both turns on the redo list) and the positions of
    the line taken back."""
    session = vs_bots(seed=3)
    session.play("take wbg")
    session.play_bots()
    session.play(second)
    session.play_bots()
    line = [session.state_at(i) for i in range(len(session.record.moves) + 1)]
    session.undo()
    session.undo()
    assert session.record.moves == () and len(session._redo) == 2
    return session, line


def test_the_move_taken_back_played_again_by_hand_counts_as_a_redo():
    session, line = two_turns_taken_back()
    undone = session._redo[-1]
    session.play("take bgw")  # the same move (written in another order) as the one taken back
    assert session.can_redo  # the later turn taken back can still be redone
    assert session.play_bots() == list(undone[1:]) and session.can_redo
    session.redo()
    assert session.state == line[-1] and not session.can_redo
    assert session.record.reshuffles == () and session.state == replay(session.record)


def test_a_card_seen_two_undos_back_is_not_known_after_a_new_line():
    # Ann saw the top card of the level-3 deck in her second turn, then took both turns back.
    session, line = two_turns_taken_back("reserve deck3")
    seen = line[3].decks[2][-1]
    session.play("take wbg")  # her first turn again, by hand, and the bots' replies
    session.play_bots()
    at = len(session.record.moves)
    assert session.state == line[at]
    session.play("take rkw")  # not the reserve: the card she saw must tell her nothing now
    assert [index for index, _ in session.record.reshuffles] == [at]
    shuffled = session.state_at(at).decks[2]
    assert sorted(shuffled) == sorted(line[at].decks[2]) and shuffled != line[at].decks[2]
    assert seen in shuffled  # still in the deck, at a place she does not know
    assert session.state == replay(session.record)


def test_a_reshuffle_on_the_redo_list_stays_true_when_that_line_is_replayed_by_hand():
    session = vs_bots(seed=3)
    session.play("take wbg")
    session.play_bots()
    at = len(session.record.moves)
    session.play("reserve deck3")
    session.play_bots()
    session.undo()
    session.play("take rkw")  # a new line here: the decks are shuffled anew before it
    session.play_bots()
    assert [index for index, _ in session.record.reshuffles] == [at]
    reshuffles = session.record.reshuffles
    line = [session.state_at(i) for i in range(len(session.record.moves) + 1)]
    session.undo()
    session.undo()
    session.play("take wbg")  # both turns again, by hand, as they were
    session.play_bots()
    assert session.state == line[at]  # the decks as shuffled before "take rkw"
    session.play("take rkw")
    session.play_bots()
    assert session.state == line[-1] and session.record.reshuffles == reshuffles
    assert session.state == replay(session.record)
    assert Session.from_json(session.to_json()).state == session.state


def test_a_save_whose_reshuffles_go_past_its_moves_and_redo_list_loads_without_them():
    # An older page, replaying by hand a move taken back, dropped the redo list but kept
    # the reshuffles of the moves on it: in the record, they would shuffle decks that the
    # game, played on, did not.
    session = vs_bots(seed=3)
    session.play("take wbg")
    session.play_bots()
    data = session.to_data() | {"reshuffles": [[len(session.record.moves) + 1, 12345]]}
    loaded = Session.from_data(data)
    assert loaded.record.reshuffles == () and loaded.state == session.state
    for _ in range(2):
        loaded.play(first_legal(loaded))
        loaded.play_bots()
    assert loaded.state == replay(loaded.record)
    assert Session.from_json(loaded.to_json()).state == loaded.state
