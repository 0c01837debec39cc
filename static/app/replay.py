"""A read-only table over a game record: what the page's renderer needs, one position at a time.

`Replay` offers the parts of the Controller interface that `table.render` reads (seats,
state, view, entries, scores, hand-off, thinking), so the game screen shows a replay with
the same renderer. No DOM here; `saves_ui` drives it from buttons and arrow keys.

A record of a game still in play (a file exported mid-game, at a table where the device is
passed round or against bots) shows no blind reserve face up, not even to the seat it
belongs to: whoever opens the file could otherwise step to a rival's turn and read it.
"""

from __future__ import annotations

from collections.abc import Callable

from app.controller import Entry, no_description
from splendor.common import IllegalActionError, Record
from splendor.records import ReplayViewer
from splendor.seats import make_seat


class Replay:
    """Step through a record (every move checked when built); nothing can be played."""

    replaying = True
    handoff = None
    thinking = False
    bot_to_move = False
    by_link = False
    savable = True
    can_undo = can_redo = my_turn = False

    def __init__(self, game, record: Record, names=None, describe: Callable = no_description):
        """Replay `record` of `game` (a module); RecordFileError names a bad move."""
        self.game = game
        self.viewer_ = ReplayViewer(record, names)
        self.record = record
        self.seats = tuple(make_seat(name) for name in self.viewer_.names)
        self.listeners: list[Callable] = []
        self.closed = False
        states = [self.viewer_.state_at(i) for i in range(len(self.viewer_) + 1)]
        self.finished = states[-1].is_over  # then each seat's blind reserves may be shown
        self._entries = []
        self._scores = [states[0].scores()]
        self._score_count = [1]  # score rows known after each position
        for index, move in enumerate(record.moves):
            before, after = states[index], states[index + 1]
            seat = before.current_player
            info = describe(before, after, seat, move)
            self._entries.append(Entry(seat, move, before.turn, info))
            if after.turn != before.turn or after.is_over:
                self._scores.append(after.scores())
            self._score_count.append(len(self._scores))

    # --- what the table reads -------------------------------------------------------------
    @property
    def position(self) -> int:
        """Moves shown so far (0 = the setup)."""
        return self.viewer_.position

    def __len__(self) -> int:
        """The number of moves in the record."""
        return len(self.viewer_)

    @property
    def state(self):
        """The state at the current position."""
        return self.viewer_.state

    @property
    def viewer(self) -> int:
        """The seat whose view is shown: the one deciding now, or the last to move at the end."""
        current = self.state.current_player
        if current is not None:
            return current
        last = self.viewer_.last_move
        return last[0] if last else 0

    @property
    def entries(self) -> list[Entry]:
        """The log up to the current position."""
        return self._entries[: self.position]

    @property
    def scores(self) -> list[list[int]]:
        """Scores after each completed turn up to the current position."""
        return self._scores[: self._score_count[self.position]]

    def view(self):
        """What the screen shows at this position (in a game still in play, every blind
        reserve as a card back)."""
        view = self.state.view(self.viewer)
        return view if self.finished else _Hidden(view, self.state)

    def export_record(self) -> str:
        """The record file's text (record and names)."""
        from splendor.records import export_record

        return export_record(self.record, self.viewer_.names)

    # --- moving through the record ---------------------------------------------------------
    def go(self, position: int) -> None:
        """Jump to a position (clamped) and tell the listeners."""
        self.viewer_.go(position)
        self.notify()

    def forward(self) -> None:
        """One move forwards."""
        self.go(self.position + 1)

    def back(self) -> None:
        """One move backwards."""
        self.go(self.position - 1)

    def play(self, notation: str) -> None:
        """A replay cannot be played."""
        raise IllegalActionError("a replay cannot be played")

    def listen(self, callback: Callable) -> None:
        """Call `callback(replay)` after every change."""
        self.listeners.append(callback)

    def notify(self) -> None:
        """Tell every listener that the position changed."""
        for callback in list(self.listeners):
            callback(self)

    def close(self) -> None:
        """Stop telling listeners (another screen replaces this one)."""
        self.closed = True
        self.listeners.clear()


class _Hidden:
    """A seat's view whose `to_data()` shows that seat's own blind reserves as the other
    seats see them (card backs); everything else is the view's."""

    def __init__(self, view, state):
        self._view = view
        self._state = state

    def __getattr__(self, name):
        return getattr(self._view, name)

    def to_data(self) -> dict:
        data = self._view.to_data()
        players = data["players"]
        seat = self._view.player
        other = self._state.view((seat + 1) % len(players)).to_data()
        players[seat]["reserved"] = other["players"][seat]["reserved"]
        return data
