"""The Splendor Duel game state and its rules (RULES.md §2).

A turn is a sequence of decisions, each an Action listed by `legal_actions()`:
"main" (optional privileges and replenish, then one mandatory action), then whatever the
mandatory action asks for — "joker" (colour for a joker card), "token" / "steal" (card
abilities), "royal" (a royal card at 3 and 6 crowns), "discard" (above ten tokens). The state
is a value: `apply` returns a new state and leaves the old one untouched.

Rule decisions where RULES.md is silent (also listed in docs/duel.md):
- Forced replenish: when no mandatory action is possible the only legal action is
  `replenish`; the opponent still takes a privilege (it is the ordinary replenish action).
- If no mandatory action is possible and the board cannot be replenished (empty bag, or the
  turn's replenish already done), the only legal action is `pass`, which ends the turn.
- Using privileges comes before replenishing: after `replenish` no privilege may be used.
- Paying: coloured tokens and pearls first; gold only covers the shortfall (as in Splendor).
- Ability order after a purchase: joker placement, then the card's ability, then royal
  cards for crowns; then the ten-token discard; then the victory check.
- Taking a token of the card's colour and stealing are not optional when possible.
- Discarding above ten is one decision naming all the excess tokens (`discard wwp`).
- A royal card's "play again" and a card's "play again" in the same turn give one extra turn
  (no card combination can trigger both; the flag is simply set).
- Only the player whose turn ends is checked for victory.
- The bag is unordered: each replenish draws with a generator seeded from the game seed and
  the number of replenishes so far, so replays are exact and the view exposes nothing.
"""

from __future__ import annotations

import json

from splendor.common import IllegalActionError, Record, make_rng, new_seed
from splendor.duel import actions as A
from splendor.duel.actions import Action
from splendor.duel.board import CELLS, LINES, SPIRAL
from splendor.duel.cards import CARDS, JOKER, LEVEL_CARDS, NO_BONUS, ROYALS

NAME = "duel"
PEARL_CODE, GOLD_CODE, EMPTY = 5, 6, 7
TOKEN_TOTALS = (4, 4, 4, 4, 4, 2, 3)  # w b g r k p y: 25 tokens
MAX_TOKENS = 10
MAX_RESERVED = 3
PRIVILEGES_TOTAL = 3
PYRAMID_SIZES = (5, 4, 3)
WIN_POINTS, WIN_CROWNS, WIN_COLOUR_POINTS = 20, 10, 10
ROYAL_CROWNS = (3, 6)

# Affordability is checked on packed integers: five 6-bit fields (w b g r k), each field's
# top bit a guard, so one subtraction compares every colour (see _affordable_buys); 30 bits
# keep them small ints. Pearls (a card asks for one at most) and the bonus a joker card
# needs are looked up per card, in tables chosen by whether the buyer has any.
_GEM_GUARDS = sum(32 << (6 * k) for k in range(5))
_SHORT_COSTS = tuple(sum((32 + n) << (6 * k) for k, n in enumerate(c.cost[:5])) for c in CARDS)
assert all(c.cost[5] <= 1 for c in CARDS)


def _lacks(card, has_pearl: bool, has_bonus: bool) -> int:
    """Gold needed beyond the gems: 1 for a missing pearl, 4 (more than all the gold) for a
    joker card while the buyer has no bonus, else 0."""
    if card.colour == JOKER and not has_bonus:
        return 4
    return 1 if card.cost[5] and not has_pearl else 0


# [has pearl][has bonus][card]: tokens of gold needed beyond the gems' shortfall.
_EXTRA_GOLD = tuple(
    tuple(tuple(_lacks(c, pearl, bonus) for c in CARDS) for bonus in (False, True))
    for pearl in (False, True)
)


def _cover_cost(card, has_pearl: bool, has_bonus: bool) -> int:
    """31 + cost per field; a white cost of 31 (never covered) if the buyer lacks something."""
    cost = list(card.cost[:5])
    if _lacks(card, has_pearl, has_bonus):
        cost[0] = 31
    return sum((31 + n) << (6 * k) for k, n in enumerate(cost))


