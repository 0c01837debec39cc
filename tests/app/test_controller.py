"""The controller drives a Session: moves, undo/redo, bots in slices, hand-offs, links."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from app.controller import BOT, LINK, Controller, PositionSession, Seat, registered_level, think

from splendor import classic
from splendor.common import IllegalActionError
from splendor.session import Session, UndoError
from tests.classic.position import position


def run(coroutine):
    """asyncio.run in a thread of its own: Playwright's loop may already run in this one (when
    the browser tests come first in the same pytest process)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def no_wait(seconds):
    return None


def first_legal(controller):
    return controller.state.legal_actions()[0].notation


def play_to_human(c):
    if c.bot_to_move:
        run(c.run_bots(0, no_wait))


def test_a_human_and_a_bot_play_a_game_to_the_end():
    c = Controller.new(classic, [Seat("Ava"), Seat("Robo", BOT, "greedy")], seed=3)
    changes = []
    c.listen(lambda _: changes.append(c.state.turn))
    for _ in range(500):
        if c.state.is_over:
            break
        if c.bot_to_move:
            run(c.run_bots(0, no_wait))
        else:
            legal = [a.notation for a in c.state.legal_actions()]
            c.play(next((n for n in legal if n.startswith("buy")), legal[0]))
    assert c.state.is_over
    assert c.scores[0] == [0, 0] and c.scores[-1] == c.state.scores()
    assert len(c.scores) == c.state.turn + 1  # one row per completed turn, plus the start
    assert tuple(e.notation for e in c.entries) == c.state.record.moves
    assert changes and c.viewer == 0 and c.handoff is None
    # The Session is the only record: it reloads to the same game.
    assert Session.from_json(c.session.to_json()).state.to_json() == c.state.to_json()


def test_an_unregistered_level_falls_back_to_a_registered_one():
    from splendor.bots import levels

    assert registered_level("medium", "classic") in levels("classic")
    c = Controller.new(classic, [Seat("Ava"), Seat("Robo", BOT, "no-such-level")], seed=3)
    assert c.seats[1].level in levels("classic")


def test_an_illegal_move_changes_nothing():
    c = Controller.new(classic, [Seat("Ava"), Seat("Bo")], seed=1)
    c.accept_handoff()
    before = c.state
    with pytest.raises(IllegalActionError):
        c.play("take yyy")
    assert c.state is before and c.entries == []


def test_two_humans_hand_the_device_over_between_turns():
    c = Controller.new(classic, [Seat("Ava"), Seat("Bo")], seed=1, first_player=0)
    assert c.handoff == 0  # the first player takes the device
    with pytest.raises(IllegalActionError):
        c.play(first_legal(c))
    c.accept_handoff()
    c.play("take wbg")
    assert c.handoff == 1 and c.viewer == 0  # still Ava's view until Bo has the device
    c.accept_handoff()
    assert c.viewer == 1 and c.my_turn


def test_undo_against_a_bot_takes_back_the_bot_reply_and_redo_replays_it():
    c = Controller.new(classic, [Seat("Ava"), Seat("Robo", BOT, "greedy")], seed=5, first_player=0)
    c.play("take wbg")
    play_to_human(c)
    after = c.state.record.moves
    assert len(after) == 2 and len(c.entries) == 2
    c.undo()
    assert c.state.record.moves == () and c.entries == [] and c.scores == [[0, 0]]
    assert c.can_redo and not c.can_undo
    c.redo()
    assert c.state.record.moves == after and [e.notation for e in c.entries] == list(after)
    c.undo()
    c.play("take rkw")  # a new move clears redo; the bot replies the same way each time
    assert not c.can_redo
    with pytest.raises(UndoError):
        c.redo()


def test_undo_in_pass_and_play_gives_the_device_back():
    c = Controller.new(classic, [Seat("Ava"), Seat("Bo")], seed=1, first_player=0)
    c.accept_handoff()
    c.play("take wbg")
    assert c.handoff == 1
    c.undo()  # from the hand-off screen: whoever holds the device, Ava must take it back
    assert c.handoff == 0 and not c.my_turn
    c.accept_handoff()
    assert c.my_turn and c.viewer == 0
    c.play("take wbg")
    c.accept_handoff()
    c.undo()  # Bo undoes Ava's move: the device must go back to Ava
    assert c.handoff == 0


