"""Embed mode's URL parameters and parent-page messages, as plain data (no browser needed).

The parameters and messages are documented in docs/embedding.md. A parameter that does not
make sense is ignored (the default stays) and named in `EmbedOptions.problems`.

urllib.parse is only imported for a query that needs decoding: in Pyodide it costs some 60 ms
of the page's start (it pulls in ipaddress), and a plain visit has no query at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import catalog
from .page_text import KINDS

READY = "splendor:ready"
GAME_OVER = "splendor:game-over"
NEW_GAME = "splendor:new-game"

GAMES = {"classic": (2, 3, 4), "duel": (2,)}
PARAMETERS = ("embed", "game", "players", "bots", "lang", "parent_origin")
OTHER_PARAMETERS = ("fast",)  # read elsewhere (static/app/table.py): no pauses, no motion
HUMAN, BOT = "human", "bot"  # a seat's player; BOT = a bot of the table's default level
_SEAT_WORDS = {"0": HUMAN, HUMAN: HUMAN, "1": BOT, BOT: BOT}
# scheme://host[:port][/], host a name or an IPv4 address or a bracketed IPv6 address.
_ORIGIN = re.compile(r"(https?)://([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::([0-9]{1,5}))?/?", re.IGNORECASE)
_PLAIN_QUERY = re.compile(r"[A-Za-z0-9_=&,.:/\[\]-]*")  # nothing to decode: no % or +


@dataclass(frozen=True)
class EmbedOptions:
    """What the page's URL asks for; None means "not given" (the table's own default)."""

    embed: bool = False
    game: str | None = None
    players: int | None = None
    seats: tuple[str, ...] | None = None  # per seat: HUMAN, BOT or a bot level name
    lang: str | None = None
    parent_origin: str | None = None
    problems: tuple[str, ...] = field(default=())


def parse(query: str) -> EmbedOptions:
    """Read embed mode's parameters from a URL query string (with or without its "?")."""
    pairs = [(name, value.strip()) for name, value in _pairs(query.lstrip("?"))]
    values: dict[str, str] = {}
    for name, value in pairs:  # the first of a repeated name, as URLSearchParams.get (boot.js)
        values.setdefault(name, value)
    values = {name: value for name, value in values.items() if value}
    problems = _names_problems(pairs, values)
    embed = values.get("embed") == "1"
    if values.get("embed", "0") not in ("0", "1"):
        problems.append(f"embed={values['embed']!r} is not embed mode (use embed=1)")

    game = values.get("game")
    if game is not None and game.lower() in GAMES:
        game = game.lower()
    elif game is not None:
        problems.append(f"game={game!r} is not a game here (use classic or duel)")
        game = None
    counts = GAMES[game or "classic"]

    players = values.get("players")
    if players is not None:
        if players.isdigit() and int(players) in counts:
            players = int(players)
        else:
            problems.append(
                f"players={players!r} does not fit {game or 'classic'} (use {_choices(counts)})"
            )
            players = None

    seats = None
    if "bots" in values:
        seats, problem = _parse_seats(values["bots"], game or "classic", players)
        if problem:
            problems.append(problem)
        elif players is None and len(seats) in counts:
            players = len(seats)

    lang = values.get("lang")
    if lang is not None:  # as static/js/boot.js reads it: "fa-IR", "FA" and "fa" are one
        lang = re.split(r"[-_]", lang)[0].lower() or lang
    if lang is not None and lang not in catalog.LANGUAGES:
        problems.append(f"lang={lang!r} is not a language here (use {_choices(catalog.LANGUAGES)})")
        lang = None

    parent_origin = values.get("parent_origin")
    if parent_origin is not None:
        parent_origin = origin_of(parent_origin)
        if parent_origin is None:
            problems.append("parent_origin must be an origin such as https://example.org")

    return EmbedOptions(embed, game, players, seats, lang, parent_origin, tuple(problems))


def _names_problems(pairs: list[tuple[str, str]], values: dict[str, str]) -> list[str]:
    """Parameters that would be silently lost: `embed` with no value, one given twice, and
    (in embed mode, or when it looks like one of them) a name this page does not read."""
    problems = []
    if any(name == "embed" for name, _ in pairs) and "embed" not in values:
        problems.append("embed has no value (use embed=1)")
    names = [name for name, _ in pairs]
    for name in dict.fromkeys(names):
        if name in PARAMETERS and names.count(name) > 1:
            problems.append(f"{name} is given {names.count(name)} times (the first is used)")
        elif name not in PARAMETERS and name not in OTHER_PARAMETERS:
            from difflib import get_close_matches

            near = get_close_matches(name.lower(), PARAMETERS, n=1, cutoff=0.75)
            if near:
                problems.append(f"{name!r} is not a parameter here: did you mean {near[0]}?")
            elif values.get("embed") == "1":
                problems.append(f"{name!r} is not a parameter here (use {', '.join(PARAMETERS)})")
    return problems