# [has pearl][has bonus][card], for buyers without gold.
_COVER_COSTS = tuple(
    tuple(tuple(_cover_cost(c, pearl, bonus) for c in CARDS) for bonus in (False, True))
    for pearl in (False, True)
)

# The steps after buying each card: joker placement, the card's ability, then the rest.
_BUY_STEPS = tuple(
    (("joker",) if c.colour == JOKER else ())
    + ((c.ability,) if c.ability in ("token", "steal") else ())
    + ("royal", "discard", "end")
    for c in CARDS
)
# (colour, count) for each card's non-zero costs, so paying skips the free colours.
_COST_ITEMS = tuple(tuple((k, n) for k, n in enumerate(c.cost) if n) for c in CARDS)

# Take actions by the lines' top row: a line starting in row r lies within rows r..r+2, so
# its legality depends on a 15-bit window of the takeable-cell mask. Tables fill lazily.
_LINES_BY_ROW = tuple(
    tuple(
        (sum(1 << (i - 5 * r) for i in line), A.TAKES[line]) for line in LINES if line[0] // 5 == r
    )
    for r in range(5)
)
# The same lines, kept only where the top row holds their top-row cells (per 32 patterns).
_LINES_BY_TOP = tuple(
    tuple(tuple((bits, act) for bits, act in lines if bits & 31 & ~top == 0) for top in range(32))
    for lines in _LINES_BY_ROW
)
_TAKE_TABLES: tuple[dict[int, tuple[Action, ...]], ...] = tuple({} for _ in range(5))
_PRIV_CACHE: dict[int, list[Action]] = {}
# Privilege actions by row, for each of the 32 ways a row's cells can hold a gem or pearl.
_PRIV_BY_ROW = tuple(
    tuple(tuple(A.PRIVILEGES[5 * r + c] for c in range(5) if bits >> c & 1) for bits in range(32))
    for r in range(5)
)

_SLOTS = [
    "seed",
    "options",
    "board",
    "mask",
    "bag",
    "tokens",
    "privileges",
    "pyramid",
    "decks",
    "reserved",
    "blind",
    "bought",
    "jokers",
    "royals",
    "royal_supply",
    "bonus",
    "colour_points",
    "points",
    "crowns",
    "player",
    "pending",
    "stage",
    "queue",
    "again",
    "pcard",
    "turn",
    "winner",
    "draws",
    "moves",
    "last",
    "refill",
]
# `moves` is read through `history`, a linked list (previous history, notation), so that
# apply does not copy the whole tuple of moves every time.
_STORED = tuple(name for name in _SLOTS if name != "moves") + ("history",)


_TAKES_CACHE: dict[int, tuple[Action, ...]] = {}


def _takes(mask: int) -> tuple[Action, ...]:
    """Take actions for a bitmask of cells holding a gem or pearl (cached per mask)."""
    found = _TAKES_CACHE.get(mask)
    if found is None:
        if len(_TAKES_CACHE) > 200_000:
            _TAKES_CACHE.clear()
        found = _TAKES_CACHE[mask] = tuple(_takes_uncached(mask))
    return found


def _takes_uncached(mask: int) -> list[Action]:
    found = []
    for r in range(5):
        window = (mask >> (5 * r)) & 0x7FFF
        if window & 31:
            table = _TAKE_TABLES[r]
            actions = table.get(window)
            if actions is None:
                actions = table[window] = tuple(
                    [act for bits, act in _LINES_BY_TOP[r][window & 31] if window & bits == bits]
                )
            found += actions
    return found


_RESERVE_CACHE: dict[tuple, list[Action]] = {}


def clear_caches() -> None:
    """Forget the caches filled by the positions played so far (a new game needs none)."""
    for cache in (_TAKES_CACHE, _PRIV_CACHE, _RESERVE_CACHE, *_TAKE_TABLES):
        cache.clear()
    A.clear_caches()


