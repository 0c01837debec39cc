"""The classic Splendor game state: setup, legal actions and applying an action.

A State is treated as immutable: ``apply`` returns a new State and leaves the old one valid.
Internally it is a ``__slots__`` object of ints, tuples and small lists of ints; lists are
copied before any change (copy-on-write), so states share whatever did not change.
Tokens are packed ints (see ``packed``); cards and nobles are ints indexing ``cards``.
"""

from __future__ import annotations

from splendor.classic import packed
from splendor.classic.actions import (
    BUY,
    BUY_CARD,
    NOBLE,
    NOBLE_ACTIONS,
    PASS,
    PASS_ACTION,
    RESERVE,
    RESERVE_CARD,
    RESERVE_DECK,
    RESERVE_FROM_DECK,
    RETURN,
    RETURN_ACTIONS,
    TAKE,
    TAKE_TWO_BY_MASK,
    TAKES_BY_MASK,
    Action,
)
from splendor.classic.cards import (
    CARD_COLOUR,
    CARD_COST,
    CARD_ID,
    CARD_LEVEL,
    CARD_POINTS,
    LEVEL_CARDS,
    NOBLE_ID,
    NOBLE_NEED,
    NOBLE_POINTS,
)
from splendor.common import IllegalActionError, Record, make_rng, new_seed

NAME = "classic"
GEMS_PER_COLOUR = {2: 4, 3: 5, 4: 7}
GOLD_TOKENS = 5
TOKEN_LIMIT = 10
MAX_RESERVED = 3
SLOTS_PER_LEVEL = 4
NOBLE_MODES = ("choose", "first")

MAIN, RETURN_TOKENS, CHOOSE_NOBLE = "main", "return", "noble"

_GUARDS = packed.GUARDS
_GOLD_SHIFT = packed.GOLD_SHIFT
_GOLD_UNIT = packed.GOLD_UNIT
_GEMS_MASK = packed.GEMS_MASK
_COST = tuple(packed.pack(cost) for cost in CARD_COST)
_COST_ITEMS = tuple(tuple((6 * i, n) for i, n in enumerate(cost) if n) for cost in CARD_COST)
_BUY_INFO = tuple((_COST[card], BUY_CARD[card]) for card in range(len(CARD_COST)))
_BONUS = tuple(packed.UNIT[colour] for colour in CARD_COLOUR)
_NEED = tuple(packed.pack(need) for need in NOBLE_NEED)
_MIN_NOBLE_CARDS = min(sum(need) for need in NOBLE_NEED)

# Caches shared by all states (pure functions of their keys, so sharing is safe).
_TAKES: dict[int, tuple[Action, ...]] = {}  # bank's coloured gems -> take actions
_RETURNS: dict[int, tuple[Action, ...]] = {}  # player's tokens -> return actions
_ELIGIBLE: dict[tuple, list[int]] = {}  # (bonuses, nobles on the table) -> qualifying nobles
_ALL_DECKS = RESERVE_FROM_DECK[1:]


def clear_caches() -> None:
    """Forget the caches filled by the positions played so far (a new game needs none)."""
    _TAKES.clear()
    _RETURNS.clear()
    _ELIGIBLE.clear()


def _takes(bank: int) -> tuple[Action, ...]:
    """The take actions a bank allows (3 different, fewer only if fewer colours, 2 from >=4)."""
    some = many = 0
    for colour in range(5):
        count = (bank >> (6 * colour)) & 63
        if count:
            some |= 1 << colour
            if count >= 4:
                many |= 1 << colour
    actions = _TAKES[bank] = TAKES_BY_MASK[some] + TAKE_TWO_BY_MASK[many]
    return actions


def _returns(tokens: int) -> tuple[Action, ...]:
    """Every multiset of exactly the excess above ten that the player holds."""
    excess = packed.total(tokens) - TOKEN_LIMIT
    guarded = tokens | (_GUARDS | 32 << _GOLD_SHIFT)
    guards = _GUARDS | 32 << _GOLD_SHIFT
    actions = _RETURNS[tokens] = tuple(
        a for a in RETURN_ACTIONS[excess] if (guarded - a.packed) & guards == guards
    )
    return actions