def test_a_game_by_link_lets_only_this_seat_move_and_has_no_undo():
    c = Controller.new(classic, [Seat("Ava"), Seat("Bo")], seed=1, mode=LINK, first_player=0)
    assert c.by_link and c.session.me == 0 and c.handoff is None and c.my_turn
    c.play("take wbg")
    assert not c.can_undo and not c.my_turn
    with pytest.raises(IllegalActionError):
        c.play(first_legal(c))
    with pytest.raises(UndoError):
        c.undo()
    opened = Controller(classic, Session.from_link(c.session.link(), me=1))
    assert opened.viewer == 1 and opened.my_turn and len(opened.entries) == 1


def test_a_constructed_position_is_played_but_never_saved():
    state = position(tokens=["wwbbggrrkk", ""], current=0)
    c = Controller(classic, PositionSession(state, [Seat("Ava"), Seat("Robo", BOT, "easy")]))
    assert not c.savable and c.my_turn
    c.play("take wbg")
    assert c.state.pending == "return"


def test_bots_never_move_for_a_human_and_stop_when_closed():
    c = Controller.new(classic, [Seat("R1", BOT, "easy"), Seat("R2", BOT, "easy")], seed=2)
    c.close()
    run(c.run_bots(0, no_wait))
    assert c.entries == []


def test_think_slices_a_generator_bot_and_calls_choose_otherwise():
    class Sliced:
        def think(self, view, legal, rng):
            yield
            yield
            return legal[-1]

    class Plain:
        def choose(self, view, legal, rng):
            return legal[0]

    sleeps = []

    async def sleep(seconds):
        sleeps.append(seconds)

    assert run(think(Sliced(), None, [1, 2], None, sleep)) == 2
    assert sleeps == [0, 0]
    assert run(think(Plain(), None, [1, 2], None, sleep)) == 1


def test_each_bot_decision_is_timed_with_its_longest_slice():
    timings = []

    class Slow:
        def think(self, view, legal, rng):
            yield
            sum(range(200_000))  # the one long slice
            yield
            return legal[0]

    async def sleep(seconds):
        sum(range(400_000))  # the page's own work between slices is not the bot's slice

    assert run(think(Slow(), None, [1], None, sleep, timings)) == 1
    [(whole, longest)] = timings
    assert 0 < longest < whole

    c = Controller.new(classic, [Seat("R1", BOT, "easy"), Seat("R2", BOT, "medium")], seed=2)
    c.listen(lambda _: c.close() if len(c.entries) >= 4 else None)
    run(c.run_bots(0, no_wait))
    assert [level for level, _, _ in c.think_times] == ["easy", "medium"] * 2
    assert all(0 <= longest <= whole for _, whole, longest in c.think_times)


def test_pass_and_play_with_a_bot_resumed_on_the_bots_turn_asks_for_the_device_first():
    # Ann reserves blind (a card only she may see); the game is saved on the bot's turn.
    seats = [Seat("Ann"), Seat("Robo", BOT, "greedy"), Seat("Bo")]
    c = Controller.new(classic, seats, seed=3, first_player=0)
    c.accept_handoff()
    c.play("reserve deck3")
    assert c.bot_to_move and c.handoff is None and c.viewer == 0  # Ann still holds it
    resumed = Controller(classic, Session.from_json(c.session.to_json()))
    # Whoever holds the device now, nobody's view is shown until it has been passed.
    assert resumed.handoff == 2 and not resumed.my_turn
    run(resumed.run_bots(0, no_wait))
    assert resumed.state.current_player == 2
    assert resumed.handoff == 2 and not resumed.my_turn  # the bot's move did not drop it
    resumed.accept_handoff()
    assert resumed.viewer == 2 and resumed.my_turn
    resumed.play(first_legal(resumed))  # then, as ever, the device goes on to Ann
    assert resumed.state.current_player == 0 and resumed.handoff == 0


