"""What one player may see of a Duel state: no deck order, no opponent's blind reserve, no seed."""

from __future__ import annotations

import random

from splendor.common import GEM_LETTERS
from splendor.duel.actions import TOKEN_LETTERS, Action
from splendor.duel.board import CELLS
from splendor.duel.cards import CARDS, ROYALS
from splendor.duel.state import State


class View:
    """One seat's view of a state; bots and the UI get this, never the State itself."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int):
        self._state = state
        self.player = player

    num_players = 2

    @property
    def current_player(self) -> int | None:
        """Seat that must decide now; None once the game is over."""
        return self._state.current_player

    @property
    def is_over(self) -> bool:
        """True once a player has won."""
        return self._state.is_over

    @property
    def turn(self) -> int:
        """Number of completed turns."""
        return self._state.turn

    @property
    def pending(self) -> str:
        """The decision asked now ("main", "joker", "token", "steal", "royal", "discard")."""
        return self._state.pending

    @property
    def winner(self) -> int | None:
        """The winning seat, or None."""
        return self._state.winner

    @property
    def last_move(self) -> Action | None:
        """The last action applied (public: blind reserves name only the deck)."""
        return self._state.last

    def scores(self) -> list[int]:
        """Prestige points per seat."""
        return self._state.scores()

    def ranking(self) -> list[list[int]]:
        """Seats grouped by rank, best first."""
        return self._state.ranking()

    def returns(self) -> list[float]:
        """Returns per seat, as State.returns."""
        return self._state.returns()

    def legal_actions(self) -> list[Action]:
        """The viewer's legal actions when it is their decision, else an empty list."""
        state = self._state
        return state.legal_actions() if state.current_player == self.player else []

    # Public parts of the position, for bots (same shapes as on State).
    board = property(lambda self: self._state.board, doc="25 token codes (7 = empty)")
    bag = property(lambda self: self._state.bag, doc="token counts in the bag (public)")
    tokens = property(lambda self: self._state.tokens, doc="token counts per seat")
    privileges = property(lambda self: self._state.privileges, doc="privileges per seat")
    pyramid = property(lambda self: self._state.pyramid, doc="face-up cards per level (-1 empty)")
    bought = property(lambda self: self._state.bought, doc="cards bought per seat")
    bonus = property(lambda self: self._state.bonus, doc="bonuses per seat and colour")
    colour_points = property(lambda self: self._state.colour_points, doc="points per colour")
    points = property(lambda self: self._state.points, doc="points per seat")
    crowns = property(lambda self: self._state.crowns, doc="crowns per seat")
    royals = property(lambda self: self._state.royals, doc="royal cards per seat")
    royal_supply = property(lambda self: self._state.royal_supply, doc="royal cards left")
    pcard = property(lambda self: self._state.pcard, doc="the card a pending decision is about")

    def deck_sizes(self) -> list[int]:
        """Cards left in each level's deck."""
        return [len(deck) for deck in self._state.decks]

    def reserved(self, seat: int) -> list[int | None]:
        """A seat's reserved cards; the opponent's blind ones are None."""
        state = self._state
        if seat == self.player:
            return list(state.reserved[seat])
        return [None if c in state.blind[seat] else c for c in state.reserved[seat]]

    def reserved_levels(self, seat: int) -> list[int]:
        """The level of each of a seat's reserved cards (always public)."""
        return [CARDS[c].level for c in self._state.reserved[seat]]

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view: unseen cards redrawn, a fresh bag seed."""
        state = self._state
        opponent = 1 - self.player
        hidden = state.blind[opponent]
        new = state._copy()
        new.history, new.last, new.refill = state.history, state.last, state.refill
        new.seed = rng.randrange(2**31)
        pools = [list(deck) for deck in state.decks]
        for c in hidden:
            pools[CARDS[c].level - 1].append(c)
        for pool in pools:
            pool.sort()  # the hidden order must not leak into the sample
            rng.shuffle(pool)
        replaced = {}
        for c in hidden:
            replaced[c] = pools[CARDS[c].level - 1].pop()
        new.decks = tuple(tuple(pool) for pool in pools)
        reserved = list(state.reserved)
        reserved[opponent] = tuple(replaced.get(c, c) for c in reserved[opponent])
        blind = list(state.blind)
        blind[opponent] = tuple(replaced[c] for c in hidden)
        new.reserved, new.blind = tuple(reserved), tuple(blind)
        return new

    def to_data(self) -> dict:
        """Plain JSON-able data the UI renders; contains nothing this seat may not see."""
        state = self._state
        players = []
        for seat in range(2):
            players.append(
                {
                    "tokens": {TOKEN_LETTERS[k]: n for k, n in enumerate(state.tokens[seat]) if n},
                    "token_count": sum(state.tokens[seat]),
                    "privileges": state.privileges[seat],
                    "cards": [CARDS[c].id for c in state.bought[seat]],
                    "jokers": {CARDS[c].id: GEM_LETTERS[k] for c, k in state.jokers[seat]},
                    "bonuses": dict(zip(GEM_LETTERS, state.bonus[seat])),
                    "colour_points": dict(zip(GEM_LETTERS, state.colour_points[seat])),
                    "points": state.points[seat],
                    "crowns": state.crowns[seat],
                    "royals": [ROYALS[r].id for r in state.royals[seat]],
                    "reserved": [
                        CARDS[c].id if c is not None else {"level": level}
                        for c, level in zip(self.reserved(seat), self.reserved_levels(seat))
                    ],
                }
            )
        last = state.last
        return {
            "game": "duel",
            "player": self.player,
            "turn": state.turn,
            "current_player": state.current_player,
            "pending": state.pending,
            "pending_card": CARDS[state.pcard].id if state.pcard >= 0 else None,
            "is_over": state.is_over,
            "winner": state.winner,
            "board": [
                {"cell": CELLS[i], "token": None if code == 7 else TOKEN_LETTERS[code]}
                for i, code in enumerate(state.board)
            ],
            "bag": sum(state.bag),
            "pyramid": [[CARDS[c].id if c >= 0 else None for c in row] for row in state.pyramid],
            "decks": self.deck_sizes(),
            "royals": [ROYALS[r].id for r in state.royal_supply],
            "privilege_supply": state.privilege_supply(),
            "players": players,
            "last_move": None
            if last is None
            else {
                "action": last.notation,
                "refill": CARDS[state.refill].id if state.refill is not None else None,
            },
            "legal": [a.notation for a in self.legal_actions()],
        }