class State:
    """A classic Splendor position; see the package docstring for the API."""

    __slots__ = (
        "_legal",  # cached legal actions (tuple) or None
        "_tinfo",  # cached (reserve actions, ((cost, buy action) per face-up card)) or None
        "bank",  # packed tokens
        "blind",  # frozenset of reserved cards taken blind from a deck (any player)
        "bonuses",  # list: packed bonuses per player
        "bought",  # list: tuple of purchased cards per player, in purchase order
        "config",  # (seed, target, noble mode, first player, record options)
        "current",  # seat that decides now (None when over)
        "decks",  # tuple of 3 tuples, the top card last
        "final_round",  # someone reached the target: the round is being finished
        "history",  # linked list of moves: (previous, action, seat, card that came in or -1)
        "nobles",  # tuple of nobles on the table, in row order
        "num_players",
        "owned_nobles",  # list: tuple of nobles per player
        "passes",  # consecutive turns passed
        "pending",  # MAIN, RETURN_TOKENS, CHOOSE_NOBLE, or None when over
        "points",  # list: prestige points per player (cards + nobles)
        "reserved",  # list: tuple of reserved cards per player
        "table",  # tuple of 12 cards, level-major, -1 for an empty slot
        "tokens",  # list: packed tokens per player
        "turn",  # completed turns
    )

    # --- public read access ---------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """Seat that must decide now; None when the game is over."""
        return self.current

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.pending is None

    @property
    def seed(self) -> int:
        """The setup seed."""
        return self.config[0]

    @property
    def target(self) -> int:
        """Points that trigger the end of the game."""
        return self.config[1]

    @property
    def noble_mode(self) -> str:
        """ "choose" (official) or "first" (first eligible noble in the row visits)."""
        return self.config[2]

    @property
    def first_player(self) -> int:
        """The starting seat."""
        return self.config[3]

    @property
    def options(self) -> dict:
        """The options new_game was given (players, target, nobles, maybe first_player)."""
        return dict(self.config[4])

    @property
    def moves(self) -> list[Action]:
        """Actions applied since setup, in order."""
        out = []
        node = self.history
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return out

    @property
    def record(self) -> Record:
        """The game record (game, seed, options, moves); replay(record) rebuilds this state."""
        moves = tuple(action.notation for action in self.moves)
        return Record(NAME, self.seed, dict(self.config[4]), moves)

    @property
    def last(self) -> tuple | None:
        """(seat, action, card that came onto the table or -1) of the last move, or None."""
        if self.history is None:
            return None
        _, action, seat, card_in = self.history
        return (seat, action, card_in)

    @property
    def last_move(self) -> dict | None:
        """The last action: seat, notation, card bought/reserved face-up, card that came in."""
        return _last_move_data(self.last, self.blind)

    def scores(self) -> list[int]:
        """Prestige points per seat."""
        return list(self.points)

    def ranking(self) -> list[list[int]]:
        """Groups of tied seats, best first: most points, then fewer purchased cards."""
        keys = [(-self.points[p], len(self.bought[p])) for p in range(self.num_players)]
        groups: list[list[int]] = []
        for key in sorted(set(keys)):
            groups.append([p for p in range(self.num_players) if keys[p] == key])
        return groups

    def returns(self) -> list[float]:
        """1 for a sole winner, 1/k for each of k tied winners, 0 otherwise (as if it ended now)."""
        winners = self.ranking()[0]
        share = 1.0 / len(winners)
        return [share if p in winners else 0.0 for p in range(self.num_players)]

    def tokens_of(self, player: int) -> tuple[int, ...]:
        """A player's tokens: six counts, w b g r k y."""
        return packed.unpack(self.tokens[player])

    def bonuses_of(self, player: int) -> tuple[int, ...]:
        """A player's permanent bonuses: five counts, w b g r k."""
        return packed.unpack(self.bonuses[player], 5)

    def bank_tokens(self) -> tuple[int, ...]:
        """The bank: six counts, w b g r k y."""
        return packed.unpack(self.bank)

    def deck_sizes(self) -> tuple[int, int, int]:
        """Cards left in each level's deck."""
        return tuple(len(deck) for deck in self.decks)

    # --- legality ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to decide now (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> tuple[Action, ...]:
        pending = self.pending
        p = self.current
        if pending == MAIN:
            bank = self.bank
            gems = bank & _GEMS_MASK
            actions = list(_TAKES.get(gems) or _takes(gems))
            info = self._tinfo or self._table_info()
            reserved = self.reserved[p]
            if len(reserved) < MAX_RESERVED:
                actions += info[0]
            tokens = self.tokens[p]
            power = (tokens & _GEMS_MASK) + self.bonuses[p] + _GUARDS
            gold = tokens >> _GOLD_SHIFT
            candidates = info[1]
            if reserved:
                candidates += tuple(map(_BUY_INFO.__getitem__, reserved))
            for cost, buy in candidates:
                diff = power - cost
                if diff & _GUARDS == _GUARDS:
                    actions.append(buy)
                elif gold:
                    # Inlined packed.shortfall: the sum of (cost - power) over short colours.
                    short = ~diff & _GUARDS
                    if (short - (diff & ((short >> 5) * 63))) % 63 <= gold:
                        actions.append(buy)
            legal = tuple(actions) if actions else (PASS_ACTION,)
        elif pending == RETURN_TOKENS:
            tokens = self.tokens[p]
            legal = _RETURNS.get(tokens) or _returns(tokens)
        elif pending == CHOOSE_NOBLE:
            legal = tuple(NOBLE_ACTIONS[n] for n in self._eligible_nobles(p))
        else:
            legal = ()
        self._legal = legal
        return legal

    def _table_info(self) -> tuple:
        cards = self.table
        if -1 in cards:
            cards = [card for card in cards if card >= 0]
        reserves = tuple(map(RESERVE_CARD.__getitem__, cards))
        decks = self.decks
        if decks[0] and decks[1] and decks[2]:
            reserves += _ALL_DECKS
        else:
            reserves += tuple(RESERVE_FROM_DECK[level + 1] for level in range(3) if decks[level])
        info = self._tinfo = (reserves, tuple(map(_BUY_INFO.__getitem__, cards)))
        return info

    def _eligible_nobles(self, p: int) -> list[int]:
        if len(self.bought[p]) < _MIN_NOBLE_CARDS or not self.nobles:
            return []
        key = (self.bonuses[p], self.nobles)
        eligible = _ELIGIBLE.get(key)
        if eligible is None:
            bonus = self.bonuses[p] + _GUARDS
            eligible = [n for n in self.nobles if (bonus - _NEED[n]) & _GUARDS == _GUARDS]
            if len(_ELIGIBLE) > 100_000:  # bound the memory a very long session can use
                _ELIGIBLE.clear()
            _ELIGIBLE[key] = eligible
        return list(eligible)

    def explain_illegal(self, action: Action) -> str:
        """Say why an action is not legal now."""
        if self.pending is None:
            return "the game is over"
        code = action.code
        if self.pending == RETURN_TOKENS:
            excess = packed.total(self.tokens[self.current]) - TOKEN_LIMIT
            if code != RETURN:
                return f"return {excess} token(s) first (more than {TOKEN_LIMIT} held)"
            if sum(action.gems) != excess:
                return f"return exactly {excess} token(s), not {sum(action.gems)}"
            return "you do not hold those tokens"
        if self.pending == CHOOSE_NOBLE:
            choices = ", ".join(NOBLE_ID[n] for n in self._eligible_nobles(self.current))
            return f"choose one of the nobles that visit: {choices}"
        if code in (RETURN, NOBLE):
            return f"no {action.kind} is asked for now"
        if code == PASS:
            return "passing is allowed only when no action is possible"
        if code == TAKE:
            return self._explain_take(action)
        if code == RESERVE_DECK:
            if len(self.reserved[self.current]) >= MAX_RESERVED:
                return f"you already hold {MAX_RESERVED} reserved cards"
            return f"the level {action.level} deck is empty"
        card = action.card
        where_table = card in self.table
        if code == RESERVE:
            if not where_table:
                return f"card {CARD_ID[card]} is not face up on the table"
            return f"you already hold {MAX_RESERVED} reserved cards"
        if not where_table and card not in self.reserved[self.current]:
            return f"card {CARD_ID[card]} is neither on the table nor reserved by you"
        return f"you cannot afford card {CARD_ID[card]}"

    def _explain_take(self, action: Action) -> str:
        bank = self.bank_tokens()
        colours = [i for i in range(5) if action.gems[i]]
        left = sum(1 for i in range(5) if bank[i])
        if len(colours) == 1 and action.gems[colours[0]] == 2:
            return f"taking 2 needs at least 4 in that pile (it has {bank[colours[0]]})"
        if any(bank[i] == 0 for i in colours):
            return "that colour is not in the bank"
        return f"take 3 different colours (fewer only when fewer are left; {left} left)"

    # --- applying ---------------------------------------------------------------------
    def apply(self, action: Action | str) -> State:
        """Return the state after an action (or its notation); raise IllegalActionError if illegal."""
        if type(action) is not Action:
            action = Action.parse(action)
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        if action not in legal:
            why = self.explain_illegal(action)
            raise IllegalActionError(f"{action.notation!r} is illegal: {why}")
        s = self._clone()
        p = self.current
        code = action.code
        card_in = -1
        if code == TAKE:
            s.bank = self.bank - action.packed
            s.tokens = tokens = self.tokens[:]
            tokens[p] += action.packed
            s.passes = 0
        elif code == BUY:
            card = action.card
            if card in self.table:
                card_in = s._take_from_table(card)
            else:
                s.reserved = reserved = self.reserved[:]
                reserved[p] = tuple(c for c in reserved[p] if c != card)
                if card in self.blind:
                    s.blind = self.blind - {card}
            paid = self._payment(p, card)
            s.bank = self.bank + paid
            s.tokens = tokens = self.tokens[:]
            tokens[p] -= paid
            s.bonuses = bonuses = self.bonuses[:]
            bonuses[p] += _BONUS[card]
            s.bought = bought = self.bought[:]
            bought[p] += (card,)
            if CARD_POINTS[card]:
                s.points = points = self.points[:]
                points[p] += CARD_POINTS[card]
            s.passes = 0
        elif code == RESERVE or code == RESERVE_DECK:
            if code == RESERVE:
                card = action.card
                card_in = s._take_from_table(card)
            else:
                level = action.level - 1
                deck = self.decks[level]
                card = deck[-1]
                s.decks = self.decks[:level] + (deck[:-1],) + self.decks[level + 1 :]
                s.blind = self.blind | {card}
                if len(deck) == 1:
                    s._tinfo = None
            s.reserved = reserved = self.reserved[:]
            reserved[p] += (card,)
            if self.bank >> _GOLD_SHIFT:
                s.bank = self.bank - _GOLD_UNIT
                s.tokens = tokens = self.tokens[:]
                tokens[p] += _GOLD_UNIT
            s.passes = 0
        elif code == RETURN:
            s.bank = self.bank + action.packed
            s.tokens = tokens = self.tokens[:]
            tokens[p] -= action.packed
        elif code == NOBLE:
            s.history = (self.history, action, p, -1)
            s._award(p, action.noble)
            s._end_turn(p)
            return s
        else:  # PASS
            s.passes = self.passes + 1
        s.history = (self.history, action, p, card_in)
        # End of turn: the ten-token limit, then nobles, then the end trigger.
        if s.tokens[p] % 63 > TOKEN_LIMIT:
            s.pending = RETURN_TOKENS
            return s
        if s.nobles and len(s.bought[p]) >= _MIN_NOBLE_CARDS:
            eligible = s._eligible_nobles(p)
            if eligible:
                if len(eligible) > 1 and self.config[2] == "choose":
                    s.pending = CHOOSE_NOBLE
                    return s
                s._award(p, eligible[0])
        s._end_turn(p)
        return s

    def reshuffled(self, salt: int) -> State:
        """This position with each deck shuffled anew (``salt`` seeds it); all else unchanged."""
        s = self._clone()
        rng = make_rng(f"reshuffle/{self.seed}/{salt}")
        s.decks = tuple(tuple(_shuffled(sorted(deck), rng)) for deck in self.decks)
        return s

    def _clone(self) -> State:
        s = _new_state(State)
        s.num_players = self.num_players
        s.config = self.config
        s.bank = self.bank
        s.tokens = self.tokens
        s.bonuses = self.bonuses
        s.points = self.points
        s.bought = self.bought
        s.reserved = self.reserved
        s.blind = self.blind
        s.owned_nobles = self.owned_nobles
        s.table = self.table
        s.decks = self.decks
        s.nobles = self.nobles
        s.current = self.current
        s.pending = self.pending
        s.turn = self.turn
        s.passes = self.passes
        s.final_round = self.final_round
        s.history = self.history
        s._legal = None
        s._tinfo = self._tinfo
        return s

    def __copy__(self) -> State:
        state = self._clone()
        state._legal = self._legal
        return state

    def _take_from_table(self, card: int) -> int:
        """Remove a face-up card, refill its slot from its deck; return the new card or -1."""
        table = list(self.table)
        slot = table.index(card)
        level = CARD_LEVEL[card] - 1
        deck = self.decks[level]
        if deck:
            table[slot] = card_in = deck[-1]
            self.decks = self.decks[:level] + (deck[:-1],) + self.decks[level + 1 :]
        else:
            table[slot] = card_in = -1
        self.table = tuple(table)
        self._tinfo = None
        return card_in

    def _payment(self, p: int, card: int) -> int:
        """Tokens paid for a card: coloured gems first, gold only for the shortfall."""
        bonus = self.bonuses[p]
        tokens = self.tokens[p]
        paid = short = 0
        for shift, cost in _COST_ITEMS[card]:
            need = cost - ((bonus >> shift) & 63)
            if need > 0:
                have = (tokens >> shift) & 63
                if need > have:
                    short += need - have
                    need = have
                paid += need << shift
        return paid + (short << _GOLD_SHIFT)

    def _award(self, p: int, noble: int) -> None:
        self.nobles = tuple(n for n in self.nobles if n != noble)
        self.owned_nobles = owned = self.owned_nobles[:]
        owned[p] += (noble,)
        self.points = points = self.points[:]
        points[p] += NOBLE_POINTS[noble]

    def _end_turn(self, p: int) -> None:
        """End of turn, step 3: the end trigger, then the next seat or the end of the game."""
        if self.points[p] >= self.config[1]:
            self.final_round = True
        self.turn += 1
        following = p + 1
        if following == self.num_players:
            following = 0
        if (self.final_round and following == self.config[3]) or self.passes >= self.num_players:
            self.current = None
            self.pending = None
        else:
            self.current = following
            self.pending = MAIN

    # --- comparison, views, saving --------------------------------------------------
    def _key(self) -> tuple:
        return (
            self.num_players,
            self.config,
            self.bank,
            tuple(self.tokens),
            tuple(self.bought),
            tuple(self.reserved),
            self.blind,
            tuple(self.owned_nobles),
            self.table,
            self.decks,
            self.nobles,
            self.current,
            self.pending,
            self.turn,
            self.passes,
            self.final_round,
            tuple(self.moves),
            self.last,
        )

    def __eq__(self, other) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key()[:-2])

    def __repr__(self) -> str:
        status = "over" if self.pending is None else f"seat {self.current} to {self.pending}"
        return f"<classic State turn {self.turn}, {status}, scores {self.points}>"

    def view(self, player: int):
        """What one seat may see: deck order and the others' blind reserves hidden."""
        from splendor.classic.view import View

        return View(self, player)

    def to_data(self) -> dict:
        """The full state as plain versioned data (what to_json writes)."""
        from splendor.classic.serial import state_to_data

        return state_to_data(self)

    def to_json(self) -> str:
        """The full state as versioned JSON text; from_json(text) loads it back."""
        from splendor.classic.serial import state_to_json

        return state_to_json(self)


