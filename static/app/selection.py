"""What the page adds to a view (the `Ui` record), and token selections built from legal moves.

Pure Python, shared by every game's renderer: a selection is only ever extended in a way that
some legal notation still allows, so the page can offer nothing but legal moves.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from app.catalog import t
from app.markup import gem_list


@dataclass
class Ui:
    """What the page adds to the view: language, seats, the selection being built, the log."""

    lang: str = "en"
    names: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)  # bot level per seat, "" for a human
    picks: str = ""  # the selection being built (token letters, or Duel board cells)
    selected: str = ""  # a card id, "deck1".."deck3", or a mode such as Duel's "privilege"
    entries: list[Any] = field(default_factory=list)  # controller Entry objects
    scores: list[list[int]] = field(default_factory=list)
    handoff: int | None = None
    thinking: bool = False
    can_undo: bool = False  # the viewer may take back their last decision (local games)
    spectator: bool = False  # a replay: nobody at this screen plays ("your turn" never shows)
    full: bool = False  # the game holds the most moves a save can (Session.full): it stops


def _multiset(notation: str, prefix: str) -> Counter | None:
    if not notation.startswith(prefix):
        return None
    return Counter(notation[len(prefix) :])


def pickable(legal: list[str], prefix: str, picks: str) -> set[str]:
    """Token letters that some legal `prefix` action (take/return/discard) still allows adding."""
    have = Counter(picks)
    out = set()
    for notation in legal:
        want = _multiset(notation, prefix)
        if want is None or have - want:
            continue
        out.update(letter for letter in want if want[letter] > have[letter])
    return out


def completed(legal: list[str], prefix: str, picks: str) -> str | None:
    """The legal notation (take/return/discard) whose letters are exactly `picks`, if any."""
    if not picks:
        return None
    have = Counter(picks)
    for notation in legal:
        if _multiset(notation, prefix) == have:
            return notation
    return None


def toggle_letter(legal: list[str], prefix: str, picks: str, letter: str, order: str) -> str:
    """Add a letter when a legal `prefix` action allows it, else take one back out."""
    if letter in pickable(legal, prefix, picks):
        return "".join(sorted(picks + letter, key=order.index))
    return picks.replace(letter, "", 1) if letter in picks else picks


def decides_here(ui: Ui, seat: int | None, viewer: int) -> bool:
    """True when ``seat`` is the viewer's and a person at this screen decides for it now
    (not a bot's seat, not a replay)."""
    if seat is None or seat != viewer or ui.spectator:
        return False
    return not (seat < len(ui.bots) and ui.bots[seat])


def seat_name(ui: Ui, seat: int) -> str:
    """A seat's name (escaped later)."""
    return ui.names[seat] if seat < len(ui.names) else t(ui.lang, "setup.default_name", n=seat + 1)


def nonzero(counts: dict) -> dict:
    """The entries of counts that are not zero."""
    return {k: n for k, n in counts.items() if n}


def shortfall(cost: dict, bonuses: dict, tokens: dict, undiscounted: str = "") -> dict:
    """Gems a card still needs beyond bonuses and matching tokens, per colour (gold not counted)."""
    needs = _needs(cost, bonuses, undiscounted)
    return {k: n - tokens.get(k, 0) for k, n in needs.items() if n > tokens.get(k, 0)}


def _needs(cost: dict, bonuses: dict, undiscounted: str) -> dict:
    """Gems a card costs after bonuses (never on `undiscounted` letters, Duel's pearls)."""
    return {k: max(0, n - (0 if k in undiscounted else bonuses.get(k, 0))) for k, n in cost.items()}


def why_not_buy(lang: str, cost: dict, player: dict, undiscounted: str = "") -> str:
    """Why a selected card cannot be bought: the gems lacking, or (other rules) just that."""
    missing = shortfall(cost, player["bonuses"], player["tokens"], undiscounted)
    gold = player["tokens"].get("y", 0)
    if sum(missing.values()) <= gold:
        return t(lang, "table.hint_no_buy")
    key = "table.hint_short_gold" if gold else "table.hint_short"
    return t(lang, key, gems=gem_list(lang, missing), n=gold)


def payment(cost: dict, bonuses: dict, tokens: dict, undiscounted: str = "") -> dict:
    """Tokens paid for a card: what bonuses leave (never on `undiscounted` letters, Duel's
    pearls) in matching tokens first, gold for the shortfall (RULES §1, §2)."""
    paid: dict[str, int] = {}
    gold = 0
    for letter, need in _needs(cost, bonuses, undiscounted).items():
        own = min(need, tokens.get(letter, 0))
        if own:
            paid[letter] = own
        gold += need - own
    if gold:
        paid["y"] = gold
    return paid
