"""Saving and loading classic states as versioned plain data, validated fully on load.

Derived values (bonuses, points) are not stored: they are recomputed from purchased cards
and nobles, so a saved file cannot contradict itself there.
"""

from __future__ import annotations

import json

from splendor.classic import packed
from splendor.classic.actions import Action
from splendor.classic.cards import (
    CARD_COLOUR,
    CARD_ID,
    CARD_INDEX,
    CARD_LEVEL,
    CARD_POINTS,
    NOBLE_ID,
    NOBLE_INDEX,
    NOBLE_NEED,
    NOBLE_POINTS,
    NUM_CARDS,
)
from splendor.classic.state import (
    CHOOSE_NOBLE,
    GEMS_PER_COLOUR,
    GOLD_TOKENS,
    MAIN,
    MAX_RESERVED,
    RETURN_TOKENS,
    TOKEN_LIMIT,
    State,
    _new_state,
    check_options,
)
from splendor.common import IllegalActionError, LoadError, VersionError

STATE_FORMAT = "splendor-classic-state"
STATE_VERSION = 1
TOKEN_KEYS = ("w", "b", "g", "r", "k", "y")


def state_to_data(s: State) -> dict:
    """The full state as plain data (secrets included: this is a save, not a view)."""
    players = []
    for p in range(s.num_players):
        players.append(
            {
                "tokens": dict(zip(TOKEN_KEYS, packed.unpack(s.tokens[p]))),
                "purchased": [CARD_ID[c] for c in s.bought[p]],
                "reserved": [CARD_ID[c] for c in s.reserved[p]],
                "blind": [CARD_ID[c] for c in s.reserved[p] if c in s.blind],
                "nobles": [NOBLE_ID[n] for n in s.owned_nobles[p]],
            }
        )
    last = None
    if s.last is not None:
        seat, action, card_in = s.last
        last = {
            "player": seat,
            "action": action.notation,
            "card_in": CARD_ID[card_in] if card_in >= 0 else None,
        }
    return {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "seed": s.seed,
        "options": s.options,
        "first_player": s.first_player,
        "moves": [action.notation for action in s.moves],
        "turn": s.turn,
        "current_player": s.current,
        "pending": s.pending,
        "passes": s.passes,
        "final_round": s.final_round,
        "bank": dict(zip(TOKEN_KEYS, packed.unpack(s.bank))),
        "table": [
            [CARD_ID[c] if c >= 0 else None for c in s.table[row * 4 : row * 4 + 4]]
            for row in range(3)
        ],
        "decks": [[CARD_ID[c] for c in deck] for deck in s.decks],
        "nobles": [NOBLE_ID[n] for n in s.nobles],
        "players": players,
        "last_move": last,
    }


def state_to_json(s: State) -> str:
    """The full state as compact JSON text."""
    return json.dumps(state_to_data(s), separators=(",", ":"))