_new_state = object.__new__


def _last_move_data(last, blind) -> dict | None:
    """Plain data for a (seat, action, card in) triple."""
    if last is None:
        return None
    seat, action, card_in = last
    return {
        "player": seat,
        "action": action.notation,
        "card": CARD_ID[action.card] if action.card >= 0 else None,
        "card_in": CARD_ID[card_in] if card_in >= 0 else None,
    }


def _shuffled(items, rng) -> list[int]:
    """A uniformly shuffled copy: sorting on random keys is several times faster than shuffle."""
    keys = [rng.random() for _ in items]
    return [item for _, item in sorted(zip(keys, items))]


def check_options(players, target, nobles, first_player) -> None:
    """Raise ValueError with a clear message for any bad game option."""
    if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 3, 4):
        raise ValueError(f"players must be 2, 3 or 4 (got {players!r})")
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 100:
        raise ValueError(f"target must be a whole number of points from 1 to 100 (got {target!r})")
    if nobles not in NOBLE_MODES:
        raise ValueError(f"nobles must be 'choose' or 'first' (got {nobles!r})")
    if first_player is not None and (
        not isinstance(first_player, int)
        or isinstance(first_player, bool)
        or not 0 <= first_player < players
    ):
        raise ValueError(
            f"first_player must be a seat from 0 to {players - 1} (got {first_player!r})"
        )


