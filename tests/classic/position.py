"""Build classic positions for tests from a few readable facts; the rest is filled in.

Tokens are letter strings ("wwby"); cards and nobles are ids. The bank defaults to whatever
keeps the tokens conserved; unplaced cards fill the table rows (lowest ids first) and then
the decks (lowest id on top). A level whose deck is given exactly in ``decks`` (top last)
keeps its row as given and sends its unplaced cards to the purchases of ``spare_seat``
(default the last seat), since every card must be somewhere. The result goes through the engine's own
loader, so it is a valid position.
"""

from __future__ import annotations

from splendor.classic.cards import CARD_ID, CARD_LEVEL, NOBLE_ID
from splendor.classic.serial import STATE_FORMAT, STATE_VERSION, from_data
from splendor.common import GEM_LETTERS

KEYS = GEM_LETTERS + "y"
GEMS = {2: 4, 3: 5, 4: 7}


def counts(letters: str) -> dict:
    """Letter string to token counts, e.g. "wwy" -> {"w": 2, ..., "y": 1}."""
    return {k: letters.count(k) for k in KEYS}


def position(
    players=2,
    *,
    current=0,
    first_player=0,
    pending="main",
    tokens=None,
    bank=None,
    table=None,
    decks=None,
    purchased=None,
    reserved=None,
    blind=None,
    nobles=None,
    owned_nobles=None,
    target=15,
    nobles_rule="choose",
    turn=0,
    passes=0,
    final_round=False,
    spare_seat=-1,
    seed=0,
):
    """Return a State built from the given facts (see the module docstring)."""
    tokens = tokens or [""] * players
    purchased = [list(cards) for cards in purchased or [[] for _ in range(players)]]
    reserved = reserved or [[] for _ in range(players)]
    blind = blind or [[] for _ in range(players)]
    owned_nobles = owned_nobles or [[] for _ in range(players)]
    decks = decks or {}
    rows = {level: [] for level in (1, 2, 3)}
    for card in table or []:
        rows[CARD_LEVEL_OF[card]].append(card)
    used = {c for cards in purchased + reserved for c in cards}
    used |= {c for row in rows.values() for c in row}
    used |= {c for deck in decks.values() for c in deck}
    deck_lists = []
    for level in (1, 2, 3):
        free = [c for c in CARD_ID if CARD_LEVEL_OF[c] == level and c not in used]
        if level not in decks:
            while len(rows[level]) < 4 and free:
                rows[level].append(free.pop(0))
        rows[level] += [None] * (4 - len(rows[level]))
        if level in decks:
            deck_lists.append(list(decks[level]))
            purchased[spare_seat] += free  # every card must be somewhere
        else:
            deck_lists.append(free[::-1])  # lowest id on top
    if nobles is None:
        taken = {n for owned in owned_nobles for n in owned}
        nobles = [n for n in NOBLE_ID if n not in taken][: players + 1 - len(taken)]
    player_counts = [counts(t) for t in tokens]
    if bank is None:
        total = {k: (5 if k == "y" else GEMS[players]) for k in KEYS}
        bank_counts = {k: total[k] - sum(p[k] for p in player_counts) for k in KEYS}
    else:
        bank_counts = counts(bank)
    options = {"players": players, "target": target, "nobles": nobles_rule}
    data = {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "seed": seed,
        "options": options,
        "first_player": first_player,
        "moves": [],
        "turn": turn,
        "current_player": current if pending else None,
        "pending": pending,
        "passes": passes,
        "final_round": final_round,
        "bank": bank_counts,
        "table": [rows[level] for level in (1, 2, 3)],
        "decks": deck_lists,
        "nobles": list(nobles),
        "players": [
            {
                "tokens": player_counts[p],
                "purchased": list(purchased[p]),
                "reserved": list(reserved[p]),
                "blind": list(blind[p]),
                "nobles": list(owned_nobles[p]),
            }
            for p in range(players)
        ],
        "last_move": None,
    }
    return from_data(data)


CARD_LEVEL_OF = {card_id: CARD_LEVEL[i] for i, card_id in enumerate(CARD_ID)}