def test_the_move_taken_back_played_again_is_a_redo_and_keeps_the_later_ones():
    c = Controller.new(classic, [Seat("Ava"), Seat("Robo", BOT, "greedy")], seed=5, first_player=0)
    for move in ("take wbg", "take rkw"):
        c.play(move)
        play_to_human(c)
    latest = c.state
    c.undo()
    c.undo()
    c.play("take wbg")  # by hand, as it was: a redo; the later turn can still be redone
    assert c.can_redo and c.bot_to_move
    c.undo()  # before the bot's reply: the move and the reply to come are one decision
    assert c.state.record.moves == ()
    c.redo()
    assert c.state.record.moves == latest.record.moves[:2] and not c.bot_to_move
    c.undo()
    c.play("take wbg")
    play_to_human(c)  # the bot replies as it did
    assert c.can_redo and c.state.record.moves == latest.record.moves[:2]
    c.redo()
    assert c.state == latest and not c.can_redo
    assert [e.notation for e in c.entries] == list(latest.record.moves)


def engine_caches():
    from splendor.classic import state as classic_state
    from splendor.duel import actions as duel_actions
    from splendor.duel import state as duel_state

    return {
        "classic takes": classic_state._TAKES,
        "classic returns": classic_state._RETURNS,
        "classic nobles": classic_state._ELIGIBLE,
        "duel takes": duel_state._TAKES_CACHE,
        "duel privileges": duel_state._PRIV_CACHE,
        "duel reserves": duel_state._RESERVE_CACHE,
        "duel discards": duel_actions._DISCARD_CACHE,
    }


def bot_game(game, seed):
    """Two medium bots play 60 moves (or to the end): every cache of `game` gets filled."""
    c = Controller.new(game, [Seat("R1", BOT, "medium"), Seat("R2", BOT, "medium")], seed=seed)
    c.listen(lambda c: c.close() if len(c.entries) >= 60 or c.state.is_over else None)
    run(c.run_bots(0, no_wait))


def test_a_new_game_forgets_the_engine_caches_of_the_last_one():
    from splendor import duel

    def filled(prefix):
        return {name: len(cache) for name, cache in engine_caches().items() if prefix in name}

    bot_game(classic, 4)
    assert all(filled("classic").values()), filled("classic")
    bot_game(duel, 4)  # a Duel game after it: the classic positions are forgotten
    assert not any(filled("classic").values()), filled("classic")
    assert all(filled("duel").values()), filled("duel")

    new = Controller.new(classic, [Seat("Ava"), Seat("Robo", BOT, "easy")], 5, first_player=0)
    assert not any(filled("").values()), filled("")  # both engines', not only its own
    new.play(first_legal(new))  # the caches fill again, and the game goes on as before
    play_to_human(new)
    assert len(new.entries) == 2 and new.my_turn


def test_a_game_started_while_the_last_games_bot_thinks_is_played_by_its_own_bots():
    slices = []

    class Slow:  # the last game's bot: thinks in many slices, then takes the first move
        def think(self, view, legal, rng):
            for n in range(1000):
                slices.append(n)
                yield
            return legal[0]

    async def scenario():
        old = Controller.new(classic, [Seat("R1", BOT, "easy"), Seat("R2", BOT, "easy")], seed=2)
        old.bot_factory = lambda level, game: Slow()
        old.drive(0)
        while len(slices) < 10:  # the old bot is thinking
            await asyncio.sleep(0)
        old.close()  # the page closes it as a new game replaces it
        new = Controller.new(classic, [Seat("Ava"), Seat("Robo", BOT, "easy")], 3, first_player=1)
        new.drive(0)
        await asyncio.wait_for(new.task, 5)
        for _ in range(20):  # time enough for the old task to get anywhere
            await asyncio.sleep(0)
        return old, new

    old, new = run(scenario())
    assert [e.seat for e in new.entries] == [1] and new.my_turn  # the new game's bot moved
    assert len(slices) < 1000 and old.task.cancelled()  # the old bot stopped thinking...
    assert old.entries == [] and old.state.turn == 0  # ...and moved in neither game


def test_a_played_position_keeps_its_history_when_loaded():
    seats = [Seat("Ava"), Seat("Robo", BOT, "easy")]
    c = Controller.new(classic, seats, seed=4)
    for _ in range(3):
        play_to_human(c)
        c.play(first_legal(c))
    loaded = Controller(classic, PositionSession(c.state, seats))
    assert loaded.state.to_json() == c.state.to_json()
    assert len(loaded.entries) == len(c.entries) >= 5
    said = [(e.seat, e.notation) for e in c.entries]
    assert [(e.seat, e.notation) for e in loaded.entries] == said  # who moved, not who is to move