def _reserve_actions(gold: int, faceup: tuple[int, ...], decks) -> list[Action]:
    """Reserve actions for every gold cell and every face-up card or non-empty deck."""
    levels = [lv for lv in range(3) if decks[lv]]
    found = []
    while gold:
        g = (gold & -gold).bit_length() - 1  # the lowest gold cell left
        gold &= gold - 1
        found += map(A.RESERVE_CARD[g].__getitem__, faceup)
        found += [A.RESERVE_DECK[g][lv] for lv in levels]
    return found


def _faceup(pyramid) -> tuple[int, ...]:
    """The pyramid's cards in row and slot order, empty slots left out."""
    return tuple([c for row in pyramid for c in row if c >= 0])


def _privilege_actions(mask: int) -> list[Action]:
    found = _PRIV_CACHE.get(mask)
    if found is None:
        found = []
        for r in range(5):
            found += _PRIV_BY_ROW[r][mask >> (5 * r) & 31]
        if len(_PRIV_CACHE) > 200_000:
            _PRIV_CACHE.clear()
        _PRIV_CACHE[mask] = found
    return found


class State:
    """A Splendor Duel position; treat as immutable (apply returns a new State)."""

    # Derived, so left out of equality: the legal actions, the gold cells' bitmask and the
    # pyramid's cards in order (`_faceup`), kept up to date as the board and pyramid change.
    __slots__ = _STORED + ("_legal", "gold", "faceup")
    num_players = 2

    # ----- public read access -------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """Seat that must decide now; None once the game is over."""
        return None if self.winner is not None else self.player

    @property
    def is_over(self) -> bool:
        """True once a player has won."""
        return self.winner is not None

    @property
    def record(self) -> Record:
        """The game record (seed, options, moves) that replays to this state."""
        return Record(NAME, self.seed, dict(self.options), self.moves)

    @property
    def moves(self) -> tuple[str, ...]:
        """The notations of the actions applied since setup, in order."""
        found = []
        node = self.history
        while node is not None:
            node, move = node
            found.append(move)
        found.reverse()
        return tuple(found)

    @moves.setter
    def moves(self, moves) -> None:
        node = None
        for move in moves:
            node = (node, move)
        self.history = node

    @property
    def last_move(self) -> Action | None:
        """The last action applied, or None at the start."""
        return self.last

    def privilege_supply(self) -> int:
        """Privileges left in the supply."""
        return PRIVILEGES_TOTAL - self.privileges[0] - self.privileges[1]

    def scores(self) -> list[int]:
        """Prestige points per seat (cards and royal cards)."""
        return list(self.points)

    def ranking(self) -> list[list[int]]:
        """Seats grouped by rank, best first: the winner first; else by points, ties shared."""
        if self.winner is not None:
            return [[self.winner], [1 - self.winner]]
        if self.points[0] == self.points[1]:
            return [[0, 1]]
        best = 0 if self.points[0] > self.points[1] else 1
        return [[best], [1 - best]]

    def returns(self) -> list[float]:
        """1 for a sole winner, 1/k for k tied leaders, 0 otherwise."""
        top = self.ranking()[0]
        return [1 / len(top) if seat in top else 0.0 for seat in range(2)]

    # ----- legality -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action now (the only source of legality); empty once the game is over."""
        legal = self._legal
        if legal is None:
            if self.pending == "main" and self.winner is None:  # the common case, called directly
                legal = self._legal = self._main_actions()
            else:
                legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Action]:
        if self.winner is not None:
            return []
        pending = self.pending
        p = self.player
        if pending == "main":
            return self._main_actions()
        if pending == "joker":
            bonus = self.bonus[p]
            return [A.JOKERS[k] for k in range(5) if bonus[k]]
        if pending == "token":
            colour = CARDS[self.pcard].colour
            return [A.TOKENS[i] for i in range(25) if self.board[i] == colour]
        if pending == "steal":
            held = self.tokens[1 - p]
            return [A.STEALS[k] for k in range(6) if held[k]]
        if pending == "royal":
            return [A.ROYAL_ACTIONS[r] for r in self.royal_supply]
        if pending == "discard":
            held = self.tokens[p]
            return A.discard_actions(tuple(held), sum(held) - MAX_TOKENS)
        raise AssertionError(f"unknown pending decision {pending!r}")

    def _main_actions(self) -> list[Action]:
        """Privileges and replenish (optional), then the mandatory actions, or the forced one."""
        p = self.player
        acts = []
        can_replenish = False
        if self.stage == 0:
            if self.privileges[p]:
                acts += _privilege_actions(self.mask)
            if any(self.bag):
                can_replenish = True
                acts.append(A.REPLENISH_ACTION)
        optional = len(acts)
        if self.mask:
            acts += _takes(self.mask)
        reserved = self.reserved[p]
        faceup = self.faceup
        if self.gold and len(reserved) < MAX_RESERVED:
            decks = self.decks
            key = (self.gold, faceup, not decks[0], not decks[1], not decks[2])
            reserves = _RESERVE_CACHE.get(key)
            if reserves is None:
                reserves = _reserve_actions(self.gold, faceup, decks)
                if len(_RESERVE_CACHE) > 50_000:
                    _RESERVE_CACHE.clear()
                _RESERVE_CACHE[key] = reserves
            acts += reserves
        acts += self._affordable_buys(faceup + reserved if reserved else faceup)
        if len(acts) == optional:  # no mandatory action: the privileges cannot be used either
            return [A.REPLENISH_ACTION if can_replenish else A.PASS_ACTION]
        return acts

    def _affordable_buys(self, candidates: tuple[int, ...]) -> list[Action]:
        """Buy actions for the candidate cards the current player can pay for."""
        tokens = self.tokens[self.player]
        bonus = self.bonus[self.player]
        # Fields never overflow: at most 4 tokens and 21 bonuses of a colour.
        gems = (
            (tokens[0] + bonus[0])
            | (tokens[1] + bonus[1]) << 6
            | (tokens[2] + bonus[2]) << 12
            | (tokens[3] + bonus[3]) << 18
            | (tokens[4] + bonus[4]) << 24
        )
        has_pearl = tokens[5] > 0
        has_bonus = any(bonus)
        gold = tokens[6]
        guards = _GEM_GUARDS
        buys = A.BUYS
        if not gold:
            # Per field, 31 + cost - available sets the guard bit iff the cost is not covered.
            costs = _COVER_COSTS[has_pearl][has_bonus]
            return [buys[c] for c in candidates if not (costs[c] - gems) & guards]
        costs = _SHORT_COSTS
        extra = _EXTRA_GOLD[has_pearl][has_bonus]
        # Per field, guard + cost - available keeps its guard bit iff cost >= available, and
        # then its low bits are the shortfall; the sum of the fields is a remainder mod 63.
        return [
            buys[c]
            for c in candidates
            if ((d := costs[c] - gems) & ((g := d & guards) - (g >> 5))) % 63 + extra[c] <= gold
        ]

    # ----- applying -----------------------------------------------------------------------

    def apply(self, action: Action | str) -> State:
        """Return the state after a legal action (or its notation); raise IllegalActionError."""
        if action.__class__ is not Action:
            action = Action.parse(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            if self.winner is not None:
                raise IllegalActionError("the game is over")
            raise IllegalActionError(
                f"{action.notation!r} is not legal now (player {self.player + 1}, "
                f"decision {self.pending!r})"
            )
        new = self._copy()
        new.history = (self.history, action.notation)
        new.last = action
        new.refill = None
        _HANDLERS[action.kind](new, action)
        return new

    def reshuffled(self, salt: int) -> State:
        """This position with each deck shuffled anew and the bag's later draws seeded anew."""
        new = self._copy()
        new.history, new.last, new.refill = self.history, self.last, self.refill
        rng = make_rng(f"reshuffle/{self.seed}/{salt}")
        new.decks = tuple(tuple(rng.sample(sorted(deck), len(deck))) for deck in self.decks)
        # The bag draws with a generator keyed by `draws`: jump to keys no draw has used.
        new.draws = rng.randrange(10**6, 10**9 - 10**6)
        return new

    def _copy(self) -> State:
        new = State.__new__(State)
        new.seed = self.seed
        new.options = self.options
        new.board = self.board  # tuples: replaced, never mutated
        new.mask = self.mask
        new.bag = self.bag
        new.tokens = self.tokens
        new.privileges = self.privileges
        new.pyramid = self.pyramid
        new.decks = self.decks
        new.reserved = self.reserved
        new.blind = self.blind
        new.bought = self.bought
        new.jokers = self.jokers
        new.royals = self.royals
        new.royal_supply = self.royal_supply
        new.bonus = self.bonus
        new.colour_points = self.colour_points
        new.points = self.points
        new.crowns = self.crowns
        new.player = self.player
        new.pending = self.pending
        new.stage = self.stage
        new.queue = self.queue
        new.again = self.again
        new.pcard = self.pcard
        new.turn = self.turn
        new.winner = self.winner
        new.draws = self.draws
        new._legal = None
        new.gold = self.gold
        new.faceup = self.faceup
        return new

    def __copy__(self) -> State:
        copied = self._copy()
        copied.history, copied.last, copied.refill = self.history, self.last, self.refill
        copied._legal = self._legal
        return copied

    def _set_tokens(self, player: int, held: list[int]) -> None:
        held = tuple(held)
        self.tokens = (held, self.tokens[1]) if player == 0 else (self.tokens[0], held)

    def _gain_privilege(self, player: int) -> None:
        privileges = list(self.privileges)
        if sum(privileges) < PRIVILEGES_TOTAL:
            privileges[player] += 1
        elif privileges[1 - player]:
            privileges[1 - player] -= 1
            privileges[player] += 1
        self.privileges = tuple(privileges)

    def _take_cells(self, cells: tuple[int, ...]) -> list[int]:
        """Move the tokens on these cells to the current player; return their codes."""
        board = list(self.board)
        held = list(self.tokens[self.player])
        codes = []
        mask = self.mask
        for i in cells:
            code = board[i]
            codes.append(code)
            held[code] += 1
            board[i] = EMPTY
            mask &= ~(1 << i)
            if code == GOLD_CODE:
                self.gold &= ~(1 << i)
        self.board = tuple(board)
        self.mask = mask
        self._set_tokens(self.player, held)
        return codes

    def _take(self, action: Action) -> None:
        codes = self._take_cells(action.args)
        if (len(codes) == 3 and codes[0] == codes[1] == codes[2]) or codes.count(PEARL_CODE) == 2:
            self._gain_privilege(1 - self.player)
        self._discard_or_end()

    def _use_privilege(self, action: Action) -> None:
        self._take_cells(action.args)
        privileges = list(self.privileges)
        privileges[self.player] -= 1
        self.privileges = tuple(privileges)

    def _replenish_board(self, action: Action) -> None:
        self._replenish()
        self._gain_privilege(1 - self.player)
        self.stage = 1

    def _reserve(self, action: Action) -> None:
        p = self.player
        self._take_cells(action.args[:1])
        which = action.args[1]
        if which < 0:
            deck = self.decks[-which - 1]
            card = deck[-1]
            self._set_deck(-which - 1, deck[:-1])
            blind = list(self.blind)
            blind[p] = blind[p] + (card,)
            self.blind = tuple(blind)
        else:
            card = which
            self._remove_from_pyramid(card)
        reserved = list(self.reserved)
        reserved[p] = reserved[p] + (card,)
        self.reserved = tuple(reserved)
        self._discard_or_end()

    def _place_joker(self, action: Action) -> None:
        p = self.player
        self._place_card(self.pcard, action.args[0])
        jokers = list(self.jokers)
        jokers[p] = jokers[p] + ((self.pcard, action.args[0]),)
        self.jokers = tuple(jokers)
        self._advance()

    def _take_token(self, action: Action) -> None:
        self._take_cells(action.args)
        self._advance()

    def _steal(self, action: Action) -> None:
        p = self.player
        k = action.args[0]
        mine, theirs = list(self.tokens[p]), list(self.tokens[1 - p])
        mine[k] += 1
        theirs[k] -= 1
        self._set_tokens(p, mine)
        self._set_tokens(1 - p, theirs)
        self._advance()

    def _discard(self, action: Action) -> None:
        held = list(self.tokens[self.player])
        bag = list(self.bag)
        for k, n in enumerate(action.args):
            held[k] -= n
            bag[k] += n
        self._set_tokens(self.player, held)
        self.bag = tuple(bag)
        self._advance()

    def _pass(self, action: Action) -> None:
        self._discard_or_end()

    def _set_deck(self, level: int, deck: tuple[int, ...]) -> None:
        decks = list(self.decks)
        decks[level] = deck
        self.decks = tuple(decks)

    def _remove_from_pyramid(self, card: int) -> None:
        level = CARDS[card].level - 1
        row = list(self.pyramid[level])
        slot = row.index(card)
        deck = self.decks[level]
        faceup = self.faceup
        at = faceup.index(card)
        if deck:
            row[slot] = self.refill = deck[-1]
            self._set_deck(level, deck[:-1])
            self.faceup = faceup[:at] + (deck[-1],) + faceup[at + 1 :]
        else:
            row[slot] = -1
            self.faceup = faceup[:at] + faceup[at + 1 :]
        pyramid = list(self.pyramid)
        pyramid[level] = tuple(row)
        self.pyramid = tuple(pyramid)

    def _replenish(self) -> None:
        rng = make_rng(f"duel-bag/{self.seed}/{self.draws}")
        self.draws += 1
        bag = self.bag
        drawn = [k for k in range(7) for _ in range(bag[k])]
        rng.shuffle(drawn)
        board = list(self.board)
        mask = self.mask
        gold = self.gold
        # The empty cells in spiral order take the shuffled tokens from the end.
        empty = [i for i in SPIRAL if board[i] == EMPTY]
        for i, code in zip(empty, reversed(drawn)):
            board[i] = code
            if code < GOLD_CODE:
                mask |= 1 << i
            else:
                gold |= 1 << i
        self.board = tuple(board)
        self.mask = mask
        self.gold = gold
        self.bag = (0,) * 7

    def _buy(self, action: Action) -> None:
        card = action.args[0]
        p = self.player
        info = CARDS[card]
        held = list(self.tokens[p])
        bag = list(self.bag)
        bonus = self.bonus[p]
        short = 0
        for k, need in _COST_ITEMS[card]:
            if k < 5:
                need -= bonus[k]
                if need <= 0:
                    continue
            paid = min(need, held[k])
            held[k] -= paid
            bag[k] += paid
            short += need - paid
        held[GOLD_CODE] -= short
        bag[GOLD_CODE] += short
        self._set_tokens(p, held)
        self.bag = tuple(bag)
        if card in self.reserved[p]:
            reserved = list(self.reserved)
            reserved[p] = tuple(c for c in reserved[p] if c != card)
            self.reserved = tuple(reserved)
            if card in self.blind[p]:
                blind = list(self.blind)
                blind[p] = tuple(c for c in blind[p] if c != card)
                self.blind = tuple(blind)
        else:
            self._remove_from_pyramid(card)
        self.bought = _replace_pair(self.bought, p, self.bought[p] + (card,))
        if info.crowns:
            self.crowns = _replace_pair(self.crowns, p, self.crowns[p] + info.crowns)
        if info.points:
            self.points = _replace_pair(self.points, p, self.points[p] + info.points)
        if info.colour >= 0 and info.colour != JOKER:
            self._place_card(card, info.colour)
        self.pcard = card
        ability = info.ability
        if ability == "again":
            self.again = True
        elif ability == "privilege":
            self._gain_privilege(p)
        self._start_queue(_BUY_STEPS[card])

    def _place_card(self, card: int, colour: int) -> None:
        """Count a bought card's bonus and points on a colour (its own, or a joker's choice)."""
        p = self.player
        info = CARDS[card]
        bonus = list(self.bonus[p])
        bonus[colour] += info.bonus
        self.bonus = _replace_pair(self.bonus, p, tuple(bonus))
        if info.points:
            colour_points = list(self.colour_points[p])
            colour_points[colour] += info.points
            self.colour_points = _replace_pair(self.colour_points, p, tuple(colour_points))

    def _take_royal(self, action: Action) -> None:
        royal = action.args[0]
        p = self.player
        info = ROYALS[royal]
        self.royal_supply = tuple(r for r in self.royal_supply if r != royal)
        self.royals = _replace_pair(self.royals, p, self.royals[p] + (royal,))
        points = list(self.points)
        points[p] += info.points
        self.points = tuple(points)
        steps = ("royal",)
        if info.ability == "again":
            self.again = True
        elif info.ability == "privilege":
            self._gain_privilege(p)
        elif info.ability == "steal":
            steps = ("steal", "royal")
        self.queue = steps + self.queue
        self._advance()

    def _discard_or_end(self) -> None:
        """Ask for a discard above ten tokens, else end the turn: `_start_queue` made short."""
        if sum(self.tokens[self.player]) > MAX_TOKENS:
            self.pending, self.queue = "discard", ("end",)
        else:
            self.queue = ()
            self._end_turn()

    def _start_queue(self, steps: tuple[str, ...]) -> None:
        self.queue = steps
        self._advance()

    def _advance(self) -> None:
        """Run the queued steps until one needs a decision (or the turn ends)."""
        p = self.player
        # Index the queue rather than slice it step by step; `queue[i:]` is what remains.
        queue = self.queue
        for i, step in enumerate(queue, 1):
            if step == "royal":
                crowns = self.crowns[p]
                earned = (crowns >= ROYAL_CROWNS[0]) + (crowns >= ROYAL_CROWNS[1])
                if earned > len(self.royals[p]) and self.royal_supply:
                    self.pending, self.queue = "royal", queue[i:]
                    return
            elif step == "discard":
                if sum(self.tokens[p]) > MAX_TOKENS:
                    self.pending, self.queue = "discard", queue[i:]
                    return
            elif step == "end":
                self.queue = ()
                self._end_turn()
                return
            elif step == "joker":
                self.pending, self.queue = "joker", queue[i:]
                return
            elif step == "token":
                if CARDS[self.pcard].colour in self.board:
                    self.pending, self.queue = "token", queue[i:]
                    return
            elif step == "steal" and any(self.tokens[1 - p][:6]):
                self.pending, self.queue = "steal", queue[i:]
                return
        raise AssertionError("a turn's queue must end with 'end'")

    def _end_turn(self) -> None:
        p = self.player
        if (
            self.points[p] >= WIN_POINTS
            or self.crowns[p] >= WIN_CROWNS
            or max(self.colour_points[p]) >= WIN_COLOUR_POINTS
        ):
            self.winner = p
            self.pending = "over"
            self.turn += 1
            return
        self.turn += 1
        if self.again:
            self.again = False
        else:
            self.player = 1 - p
        self.pending = "main"
        self.stage = 0

    # ----- views and saving ---------------------------------------------------------------

    def view(self, player: int):
        """What one seat may see (no deck order, no opponent's blind reserve, no seed)."""
        from splendor.duel.view import View

        if player not in (0, 1):
            raise ValueError(f"no seat {player!r} in a two-player game")
        return View(self, player)

    def to_data(self) -> dict:
        """Return the full state (secrets included) as plain versioned data."""
        from splendor.duel.saving import state_to_data

        return state_to_data(self)

    def to_json(self) -> str:
        """Return the full state as JSON text (secrets included: this is a save file)."""
        return json.dumps(self.to_data(), separators=(",", ":"))

    def __repr__(self) -> str:
        return (
            f"<duel State turn={self.turn} player={self.player} pending={self.pending!r} "
            f"points={list(self.points)} crowns={list(self.crowns)}>"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _SLOTS)

    __hash__ = None  # mutable-looking slots: equality only

    def describe(self) -> str:
        """A plain-text picture of the board, for debugging and tests."""
        rows = []
        for r in range(5):
            rows.append(" ".join(".wbgrkpy."[self.board[r * 5 + c] + 1] for c in range(5)))
        return "\n".join(rows)


# What applying each kind of action does, indexed by Action.kind.
_HANDLERS = tuple(
    {
        A.TAKE: State._take,
        A.PRIVILEGE: State._use_privilege,
        A.REPLENISH: State._replenish_board,
        A.RESERVE: State._reserve,
        A.BUY: State._buy,
        A.JOKER: State._place_joker,
        A.TOKEN: State._take_token,
        A.STEAL: State._steal,
        A.ROYAL: State._take_royal,
        A.DISCARD: State._discard,
        A.PASS: State._pass,
    }[kind]
    for kind in range(len(A.KIND_WORDS))
)


def _replace_pair(pair: tuple, index: int, value) -> tuple:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def new_game(players: int = 2, seed: int | None = None, first_player: int | None = None) -> State:
    """Start a Splendor Duel game; the seed fixes decks, board and (unless given) who starts."""
    if players != 2:
        raise ValueError("Splendor Duel is for exactly 2 players")
    if first_player not in (None, 0, 1):
        raise ValueError("first_player must be 0 or 1")
    if seed is None:
        seed = new_seed()
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError("seed must be an integer")
    rng = make_rng(seed)
    decks = []
    for level_cards in LEVEL_CARDS:
        deck = list(level_cards)
        rng.shuffle(deck)
        decks.append(deck)
    start = rng.randrange(2) if first_player is None else first_player
    state = State.__new__(State)
    state.seed = seed
    state.options = {} if first_player is None else {"first_player": first_player}
    state.pyramid = tuple(
        tuple(decks[lv].pop() for _ in range(size)) for lv, size in enumerate(PYRAMID_SIZES)
    )
    state.faceup = _faceup(state.pyramid)
    state.decks = tuple(tuple(deck) for deck in decks)
    state.board = (EMPTY,) * 25
    state.mask = state.gold = 0
    state.bag = TOKEN_TOTALS
    state.draws = 0
    state._replenish()
    state.tokens = ((0,) * 7, (0,) * 7)
    privileges = [0, 0]
    privileges[1 - start] = 1
    state.privileges = tuple(privileges)
    state.reserved = state.blind = state.bought = state.jokers = state.royals = ((), ())
    state.royal_supply = tuple(range(len(ROYALS)))
    state.bonus = state.colour_points = ((0,) * 5, (0,) * 5)
    state.points = state.crowns = (0, 0)
    state.player = start
    state.pending = "main"
    state.stage = 0
    state.queue = ()
    state.again = False
    state.pcard = -1
    state.turn = 0
    state.winner = None
    state.history = None
    state.last = None
    state.refill = None
    state._legal = None
    return state


def derive(state: State) -> None:
    """Recompute bonuses, points, crowns and the board and pyramid summaries from the position."""
    bonus, colour_points, points, crowns = [], [], [], []
    for p in range(2):
        b, cp = [0] * 5, [0] * 5
        placed = dict(state.jokers[p])
        total = sum(ROYALS[r].points for r in state.royals[p])
        crown = 0
        for c in state.bought[p]:
            info = CARDS[c]
            colour = placed.get(c, info.colour)
            if 0 <= colour < 5:
                b[colour] += info.bonus
                cp[colour] += info.points
            total += info.points
            crown += info.crowns
        bonus.append(tuple(b))
        colour_points.append(tuple(cp))
        points.append(total)
        crowns.append(crown)
    state.bonus = tuple(bonus)
    state.colour_points = tuple(colour_points)
    state.points = tuple(points)
    state.crowns = tuple(crowns)
    state.mask = sum(1 << i for i in range(25) if state.board[i] < GOLD_CODE)
    state.gold = sum(1 << i for i in range(25) if state.board[i] == GOLD_CODE)
    state.faceup = _faceup(state.pyramid)
    state._legal = None


assert NO_BONUS < 0 and CELLS  # the engine relies on NO_BONUS being negative
