"""Splendor Duel actions: immutable, interned values with a short notation that round-trips.

Notation (lowercase, words separated by one space):

    take c3 d3 e3        take 1-3 tokens in a line (cells in board index order)
    privilege c3         spend a privilege on the token at c3
    replenish            refill the board from the bag
    reserve a1 1w2       take the gold at a1 and reserve pyramid card 1w2
    reserve a1 deck2     take the gold at a1 and reserve the top card of level 2's deck
    buy 2r1              buy a pyramid card or one of your reserved cards
    joker r              place the joker card just bought on your red bonus
    token c3             card ability: take the token at c3
    steal p              card ability: take a pearl (or w b g r k) from the opponent
    royal r2             take royal card r2
    discard wwp          return these tokens to the bag (letters in w b g r k p y order)
    pass                 only when nothing else is possible
"""

from __future__ import annotations

from splendor.common import GEM_LETTERS, GOLD, PEARL, IllegalActionError
from splendor.duel.board import CELL_INDEX, CELLS, LINES
from splendor.duel.cards import CARD_INDEX, CARDS, ROYAL_INDEX, ROYALS

TOKEN_LETTERS = GEM_LETTERS + PEARL + GOLD  # token codes 0-4 gems, 5 pearl, 6 gold

TAKE, PRIVILEGE, REPLENISH, RESERVE, BUY, JOKER, TOKEN, STEAL, ROYAL, DISCARD, PASS = range(11)
KIND_WORDS = [
    "take",
    "privilege",
    "replenish",
    "reserve",
    "buy",
    "joker",
    "token",
    "steal",
    "royal",
    "discard",
    "pass",
]


