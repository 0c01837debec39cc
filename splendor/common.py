"""Pieces shared by both games: colours, errors, seeded randomness, game records."""

from __future__ import annotations

import json
import random
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any

# Fixed colour order everywhere (engine, notation, UI): white, blue, green, red, black.
COLOURS = ("white", "blue", "green", "red", "black")
GEM_LETTERS = "wbgrk"  # one letter per colour, in COLOURS order (k = black, as in CMYK)
GOLD = "y"  # gold / joker token
PEARL = "p"  # Splendor Duel only

RECORD_FORMAT = "splendor-record"
RECORD_VERSION = 1
MAX_RESHUFFLES = 5000  # one per move taken back and played anew; bounds a hostile file's work


class IllegalActionError(ValueError):
    """An action that is malformed or not legal in the current state."""


class LoadError(ValueError):
    """Saved data (JSON state, record, link) that cannot be loaded; the message says why."""


class VersionError(LoadError):
    """Saved data written by an unknown format version."""


def make_rng(seed: int | None) -> random.Random:
    """Return the seeded random generator the engines and bots use."""
    return random.Random(seed)


def new_seed() -> int:
    """Return a fresh random seed (for games started without one)."""
    return random.SystemRandom().randrange(2**31)


@dataclass(frozen=True)
class Record:
    """A game record: game name, options, seed and the moves in notation; replay rebuilds the state.

    ``reshuffles`` lists (index, salt) in order: before move ``index`` (0-based; ``len(moves)``
    for after the last) the decks were shuffled anew with ``salt``, because a move taken back
    had shown what they held. Entries past the last move belong to moves that can be redone.
    """

    game: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: tuple[str, ...] = ()
    reshuffles: tuple[tuple[int, int], ...] = ()

    def to_data(self) -> dict[str, Any]:
        """Return the record as plain JSON-serialisable data."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "seed": self.seed,
            "options": dict(self.options),
            "moves": list(self.moves),
        } | ({"reshuffles": [list(r) for r in self.reshuffles]} if self.reshuffles else {})

    def to_json(self) -> str:
        """Return the record as compact JSON text."""
        return json.dumps(self.to_data(), separators=(",", ":"))

    @classmethod
    def from_data(cls, data: Any) -> Record:
        """Validate plain data and build a Record; raise LoadError naming the problem."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise LoadError("not a game record")
        if data.get("version") != RECORD_VERSION:
            raise VersionError(f"unsupported record version {data.get('version')!r}")
        game, seed = data.get("game"), data.get("seed")
        options, moves = data.get("options", {}), data.get("moves", [])
        if not isinstance(game, str):
            raise LoadError("record has no game name")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise LoadError("record seed must be an integer")
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise LoadError("record options must be an object")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise LoadError("record moves must be a list of strings")
        return cls(game, seed, dict(options), tuple(moves), _reshuffles(data))

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Parse JSON text into a Record; raise LoadError on bad input."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise LoadError(f"record is not valid JSON: {exc}") from None
        return cls.from_data(data)

    def extended(self, move: str) -> Record:
        """Return this record with one more move."""
        return Record(self.game, self.seed, self.options, self.moves + (move,), self.reshuffles)


def _reshuffles(data: dict) -> tuple[tuple[int, int], ...]:
    """A record's reshuffles, checked: [index, salt] pairs in the order of their indexes."""
    found = data.get("reshuffles", [])
    if not isinstance(found, list) or not all(
        isinstance(r, list) and len(r) == 2 and all(type(n) is int for n in r) for r in found
    ):
        raise LoadError("record reshuffles must be a list of [move, salt] pairs")
    if len(found) > MAX_RESHUFFLES:
        raise LoadError(f"too many record reshuffles (at most {MAX_RESHUFFLES})")
    indexes = [index for index, _ in found]
    if indexes != sorted(indexes) or any(not 0 <= i < 2**31 for i in indexes):
        raise LoadError("record reshuffles must name moves, in order")
    if any(not 0 <= salt < 2**63 for _, salt in found):
        raise LoadError("a record reshuffle's salt is out of range")
    return tuple((index, salt) for index, salt in found)


def reshuffled_before(state, reshuffles: tuple[tuple[int, int], ...], index: int):
    """``state`` with its decks shuffled anew as ``reshuffles`` say they were before move ``index``."""
    at = bisect_left(reshuffles, (index,))
    while at < len(reshuffles) and reshuffles[at][0] == index:
        state = state.reshuffled(reshuffles[at][1])
        at += 1
    return state


def game_module(name: str):
    """Return the engine module for a game name ("classic" or "duel")."""
    if name == "classic":
        from splendor import classic

        return classic
    if name == "duel":
        from splendor import duel

        return duel
    raise LoadError(f"unknown game {name!r}")


def replay(record: Record | str):
    """Rebuild the state a record describes; raise LoadError or IllegalActionError naming the bad move."""
    if isinstance(record, str):
        record = Record.from_json(record)
    module = game_module(record.game)
    try:
        state = module.new_game(seed=record.seed, **record.options)
    except (TypeError, ValueError) as exc:
        raise LoadError(f"bad record options: {exc}") from None
    for index, move in enumerate(record.moves):
        state = reshuffled_before(state, record.reshuffles, index)
        try:
            state = state.apply(move)
        except IllegalActionError as exc:
            raise IllegalActionError(f"move {index + 1} ({move!r}): {exc}") from None
    return reshuffled_before(state, record.reshuffles, len(record.moves))