def _choices(items) -> str:
    """'2, 3 or 4' for (2, 3, 4); '2' for (2,)."""
    words = [str(item) for item in items]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def link_base(href: str) -> str:
    """This page's address for a game link: no fragment and no embed parameters.

    A friend opens the link in a tab of their own, where a frame's settings (embed=1, the
    seats of the embedded table) would be wrong.
    """
    address, _, query = href.split("#")[0].partition("?")
    kept = [item for item in query.split("&") if item and item.split("=")[0] not in PARAMETERS]
    return address + ("?" + "&".join(kept) if kept else "")


def _parse_seats(text: str, game: str, players: int | None):
    """Return (seats, None) or (None, problem) for a bots=… value such as "1,0"."""
    levels = set(KINDS) - {"human"}  # the levels a player can pick on the setup screen
    seats = []
    for word in text.lower().split(","):
        word = word.strip()
        seat = _SEAT_WORDS.get(word) or (word if word in levels else None)
        if seat is None:
            known = ", ".join(["0", "1", *sorted(levels)])
            return None, f"bots={text!r}: {word!r} is not a player (use {known})"
        seats.append(seat)
    if players is not None and len(seats) != players:
        return None, f"bots={text!r} names {len(seats)} seats, but players={players}"
    if len(seats) not in GAMES[game]:
        counts = _choices(GAMES[game])
        return None, f"bots={text!r} names {len(seats)} seats: {game} is for {counts} players"
    return tuple(seats), None


def _pairs(query: str) -> list[tuple[str, str]]:
    """The name=value pairs of a query string, decoded (a bare name has the value "")."""
    if _PLAIN_QUERY.fullmatch(query):
        pairs = (item.partition("=") for item in query.split("&") if item)
        return [(name, value) for name, _, value in pairs]
    from urllib.parse import parse_qsl

    return parse_qsl(query, keep_blank_values=True)


def origin_of(text: str) -> str | None:
    """Return the normalised origin ("https://host[:port]") of text, or None if it is not one."""
    match = _ORIGIN.fullmatch(text.strip())
    if not match:
        return None
    scheme, host = match[1].lower(), match[2].lower()
    port = int(match[3]) if match[3] else None
    if port is not None and not 0 < port < 65536:
        return None
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{host}" + (f":{port}" if port and port != default else "")


def target_origin(options: EmbedOptions) -> str:
    """Where messages to the parent page may go: parent_origin, else any ("*": none is secret)."""
    return options.parent_origin or "*"


def accepts(options: EmbedOptions, origin: str) -> bool:
    """Whether a message from `origin` may command the game: only from parent_origin, if given."""
    return options.parent_origin is not None and origin == options.parent_origin


def ready_message(version: str, problems: list[str] | tuple[str, ...] = ()) -> dict:
    """The message posted to the parent page when the game is ready, with the problems found
    in the frame's address (so a site owner's page can show them, not only the console)."""
    return {"type": READY, "version": version, "problems": [str(p) for p in problems]}


def game_over_message(game: str, ranking: list[list[int]], scores: list[int]) -> dict:
    """The message posted at game end: seats (0-based) grouped best first, ties together."""
    ranking = [[int(seat) for seat in group] for group in ranking]
    scores = [int(score) for score in scores]
    seats = sorted(seat for group in ranking for seat in group)
    if game not in GAMES or seats != list(range(len(scores))):
        raise ValueError(f"ranking {ranking} does not rank the {len(scores)} seats of {game}")
    return {"type": GAME_OVER, "game": game, "ranking": ranking, "scores": scores}


def setup_choice(options: EmbedOptions, kinds: tuple[str, ...], default_level: str) -> dict:
    """The setup form's choice the URL asks for: game, players, seats ({} when it asks none).

    A seat given as BOT, or as a level the form does not offer, plays at `default_level`."""
    choice: dict = {}
    if options.game:
        choice["game"] = options.game
    if options.players:
        choice["players"] = options.players
    if options.seats:  # HUMAN is one of the form's kinds; BOT is not
        choice["seats"] = [
            {"name": "", "kind": seat if seat in kinds else default_level} for seat in options.seats
        ]
    return choice
