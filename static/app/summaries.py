"""Plain-text lines about saved and finished games: the continue offer, history entries,
file names. Pure functions (no browser imports); the page inserts them as text."""

from __future__ import annotations

from app.catalog import isolate_name, listing, t
from splendor.common import LoadError, VersionError
from splendor.links import LinkError
from splendor.session import SaveTooLongError


class FileTooLarge(LoadError):
    """A chosen file far larger than any game record."""


def seat_names(lang: str, names: list[str] | tuple[str, ...]) -> list[str]:
    """Each seat's name, or "Player n" in `lang` when it has none."""
    return [name or t(lang, "setup.default_name", n=i + 1) for i, name in enumerate(names)]


def game_line(lang: str, summary: dict) -> str:
    """One line for a game from `Session.summary()`: game, players, turn (or final scores)."""
    names = seat_names(lang, summary["names"])
    game = t(lang, f"game.{summary['game']}")
    if summary["mode"] == "link":
        game = t(lang, "saves.by_link", game=game)
    if summary["over"]:
        scores = listing(
            lang,
            [
                t(lang, "saves.score", player=name, n=score)
                for name, score in zip(names, summary["scores"])
            ],
        )
        return t(lang, "saves.finished", game=game, scores=scores)
    names = [isolate_name(lang, name) for name in names]
    return t(lang, "saves.line", game=game, players=listing(lang, names), turn=summary["turn"] + 1)


def continue_label(lang: str, summary: dict) -> str:
    """The text of the setup screen's continue button."""
    return t(lang, "saves.continue", summary=game_line(lang, summary))


def file_name(game: str, seed: int, moves: int) -> str:
    """A download name for a record file, e.g. splendor-classic-1234-80.json."""
    return f"splendor-{game}-{abs(int(seed))}-{int(moves)}.json"


def problem(lang: str, key: str, error: Exception) -> tuple[str, str]:
    """The message for a save, link or file that could not be read, and a detail line.

    English gives the engine's exact reason in the message. The engine's reasons are
    English only, so other languages name the kind of problem, and the exact reason
    becomes the detail line (shown apart, marked as English)."""
    if lang == "en":
        return t(lang, key, reason=str(error)), ""
    return t(lang, key, reason=t(lang, _reason_key(error))), str(error)


def _reason_key(error: Exception) -> str:
    if isinstance(error, VersionError):
        return "reason.version"
    if isinstance(error, FileTooLarge):
        return "reason.too_large"
    if isinstance(error, SaveTooLongError):
        return "reason.redo_too_long"
    if isinstance(error, LinkError):
        return "reason.link"
    return "reason.damaged"
