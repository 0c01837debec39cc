"""Compact links for games played with friends: the whole record in a URL fragment, no server.

Payload (ASCII, URL-safe, put after ``#``)::

    VERSION . GAME . SEED . NAMES . COUNT . MOVES . CHECK

- VERSION: link format version (base-64 digits, see ``DIGITS``); ``1`` today.
- GAME: ``c`` + players (classic) or ``d`` (duel), then options that differ from the
  defaults: ``t<points>`` target, ``f`` nobles="first", ``s<seat>`` first_player.
- SEED: the seed, zigzag-encoded (negative seeds allowed) in base-64 digits.
- NAMES: one base64url (UTF-8) name per seat, joined by ``~``; an empty part is no name.
- COUNT: the number of moves; MOVES: every move as its index in ``legal_actions()`` at that
  point, in mixed radix (first move least significant), written in base-64 digits.
- CHECK: 6 characters of SHA-256 over everything before it: a changed or damaged link is
  refused before any replay.

Decoding replays every move, so an opened link is a game the rules allow. Moves are indices
into ``legal_actions()``: if an engine ever changes that order, LINK_VERSION must change
(the golden link test in tests/saves fails first).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import sys

from splendor.common import LoadError, Record, VersionError
from splendor.records import MAX_MOVES, MAX_SEED, new_state
from splendor.seats import NAME_MAX, clean_name, names_from_data

LINK_VERSION = 1
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
_VALUE = {ch: i for i, ch in enumerate(DIGITS)}
CHECK_LENGTH = 6
MAX_LINK = 12_000  # characters; far above a real game (see docs/saves.md)
_FIELDS = 7
_TRAILING = re.compile(r"[^0-9A-Za-z_-]+$")
_GAME = re.compile(r"(?:c([234])|d)(t[0-9]{1,3})?(f)?(s[0-3])?")


class LinkError(LoadError):
    """A link that cannot be opened; the message names the problem."""


class LinkVersionError(LinkError, VersionError):
    """A link in a format version this page does not read."""


def _digits(value: int) -> str:
    out = []
    while True:
        value, digit = divmod(value, 64)
        out.append(DIGITS[digit])
        if not value:
            return "".join(reversed(out))


def _number(text: str, what: str) -> int:
    if not text or any(ch not in _VALUE for ch in text):
        raise LinkError(f"link is corrupted ({what})")
    value = 0
    for ch in text:
        value = value * 64 + _VALUE[ch]
    return value


def _check(body: str) -> str:
    digest = hashlib.sha256(body.encode("utf-8", "surrogatepass")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:CHECK_LENGTH]


def _game_field(record: Record) -> str:
    options = dict(record.options)
    if record.game == "classic":
        text = f"c{options.get('players', 2)}"
        if options.get("target", 15) != 15:
            text += f"t{options['target']}"
        if options.get("nobles", "choose") == "first":
            text += "f"
    else:
        text = "d"
    if options.get("first_player") is not None:
        text += f"s{options['first_player']}"
    return text


def _record_head(field: str, seed: int) -> Record:
    match = _GAME.fullmatch(field)
    if not match:
        raise LinkError("link is corrupted (game and options)")
    players, target, first_nobles, first_player = match.groups()
    options: dict = {}
    if field.startswith("c"):
        options = {"players": int(players)}
        if target:
            options["target"] = int(target[1:])
        if first_nobles:
            options["nobles"] = "first"
        game = "classic"
    else:
        if target or first_nobles:
            raise LinkError("link is corrupted (game and options)")
        game = "duel"
    if first_player:
        options["first_player"] = int(first_player[1:])
    return Record(game, seed, options)


def _name_part(name: str) -> str:
    return base64.urlsafe_b64encode(name.encode("utf-8")).decode("ascii").rstrip("=")


def _name_of(part: str) -> str:
    if len(part) > NAME_MAX * 6:
        raise LinkError("link is corrupted (a name is too long)")
    try:
        raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
        return clean_name(raw.decode("utf-8"))
    except (binascii.Error, ValueError):
        raise LinkError("link is corrupted (a name is not readable)") from None


def encode_link(record: Record, names=None) -> str:
    """The link payload for a record and the players' names (cleaned, bounded)."""
    if record.reshuffles:  # only local games take moves back
        raise ValueError("a game with moves taken back cannot be sent by link")
    states = [new_state(record, ValueError)]
    if len(record.moves) > MAX_MOVES:
        raise ValueError(f"too many moves for a link (at most {MAX_MOVES})")
    digits: list[tuple[int, int]] = []
    for move in record.moves:
        state = states[-1]
        legal = state.legal_actions()
        action = type(legal[0]).parse(move) if legal else None
        if action not in legal:
            state.apply(move)  # raises IllegalActionError saying why
        digits.append((legal.index(action), len(legal)))
        states.append(state.apply(action))
    number = 0
    for index, radix in reversed(digits):
        number = number * radix + index
    players = states[0].num_players
    names = names_from_data(list(names) if names else None, players, ValueError)
    seed = record.seed * 2 if record.seed >= 0 else -2 * record.seed - 1
    body = ".".join(
        [
            _digits(LINK_VERSION),
            _game_field(states[-1].record),
            _digits(seed),
            "~".join(_name_part(name) for name in names),
            _digits(len(record.moves)),
            _digits(number),
        ]
    )
    return f"{body}.{_check(body)}"


