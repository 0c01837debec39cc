"""Save and load a Duel state as versioned plain data, validated on load."""

from __future__ import annotations

import json
from typing import Any

from splendor.common import GEM_LETTERS, IllegalActionError, LoadError, VersionError
from splendor.duel.actions import TOKEN_LETTERS, Action
from splendor.duel.cards import CARD_INDEX, CARDS, JOKER, ROYAL_INDEX, ROYALS
from splendor.duel.state import (
    MAX_RESERVED,
    PRIVILEGES_TOTAL,
    PYRAMID_SIZES,
    TOKEN_TOTALS,
    State,
    derive,
)

FORMAT = "splendor-duel-state"
VERSION = 1
PENDING = ("main", "joker", "token", "steal", "royal", "discard", "over")
STEPS = ("joker", "token", "steal", "royal", "discard", "end")


def _counts(held) -> dict[str, int]:
    return {TOKEN_LETTERS[k]: n for k, n in enumerate(held) if n}


def _ids(cards) -> list[str]:
    return [CARDS[c].id for c in cards]


def state_to_data(state: State) -> dict[str, Any]:
    """Return the full state as plain JSON-able data (a save file: secrets included)."""
    players = []
    for p in range(2):
        players.append(
            {
                "tokens": _counts(state.tokens[p]),
                "privileges": state.privileges[p],
                "cards": _ids(state.bought[p]),
                "jokers": {CARDS[c].id: GEM_LETTERS[k] for c, k in state.jokers[p]},
                "reserved": _ids(state.reserved[p]),
                "blind": _ids(state.blind[p]),
                "royals": [ROYALS[r].id for r in state.royals[p]],
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "duel",
        "seed": state.seed,
        "options": dict(state.options),
        "draws": state.draws,
        "board": "".join((TOKEN_LETTERS + ".")[code] for code in state.board),
        "bag": _counts(state.bag),
        "pyramid": [[CARDS[c].id if c >= 0 else None for c in row] for row in state.pyramid],
        "decks": [_ids(deck) for deck in state.decks],
        "royals": [ROYALS[r].id for r in state.royal_supply],
        "players": players,
        "player": state.player,
        "pending": state.pending,
        "stage": state.stage,
        "queue": list(state.queue),
        "again": state.again,
        "card": CARDS[state.pcard].id if state.pcard >= 0 else None,
        "turn": state.turn,
        "winner": state.winner,
        "moves": list(state.moves),
        "last": state.last.notation if state.last else None,
        "refill": CARDS[state.refill].id if state.refill is not None else None,
    }


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise LoadError(message)


def _int(data: dict, key: str, low: int, high: int) -> int:
    value = data.get(key)
    _need(
        isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
        f"{key!r} must be an integer from {low} to {high}",
    )
    return value


def _token_counts(value: Any, where: str) -> tuple[int, ...]:
    _need(isinstance(value, dict), f"{where} must be an object of token counts")
    counts = [0] * 7
    for letter, n in value.items():
        _need(letter in TOKEN_LETTERS, f"{where}: unknown token {letter!r}")
        _need(isinstance(n, int) and not isinstance(n, bool) and n >= 0, f"{where}: bad count")
        counts[TOKEN_LETTERS.index(letter)] = n
    return tuple(counts)


def _card_list(value: Any, where: str, limit: int = 67) -> tuple[int, ...]:
    _need(isinstance(value, list) and len(value) <= limit, f"{where} must be a list of card ids")
    for card in value:
        _need(isinstance(card, str) and card in CARD_INDEX, f"{where}: unknown card {card!r}")
    return tuple(CARD_INDEX[card] for card in value)


def _royal_list(value: Any, where: str) -> tuple[int, ...]:
    _need(isinstance(value, list), f"{where} must be a list of royal card ids")
    for royal in value:
        _need(isinstance(royal, str) and royal in ROYAL_INDEX, f"{where}: unknown royal {royal!r}")
    return tuple(ROYAL_INDEX[r] for r in value)


def state_from_data(data: Any) -> State:
    """Build a State from saved data; raise LoadError (or VersionError) naming the problem."""
    _need(isinstance(data, dict) and data.get("format") == FORMAT, "not a Splendor Duel save")
    if data.get("version") != VERSION:
        raise VersionError(f"unsupported Splendor Duel save version {data.get('version')!r}")
    s = State.__new__(State)
    seed = data.get("seed")
    _need(isinstance(seed, int) and not isinstance(seed, bool), "'seed' must be an integer")
    s.seed = seed
    options = data.get("options")
    _need(isinstance(options, dict) and set(options) <= {"first_player"}, "bad 'options'")
    _need(options.get("first_player", 0) in (0, 1), "bad 'options': first_player must be 0 or 1")
    s.options = dict(options)
    s.draws = _int(data, "draws", 0, 10**9)
    board = data.get("board")
    _need(
        isinstance(board, str) and len(board) == 25 and set(board) <= set(TOKEN_LETTERS + "."),
        "'board' must be 25 letters of wbgrkpy or '.'",
    )
    s.board = tuple((TOKEN_LETTERS + ".").index(ch) for ch in board)
    s.bag = _token_counts(data.get("bag"), "bag")
    pyramid = data.get("pyramid")
    _need(isinstance(pyramid, list) and len(pyramid) == 3, "'pyramid' must hold three rows")
    rows = []
    for level, (row, size) in enumerate(zip(pyramid, PYRAMID_SIZES), start=1):
        _need(isinstance(row, list) and len(row) == size, f"pyramid row {level} must hold {size}")
        cards = []
        for card in row:
            if card is None:
                cards.append(-1)
                continue
            _need(card in CARD_INDEX, f"pyramid: unknown card {card!r}")
            _need(CARDS[CARD_INDEX[card]].level == level, f"pyramid: {card} is not level {level}")
            cards.append(CARD_INDEX[card])
        rows.append(tuple(cards))
    s.pyramid = tuple(rows)
    decks = data.get("decks")
    _need(isinstance(decks, list) and len(decks) == 3, "'decks' must hold three decks")
    s.decks = tuple(_card_list(deck, f"deck {lv + 1}") for lv, deck in enumerate(decks))
    for level, deck in enumerate(s.decks, start=1):
        _need(all(CARDS[c].level == level for c in deck), f"deck {level} holds another level")
    s.royal_supply = _royal_list(data.get("royals"), "royals")
    players = data.get("players")
    _need(isinstance(players, list) and len(players) == 2, "'players' must hold two players")
    tokens, privileges, bought, jokers, reserved, blind, royals = ([] for _ in range(7))
    for p, player in enumerate(players):
        where = f"player {p + 1}"
        _need(isinstance(player, dict), f"{where} must be an object")
        tokens.append(_token_counts(player.get("tokens"), f"{where} tokens"))
        privileges.append(_int(player, "privileges", 0, PRIVILEGES_TOTAL))
        bought.append(_card_list(player.get("cards"), f"{where} cards"))
        placed = player.get("jokers")
        _need(isinstance(placed, dict), f"{where} jokers must be an object")
        pairs = []
        for card, letter in placed.items():
            _need(
                card in CARD_INDEX and CARDS[CARD_INDEX[card]].colour == JOKER,
                f"{where}: {card!r} is not a joker card",
            )
            _need(CARD_INDEX[card] in bought[p], f"{where}: joker {card} is not among the cards")
            _need(letter in tuple(GEM_LETTERS), f"{where}: bad joker colour {letter!r}")
            pairs.append((CARD_INDEX[card], GEM_LETTERS.index(letter)))
        jokers.append(tuple(pairs))
        reserved.append(_card_list(player.get("reserved"), f"{where} reserved", MAX_RESERVED))
        blind.append(_card_list(player.get("blind"), f"{where} blind", MAX_RESERVED))
        _need(set(blind[p]) <= set(reserved[p]), f"{where}: a blind card is not reserved")
        royals.append(_royal_list(player.get("royals"), f"{where} royals"))
    s.tokens, s.privileges, s.bought = tuple(tokens), tuple(privileges), tuple(bought)
    s.jokers, s.reserved, s.blind, s.royals = (
        tuple(jokers),
        tuple(reserved),
        tuple(blind),
        tuple(royals),
    )
    s.player = _int(data, "player", 0, 1)
    pending = data.get("pending")
    _need(pending in PENDING, f"'pending' must be one of {', '.join(PENDING)}")
    s.pending = pending
    s.stage = _int(data, "stage", 0, 1)
    queue = data.get("queue")
    _need(isinstance(queue, list) and all(step in STEPS for step in queue), "bad 'queue'")
    s.queue = tuple(queue)
    _need(isinstance(data.get("again"), bool), "'again' must be true or false")
    s.again = data["again"]
    card = data.get("card")
    _need(card is None or card in CARD_INDEX, f"unknown card {card!r}")
    s.pcard = -1 if card is None else CARD_INDEX[card]
    s.turn = _int(data, "turn", 0, 10**9)
    winner = data.get("winner")
    _need(winner in (None, 0, 1), "'winner' must be null, 0 or 1")
    s.winner = winner
    moves = data.get("moves")
    _need(isinstance(moves, list) and all(isinstance(m, str) for m in moves), "bad 'moves'")
    s.moves = tuple(moves)
    last = data.get("last")
    try:
        s.last = None if last is None else Action.parse(last)
    except IllegalActionError as exc:
        raise LoadError(f"bad 'last': {exc}") from None
    refill = data.get("refill")
    _need(refill is None or refill in CARD_INDEX, f"unknown card {refill!r}")
    s.refill = None if refill is None else CARD_INDEX[refill]
    derive(s)
    problem = check(s)
    if problem:
        raise LoadError(f"inconsistent save: {problem}")
    return s


def check(s: State) -> str | None:
    """Return a description of the first broken invariant, or None if the state is sound."""
    for k, total in enumerate(TOKEN_TOTALS):
        on_board = sum(1 for code in s.board if code == k)
        count = on_board + s.bag[k] + s.tokens[0][k] + s.tokens[1][k]
        if count != total:
            return f"{count} {TOKEN_LETTERS[k]} tokens instead of {total}"
    if sum(s.privileges) > PRIVILEGES_TOTAL:
        return "more than 3 privileges"
    cards = [c for row in s.pyramid for c in row if c >= 0]
    for p in range(2):
        cards += list(s.reserved[p]) + list(s.bought[p])
    for deck in s.decks:
        cards += list(deck)
    if sorted(cards) != list(range(len(CARDS))):
        return "the jewel cards are not each in exactly one place"
    royals = list(s.royal_supply) + list(s.royals[0]) + list(s.royals[1])
    if sorted(royals) != list(range(len(ROYALS))):
        return "the royal cards are not each in exactly one place"
    for p in range(2):
        if len(s.reserved[p]) > MAX_RESERVED:
            return f"player {p + 1} holds more than 3 reserved cards"
        placed = {c for c, _ in s.jokers[p]}
        unplaced = [c for c in s.bought[p] if CARDS[c].colour == JOKER and c not in placed]
        if unplaced and not (s.pending == "joker" and s.player == p and unplaced == [s.pcard]):
            return f"player {p + 1} has a joker card without a colour"
    if (s.pending == "over") != (s.winner is not None):
        return "'pending' and 'winner' disagree"
    if s.pending in ("joker", "token") and s.pcard < 0:
        return f"decision {s.pending!r} needs a card"
    if s.winner is None and not s.legal_actions():
        return "no legal action in an unfinished game"
    return None


def state_from_json(text: str) -> State:
    """Parse a JSON save into a State; raise LoadError naming the problem."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise LoadError(f"save is not valid JSON: {exc}") from None
    return state_from_data(data)
