"""Game-agnostic play controller: a thin async driver around one `splendor.session.Session`.

The Session is the model (record, every position, seats, undo/redo, link mode); the
controller adds only what the page needs on top: which human is looking (pass-and-play
hand-offs), bots run in slices under asyncio, the log entries and score history derived
from the Session's positions, and listeners. No DOM here: the page (table.py) subscribes
with `listen` and redraws from the controller. Works with any game module offering the
common API, so Splendor Duel plugs in by passing its module and a `describe` function.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from splendor.common import IllegalActionError
from splendor.seats import BOT, HUMAN, Seat, make_seat
from splendor.session import LINK, LOCAL, Session

__all__ = ["BOT", "HUMAN", "LINK", "LOCAL", "Controller", "Entry", "Seat", "make_seat", "think"]

FALLBACK_LEVELS = ("greedy", "random")  # used when a chosen level is not registered for a game


@dataclass
class Entry:
    """One applied move: who, the notation, the turn it belongs to, and its description."""

    seat: int
    notation: str
    turn: int
    info: dict[str, Any] = field(default_factory=dict)


def registered_level(level: str, game: str) -> str:
    """The bot level to seat: `level` when registered for `game`, else the baseline."""
    from splendor.bots import levels

    known = levels(game)
    if level in known:
        return level
    fallback = [name for name in FALLBACK_LEVELS if name in known]
    if level == "beginner" and "random" in known:
        return "random"
    return (fallback or known)[0]


def make_bot_for(level: str, game: str):
    """Build a bot of `level` (a registered one, see `registered_level`)."""
    from splendor.bots import make_bot

    return make_bot(registered_level(level, game), game)


async def think(bot, view, legal, rng, sleep: Callable[[float], Awaitable[Any]], timings=None):
    """Run a bot's choice, in slices when it offers `think` (yielding to the page between).

    timings, if given, gets (whole decision, longest slice) in milliseconds of wall-clock."""
    started = time.perf_counter()
    longest = 0.0
    try:
        if not hasattr(bot, "think"):
            return bot.choose(view, legal, rng)
        thinking = bot.think(view, legal, rng)
        while True:
            slice_start = time.perf_counter()
            try:
                next(thinking)
            except StopIteration as done:
                return done.value
            finally:
                longest = max(longest, time.perf_counter() - slice_start)
            await sleep(0)
    finally:
        if timings is not None:
            whole = time.perf_counter() - started
            timings.append((whole * 1000, (longest if longest else whole) * 1000))


def forget_engine_caches() -> None:
    """Empty the caches of every rules engine loaded (they hold the positions of past games)."""
    for name in ("splendor.classic", "splendor.duel"):
        engine = sys.modules.get(name)
        if engine is not None:
            engine.clear_caches()


def no_description(before, after, seat, notation) -> dict:
    """Default move description: nothing beyond the notation."""
    return {}


class Controller:
    """Drives one Session for the page and notifies listeners after every change."""

    def __init__(
        self,
        game,
        session: Session,
        describe: Callable[..., dict] = no_description,
        bot_factory: Callable[[str, str], Any] = make_bot_for,
    ):
        forget_engine_caches()  # the last game's positions: memory that only grows otherwise
        self.game = game
        self.session = session
        self.describe = describe
        self.bot_factory = bot_factory
        self.entries: list[Entry] = []
        self.scores: list[list[int]] = []  # after each completed turn, the start first
        self.bots: dict[int, Any] = {}
        self.listeners: list[Callable[[Controller], None]] = []
        self.closed = False
        self.thinking = False
        self.task: asyncio.Future | None = None  # this game's bots at play (see `drive`)
        self.think_times: list[tuple[str, float, float]] = []  # (level, ms, longest slice ms)
        humans = self.human_seats()
        if session.me is not None:
            self.viewer = session.me
        else:
            current = session.state.current_player
            self.viewer = current if current in humans else (humans[0] if humans else 0)
        self.handoff: int | None = None
        self._sync()
        self._follow_turn(starting=True)

    # --- building -------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game,
        seats: list[Seat],
        seed: int | None = None,
        describe=no_description,
        mode: str = LOCAL,
        **options,
    ) -> Controller:
        """Start a new game of `game` (a module) for these seats (bot levels fitted).

        In a game by link, this device plays the seat that moves first."""
        seats = [fit_seat(seat, game.NAME) for seat in seats]
        session = Session.new(game.NAME, len(seats), seed, seats, **options)
        if mode == LINK:
            session = Session.from_link(session.link(), me=session.state.current_player)
        return cls(game, session, describe)

    def restarted(self) -> Controller:
        """A new game with the same seats and options (a fresh seed)."""
        options = {k: v for k, v in self.session.record.options.items() if k != "players"}
        return Controller.new(
            self.game, list(self.seats), None, self.describe, self.session.mode, **options
        )

    # --- reading --------------------------------------------------------------------
    @property
    def state(self):
        """The current state (the Session's)."""
        return self.session.state

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who plays each seat (the Session's seats)."""
        return self.session.seats

    @property
    def by_link(self) -> bool:
        """True for a game played by link (no undo; only seat `me` moves here)."""
        return self.session.mode == LINK

    def human_seats(self) -> list[int]:
        """Seats played by humans."""
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    def view(self):
        """What the screen shows: the view of the human whose turn it is (or was last)."""
        return self.state.view(self.viewer)

    @property
    def bot_to_move(self) -> bool:
        """True when a bot must decide now."""
        return self.session.bot_level is not None

    @property
    def my_turn(self) -> bool:
        """True when the viewer may act now (their decision, no hand-off pending)."""
        return (
            self.handoff is None
            and self.state.current_player == self.viewer
            and self.session.may_move
        )

    @property
    def savable(self) -> bool:
        """True when the game can be autosaved, linked and exported (a real record)."""
        return getattr(self.session, "savable", True)

    @property
    def can_undo(self) -> bool:
        """True when a human decision can be taken back (never in a game by link)."""
        return self.session.can_undo

    @property
    def can_redo(self) -> bool:
        """True when an undone decision can be replayed."""
        return self.session.can_redo

    # --- changing -------------------------------------------------------------------
    def listen(self, callback: Callable[[Controller], None]) -> None:
        """Call `callback(controller)` after every change."""
        self.listeners.append(callback)

    def notify(self) -> None:
        """Tell every listener that something changed."""
        for callback in list(self.listeners):
            callback(self)

    def play(self, notation: str) -> None:
        """Apply a human's move (IllegalActionError, unchanged state, if it is not allowed)."""
        if self.handoff is not None:
            raise IllegalActionError("the device must first be passed to the next player")
        if self.bot_to_move:
            raise IllegalActionError("it is a bot's turn")
        if not self.session.may_move:
            raise IllegalActionError("it is not your turn")
        self._apply(str(notation))

    def undo(self) -> None:
        """Take back the last human decision (and the bot moves after it); UndoError if none."""
        self.session.undo()
        self._changed()

    def redo(self) -> None:
        """Replay the last undone decision; UndoError if there is none."""
        self.session.redo()
        self._changed()

    def accept_handoff(self) -> None:
        """The next human has the device: show their view."""
        if self.handoff is not None:
            self.viewer = self.handoff
            self.handoff = None
            self.notify()

    def close(self) -> None:
        """Stop driving bots (a new game replaces this one): a bot still thinking stops."""
        self.closed = True
        self.listeners.clear()
        if self.task is not None:
            self.task.cancel()

    def drive(self, pause: float = 0.6, sleep=asyncio.sleep) -> None:
        """Let this game's bots play in the background (`run_bots` as an asyncio task), unless
        they already are. Each game has its own task: a game started while the last one's bot
        was thinking is played by its own bots all the same."""
        if self.closed or not self.bot_to_move or (self.task is not None and not self.task.done()):
            return
        self.task = asyncio.ensure_future(self.run_bots(pause, sleep))

    async def run_bots(self, pause: float = 0.6, sleep=asyncio.sleep) -> None:
        """Let bot seats play, each after a short visible pause, until a human must act."""
        while not self.closed and self.bot_to_move:
            state = self.state
            seat = state.current_player
            rng = self.session.bot_rng()
            self.thinking = True
            self.notify()
            await sleep(pause)
            action = None
            if self.state is state:
                view = state.view(seat)
                timings = []
                action = await think(
                    self._bot(seat), view, view.legal_actions(), rng, sleep, timings
                )
                self.think_times.append((self.seats[seat].level, *timings[0]))
            self.thinking = False
            if self.closed:
                return
            if self.state is not state:  # undone or redone meanwhile: look again
                self.notify()
                continue
            self._apply(action.notation)

    def _bot(self, seat: int):
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.bot_factory(self.seats[seat].level, self.game.NAME)
        return bot

    def _apply(self, notation: str) -> None:
        self.session.play(notation)
        self._changed()

    def _changed(self) -> None:
        # A hand-off still pending (undone or redone on its screen, a bot moved meanwhile) is
        # asked for again: whoever holds the device, maybe the next player, must not see
        # the view the change leads to without passing it first.
        ask = self.handoff is not None
        self._sync()
        self.handoff = None
        self._follow_turn(starting=ask)
        self.notify()

    def _sync(self) -> None:
        """Bring the log entries and the score history in line with the Session's moves."""
        session = self.session
        moves = session.record.moves
        keep = 0
        for entry, move in zip(self.entries, moves):
            if entry.notation != move:
                break
            keep += 1
        del self.entries[keep:]
        for index in range(len(self.entries), len(moves)):
            before, after = session.state_at(index), session.state_at(index + 1)
            seat = before.current_player
            info = self.describe(before, after, seat, moves[index])
            self.entries.append(Entry(seat, moves[index], before.turn, info))
        self.scores = [session.state_at(0).scores()]
        for index in range(len(moves)):
            before, after = session.state_at(index), session.state_at(index + 1)
            if after.turn != before.turn or after.is_over:
                self.scores.append(after.scores())

    def _follow_turn(self, starting: bool = False) -> None:
        """Show the deciding human's view; between two humans, ask for a hand-off first.

        starting: nobody is known to hold the device (a game opened or resumed, an undo on a
        hand-off screen). With several humans, the device is then asked for even on a bot's
        turn, by the next human to move: any human's view would show their blind reserves.
        """
        current = self.state.current_player
        if current is None or self.by_link:
            return
        humans = self.human_seats()
        if not self.seats[current].is_human:
            if starting and len(humans) > 1:
                after = [seat for seat in humans if seat > current]
                self.handoff = (after or humans)[0]
            return
        if len(humans) == 1:
            self.viewer = current
        elif starting or current != self.viewer:
            self.handoff = current


def fit_seat(seat: Seat, game: str) -> Seat:
    """A seat whose bot level is one registered for `game` (humans unchanged)."""
    if seat.is_human:
        return seat
    return make_seat(seat.name, registered_level(seat.level or "", game))


class PositionSession(Session):
    """A Session starting at an arbitrary position (the page's test hook): its record does
    not rebuild it, so it is never saved, linked or exported."""

    savable = False

    def __init__(self, state, seats):
        seats = [fit_seat(seat, state.record.game) for seat in seats]
        super().__init__(state.record, [seat.to_data() for seat in seats])
        if self._states[-1].to_json() != state.to_json():  # built by hand: no past to show
            self._states = [state]
            self.record = state.record
