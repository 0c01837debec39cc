"""Positions for bot tests: random-play positions, and pairs differing only in hidden cards."""

from __future__ import annotations

import copy

from splendor.classic.cards import CARD_LEVEL
from splendor.common import game_module, make_rng
from splendor.duel.actions import RESERVE
from splendor.duel.cards import CARDS


def random_positions(game: str, count: int, seed: int = 0, players: int = 2) -> list:
    """Undecided positions met in seeded random games (a few per game, spread out)."""
    module = game_module(game)
    rng = make_rng(seed)
    found = []
    index = 0
    while len(found) < count:
        state = module.new_game(players, seed=seed * 1000 + index)
        index += 1
        while not state.is_over and len(found) < count:
            if rng.random() < 0.08:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def _blind_reserve(state, rng):
    """Apply the current player's first blind reserve if one is legal (else a random move)."""
    legal = state.legal_actions()
    for action in legal:
        if getattr(action, "level", 0) or (
            getattr(action, "kind", None) == RESERVE and action.args[1] < 0
        ):
            return state.apply(action)
    return state.apply(rng.choice(legal))


def classic_twins(seed: int, players: int = 2):
    """Two classic states with the same public position, differing in deck order and in a
    rival's blind reserve; returns (a, b, seat to decide)."""
    module = game_module("classic")
    rng = make_rng(seed)
    state = module.new_game(players, seed=seed)
    for _ in range(players):  # everyone reserves blind first, then random play
        state = _blind_reserve(state, rng)
        while state.pending != "main":
            state = state.apply(rng.choice(state.legal_actions()))
    for _ in range(rng.randrange(4, 12)):
        state = state.apply(rng.choice(state.legal_actions()))
    me = state.current_player
    rival = next(s for s in range(players) if s != me and set(state.reserved[s]) & state.blind)
    hidden = next(c for c in state.reserved[rival] if c in state.blind)
    level = CARD_LEVEL[hidden] - 1
    other = state.decks[level][0]
    twin = copy.copy(state)
    twin._legal = None
    deck = [hidden if c == other else c for c in state.decks[level]]
    decks = [list(d) for d in state.decks]
    decks[level] = deck
    for d in decks:
        rng.shuffle(d)
    twin.decks = tuple(tuple(d) for d in decks)
    reserved = list(state.reserved)
    reserved[rival] = tuple(other if c == hidden else c for c in reserved[rival])
    twin.reserved = reserved
    twin.blind = (state.blind - {hidden}) | {other}
    return state, twin, me


def duel_twins(seed: int):
    """Two Duel states with the same public position, differing in deck order and in the
    opponent's blind reserve; returns (a, b, seat to decide)."""
    module = game_module("duel")
    rng = make_rng(seed)
    state = module.new_game(seed=seed)
    reserved_by = None
    while reserved_by is None or state.current_player == reserved_by or state.pending != "main":
        if reserved_by is None and state.pending == "main":
            before = state.current_player
            state = _blind_reserve(state, rng)
            if state.blind[before]:
                reserved_by = before
            continue
        state = state.apply(rng.choice(state.legal_actions()))
    me = state.current_player
    rival = 1 - me
    hidden = state.blind[rival][0]
    level = CARDS[hidden].level - 1
    other = state.decks[level][0]
    twin = state._copy()
    twin.moves, twin.last, twin.refill = state.moves, state.last, state.refill
    decks = [list(d) for d in state.decks]
    decks[level] = [hidden if c == other else c for c in decks[level]]
    for d in decks:
        rng.shuffle(d)
    twin.decks = tuple(tuple(d) for d in decks)
    reserved = list(state.reserved)
    reserved[rival] = tuple(other if c == hidden else c for c in reserved[rival])
    twin.reserved = tuple(reserved)
    blind = list(state.blind)
    blind[rival] = tuple(other if c == hidden else c for c in blind[rival])
    twin.blind = tuple(blind)
    return state, twin, me
