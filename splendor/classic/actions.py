"""Classic Splendor actions: immutable, pre-interned values with a round-tripping notation.

Every possible action is built once at import, so two equal actions are the same object and
legality checks are identity checks. Notation (lowercase, colour letters ``wbgrk``, gold ``y``):
``take wbg``, ``take ww``, ``take w``, ``reserve 1w3``, ``reserve deck2``, ``buy 2r1``,
``return wky``, ``noble n4``, ``pass``.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from splendor.classic.cards import CARD_ID, NOBLE_ID, NUM_CARDS, NUM_NOBLES
from splendor.classic.packed import pack
from splendor.common import GEM_LETTERS, GOLD, IllegalActionError

TOKEN_LETTERS = GEM_LETTERS + GOLD  # token index order: w b g r k y

# Kind codes (ints for fast dispatch in apply).
TAKE, RESERVE, RESERVE_DECK, BUY, RETURN, NOBLE, PASS = range(7)
KIND_NAMES = ("take", "reserve", "reserve", "buy", "return", "noble", "pass")


class Action:
    """One classic Splendor action; get instances from ``Action.parse`` or a state's legal list."""

    __slots__ = ("card", "code", "gems", "level", "noble", "notation", "packed")

    code: int  # kind code (TAKE, RESERVE, ...)
    notation: str
    gems: tuple[int, ...]  # 6 token counts (w b g r k y) for take/return, else zeros
    card: int  # card index for reserve/buy, else -1
    level: int  # deck level (1-3) for a blind reserve, else 0
    noble: int  # noble index for a noble choice, else -1
    packed: int  # gems packed into one int (see packed.py)

    def __new__(cls, *args, **kwargs):
        raise TypeError("use Action.parse(text); actions are pre-interned")

    @classmethod
    def _make(cls, code, notation, gems=(0,) * 6, card=-1, level=0, noble=-1) -> Action:
        action = object.__new__(cls)
        values = {"code": code, "notation": notation, "gems": gems, "card": card}
        values |= {"level": level, "noble": noble, "packed": pack(gems)}
        for name, value in values.items():
            object.__setattr__(action, name, value)
        return action

    def __setattr__(self, name, value):
        raise AttributeError("actions are immutable")

    def __reduce__(self):
        return (Action.parse, (self.notation,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def kind(self) -> str:
        """The action's kind: take, reserve, buy, return, noble or pass."""
        return KIND_NAMES[self.code]

    @property
    def card_id(self) -> str | None:
        """The id of the card reserved or bought (None for other actions)."""
        return CARD_ID[self.card] if self.card >= 0 else None

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Action.parse({self.notation!r})"

    @staticmethod
    def parse(text: str) -> Action:
        """Return the action a notation names; raise IllegalActionError if it is malformed."""
        if not isinstance(text, str):
            raise IllegalActionError(f"an action must be given as text, not {type(text).__name__}")
        action = BY_NOTATION.get(text)
        if action is not None:
            return action
        words = text.lower().split()
        if len(words) == 2 and words[0] in ("take", "return"):
            words[1] = "".join(sorted(words[1], key=_letter_order))
        action = BY_NOTATION.get(" ".join(words))
        if action is None:
            raise IllegalActionError(f"not an action: {text[:40]!r} ({_HINT})")
        return action


_HINT = "expected e.g. 'take wbg', 'take ww', 'reserve 1w3', 'reserve deck2', 'buy 2r1', "
_HINT += "'return wky', 'noble n4' or 'pass'"


def _letter_order(letter: str) -> int:
    """Sort key putting token letters in w b g r k y order (unknown letters last)."""
    index = TOKEN_LETTERS.find(letter)
    return index if index >= 0 else 99


def _counts(letters) -> tuple[int, ...]:
    counts = [0] * 6
    for index in letters:
        counts[index] += 1
    return tuple(counts)


def _spell(indices) -> str:
    return "".join(TOKEN_LETTERS[i] for i in indices)


# --- every action, built once ---------------------------------------------------------
TAKE_ACTIONS: dict[tuple[int, ...], Action] = {}  # colour-index tuple -> take action
for _size in (1, 2, 3):
    for _colours in combinations(range(5), _size):
        TAKE_ACTIONS[_colours] = Action._make(
            TAKE, "take " + _spell(_colours), gems=_counts(_colours)
        )
TAKE_TWO = tuple(
    Action._make(TAKE, "take " + _spell((c, c)), gems=_counts((c, c))) for c in range(5)
)
RESERVE_CARD = tuple(
    Action._make(RESERVE, "reserve " + CARD_ID[c], card=c) for c in range(NUM_CARDS)
)
RESERVE_FROM_DECK = (None,) + tuple(
    Action._make(RESERVE_DECK, f"reserve deck{level}", level=level) for level in (1, 2, 3)
)
BUY_CARD = tuple(Action._make(BUY, "buy " + CARD_ID[c], card=c) for c in range(NUM_CARDS))
RETURN_ACTIONS: dict[int, tuple[Action, ...]] = {}  # excess -> every multiset of that size
for _size in (1, 2, 3):
    RETURN_ACTIONS[_size] = tuple(
        Action._make(RETURN, "return " + _spell(tokens), gems=_counts(tokens))
        for tokens in combinations_with_replacement(range(6), _size)
    )
NOBLE_ACTIONS = tuple(
    Action._make(NOBLE, "noble " + NOBLE_ID[n], noble=n) for n in range(NUM_NOBLES)
)
PASS_ACTION = Action._make(PASS, "pass")

ALL_ACTIONS: tuple[Action, ...] = (
    tuple(TAKE_ACTIONS.values())
    + TAKE_TWO
    + RESERVE_CARD
    + RESERVE_FROM_DECK[1:]
    + BUY_CARD
    + sum(RETURN_ACTIONS.values(), ())
    + NOBLE_ACTIONS
    + (PASS_ACTION,)
)
BY_NOTATION = {action.notation: action for action in ALL_ACTIONS}
assert len(BY_NOTATION) == len(ALL_ACTIONS)

# Take actions offered for each bank state, as 5-bit masks of colours with >=1 / >=4 tokens.
TAKES_BY_MASK: list[tuple[Action, ...]] = []
for _mask in range(32):
    _present = [c for c in range(5) if _mask >> c & 1]
    _size = min(3, len(_present))
    TAKES_BY_MASK.append(tuple(TAKE_ACTIONS[cs] for cs in combinations(_present, _size) if cs))
TAKE_TWO_BY_MASK = [tuple(TAKE_TWO[c] for c in range(5) if m >> c & 1) for m in range(32)]
