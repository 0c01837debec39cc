"""The game-agnostic controller: moves, bots driven in slices, hand-offs, score history."""

import asyncio

import pytest
from app.controller import BOT, Controller, Seat, think

from splendor import classic
from splendor.common import IllegalActionError


async def no_wait(seconds):
    return None


def first_legal(controller):
    return controller.state.legal_actions()[0].notation


def test_a_human_and_a_bot_play_a_game_to_the_end():
    c = Controller.new(classic, [Seat("Ava"), Seat("Robo", BOT, "medium")], seed=3)
    changes = []
    c.listen(lambda _: changes.append(c.state.turn))
    for _ in range(500):
        if c.state.is_over:
            break
        if c.bot_to_move:
            asyncio.run(c.run_bots(0, no_wait))
        else:
            legal = [a.notation for a in c.state.legal_actions()]
            c.play(next((n for n in legal if n.startswith("buy")), legal[0]))
    assert c.state.is_over
    assert c.scores[0] == [0, 0] and c.scores[-1] == c.state.scores()
    assert len(c.scores) == c.state.turn + 1  # one row per completed turn, plus the start
    assert tuple(e.notation for e in c.entries) == c.state.record.moves
    assert changes and c.viewer == 0 and c.handoff is None


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


def test_bots_never_move_for_a_human_and_stop_when_closed():
    c = Controller.new(classic, [Seat("R1", BOT, "easy"), Seat("R2", BOT, "easy")], seed=2)
    c.close()
    asyncio.run(c.run_bots(0, no_wait))
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

    assert asyncio.run(think(Sliced(), None, [1, 2], None, sleep)) == 2
    assert sleeps == [0, 0]
    assert asyncio.run(think(Plain(), None, [1, 2], None, sleep)) == 1
