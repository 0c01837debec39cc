"""Splendor Duel rules engine (RULES.md §2), with the same API as `splendor.classic`.

    >>> from splendor import duel
    >>> state = duel.new_game(seed=1, first_player=0)
    >>> state.current_player, state.pending, state.privileges
    (0, 'main', (0, 1))
    >>> state = state.apply(state.legal_actions()[-1])
    >>> duel.replay(state.record) == state
    True

See `splendor.duel.state` for the rule decisions where RULES.md is silent.
"""

from __future__ import annotations

from splendor import common
from splendor.common import IllegalActionError, LoadError, Record, VersionError
from splendor.duel.actions import Action
from splendor.duel.board import CELLS, SPIRAL
from splendor.duel.cards import CARDS, ROYALS
from splendor.duel.saving import state_from_json as from_json
from splendor.duel.state import NAME, State, clear_caches, new_game
from splendor.duel.view import View


def replay(record: Record | str) -> State:
    """Rebuild the state a record describes (raises LoadError / IllegalActionError)."""
    return common.replay(record)


__all__ = [
    "CARDS",
    "CELLS",
    "NAME",
    "ROYALS",
    "SPIRAL",
    "Action",
    "IllegalActionError",
    "LoadError",
    "Record",
    "State",
    "VersionError",
    "View",
    "clear_caches",
    "from_json",
    "new_game",
    "replay",
]