class Action:
    """One decision in a Duel turn; compare and hash by identity (every Action is interned)."""

    __slots__ = ("args", "kind", "notation")

    def __init__(self, kind: int, args: tuple, notation: str):
        self.kind = kind
        self.args = args
        self.notation = notation

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Action.parse({self.notation!r})"

    def __reduce__(self):
        return (Action.parse, (self.notation,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @staticmethod
    def parse(text: str) -> Action:
        """Return the interned Action for a notation; raise IllegalActionError if malformed."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalActionError(f"an action must be text, not {type(text).__name__}")
        found = _INTERNED.get(text)
        if found is not None:
            return found
        return _parse_slow(" ".join(text.lower().split()))


_INTERNED: dict[str, Action] = {}


def _intern(kind: int, args: tuple, notation: str) -> Action:
    action = Action(kind, args, notation)
    _INTERNED[notation] = action
    return action


LINE_SET = frozenset(LINES)
TAKES = {line: _intern(TAKE, line, "take " + " ".join(CELLS[i] for i in line)) for line in LINES}
PRIVILEGES = tuple(_intern(PRIVILEGE, (i,), f"privilege {CELLS[i]}") for i in range(25))
TOKENS = tuple(_intern(TOKEN, (i,), f"token {CELLS[i]}") for i in range(25))
REPLENISH_ACTION = _intern(REPLENISH, (), "replenish")
PASS_ACTION = _intern(PASS, (), "pass")
# RESERVE args: (gold cell, card index or -level for a deck's top card)
RESERVE_CARD = tuple(
    tuple(_intern(RESERVE, (i, c.index), f"reserve {CELLS[i]} {c.id}") for c in CARDS)
    for i in range(25)
)
RESERVE_DECK = tuple(
    tuple(_intern(RESERVE, (i, -level), f"reserve {CELLS[i]} deck{level}") for level in (1, 2, 3))
    for i in range(25)
)
BUYS = tuple(_intern(BUY, (c.index,), f"buy {c.id}") for c in CARDS)
JOKERS = tuple(_intern(JOKER, (k,), f"joker {GEM_LETTERS[k]}") for k in range(5))
STEALS = tuple(_intern(STEAL, (k,), f"steal {TOKEN_LETTERS[k]}") for k in range(6))
ROYAL_ACTIONS = tuple(_intern(ROYAL, (r.index,), f"royal {r.id}") for r in ROYALS)


def discard_action(counts: tuple[int, ...]) -> Action:
    """Return the interned discard action for seven token counts (w b g r k p y)."""
    counts = tuple(counts)
    found = _DISCARDS.get(counts)
    if found is None:
        notation = "discard " + "".join(TOKEN_LETTERS[k] * n for k, n in enumerate(counts))
        found = _DISCARDS[counts] = _intern(DISCARD, counts, notation)
    return found


_DISCARDS: dict[tuple[int, ...], Action] = {}


_DISCARD_CACHE: dict[tuple, list[Action]] = {}
_EVERY_DISCARD: dict[int, list[tuple[int, Action]]] = {}
_GUARDS5 = sum(16 << (5 * k) for k in range(7))


def discard_actions(tokens: tuple[int, ...], excess: int) -> list[Action]:
    """Every way to discard `excess` tokens from a holding of seven counts."""
    key = (tokens, excess)
    found = _DISCARD_CACHE.get(key)
    if found is None:
        # Per kind, 16 + held - discarded keeps its guard bit (16) iff enough is held; with
        # 25 tokens in the game, no excess reaches 16, so the fields never borrow.
        held = sum((16 + min(n, excess)) << (5 * k) for k, n in enumerate(tokens))
        found = [a for bits, a in _every_discard(excess) if (held - bits) & _GUARDS5 == _GUARDS5]
        if len(_DISCARD_CACHE) > 50_000:
            _DISCARD_CACHE.clear()
        _DISCARD_CACHE[key] = found
    return found


def clear_caches() -> None:
    """Forget the discard lists cached per holding (the actions themselves stay interned)."""
    _DISCARD_CACHE.clear()


def _every_discard(excess: int) -> list[tuple[int, Action]]:
    """Each discard of `excess` tokens, in order, with its counts packed 5 bits a kind."""
    found = _EVERY_DISCARD.get(excess)
    if found is None:
        found = _EVERY_DISCARD[excess] = [
            (sum(n << (5 * k) for k, n in enumerate(counts)), discard_action(counts))
            for counts in _splits((excess,) * 7, excess)
        ]
    return found


def _splits(caps: tuple[int, ...], excess: int) -> list[tuple[int, ...]]:
    """Count tuples for the seven kinds, each within its cap, summing to `excess`.

    Ordered by the first kind's count descending, then the next kind's, and so on. Built
    from the last kind backwards: `tails[left]` lists the tuples for kinds k..6 summing to
    `left`, in that order.
    """
    tails = [[(left,)] if left <= caps[6] else [] for left in range(excess + 1)]
    for kind in range(5, -1, -1):
        cap = caps[kind]
        tails = [
            [(n, *rest) for n in range(min(left, cap), -1, -1) for rest in tails[left - n]]
            for left in range(excess + 1)
        ]
    return tails[excess]


def _cell(word: str) -> int:
    if word not in CELL_INDEX:
        raise IllegalActionError(f"unknown cell {word!r} (cells are a1 to e5)")
    return CELL_INDEX[word]


def _parse_slow(text: str) -> Action:
    found = _INTERNED.get(text)
    if found is not None:
        return found
    words = text.split()
    if not words:
        raise IllegalActionError("empty action")
    kind, rest = words[0], words[1:]
    if kind not in KIND_WORDS:
        raise IllegalActionError(
            f"unknown action {kind!r} (expected one of {', '.join(KIND_WORDS)})"
        )
    if kind == "take":
        if not 1 <= len(rest) <= 3:
            raise IllegalActionError("take names 1 to 3 cells, e.g. 'take c3 d3 e3'")
        cells = tuple(sorted(_cell(w) for w in rest))
        if len(set(cells)) != len(cells):
            raise IllegalActionError("take names a cell twice")
        if cells not in LINE_SET:
            raise IllegalActionError("the cells are not adjacent in one straight line")
        return TAKES[cells]
    if kind in ("privilege", "token"):
        if len(rest) != 1:
            raise IllegalActionError(f"{kind} names one cell, e.g. '{kind} c3'")
        return (PRIVILEGES if kind == "privilege" else TOKENS)[_cell(rest[0])]
    if kind == "reserve":
        if len(rest) != 2:
            raise IllegalActionError("reserve names a gold cell and a card, e.g. 'reserve a1 1w2'")
        cell = _cell(rest[0])
        if rest[1] in ("deck1", "deck2", "deck3"):
            return RESERVE_DECK[cell][int(rest[1][-1]) - 1]
        if rest[1] not in CARD_INDEX:
            raise IllegalActionError(f"unknown card {rest[1]!r}")
        return RESERVE_CARD[cell][CARD_INDEX[rest[1]]]
    if kind == "buy":
        if len(rest) != 1 or rest[0] not in CARD_INDEX:
            raise IllegalActionError(f"unknown card in {text!r}, e.g. 'buy 2r1'")
        return BUYS[CARD_INDEX[rest[0]]]
    if kind == "joker":
        if len(rest) != 1 or len(rest[0]) != 1 or rest[0] not in GEM_LETTERS:
            raise IllegalActionError("joker names one colour letter of w b g r k")
        return JOKERS[GEM_LETTERS.index(rest[0])]
    if kind == "steal":
        if len(rest) != 1 or len(rest[0]) != 1 or rest[0] not in GEM_LETTERS + PEARL:
            raise IllegalActionError("steal names one letter of w b g r k p")
        return STEALS[(GEM_LETTERS + PEARL).index(rest[0])]
    if kind == "royal":
        if len(rest) != 1 or rest[0] not in ROYAL_INDEX:
            raise IllegalActionError("royal names a royal card r1 to r4")
        return ROYAL_ACTIONS[ROYAL_INDEX[rest[0]]]
    if kind == "discard":
        letters = "".join(rest)
        if not 0 < len(letters) <= 25 or any(ch not in TOKEN_LETTERS for ch in letters):
            raise IllegalActionError(
                "discard lists token letters of w b g r k p y, e.g. 'discard wwp'"
            )
        return discard_action(tuple(letters.count(ch) for ch in TOKEN_LETTERS))
    if rest:
        raise IllegalActionError(f"{kind} takes no arguments")
    return REPLENISH_ACTION if kind == "replenish" else PASS_ACTION
