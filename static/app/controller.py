"""Game-agnostic play controller: seats, the current State, moves, bots, turn hand-offs.

No DOM here: the page (table.py) subscribes with `listen` and redraws from the controller.
Works with any game module offering the common API (`new_game`, `from_json`, `State`,
`View`), so Splendor Duel plugs in by passing its module and a `describe` function.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from splendor.common import IllegalActionError

HUMAN = "human"
BOT = "bot"
FALLBACK_LEVEL = "greedy"  # used when a level is not registered (yet) for a game (else its first)


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a name, "human" or "bot", and the bot's level."""

    name: str
    kind: str = HUMAN
    level: str = ""

    @property
    def is_bot(self) -> bool:
        """True for a seat played by a bot."""
        return self.kind == BOT


@dataclass
class Entry:
    """One applied move: who, the notation, the turn it belongs to, and its description."""

    seat: int
    notation: str
    turn: int
    info: dict[str, Any] = field(default_factory=dict)


def make_bot_for(level: str, game: str):
    """Build a bot of `level`, falling back to the baseline when that level is unknown."""
    from splendor.bots import levels, make_bot

    try:
        return make_bot(level, game)
    except ValueError:
        known = levels(game)
        return make_bot(FALLBACK_LEVEL if FALLBACK_LEVEL in known else known[0], game)


async def think(bot, view, legal, rng, sleep: Callable[[float], Awaitable[Any]]):
    """Run a bot's choice, in slices when it offers `think` (yielding to the page between)."""
    if not hasattr(bot, "think"):
        return bot.choose(view, legal, rng)
    thinking = bot.think(view, legal, rng)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value
        await sleep(0)


def no_description(before, after, seat, notation) -> dict:
    """Default move description: nothing beyond the notation."""
    return {}


class Controller:
    """Holds one game in play and notifies listeners after every change."""

    def __init__(
        self,
        game,
        seats: list[Seat],
        state,
        describe: Callable[..., dict] = no_description,
        bot_factory: Callable[[str, str], Any] = make_bot_for,
        seed: int | None = None,
    ):
        if len(seats) != state.num_players:
            raise ValueError(f"{len(seats)} seats for a {state.num_players}-player game")
        self.game = game
        self.seats = list(seats)
        self.state = state
        self.describe = describe
        self.bot_factory = bot_factory
        self.entries: list[Entry] = []
        self.scores: list[list[int]] = [state.scores()]  # after each completed turn
        self.rng = random.Random(seed)
        self.bots = {
            i: bot_factory(seat.level, game.NAME) for i, seat in enumerate(seats) if seat.is_bot
        }
        self.listeners: list[Callable[[Controller], None]] = []
        self.closed = False
        self.thinking = False
        humans = self.human_seats()
        self.viewer = humans[0] if humans else 0
        self.handoff: int | None = None
        self._follow_turn(starting=True)

    # --- building -------------------------------------------------------------------
    @classmethod
    def new(
        cls, game, seats: list[Seat], seed: int | None = None, describe=no_description, **options
    ) -> Controller:
        """Start a new game of `game` (a module) for these seats."""
        state = game.new_game(players=len(seats), seed=seed, **options)
        return cls(game, seats, state, describe)

    def restarted(self) -> Controller:
        """A new game with the same seats and options (a fresh seed)."""
        options = {k: v for k, v in self.state.options.items() if k != "players"}
        fresh = self.game.new_game(players=len(self.seats), **options)
        return Controller(self.game, self.seats, fresh, self.describe, self.bot_factory)

    # --- reading --------------------------------------------------------------------
    def human_seats(self) -> list[int]:
        """Seats played by humans."""
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    def view(self):
        """What the screen shows: the view of the human whose turn it is (or was last)."""
        return self.state.view(self.viewer)

    @property
    def bot_to_move(self) -> bool:
        """True when a bot must decide now."""
        current = self.state.current_player
        return current is not None and self.seats[current].is_bot

    @property
    def my_turn(self) -> bool:
        """True when the viewer may act now (their decision, no hand-off pending)."""
        return self.handoff is None and self.state.current_player == self.viewer

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
        self._apply(str(notation))

    def accept_handoff(self) -> None:
        """The next human has the device: show their view."""
        if self.handoff is not None:
            self.viewer = self.handoff
            self.handoff = None
            self.notify()

    def load(self, state) -> None:
        """Replace the position (same seats), e.g. a saved game; history starts afresh."""
        if state.num_players != len(self.seats):
            raise ValueError(f"that game has {state.num_players} players, not {len(self.seats)}")
        self.state = state
        self.entries = []
        self.scores = [state.scores()]
        self.handoff = None
        self._follow_turn(starting=True)
        self.notify()

    def close(self) -> None:
        """Stop driving bots (a new game replaces this one)."""
        self.closed = True
        self.listeners.clear()

    async def run_bots(self, pause: float = 0.6, sleep=asyncio.sleep) -> None:
        """Let bot seats play, each after a short visible pause, until a human must act."""
        while not self.closed and self.bot_to_move:
            state = self.state
            seat = state.current_player
            self.thinking = True
            self.notify()
            await sleep(pause)
            view = state.view(seat)
            action = await think(self.bots[seat], view, view.legal_actions(), self.rng, sleep)
            self.thinking = False
            if self.closed or self.state is not state:
                return  # the game was replaced or reloaded meanwhile
            self._apply(action.notation)

    def _apply(self, notation: str) -> None:
        before = self.state
        seat = before.current_player
        after = before.apply(notation)
        info = self.describe(before, after, seat, notation)
        self.entries.append(Entry(seat, notation, before.turn, info))
        self.state = after
        if after.turn != before.turn or after.is_over:
            self.scores.append(after.scores())
        self._follow_turn()
        self.notify()

    def _follow_turn(self, starting: bool = False) -> None:
        """Show the deciding human's view; between two humans, ask for a hand-off first."""
        current = self.state.current_player
        if current is None or self.seats[current].is_bot:
            return
        if len(self.human_seats()) == 1:
            self.viewer = current
        elif starting or current != self.viewer:
            self.handoff = current