def decode_link(text) -> tuple[Record, tuple[str, ...]]:
    """The record and names a link holds, every move replayed; raise LinkError naming the problem.

    ``text`` may be the payload or a whole address (the part after ``#`` is read).
    """
    if not isinstance(text, str):
        raise LinkError("a link must be text")
    text = text.strip().rpartition("#")[2]
    if "%" in text:  # location.hash percent-encodes "~" and anything pasted after the link
        from urllib.parse import unquote  # only then: importing it costs 60 ms in Pyodide

        text = unquote(text, errors="replace")
    # A link pasted from a sentence or a chat often drags a "." or ")" after it; the checksum,
    # the last field, is base-64 digits only, so anything else at the end is not the link's.
    text = _TRAILING.sub("", text)
    if not text:
        raise LinkError("link is empty")
    if len(text) > MAX_LINK:
        raise LinkError(f"link is too long ({len(text)} characters)")
    if not text.isascii() or not text.isprintable():
        raise LinkError("link is corrupted (characters a link never holds)")
    parts = text.split(".")
    try:
        if len(parts) == 1 or len(parts[0]) > 2:  # every version's link starts "<version>."
            raise LinkError("no version")
        version = _number(parts[0], "version")
    except LinkError:
        raise LinkError("not a Splendor game link") from None
    if version != LINK_VERSION:
        if version > LINK_VERSION:
            raise LinkVersionError("link was made by a newer version of the game")
        raise LinkVersionError(f"unknown link version {version}")
    if len(parts) > _FIELDS:
        raise LinkError("link is corrupted (too many parts)")
    if len(parts) < _FIELDS or len(parts[-1]) < CHECK_LENGTH:
        raise LinkError("link is truncated")
    body, check = text.rpartition(".")[::2]
    if len(check) > CHECK_LENGTH or _check(body) != check:
        raise LinkError("link checksum does not match (the link is corrupted or was edited)")
    _, game, seed_text, names_text, count_text, moves_text = parts[:-1]
    seed = _number(seed_text, "seed")
    seed = seed // 2 if seed % 2 == 0 else -(seed + 1) // 2
    if not -MAX_SEED < seed < MAX_SEED:
        raise LinkError("link is corrupted (seed out of range)")
    head = _record_head(game, seed)
    count = _number(count_text, "move count")
    if count > MAX_MOVES:
        raise LinkError(f"link is corrupted (too many moves: {count})")
    number = _number(moves_text, "moves")
    state = new_state(head, LinkError)
    names = tuple(_name_of(part) for part in names_text.split("~"))
    if len(names) != state.num_players:
        raise LinkError(f"link is corrupted ({len(names)} names for {state.num_players} seats)")
    for index in range(1, count + 1):
        legal = state.legal_actions()
        if not legal:
            raise LinkError(f"link is corrupted (move {index} comes after the game ended)")
        number, digit = divmod(number, len(legal))
        state = state.apply(legal[digit])
    if number:
        raise LinkError("link is corrupted (moves left over)")
    return state.record, names


def _measure(games: int) -> None:
    """Print link sizes for bot-played games: max and mean, typical and longest names."""
    from splendor.arena import play
    from splendor.bots import levels, make_bot

    def bot(game: str, level: str):
        if game == "duel" and level == "greedy" and "greedy" not in levels("duel"):
            from splendor.duel.greedy import GreedyBot

            return GreedyBot()
        return make_bot(level, game)

    short = ["Ann", "Bahram", "Nino", "Joe"]
    longest = ["ა" * NAME_MAX, "ب" * NAME_MAX, "W" * NAME_MAX, "ж" * NAME_MAX]
    print(f"link payload sizes in characters, {games} games each (seeds 0..{games - 1})")
    print(
        f"{'game':<9}{'players':>8}{'bots':>8}{'moves max':>11}{'max':>6}{'mean':>8}"
        f"{'max, longest names':>20}"
    )
    for game, players, level in [
        ("classic", 2, "greedy"), ("classic", 3, "greedy"), ("classic", 4, "greedy"),
        ("classic", 2, "random"), ("classic", 3, "random"), ("classic", 4, "random"),
        ("duel", 2, "greedy"), ("duel", 2, "random"),
    ]:  # fmt: skip
        sizes, long_sizes, moves = [], [], []
        for seed in range(games):
            bots = [bot(game, level) for _ in range(players)]
            state = play(game, players, bots, seed, 1000)
            record = state.record
            moves.append(len(record.moves))
            sizes.append(len(encode_link(record, short[:players])))
            long_sizes.append(len(encode_link(record, longest[:players])))
        print(f"{game:<9}{players:>8}{level:>8}{max(moves):>11}{max(sizes):>6}"
              f"{sum(sizes) / games:>8.1f}{max(long_sizes):>20}")  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        _measure(int(sys.argv[2]) if len(sys.argv) > 2 else 50)
    else:
        print("usage: python -m splendor.links --measure [GAMES]")
