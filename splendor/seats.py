"""Seats of a table: player names (plain text, cleaned and bounded) and who plays each seat."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from splendor.common import LoadError

NAME_MAX = 24  # characters (code points) kept of a player name
HUMAN, BOT = "human", "bot"

# Bidirectional embedding/override/isolate marks can make a name display as something else.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_name(text: Any) -> str:
    """A player name as safe plain text: control characters dropped, spaces collapsed, bounded.

    The result is text, never markup: the UI must still insert it as text (textContent).
    Zero-width (non-)joiners stay, since Persian writing needs them.

    >>> clean_name("  Ann\\x00\\n  Lee ")
    'Ann Lee'
    """
    if not isinstance(text, str):
        return ""
    kept = []
    for ch in text[: NAME_MAX * 8]:
        category = unicodedata.category(ch)
        if ch.isspace():
            kept.append(" ")
        elif category in ("Cc", "Cs", "Co", "Cn") or ch in _BIDI_CONTROLS:
            continue
        else:
            kept.append(ch)
    name = " ".join("".join(kept).split())[:NAME_MAX].strip()
    # Only format characters and marks (zero-width spaces, say): it would show as blank.
    if not any(unicodedata.category(ch)[0] not in "CMZ" for ch in name):
        return ""
    return name


@dataclass(frozen=True)
class Seat:
    """One seat: its player's name, and whether a human or a bot (of some level) decides."""

    name: str = ""
    kind: str = HUMAN
    level: str | None = None

    @property
    def is_human(self) -> bool:
        """True when a person decides for this seat."""
        return self.kind == HUMAN

    def to_data(self) -> dict[str, Any]:
        """The seat as plain JSON-able data."""
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == BOT:
            data["level"] = self.level
        return data


def make_seat(name: Any = "", bot: str | None = None) -> Seat:
    """A seat with a cleaned name; ``bot`` is a bot level, or None for a human."""
    if bot is None:
        return Seat(clean_name(name), HUMAN, None)
    return Seat(clean_name(name), BOT, bot)


def seats_from_data(data: Any, players: int, game: str, error=LoadError) -> tuple[Seat, ...]:
    """Validate saved seat data (one object per seat); raise ``error`` naming the problem."""
    from splendor.bots import levels

    if not isinstance(data, list):
        raise error("seats must be a list")
    if len(data) != players:
        raise error(f"{len(data)} seats listed for a {players}-player game")
    seats = []
    for index, item in enumerate(data, start=1):
        if not isinstance(item, dict) or not set(item) <= {"name", "kind", "level"}:
            raise error(f"seat {index} must be an object with name, kind and maybe level")
        name, kind = item.get("name", ""), item.get("kind", HUMAN)
        if not isinstance(name, str):
            raise error(f"seat {index}: the name must be text")
        if kind == HUMAN:
            if item.get("level") is not None:
                raise error(f"seat {index}: a human seat has no bot level")
            seats.append(make_seat(name))
        elif kind == BOT:
            level = item.get("level")
            if not isinstance(level, str) or level not in levels(game):
                raise error(f"seat {index}: unknown bot level {str(level)[:20]!r} for {game}")
            seats.append(make_seat(name, level))
        else:
            raise error(f"seat {index}: kind must be 'human' or 'bot'")
    return tuple(seats)


def names_from_data(data: Any, players: int, error=LoadError) -> tuple[str, ...]:
    """Validate a list of player names (one per seat); raise ``error`` naming the problem."""
    if data is None:
        return ("",) * players
    if not isinstance(data, list) or not all(isinstance(name, str) for name in data):
        raise error("names must be a list of text")
    if len(data) != players:
        raise error(f"{len(data)} names given for a {players}-player game")
    return tuple(clean_name(name) for name in data)