def new_game(players: int = 2, seed: int | None = None, **options) -> State:
    """Set up a game: shuffled decks, 4 cards per level, players+1 nobles, a full bank.

    Options: ``target`` (points that end the game, default 15), ``nobles`` ("choose", the
    official rule, or "first": the first eligible noble in the row visits), ``first_player``
    (a seat; drawn from the seed when not given). Bad options raise ValueError.
    """
    unknown = sorted(set(options) - {"target", "nobles", "first_player"})
    if unknown:
        raise ValueError(
            f"unknown option(s) {', '.join(unknown)}; known: target, nobles, first_player"
        )
    target = options.get("target", 15)
    nobles = options.get("nobles", "choose")
    first_player = options.get("first_player")
    check_options(players, target, nobles, first_player)
    if seed is None:
        seed = new_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer (got {seed!r})")
    rng = make_rng(seed)
    decks = [_shuffled(level_cards, rng) for level_cards in LEVEL_CARDS]
    noble_row = _shuffled(range(len(NOBLE_ID)), rng)
    drawn_first = rng.randrange(players)
    options = {"players": players, "target": target, "nobles": nobles}
    if first_player is None:
        first_player = drawn_first
    else:
        options["first_player"] = first_player
    table = []
    for deck in decks:
        for _ in range(SLOTS_PER_LEVEL):
            table.append(deck.pop())
    s = _new_state(State)
    s.num_players = players
    s.config = (seed, target, nobles, first_player, tuple(options.items()))
    gems = GEMS_PER_COLOUR[players]
    s.bank = packed.pack((gems,) * 5 + (GOLD_TOKENS,))
    s.tokens = [0] * players
    s.bonuses = [0] * players
    s.points = [0] * players
    s.bought = [()] * players
    s.reserved = [()] * players
    s.blind = frozenset()
    s.owned_nobles = [()] * players
    s.table = tuple(table)
    s.decks = tuple(tuple(deck) for deck in decks)
    s.nobles = tuple(noble_row[: players + 1])
    s.current = first_player
    s.pending = MAIN
    s.turn = 0
    s.passes = 0
    s.final_round = False
    s.history = None
    s._legal = None
    s._tinfo = None
    return s
