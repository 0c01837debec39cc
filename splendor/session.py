"""A game in progress at one table: record-backed state, seats, undo/redo, autosave format.

The UI holds one ``Session``. Every move goes through ``play`` (humans and bots alike), so the
session always equals the replay of its record. Saves are versioned JSON; loading replays
every move, so a save that loads is a game the rules allow.
"""

from __future__ import annotations

import json
from typing import Any

from splendor.common import (
    IllegalActionError,
    LoadError,
    Record,
    VersionError,
    make_rng,
    new_seed,
    reshuffled_before,
)
from splendor.records import (
    MAX_MOVES,
    ReplayViewer,
    check_record,
    parse_json,
    recorded,
    replay_states,
)
from splendor.seats import HUMAN, Seat, make_seat, seats_from_data

SAVE_FORMAT = "splendor-save"
SAVE_VERSION = 1
LOCAL, LINK = "local", "link"  # a game at this device (bots / pass-and-play), or by link
HISTORY_FORMAT = "splendor-history"
HISTORY_VERSION = 1
HISTORY_KEEP = 10
PAUSED_FORMAT = "splendor-paused"  # unfinished games set aside when another one was started
PAUSED_KEEP = 100  # a game past this is not set aside (the player is told), never dropped
MAX_REDO = 5000  # moves taken back a save may hold (a real game's whole line is MAX_MOVES)

_SAVE_KEYS = {"format", "version", "game", "seed", "options", "moves", "seats", "mode", "me"}
_SAVE_KEYS |= {"redo", "reshuffles"}


class SaveError(LoadError):
    """A saved game that cannot be loaded; the message names the problem."""


class SaveVersionError(SaveError, VersionError):
    """A save written in an unknown format version."""


class SaveTooLongError(SaveError):
    """A save holding more moves taken back (that could be redone) than a game can."""


class UndoError(ValueError):
    """Undo or redo asked for when it is not available."""


