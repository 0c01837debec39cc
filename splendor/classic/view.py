"""What one seat may see of a classic game: deck order and the others' blind reserves hidden.

A View is a redacted copy of the state (it holds no reference to the real one): every deck
card is replaced by -1 and another player's blind reserve by -level, so nothing secret can be
read from it, even by code that pokes at its fields.
"""

from __future__ import annotations

import random

from splendor.classic import packed
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
from splendor.classic.state import NAME, State, _last_move_data
from splendor.common import COLOURS, GEM_LETTERS, GOLD

TOKEN_KEYS = GEM_LETTERS + GOLD


class View(State):
    """A player's view: the State's read access and legal actions, without hidden cards."""

    __slots__ = ("player",)

    def __init__(self, state: State, player: int):
        if not isinstance(player, int) or not 0 <= player < state.num_players:
            raise ValueError(f"no seat {player!r} in a {state.num_players}-player game")
        for name in State.__slots__:
            setattr(self, name, getattr(state, name))
        # Own copies of the per-player lists, so that no bot can reach into the real state.
        self.tokens = list(state.tokens)
        self.bonuses = list(state.bonuses)
        self.points = list(state.points)
        self.bought = list(state.bought)
        self.owned_nobles = list(state.owned_nobles)
        self.player = player
        self.config = (None,) + state.config[1:]  # the seed would reveal the deck order
        self.decks = tuple((-1,) * len(deck) for deck in state.decks)
        reserved = list(state.reserved)
        for seat in range(state.num_players):
            if seat != player:
                reserved[seat] = tuple(
                    -CARD_LEVEL[c] if c in state.blind else c for c in reserved[seat]
                )
        self.reserved = reserved
        self.blind = frozenset(c for c in state.blind if c in state.reserved[player])
        if state.current != player:
            self._legal = ()

    def legal_actions(self):
        """The viewer's legal actions when it is their decision, else an empty list."""
        return super().legal_actions()

    def apply(self, action):
        """Views cannot be played on; use determinize(rng) for a playable state."""
        raise TypeError("a View cannot apply actions; call determinize(rng) first")

    @property
    def record(self):
        """Views carry no record (its seed would reveal the deck order)."""
        raise TypeError("a View has no record; ask the state")

    def view(self, player: int):
        """Views of views are not offered."""
        raise TypeError("already a view")

    def to_json(self) -> str:
        """A view is not saved; save the state instead."""
        raise TypeError("a View cannot be saved")

    def __eq__(self, other) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self.player == other.player and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.player, self._key()[:-2]))

    def unseen_cards(self, level: int) -> list[int]:
        """Cards of a level this viewer cannot see (in a deck or another's blind reserve)."""
        seen = set(self.table)
        for seat in range(self.num_players):
            seen.update(self.bought[seat])
            seen.update(self.reserved[seat])
        return [c for c in LEVEL_CARDS[level - 1] if c not in seen]

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view, unseen cards redrawn at random."""
        s = self._clone()
        pools = []
        for level in (1, 2, 3):
            pool = self.unseen_cards(level)
            rng.shuffle(pool)
            pools.append(pool)
        reserved = list(self.reserved)
        blind = set(self.blind)
        for seat in range(self.num_players):
            if any(c < 0 for c in reserved[seat]):
                cards = []
                for c in reserved[seat]:
                    if c < 0:
                        c = pools[-c - 1].pop()
                        blind.add(c)
                    cards.append(c)
                reserved[seat] = tuple(cards)
        s.reserved = reserved
        s.blind = frozenset(blind)
        s.decks = tuple(tuple(pool) for pool in pools)
        s._legal = None
        s._tinfo = None
        return s

    def to_data(self) -> dict:
        """Plain JSON-able data for the UI: everything this viewer may see."""
        players = []
        for seat in range(self.num_players):
            players.append(
                {
                    "seat": seat,
                    "tokens": _tokens(self.tokens[seat]),
                    "token_count": packed.total(self.tokens[seat]),
                    "bonuses": _gems(packed.unpack(self.bonuses[seat], 5)),
                    "points": self.points[seat],
                    "cards": len(self.bought[seat]),
                    "purchased": [CARD_ID[c] for c in self.bought[seat]],
                    "nobles": [_noble(n) for n in self.owned_nobles[seat]],
                    "reserved": [
                        {"level": -c, "hidden": True} if c < 0 else _card(c, c in self.blind)
                        for c in self.reserved[seat]
                    ],
                }
            )
        over = self.is_over
        return {
            "game": NAME,
            "viewer": self.player,
            "num_players": self.num_players,
            "target": self.target,
            "nobles_rule": self.noble_mode,
            "first_player": self.first_player,
            "turn": self.turn,
            "current_player": self.current,
            "pending": self.pending,
            "is_over": over,
            "final_round": self.final_round,
            "bank": _tokens(self.bank),
            "table": [
                [_card(c) if c >= 0 else None for c in self.table[row * 4 : row * 4 + 4]]
                for row in range(3)
            ],
            "decks": [len(deck) for deck in self.decks],
            "nobles": [_noble(n) for n in self.nobles],
            "players": players,
            "legal": [action.notation for action in self.legal_actions()],
            "last_move": _last_move_data(self.last, self.blind),
            "scores": self.scores(),
            "ranking": self.ranking() if over else None,
        }


def _gems(counts) -> dict:
    return {letter: count for letter, count in zip(GEM_LETTERS, counts)}


def _tokens(value: int) -> dict:
    return {letter: count for letter, count in zip(TOKEN_KEYS, packed.unpack(value))}


def _card(c: int, blind: bool = False) -> dict:
    data = {
        "id": CARD_ID[c],
        "level": CARD_LEVEL[c],
        "colour": COLOURS[CARD_COLOUR[c]],
        "bonus": GEM_LETTERS[CARD_COLOUR[c]],
        "points": CARD_POINTS[c],
        "cost": {k: n for k, n in zip(GEM_LETTERS, CARD_COST[c]) if n},
    }
    if blind:
        data["blind"] = True
    return data


def _noble(n: int) -> dict:
    return {
        "id": NOBLE_ID[n],
        "points": NOBLE_POINTS[n],
        "needs": {k: v for k, v in zip(GEM_LETTERS, NOBLE_NEED[n]) if v},
    }
