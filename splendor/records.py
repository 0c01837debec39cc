"""Game records as files (export / import with player names) and a replay viewer.

A record file is the Record JSON (``splendor-record``, version 1) with one extra key,
``names``; ``Record.from_json`` still reads it. Importing replays every move, so a file that
loads is a game the rules allow.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from splendor.common import (
    IllegalActionError,
    LoadError,
    Record,
    VersionError,
    game_module,
    reshuffled_before,
)
from splendor.seats import names_from_data

MAX_MOVES = 5000  # far above any real game; bounds the work a hostile file can ask for
MAX_SEED = 2**63  # seeds are drawn below 2**31; larger magnitudes are refused


class RecordFileError(LoadError):
    """A record file (or a record inside a save or link) that cannot be loaded."""


def _word_start(text: str) -> bool:
    """True when text is the start of a JSON word (a truncated null, true or false)."""
    return any(word.startswith(text) for word in ("null", "true", "false"))


def parse_json(text: Any, what: str, error=LoadError) -> Any:
    """Parse JSON text; raise ``error`` saying "<what> is truncated" or "is not valid JSON"."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise error(f"{what} is not UTF-8 text") from None
    if not isinstance(text, str):
        raise error(f"{what} must be text, not {type(text).__name__}")
    if not text.strip():
        raise error(f"{what} is empty")
    try:
        return json.loads(text)
    except RecursionError:
        raise error(f"{what} is nested too deeply") from None
    except ValueError as exc:
        rest = text[exc.pos :].rstrip() if isinstance(exc, json.JSONDecodeError) else "?"
        # Cut at the end, inside a string, or inside a word such as "null" ("nu").
        if not rest or exc.msg.startswith("Unterminated string") or _word_start(rest):
            raise error(f"{what} is truncated") from None
        raise error(f"{what} is not valid JSON ({exc})") from None


def check_record(record: Record, error=LoadError) -> None:
    """Refuse records whose seed or length are out of bounds (before any replay work)."""
    if not -MAX_SEED < record.seed < MAX_SEED:
        raise error("the seed is out of range")
    if len(record.moves) > MAX_MOVES:
        raise error(f"too many moves ({len(record.moves)}; at most {MAX_MOVES})")


def new_state(record: Record, error=LoadError):
    """The setup position of a record; raise ``error`` on an unknown game or bad options."""
    check_record(record, error)
    try:
        module = game_module(record.game)
    except LoadError as exc:
        raise error(str(exc)) from None
    try:
        return module.new_game(seed=record.seed, **record.options)
    except (TypeError, ValueError) as exc:
        raise error(f"bad game options: {exc}") from None


def replay_states(record: Record, error=LoadError) -> list:
    """Every position of a record, setup first, each move re-validated; ``error`` names a bad one.

    A position the record reshuffled is listed as it was after the reshuffle."""
    states = [reshuffled_before(new_state(record, error), record.reshuffles, 0)]
    for index, move in enumerate(record.moves, start=1):
        try:
            state = states[-1].apply(move)
        except IllegalActionError as exc:
            raise error(f"move {index} ({move[:40]!r}) is not legal: {exc}") from None
        states.append(reshuffled_before(state, record.reshuffles, index))
    return states


def recorded(state, reshuffles) -> Record:
    """The record of ``state`` with these reshuffles (an engine's record knows none)."""
    return replace(state.record, reshuffles=tuple(reshuffles)) if reshuffles else state.record


def export_record(record: Record, names: Any = None) -> str:
    """A record file's text: the Record JSON plus the players' names (cleaned)."""
    data = record.to_data()
    players = new_state(record, ValueError).num_players
    data["names"] = list(names_from_data(list(names) if names else None, players, ValueError))
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def import_record(text: Any) -> tuple[Record, tuple[str, ...]]:
    """Load a record file; every move is replayed. Raise RecordFileError naming the problem."""
    data = parse_json(text, "record file", RecordFileError)
    try:
        record = Record.from_data(data)
    except VersionError:
        raise
    except LoadError as exc:
        raise RecordFileError(str(exc)) from None
    states = replay_states(record, RecordFileError)
    names = names_from_data(data.get("names"), states[0].num_players, RecordFileError)
    return recorded(states[-1], record.reshuffles), names


class ReplayViewer:
    """Step through a record move by move, forwards and backwards.

    Position 0 is the setup, position ``len(viewer)`` the last one. Every move is checked
    when the viewer is built (so a bad record is refused up front); positions are kept.
    """

    def __init__(self, record: Record, names: Any = None, error=RecordFileError):
        """Replay ``record`` (raise ``error`` on a bad move); ``names`` are shown as text."""
        self.record = record
        self._states = replay_states(record, error)
        players = self._states[0].num_players
        self.names = names_from_data(list(names) if names else None, players, error)
        self.position = 0

    def __len__(self) -> int:
        """The number of moves."""
        return len(self.record.moves)

    def state_at(self, position: int):
        """The state after ``position`` moves (clamped to 0..len)."""
        return self._states[max(0, min(position, len(self)))]

    def seat_of(self, move: int) -> int:
        """Which seat decided move ``move`` (1-based, as moves are numbered in messages)."""
        return self._states[move - 1].current_player

    @property
    def state(self):
        """The state at the current position."""
        return self._states[self.position]

    def go(self, position: int):
        """Jump to a position (clamped); return its state."""
        self.position = max(0, min(position, len(self)))
        return self.state

    def forward(self):
        """One move forwards (stays at the end); return the state."""
        return self.go(self.position + 1)

    def back(self):
        """One move backwards (stays at the start); return the state."""
        return self.go(self.position - 1)

    @property
    def last_move(self) -> tuple[int, str] | None:
        """(seat, notation) of the move that led to the current position, or None at setup."""
        if self.position == 0:
            return None
        return self.seat_of(self.position), self.record.moves[self.position - 1]