class Session:
    """One game: its record, every position, the seats, and the undo/redo stacks."""

    kept_at: int | None = None  # in a history or paused list: when it was added (ms since 1970)

    def __init__(
        self,
        record: Record,
        seats: Any = None,
        mode: str = LOCAL,
        me: int | None = None,
        redo: Any = (),
        error: type[Exception] = SaveError,
    ):
        """Replay ``record`` (``error`` names a bad move or field) and seat the players."""
        if mode not in (LOCAL, LINK):
            raise error(f"mode must be {LOCAL!r} or {LINK!r}")
        # Bounds first (no replay work for a hostile save): no line, with the moves that
        # can be redone, is longer than a game may be.
        check_record(record, error)
        blocks = list(redo)
        waiting = sum(len(block) for block in blocks if isinstance(block, (list, tuple)))
        too_long = SaveTooLongError if issubclass(error, SaveError) else error
        if waiting > MAX_REDO:
            raise too_long(f"too many moves to redo ({waiting}; at most {MAX_REDO})")
        if len(record.moves) + waiting > MAX_MOVES:
            raise too_long(
                f"too many moves with those to redo ({len(record.moves) + waiting};"
                f" at most {MAX_MOVES})"
            )
        self._states = replay_states(record, error)
        self.record = recorded(self._states[-1], record.reshuffles)
        players = self._states[0].num_players
        if seats is None:
            seats = [Seat()] * players
        if not isinstance(seats, (list, tuple)):
            raise error("seats must be a list")
        seats = [s.to_data() if isinstance(s, Seat) else s for s in seats]
        self.seats: tuple[Seat, ...] = seats_from_data(seats, players, self.record.game, error)
        self.mode = mode
        if mode == LINK and not all(seat.is_human for seat in self.seats):
            raise error("a game by link has no bots")
        if mode == LINK and record.reshuffles:
            raise error("a game by link has no reshuffles")
        if me is not None and (mode != LINK or type(me) is not int or not 0 <= me < players):
            raise error("'me' must be a seat number, and only in a game by link")
        self.me = me
        self._redo: list[tuple[str, ...]] = []
        self._bots: dict[int, Any] = {}
        if blocks and mode == LINK:
            raise error("a game by link has no redo")
        state, index = self.state, len(self.record.moves)
        for block in blocks:
            if not isinstance(block, (list, tuple)) or not all(isinstance(m, str) for m in block):
                raise error("redo must be a list of lists of moves")
            if not block:
                raise error("redo holds an empty list of moves")
            for move in block:
                try:
                    state = state.apply(move)
                except IllegalActionError as exc:
                    raise error(f"redo move ({move[:40]!r}) is not legal: {exc}") from None
                index += 1
                state = reshuffled_before(state, record.reshuffles, index)
        self._redo = [tuple(block) for block in reversed(blocks)]
        # Reshuffles past the moves that can be redone shuffle nothing the game reaches (an
        # older page kept them when a move taken back was played again by hand, dropping
        # the redo list): kept, they would shuffle decks in the record that play did not.
        self.record = recorded(self.state, [r for r in record.reshuffles if r[0] <= index])

    @classmethod
    def new(
        cls,
        game: str = "classic",
        players: int = 2,
        seed: int | None = None,
        seats: Any = None,
        mode: str = LOCAL,
        **options: Any,
    ) -> Session:
        """Start a game; ``seats`` lists Seat objects or dicts ({"name", "kind", "level"})."""
        from splendor.common import game_module

        state = game_module(game).new_game(players=players, seed=seed, **options)
        return cls(state.record, seats, mode, error=ValueError)

    # --- reading ----------------------------------------------------------------------
    @property
    def state(self):
        """The current state."""
        return self._states[-1]

    def state_at(self, index: int):
        """The state after ``index`` moves (clamped to 0..len(moves)): setup first."""
        return self._states[max(0, min(index, len(self._states) - 1))]

    @property
    def names(self) -> tuple[str, ...]:
        """Player names per seat (plain text; empty means "use the default label")."""
        return tuple(seat.name for seat in self.seats)

    @property
    def moves(self) -> list[tuple[int, str]]:
        """Every move so far as (seat that decided it, notation)."""
        return [(s.current_player, m) for s, m in zip(self._states, self.record.moves)]

    @property
    def played_seat(self) -> int | None:
        """By link, seat ``me`` once the game holds a move of it (this device has played it)."""
        if self.mode != LINK or self.me is None:
            return None
        return self.me if any(seat == self.me for seat, _ in self.moves) else None

    @property
    def bot_level(self) -> str | None:
        """The level of the bot that must decide now, or None (a human's turn, or game over)."""
        seat = self.state.current_player
        if seat is None or self.seats[seat].is_human or self.full:
            return None
        return self.seats[seat].level

    @property
    def full(self) -> bool:
        """True when the game holds as many moves as a save or link may (no more can be made)."""
        return len(self.record.moves) >= MAX_MOVES

    @property
    def may_move(self) -> bool:
        """True when this device may decide now (a human seat; by link, only seat ``me``)."""
        seat = self.state.current_player
        if seat is None or not self.seats[seat].is_human:
            return False
        return self.mode == LOCAL or self.me is None or seat == self.me

    # --- playing ----------------------------------------------------------------------
    def play(self, move: Any):
        """Apply a move (Action or notation) and return the new state; clears redo, unless
        it is the move taken back last (then it is redone: the later ones can still be).

        Raises IllegalActionError (nothing changes) for an illegal move, or in a game by
        link when it is not seat ``me``'s turn.
        """
        if self.mode == LINK and self.me is not None and self.state.current_player != self.me:
            raise IllegalActionError(f"it is seat {self.state.current_player}'s turn, not yours")
        if self.full:  # one more and its save could not be read back
            raise IllegalActionError(
                f"this game has reached {MAX_MOVES} moves, the most one can hold"
            )
        before, reshuffles = self.state, self.record.reshuffles
        state = before.apply(move)
        if self._redo and state.record.moves[-1] == self._redo[-1][0]:
            # The move taken back, played again: a redo of that move. It shows nothing new
            # and keeps the decks; the moves after it can still be redone.
            return self._redo_one()
        if self._redo:
            # A new line after an undo: what the moves taken back showed of the decks (a
            # blind reserve, a refill) must tell nothing, so they are shuffled anew; the
            # reshuffles of the moves that could be redone go with them.
            salt, at = new_seed(), len(self.record.moves)
            before = before.reshuffled(salt)
            reshuffles = tuple(r for r in reshuffles if r[0] <= at) + ((at, salt),)
            state = before.apply(move)
        self._states[-1] = before
        self._states.append(state)
        self.record = recorded(state, reshuffles)
        self._redo.clear()
        return state

    def bot_move(self, rng: Any = None) -> str:
        """The move the bot to play now chooses (not applied); it sees only its seat's view."""
        level = self.bot_level
        if level is None:
            raise ValueError("no bot is to move")
        seat = self.state.current_player
        bot = self._bots.get(seat)
        if bot is None:
            from splendor.bots import make_bot

            bot = self._bots[seat] = make_bot(level, self.record.game)
        if rng is None:
            rng = self.bot_rng()
        view = self.state.view(seat)
        return bot.choose(view, view.legal_actions(), rng).notation

    def bot_rng(self):
        """The generator a bot gets now: the same position gives the same bot move, also
        after undo/redo."""
        return make_rng(f"{self.record.seed}:{len(self.record.moves)}")

    def play_bots(self, limit: int = 10_000) -> list[str]:
        """Play bot moves until a human must decide or the game ends; return their notations."""
        played = []
        while self.bot_level is not None and len(played) < limit:
            move = self.bot_move()
            self.play(move)  # the move taken back, if it is that one: a redo
            played.append(move)
        return played

    # --- undo / redo ------------------------------------------------------------------
    def _last_human_move(self) -> int | None:
        for index in range(len(self.record.moves) - 1, -1, -1):
            if self.seats[self._states[index].current_player].is_human:
                return index
        return None

    @property
    def can_undo(self) -> bool:
        """True when there is a human decision to take back (never in a game by link)."""
        return self.mode == LOCAL and self._last_human_move() is not None

    @property
    def can_redo(self) -> bool:
        """True when an undone decision can be replayed (never in a game by link)."""
        return self.mode == LOCAL and bool(self._redo)

    def undo(self):
        """Take back the last human decision and the bot moves after it; return the state."""
        if self.mode == LINK:
            raise UndoError("undo is not available in a game played by link")
        index = self._last_human_move()
        if index is None:
            raise UndoError("there is no move of yours to undo")
        block = self.record.moves[index:]
        seat = self.state.current_player
        if self._redo and seat is not None and not self.seats[seat].is_human:
            # the bot replies still to be redone after a move redone by hand: one decision
            block += self._redo.pop()
        self._redo.append(block)
        del self._states[index + 1 :]
        self.record = recorded(self.state, self.record.reshuffles)
        return self.state

    def redo(self):
        """Replay the last undone decision (and the bot moves that followed); return the state."""
        if not self.can_redo:
            raise UndoError("there is nothing to redo")
        for _ in self._redo[-1]:
            self._redo_one()
        return self.state

    def _redo_one(self):
        """Replay the first move of the last undone decision (the decks as they were then)."""
        block = self._redo.pop()
        state = self.state.apply(block[0])
        self._states.append(reshuffled_before(state, self.record.reshuffles, len(self._states)))
        self.record = recorded(self.state, self.record.reshuffles)
        if len(block) > 1:
            self._redo.append(block[1:])
        return self.state

    # --- saving -----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """The save as plain JSON-able data."""
        data = self.record.to_data()
        data.update(format=SAVE_FORMAT, version=SAVE_VERSION, mode=self.mode, me=self.me)
        data["seats"] = [seat.to_data() for seat in self.seats]
        data["redo"] = [list(block) for block in reversed(self._redo)]
        return data

    def to_json(self) -> str:
        """The save as compact JSON text (what autosave stores after every move)."""
        return json.dumps(self.to_data(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_data(cls, data: Any) -> Session:
        """Load a save from plain data; raise SaveError naming the problem."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a saved Splendor game")
        version = data.get("version")
        if version != SAVE_VERSION:
            if type(version) is int and version > SAVE_VERSION:
                raise SaveVersionError(f"unknown save version {version} (made by a newer page)")
            raise SaveVersionError(f"unknown save version {str(version)[:20]!r}")
        unknown = sorted(str(key)[:20] for key in set(data) - _SAVE_KEYS)
        if unknown:
            raise SaveError(f"save has unknown field(s) {', '.join(unknown)}")
        missing = sorted({"game", "seed", "options", "moves", "seats"} - set(data))
        if missing:
            raise SaveError(f"save lacks {', '.join(missing)}")
        fields = ("game", "seed", "options", "moves", "reshuffles")
        record_data = {k: data[k] for k in fields if k in data}
        try:
            record = Record.from_data(record_data | {"format": "splendor-record", "version": 1})
        except LoadError as exc:
            raise SaveError(str(exc).replace("record", "save")) from None
        redo = data.get("redo", [])
        if not isinstance(redo, list):
            raise SaveError("redo must be a list of lists of moves")
        return cls(record, data["seats"], data.get("mode", LOCAL), data.get("me"), redo)

    @classmethod
    def from_json(cls, text: Any) -> Session:
        """Load a save written by ``to_json``; raise SaveError (or SaveVersionError)."""
        return cls.from_data(parse_json(text, "save", SaveError))

    # --- links, records, replays --------------------------------------------------------
    def link(self) -> str:
        """The link payload for this game (setup, names and moves; see splendor.links)."""
        from splendor.links import encode_link

        return encode_link(self.record, self.names)

    @classmethod
    def from_link(cls, text: str, me: int | None = None) -> Session:
        """Open a link (every move checked); ``me`` is the seat this device plays, if chosen."""
        from splendor.links import LinkError, decode_link

        record, names = decode_link(text)
        seats = [make_seat(name) for name in names]
        if me is not None and (type(me) is not int or not 0 <= me < len(seats)):
            raise LinkError(f"seat {me!r} is not at this table")
        return cls(record, seats, LINK, me, error=LinkError)

    def export_record(self) -> str:
        """The game as a record file (Record JSON plus names) for download."""
        from splendor.records import export_record

        return export_record(self.record, self.names)

    def viewer(self) -> ReplayViewer:
        """A replay viewer over this game's moves."""
        return ReplayViewer(self.record, self.names)

    def game_key(self) -> tuple[str, int]:
        """What tells this game from another one kept in the same browser: game and seed."""
        return (self.record.game, self.record.seed)

    def summary(self) -> dict[str, Any]:
        """Plain data for a "continue this game?" offer or a history list."""
        state = self.state
        return {
            "game": self.record.game,
            "players": state.num_players,
            "names": list(self.names),
            "humans": [seat.kind == HUMAN for seat in self.seats],
            "mode": self.mode,
            "moves": len(self.record.moves),
            "turn": state.turn,
            "over": state.is_over,
            "scores": state.scores(),
            "current_player": state.current_player,
        }


def add_to_history(
    text: Any,
    session: Session,
    keep: int = HISTORY_KEEP,
    kept_at: int | None = None,
    kind: str = HISTORY_FORMAT,
) -> str:
    """The history text (finished games, newest first) with ``session`` added, at most ``keep``.

    ``kept_at`` (ms since 1970) dates the new entry. An older entry of the same game (same
    seed) is replaced. Unreadable entries of the old history are dropped; a history that is
    not one at all is started afresh. ``kind`` PAUSED_FORMAT makes a list of paused games.
    """
    games, _ = load_history(text, kind) if text else ([], [])
    session.kept_at = kept_at
    same = session.game_key()
    return history_text(
        [session, *(game for game in games if game.game_key() != same)][:keep], kind
    )


UNREADABLE_KEEP = 20  # texts kept by set_aside


def set_aside(kept: Any, text: str) -> str:
    """The store of unreadable texts (a JSON list, oldest first) with ``text`` added.

    Texts this page cannot read (a damaged save, a newer version's list) are never
    overwritten: each is added, once, to the list ``kept``; a ``kept`` that is not such a
    list (an older page stored one text) becomes its first entry. At most the last
    ``UNREADABLE_KEEP`` texts are kept.
    """
    try:
        texts = json.loads(kept) if isinstance(kept, str) else None
    except ValueError:
        texts = None
    if not (isinstance(texts, list) and all(isinstance(x, str) for x in texts)):
        texts = [kept] if isinstance(kept, str) and kept else []
    if text not in texts:
        texts.append(text)
    return json.dumps(texts[-UNREADABLE_KEEP:], ensure_ascii=False)


def history_text(games: list[Session], kind: str = HISTORY_FORMAT) -> str:
    """The text of a history (or a ``kind`` PAUSED_FORMAT list) holding ``games``."""
    data = {
        "format": kind,
        "version": HISTORY_VERSION,
        "games": [game.to_data() for game in games],
        # Beside the games, not in them: a page of an older version still reads every game.
        "kept_at": [game.kept_at for game in games],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _date(value: Any) -> int | None:
    """A history date as stored, or None when it is missing or not a plausible one."""
    return value if type(value) is int and 0 < value < 10**14 else None


def load_history(text: Any, kind: str = HISTORY_FORMAT) -> tuple[list[Session], list[str]]:
    """The games kept in a history (or a ``kind`` PAUSED_FORMAT list) and, per unreadable
    entry, why it was skipped."""
    try:
        data = parse_json(text, "history", SaveError)
    except SaveError as exc:
        return [], [str(exc)]
    if not isinstance(data, dict) or data.get("format") != kind:
        return [], ["not a game history"]
    if data.get("version") != HISTORY_VERSION:
        return [], [f"unknown history version {str(data.get('version'))[:20]!r}"]
    entries = data.get("games")
    if not isinstance(entries, list):
        return [], ["history has no list of games"]
    dates = data.get("kept_at")
    if not isinstance(dates, list):
        dates = []
    games, problems = [], []
    for index, entry in enumerate(entries[: max(HISTORY_KEEP, PAUSED_KEEP) * 2], start=1):
        try:
            game = Session.from_data(entry)
        except LoadError as exc:
            problems.append(f"game {index}: {exc}")
        else:
            game.kept_at = _date(dates[index - 1]) if index <= len(dates) else None
            games.append(game)
    return games, problems
