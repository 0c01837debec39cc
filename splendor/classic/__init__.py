"""Classic Splendor for 2 to 4 players, as RULES.md §1 states it; pure Python, no I/O.

API (shared with ``splendor.duel``): ``new_game(players=2, seed=None, target=15,
nobles="choose", first_player=None)``, ``from_json(text)``, ``replay(record)``, ``Action``
(``Action.parse(text)``, ``.notation``), and the State / View methods described in
docs/engine.md.

Rule decisions where RULES.md is silent (also listed in docs/engine.md):

- Taking gems: with 3 or more colours in the bank you take exactly 3 different; with fewer,
  exactly one of each colour left (never fewer than that). Taking 2 of one colour needs a pile
  of 4 or more before taking. Any take may push you above ten; you then return the excess.
- A turn's sub-decisions are separate actions by the same player: ``return ...`` (exactly the
  excess above ten, as one multiset, gold allowed) and ``noble nX`` (only when several nobles
  qualify and the noble rule is "choose"; a single qualifying noble visits automatically).
- Nobles are checked at the end of every turn (passes included), after the token return.
- Buying pays coloured gems first and gold only for the shortfall (no voluntary gold use).
- Reserving when the bank has no gold is allowed (no gold is taken). A blind reserve takes
  the top card of a non-empty deck.
- Passing is legal only when no other action is; a turn that passes still ends normally.
  When every player in turn has passed (``players`` consecutive passes) the game ends.
- End: once the player who just finished their turn has at least ``target`` points the round
  is completed; the game ends after the turn of the player seated before the starting player.
- Ranking: most points; ties broken by fewer purchased cards; a remaining tie is shared.
  ``returns()`` gives 1 to a sole winner and 1/k to each of k tied winners.
- Setup randomness (seeded): the three decks are shuffled (levels 1, 2, 3), then the nobles,
  then the starting seat is drawn (the draw happens even when ``first_player`` is given, so a
  seed always deals the same cards).
"""

from __future__ import annotations

from splendor.classic.actions import Action
from splendor.classic.serial import from_json
from splendor.classic.state import NAME, State, clear_caches, new_game
from splendor.classic.view import View
from splendor.common import Record
from splendor.common import replay as _replay

__all__ = ["NAME", "Action", "State", "View", "clear_caches", "from_json", "new_game", "replay"]


def replay(record: Record | str) -> State:
    """Rebuild the state a record (or its JSON) describes."""
    return _replay(record)