def from_json(text: str) -> State:
    """Load a state saved by to_json; raise LoadError (or VersionError) saying what is wrong."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise LoadError(f"a saved state must be JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise LoadError(f"saved state is not valid JSON: {exc}") from None
    return from_data(data)


def _int(value, what: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise LoadError(f"{what} must be an integer (got {_short(value)})")
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise LoadError(f"{what} must be {bound} (got {value})")
    return value


def _list(value, what: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise LoadError(f"{what} must be a list (got {_short(value)})")
    if length is not None and len(value) != length:
        raise LoadError(f"{what} must have {length} entries (has {len(value)})")
    return value


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _tokens(value, what: str) -> int:
    if not isinstance(value, dict) or sorted(value) != sorted(TOKEN_KEYS):
        raise LoadError(f"{what} must map exactly the keys {'/'.join(TOKEN_KEYS)} to counts")
    return packed.pack(_int(value[k], f"{what} {k}", 0, 13) for k in TOKEN_KEYS)


def _card(value, what: str) -> int:
    if not isinstance(value, str) or value not in CARD_INDEX:
        raise LoadError(f"{what}: unknown card {_short(value)}")
    return CARD_INDEX[value]


def _noble(value, what: str) -> int:
    if not isinstance(value, str) or value not in NOBLE_INDEX:
        raise LoadError(f"{what}: unknown noble {_short(value)}")
    return NOBLE_INDEX[value]


def from_data(data) -> State:
    """Build a State from plain data, checking every field and every invariant."""
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise LoadError("not a saved classic Splendor state")
    if data.get("version") != STATE_VERSION:
        raise VersionError(f"unsupported saved-state version {_short(data.get('version'))}")
    required = [
        "seed",
        "options",
        "first_player",
        "moves",
        "turn",
        "current_player",
        "pending",
        "passes",
        "final_round",
        "bank",
        "table",
        "decks",
        "nobles",
        "players",
        "last_move",
    ]
    missing = [key for key in required if key not in data]
    if missing:
        raise LoadError(f"saved state lacks {', '.join(missing)}")
    options = data["options"]
    if not isinstance(options, dict):
        raise LoadError("options must be an object")
    unknown = set(options) - {"players", "target", "nobles", "first_player"}
    if unknown or "players" not in options:
        raise LoadError(f"bad options keys: {sorted(options)}")
    n = options["players"]
    target = options.get("target", 15)
    mode = options.get("nobles", "choose")
    try:
        check_options(n, target, mode, options.get("first_player"))
    except ValueError as exc:
        raise LoadError(f"bad options: {exc}") from None
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LoadError("seed must be an integer")
    first = _int(data["first_player"], "first_player", 0, n - 1)
    if options.get("first_player", first) != first:
        raise LoadError("first_player contradicts the options")
    moves = []
    for index, text in enumerate(_list(data["moves"], "moves")):
        try:
            moves.append(Action.parse(text))
        except IllegalActionError as exc:
            raise LoadError(f"move {index + 1}: {exc}") from None
    turn = _int(data["turn"], "turn")
    passes = _int(data["passes"], "passes", 0, n)
    final_round = data["final_round"]
    if not isinstance(final_round, bool):
        raise LoadError("final_round must be true or false")
    pending = data["pending"]
    if pending not in (MAIN, RETURN_TOKENS, CHOOSE_NOBLE, None):
        raise LoadError(f"unknown pending decision {_short(pending)}")
    current = data["current_player"]
    if pending is None:
        if current is not None:
            raise LoadError("a finished game has no current player")
    else:
        current = _int(current, "current_player", 0, n - 1)

    seen: dict[int, str] = {}

    def place(card: int, where: str) -> int:
        if card in seen:
            raise LoadError(f"card {CARD_ID[card]} appears twice ({seen[card]} and {where})")
        seen[card] = where
        return card

    table_rows = _list(data["table"], "table", 3)
    deck_lists = _list(data["decks"], "decks", 3)
    table = []
    decks = []
    for level in (1, 2, 3):
        row = _list(table_rows[level - 1], f"table level {level}", 4)
        deck = []
        for value in _list(deck_lists[level - 1], f"deck {level}"):
            card = place(_card(value, f"deck {level}"), f"deck {level}")
            if CARD_LEVEL[card] != level:
                raise LoadError(f"card {CARD_ID[card]} is in the level {level} deck")
            deck.append(card)
        for value in row:
            if value is None:
                if deck:
                    raise LoadError(f"an empty level {level} slot while its deck has cards")
                table.append(-1)
                continue
            card = place(_card(value, f"table level {level}"), "the table")
            if CARD_LEVEL[card] != level:
                raise LoadError(f"card {CARD_ID[card]} lies in the level {level} row")
            table.append(card)
        decks.append(tuple(deck))

    players = _list(data["players"], "players", n)
    bank = _tokens(data["bank"], "bank")
    tokens, bonuses, points, bought, reserved, owned = [], [], [], [], [], []
    blind: set[int] = set()
    noble_seen: set[int] = set()
    for p, player in enumerate(players):
        if not isinstance(player, dict):
            raise LoadError(f"player {p} must be an object")
        for key in ("tokens", "purchased", "reserved", "blind", "nobles"):
            if key not in player:
                raise LoadError(f"player {p} lacks {key}")
        tokens.append(_tokens(player["tokens"], f"player {p} tokens"))
        cards = tuple(
            place(_card(v, f"player {p} purchased"), f"player {p} purchased")
            for v in _list(player["purchased"], f"player {p} purchased")
        )
        bought.append(cards)
        mine = tuple(
            place(_card(v, f"player {p} reserved"), f"player {p} reserved")
            for v in _list(player["reserved"], f"player {p} reserved")
        )
        if len(mine) > MAX_RESERVED:
            raise LoadError(f"player {p} holds {len(mine)} reserved cards (at most {MAX_RESERVED})")
        reserved.append(mine)
        for value in _list(player["blind"], f"player {p} blind"):
            card = _card(value, f"player {p} blind")
            if card not in mine:
                raise LoadError(
                    f"player {p}: blind card {CARD_ID[card]} is not among their reserves"
                )
            blind.add(card)
        bonus = [0] * 5
        for card in cards:
            bonus[CARD_COLOUR[card]] += 1
        bonuses.append(packed.pack(bonus))
        nobles_here = []
        for value in _list(player["nobles"], f"player {p} nobles"):
            noble = _noble(value, f"player {p} nobles")
            if noble in noble_seen:
                raise LoadError(f"noble {NOBLE_ID[noble]} appears twice")
            if any(b < need for b, need in zip(bonus, NOBLE_NEED[noble])):
                raise LoadError(f"player {p} holds noble {NOBLE_ID[noble]} without its bonuses")
            noble_seen.add(noble)
            nobles_here.append(noble)
        owned.append(tuple(nobles_here))
        points.append(
            sum(CARD_POINTS[c] for c in cards) + sum(NOBLE_POINTS[x] for x in nobles_here)
        )
    if len(seen) != NUM_CARDS:
        missing_cards = [CARD_ID[c] for c in range(NUM_CARDS) if c not in seen]
        raise LoadError(f"cards missing: {', '.join(missing_cards[:5])}")
    nobles = []
    for value in _list(data["nobles"], "nobles"):
        noble = _noble(value, "nobles on the table")
        if noble in noble_seen:
            raise LoadError(f"noble {NOBLE_ID[noble]} appears twice")
        noble_seen.add(noble)
        nobles.append(noble)
    if len(noble_seen) != n + 1:
        raise LoadError(f"{len(noble_seen)} nobles in play; a {n}-player game has {n + 1}")

    gems = GEMS_PER_COLOUR[n]
    totals = [sum(column) for column in zip(*(packed.unpack(t) for t in [bank, *tokens]))]
    expected = (gems,) * 5 + (GOLD_TOKENS,)
    for key, have, want in zip(TOKEN_KEYS, totals, expected):
        if have != want:
            raise LoadError(f"{want} {key} tokens exist in this game, the save has {have}")
    for p in range(n):
        held = packed.total(tokens[p])
        allowed = TOKEN_LIMIT + 3 if (p == current and pending == RETURN_TOKENS) else TOKEN_LIMIT
        if held > allowed:
            raise LoadError(f"player {p} holds {held} tokens (limit {TOKEN_LIMIT})")
    if pending == RETURN_TOKENS and packed.total(tokens[current]) <= TOKEN_LIMIT:
        raise LoadError("a token return is pending but the player holds ten or fewer")

    s = _new_state(State)
    s.num_players = n
    record_options = {"players": n, "target": target, "nobles": mode}
    if "first_player" in options:
        record_options["first_player"] = first
    s.config = (seed, target, mode, first, tuple(record_options.items()))
    s.bank = bank
    s.tokens = tokens
    s.bonuses = bonuses
    s.points = points
    s.bought = bought
    s.reserved = reserved
    s.blind = frozenset(blind)
    s.owned_nobles = owned
    s.table = tuple(table)
    s.decks = tuple(decks)
    s.nobles = tuple(nobles)
    s.current = current
    s.pending = pending
    s.turn = turn
    s.passes = passes
    s.final_round = final_round
    history = None
    for action in moves[:-1]:
        history = (history, action, -1, -1)  # seats of older moves are not saved
    last = _load_last(data["last_move"], n)
    if (last is None) != (not moves) or (moves and last[0] != moves[-1]):
        raise LoadError("last_move does not match the last of the moves")
    if moves:
        history = (history, *last)
    s.history = history
    s._legal = None
    s._tinfo = None
    if pending == CHOOSE_NOBLE and (mode != "choose" or len(s._eligible_nobles(current)) < 2):
        raise LoadError("a noble choice is pending but fewer than two nobles qualify")
    return s


def _load_last(value, n: int):
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"player", "action", "card_in"}:
        raise LoadError("last_move must be an object with player, action and card_in")
    seat = _int(value["player"], "last_move player", 0, n - 1)
    try:
        action = Action.parse(value["action"])
    except IllegalActionError as exc:
        raise LoadError(f"last_move: {exc}") from None
    card_in = value["card_in"]
    card_in = -1 if card_in is None else _card(card_in, "last_move card_in")
    return (action, seat, card_in)
