"""Splendor Duel on screen: a view's `to_data()` rendered into HTML strings, and moves in words.

Pure functions (no browser imports), tested in CPython, with the same interface as
`classic_view` (`Ui`, `render`, `describe`, `log_lines`, `toggle_pick`, `options`). Buttons
carry `data-action` only for notations in `data["legal"]`. The selection being built lives in
`ui.picks`: board cells for a take (`"c3 d3"`), one gold cell for a reserve, or token letters
in the discard dialog; `ui.selected` holds a card id, `deckN`, or a mode (`privilege`,
`replenish`). A cell is offered only when some legal `take` holds the selection plus that cell.
"""

from __future__ import annotations

from typing import Any

from app.catalog import listing, number, t
from app.markup import (
    choosable,
    end_panel,
    esc,
    gem,
    gem_icons,
    gem_list,
    handoff_html,
    icon,
    is_near,
    log_html,
    no_moves_html,
    pip,
    rank_html,
    return_actions,
    score_chart,
    score_figure,
    scores_html,
    sentences_html,
    sentences_text,
    undo_button,
)
from app.selection import (
    Ui,
    completed,
    decides_here,
    nonzero,
    payment,
    pickable,
    seat_name,
    toggle_letter,
    why_not_buy,
)
from splendor.duel.actions import KIND_WORDS, TOKEN_LETTERS, Action
from splendor.duel.board import CELL_INDEX, SPIRAL
from splendor.duel.cards import CARD_INDEX, CARDS, ROYAL_INDEX, ROYALS
from splendor.records import MAX_MOVES

NAME = "duel"
TOKENS = TOKEN_LETTERS  # w b g r k p y
GEMS = "wbgrk"
ROMAN = {1: "I", 2: "II", 3: "III"}
GOALS = {"points": 20, "crowns": 10, "colour": 10}
ORDER = {index: n + 1 for n, index in enumerate(SPIRAL)}  # spiral position of each cell
# regions named for screen readers (catalog keys)
REGION_LABELS = {"nobles": "duel.royal_cards", "market": "duel.pyramid", "bank": "duel.board"}

__all__ = ["Ui", "describe", "log_lines", "options", "render", "toggle_pick"]


def options(choice: dict) -> dict:
    """The engine options asked for by the setup form's choice (the Duel has none)."""
    return {}


# --- selections -------------------------------------------------------------------------
def _cells(notation: str) -> frozenset[str]:
    return frozenset(notation.split()[1:])


def selectable(legal: list[str], picks: str) -> set[str]:
    """Cells that extend the selection `picks` towards some legal take."""
    have = set(picks.split())
    out: set[str] = set()
    for notation in legal:
        if notation.startswith("take "):
            cells = _cells(notation)
            if have <= cells:
                out |= cells - have
    return out


def completed_take(legal: list[str], picks: str) -> str | None:
    """The legal take whose cells are exactly `picks`, if any."""
    have = frozenset(picks.split())
    if not have:
        return None
    return next((n for n in legal if n.startswith("take ") and _cells(n) == have), None)


def gold_cells(legal: list[str]) -> set[str]:
    """Gold cells from which a reserve is legal."""
    return {n.split()[1] for n in legal if n.startswith("reserve ")}


def reserve_targets(legal: list[str], gold: str) -> set[str]:
    """Card ids and deckN that may be reserved with the gold at `gold`."""
    return {n.split()[2] for n in legal if n.startswith(f"reserve {gold} ")}


def toggle_pick(legal: list[str], pending: str, picks: str, value: str) -> str:
    """The selection after clicking a board cell (or a token in the discard dialog)."""
    if pending == "discard":
        return toggle_letter(legal, "discard ", picks, value, TOKENS)
    cells = picks.split()
    if value in cells:
        cells.remove(value)
        return " ".join(cells)
    golds = gold_cells(legal)
    on_gold = len(cells) == 1 and cells[0] in golds
    if value in golds:
        # a gold starts a reserve and stands alone; it never joins tokens being taken
        return value if not cells or on_gold else picks
    if on_gold:
        cells = []
    if value in selectable(legal, " ".join(cells)):
        return " ".join(sorted(cells + [value], key=CELL_INDEX.__getitem__))
    return picks


# --- moves in words ---------------------------------------------------------------------
def victories(points: int, crowns: int, colour_points: dict[str, int]) -> list[str]:
    """The victory conditions met: "points", "crowns", "colour"."""
    met = []
    if points >= 20:
        met.append("points")
    if crowns >= 10:
        met.append("crowns")
    if max(colour_points.values(), default=0) >= 10:
        met.append("colour")
    return met


def describe(before, after, seat: int, notation: str) -> dict:
    """Public facts about a move, for the log and the last-move highlight (no hidden card)."""
    action = Action.parse(notation)
    kind = KIND_WORDS[action.kind]
    words = notation.split()
    info: dict[str, Any] = {"kind": kind}
    if kind in ("take", "privilege", "token"):
        info["cells"] = words[1:]
        info["gems"] = "".join(TOKENS[before.board[CELL_INDEX[c]]] for c in words[1:])
    elif kind == "reserve":
        info["cells"] = [words[1]]
        if words[2].startswith("deck"):
            info["level"] = int(words[2][4:])
        else:
            info["card"] = words[2]
    elif kind == "buy":
        info["card"] = words[1]
        info["from_reserve"] = CARD_INDEX[words[1]] in before.reserved[seat]
    elif kind == "joker":
        info["colour"] = words[1]
        info["card"] = CARDS[before.pcard].id
    elif kind in ("steal", "discard"):
        info["gems"] = words[1]
    elif kind == "royal":
        info["royal"] = words[1]
        info["points"] = ROYALS[ROYAL_INDEX[words[1]]].points
    ability = None
    if kind == "buy":
        ability = CARDS[CARD_INDEX[words[1]]].ability
    elif kind == "royal":
        ability = ROYALS[ROYAL_INDEX[words[1]]].ability
    if ability in ("token", "steal") and after.pending != ability:  # nothing to take: skipped
        info["skipped"] = ability
        if ability == "token":
            info["skipped_colour"] = CARDS[CARD_INDEX[words[1]]].to_data()["colour"]
    if after.refill is not None:
        info["refill"] = CARDS[after.refill].id
    for s in (0, 1):
        if after.privileges[s] > before.privileges[s] and kind != "privilege":
            info["privilege_to"] = s
            info["privilege_from"] = after.privileges[1 - s] < before.privileges[1 - s]
    if after.is_over:
        points = after.points[seat]
        colours = dict(zip(GEMS, after.colour_points[seat]))
        info["win"] = victories(points, after.crowns[seat], colours)
    elif after.turn > before.turn and after.current_player == seat:
        info["again"] = True
    return info


def colour_word(lang: str, letter: str) -> str:
    """A card's colour in words (joker and colourless included)."""
    return t(lang, f"colour.{letter}")


def card_words(lang: str, card_id: str) -> str:
    """A card in words for screen readers: level, colour, points, cost, crowns, ability."""
    c = CARDS[CARD_INDEX[card_id]].to_data()
    text = t(
        lang,
        "table.card_label",
        level=c["level"],
        colour=colour_word(lang, c["colour"]),
        points=c["points"],
        cost=gem_list(lang, c["cost"]),
    )
    extra = []
    if c["bonus"] == 2:
        extra.append(t(lang, "duel.bonus_two"))
    if c["crowns"]:
        extra.append(t(lang, "duel.crowns_count", n=c["crowns"]))
    if c["ability"]:
        extra.append(t(lang, f"ability.{c['ability']}"))
    return listing(lang, [text, *extra])


def short_card(lang: str, card_id: str) -> str:
    """A card named shortly: "a level 2 red card (2 points)"."""
    c = CARDS[CARD_INDEX[card_id]]
    colour = colour_word(lang, c.to_data()["colour"])
    return t(lang, "table.card_short", level=c.level, colour=colour, points=c.points)


def victory_words(lang: str, kinds: list[str]) -> str:
    """The victory conditions met, in words."""
    return listing(lang, [t(lang, f"victory.{k}") for k in kinds])


def log_lines(lang: str, names: list[str], entry) -> list[str]:
    """The sentences (plain text) telling one move and what followed from it."""
    info = entry.info
    player = names[entry.seat]
    opponent = names[1 - entry.seat]
    kind = info.get("kind")
    gems = gem_list(lang, _count(info.get("gems", "")))
    lines = []
    if kind == "take":
        lines.append(t(lang, "log.take", player=player, gems=gems))
    elif kind == "privilege":
        lines.append(t(lang, "log.privilege", player=player, gems=gems))
    elif kind == "replenish":
        lines.append(t(lang, "log.replenish", player=player))
    elif kind == "reserve" and "level" in info:
        lines.append(t(lang, "log.gold_reserve_deck", player=player, level=info["level"]))
    elif kind == "reserve":
        lines.append(
            t(lang, "log.gold_reserve", player=player, card=short_card(lang, info["card"]))
        )
    elif kind == "buy":
        key = "log.buy_reserved" if info.get("from_reserve") else "log.buy"
        lines.append(t(lang, key, player=player, card=short_card(lang, info["card"])))
    elif kind == "joker":
        lines.append(
            t(lang, "log.joker", player=player, colour=t(lang, f"colour.{info['colour']}"))
        )
    elif kind == "token":
        lines.append(t(lang, "log.token", player=player, gems=gems))
    elif kind == "steal":
        lines.append(t(lang, "log.steal", player=player, gems=gems, opponent=opponent))
    elif kind == "royal":
        lines.append(t(lang, "log.royal", player=player, points=info["points"]))
    elif kind == "discard":
        lines.append(t(lang, "log.return_bag", player=player, gems=gems))
    elif kind == "pass":
        lines.append(t(lang, "log.pass", player=player))
    if info.get("skipped") == "token":
        colour = t(lang, f"colour.{info['skipped_colour']}")
        lines.append(t(lang, "log.skip_token", colour=colour))
    elif info.get("skipped") == "steal":
        lines.append(t(lang, "log.skip_steal", opponent=opponent))
    if "privilege_to" in info:
        to = info["privilege_to"]
        if info.get("privilege_from"):
            lines.append(
                t(lang, "log.gain_privilege_from", player=names[to], opponent=names[1 - to])
            )
        else:
            lines.append(t(lang, "log.gain_privilege", player=names[to]))
    if info.get("again"):
        lines.append(t(lang, "log.again", player=player))
    if info.get("win"):
        lines.append(t(lang, "log.win", player=player, victory=victory_words(lang, info["win"])))
    return lines


def _count(letters: str) -> dict[str, int]:
    return {k: letters.count(k) for k in TOKENS if k in letters}


def last_turn(entries: list) -> list:
    """The entries of the latest turn (one seat's run of moves up to now)."""
    if not entries:
        return []
    last = entries[-1]
    run = [e for e in entries if e.turn == last.turn and e.seat == last.seat]
    return run


# --- pieces -----------------------------------------------------------------------------
def _colour_attr(letter: str) -> str:
    return {"j": "x", "n": "none"}.get(letter, letter)


def card_html(lang: str, card_id: str, *, classes="", action="", pick="", label="") -> str:
    """A jewel card as a button (to select or to act), or a plain figure."""
    c = CARDS[CARD_INDEX[card_id]].to_data()
    colour = _colour_attr(c["colour"])
    bonus = gem(colour) * c["bonus"] if colour != "none" else ""
    crowns = ""
    if c["crowns"]:
        crowns = f'<span class="card-crowns">{icon("crown") * c["crowns"]}</span>'
    ability = ""
    if c["ability"] == "token":
        ability = f'<span class="card-ability" data-ability="token">{gem(colour)}</span>'
    elif c["ability"] == "privilege":
        ability = f'<span class="card-ability" data-ability="privilege">{icon("scroll")}</span>'
    elif c["ability"]:
        ability = f'<span class="card-ability" data-ability="{c["ability"]}"></span>'
    cost = "".join(pip(k, n, lang) for k, n in c["cost"].items())
    words = esc(label or card_words(lang, card_id))
    attrs = (
        f'data-card="{card_id}" data-level="{c["level"]}" data-colour="{colour}"'
        f' data-points="{c["points"]}" aria-label="{words}"'
    )
    body = (
        f'<span class="card-head"><span class="card-points">{number(lang, c["points"])}</span>'
        f'<span class="card-bonus">{bonus}</span></span>{crowns}{ability}'
        f'<span class="card-cost">{cost}</span><span class="card-level"></span>'
    )
    return choosable(f"card {classes}".strip(), attrs, body, pick=pick, action=action)


def back_html(lang: str, level: int, *, count=None, classes="", pick="", action="") -> str:
    """A card back: a deck with its count (a button when it may be chosen), or a blind reserve."""
    mark = f'<span class="back-mark">{ROMAN[level]}</span><span class="card-level"></span>'
    if count is None:
        label = esc(t(lang, "table.hidden_card", level=level))
        cls = f"card card-back {classes}".strip()
        return (
            f'<div class="{cls}" data-level="{level}" role="img" aria-label="{label}">{mark}</div>'
        )
    label = esc(
        listing(lang, [t(lang, "table.deck", level=level), t(lang, "table.deck_left", n=count)])
    )
    inner = f'{mark}<span class="back-count">{number(lang, count)}</span>'
    cls = f"card card-back deck {classes}".strip() + (" is-empty" if not count else "")
    attrs = f'class="{cls}" data-level="{level}" aria-label="{label}"'
    if pick:
        pressed = "true" if "is-selected" in classes else "false"
        return (
            f'<button type="button" {attrs} data-select="{pick}" aria-pressed="{pressed}">'
            f"{inner}</button>"
        )
    if action:
        return f'<button type="button" {attrs} data-action="{action}">{inner}</button>'
    return f'<div {attrs} role="img">{inner}</div>'


def royal_html(lang: str, royal_id: str, *, classes="", action="") -> str:
    """A royal card (a button when taking it is a legal action)."""
    r = ROYALS[ROYAL_INDEX[royal_id]]
    ability = ""
    if r.ability == "privilege":
        ability = f'<span class="card-ability" data-ability="privilege">{icon("scroll")}</span>'
    elif r.ability != "-":
        ability = f'<span class="card-ability" data-ability="{r.ability}"></span>'
    words = [t(lang, "duel.royal_card"), t(lang, "table.points_count", n=r.points)]
    if r.ability != "-":
        words.append(t(lang, f"ability.{r.ability}"))
    label = esc(listing(lang, words))
    body = (
        f'<span class="card-head"><span class="card-points">{number(lang, r.points)}</span></span>'
        f"{icon('noble', 'royal-portrait')}{ability}"
    )
    cls = f"card card--royal {classes}".strip()
    attrs = f'class="{cls}" data-royal="{royal_id}" data-points="{r.points}" aria-label="{label}"'
    if action:
        return f'<button type="button" {attrs} data-action="{action}">{body}</button>'
    return f'<div {attrs} role="img">{body}</div>'


def royal_caption(lang: str, royal_id: str) -> str:
    """What a royal card gives, in words: its points and its ability."""
    r = ROYALS[ROYAL_INDEX[royal_id]]
    words = [t(lang, "table.points_count", n=r.points)]
    if r.ability != "-":
        words.append(t(lang, f"ability.{r.ability}"))
    return listing(lang, words)


def privileges_html(lang: str, held: int, *, total: int = 3, label: str = "") -> str:
    """Privilege scrolls: `held` bright ones out of `total` places."""
    scrolls = "".join(
        f'<span class="privilege{"" if i < held else " is-used"}">{icon("scroll")}</span>'
        for i in range(total)
    )
    label = esc(label or t(lang, "duel.privileges_count", n=held))
    return f'<span class="privileges" role="img" aria-label="{label}">{scrolls}</span>'


# --- regions ----------------------------------------------------------------------------
def render(data: dict, ui: Ui) -> dict[str, str]:
    """HTML for every region of the table: status, last, nobles (royal cards), market (the
    pyramid), bank (supply and board), actions, players, log, dialog, handoff, end."""
    me = data["player"]
    mine = decides_here(ui, data["current_player"], me) and ui.handoff is None
    main = mine and data["pending"] == "main"
    regions = {
        "status": status_html(data, ui),
        "last": last_html(data, ui),
        "scores": scores_line(data, ui),
        "nobles": royals_html(data, ui),
        "market": pyramid_html(data, ui, main),
        "bank": supply_html(data, ui, main) + board_html(data, ui, main, mine),
        "actions": brief_html(data, ui) + actions_html(data, ui, main, mine),
        "players": "".join(player_html(data, ui, s, main) for s in (0, 1)),
        "log": log_html(ui, log_lines),
        "dialog": dialog_html(data, ui) if mine else "",
        "handoff": handoff_html(ui) if ui.handoff is not None else "",
        "end": end_html(data, ui) if data["is_over"] else "",
    }
    regions["legal"] = " | ".join(data["legal"])
    return regions


def status_html(data: dict, ui: Ui) -> str:
    """Whose turn it is (or the game's end) and the turn number."""
    lang = ui.lang
    # the winning move has already counted its turn: at the end, the last turn's number
    turn = esc(t(lang, "table.turn_number", n=data["turn"] + (0 if data["is_over"] else 1)))
    if data["is_over"]:
        text, cls = t(lang, "end.title"), "status"
    else:
        name = seat_name(ui, data["current_player"])
        if ui.full:
            text, cls = t(lang, "table.full", n=MAX_MOVES), "status is-stopped"
        elif ui.thinking:
            text, cls = t(lang, "table.bot_thinking", player=name), "status is-thinking"
        elif decides_here(ui, data["current_player"], data["player"]):
            text, cls = t(lang, "table.your_turn_named", player=name), "status is-mine"
        else:
            text, cls = t(lang, "table.turn_of", player=name), "status"
    spinner = '<span class="spinner" aria-hidden="true"></span>' if ui.thinking else ""
    return (
        f'<div class="{cls}" data-seat="{data["current_player"]}">{spinner}'
        f'<span class="status-text">{esc(text)}</span>'
        f'<span class="status-turn">{turn}</span></div>'
    )


def last_html(data: dict, ui: Ui) -> str:
    """The latest turn in words, with the tokens taken."""
    run = last_turn(ui.entries)
    if not run:
        seat = data["current_player"]
        return no_moves_html(ui.lang, seat, seat_name(ui, seat) if seat is not None else "")
    letters = "".join(e.info.get("gems", "") for e in run if e.info.get("kind") != "discard")
    lines = [line for e in run for line in log_lines(ui.lang, ui.names, e)]
    text = sentences_html(lines)
    label = esc(t(ui.lang, "table.last_move"))
    told = esc(sentences_text(ui.lang, lines))  # the whole turn on hover, if the line is cut
    return (
        f'<p class="last-move" data-seat="{run[-1].seat}" title="{told}">'
        f'<span class="last-label">{label}:</span> '
        f'<span class="last-pictures">{gem_icons(letters)}</span> {text}</p>'
    )


def royals_html(data: dict, ui: Ui) -> str:
    """The royal cards still to be won."""
    if not data["royals"]:
        return ""
    cards = "".join(royal_html(ui.lang, r, classes="card--mini") for r in data["royals"])
    title = esc(t(ui.lang, "duel.royal_cards"))
    return f'<div class="royals-panel"><span class="royals-title">{title}</span>{cards}</div>'


def _last_marks(ui: Ui) -> tuple[set[str], set[str]]:
    """Cells touched and cards that came in during the latest turn."""
    cells, cards = set(), set()
    for e in last_turn(ui.entries):
        cells.update(e.info.get("cells", []))
        if e.info.get("refill"):
            cards.add(e.info["refill"])
    return cells, cards


def pyramid_html(data: dict, ui: Ui, main: bool) -> str:
    """The pyramid: level 3 (3 cards) on top, then 4 and 5, each row after its deck."""
    lang, legal = ui.lang, set(data["legal"])
    _, new_cards = _last_marks(ui)
    golds = gold_cells(data["legal"]) if main else set()
    gold = ui.picks if ui.picks in golds else ""
    targets = reserve_targets(data["legal"], gold) if gold else set()
    reservable = {n.split()[2] for n in legal if n.startswith("reserve ")} if main else set()
    rows = []
    for level in (3, 2, 1):
        deck = f"deck{level}"
        count = data["decks"][level - 1]
        cls = "is-selected" if ui.selected == deck else ""
        if deck in targets:
            cells = [
                back_html(
                    lang,
                    level,
                    count=count,
                    classes="is-selectable",
                    action=f"reserve {gold} {deck}",
                )
            ]
        else:
            pick = deck if deck in reservable and not gold else ""
            cells = [back_html(lang, level, count=count, classes=cls, pick=pick)]
        for cid in data["pyramid"][level - 1]:
            if cid is None:
                label = esc(t(lang, "table.empty_slot"))
                cells.append(f'<span class="card-slot" role="img" aria-label="{label}"></span>')
                continue
            classes = []
            if f"buy {cid}" in legal and not gold:  # with a gold picked, a click reserves
                classes.append("is-affordable")
            if ui.selected == cid:
                classes.append("is-selected")
            if cid in new_cards:
                classes.append("is-last")
            if cid in targets:
                classes.append("is-selectable")
                cells.append(
                    card_html(lang, cid, classes=" ".join(classes), action=f"reserve {gold} {cid}")
                )
                continue
            can = main and not gold  # one that cannot be bought or reserved shows what it lacks
            cells.append(card_html(lang, cid, classes=" ".join(classes), pick=cid if can else ""))
        label = esc(t(lang, "table.level", level=level))
        rows.append(
            f'<div class="card-row" data-level="{level}" role="group" aria-label="{label}">'
            + "".join(cells)
            + "</div>"
        )
    return '<div class="pyramid">' + "".join(rows) + "</div>"


def supply_html(data: dict, ui: Ui, main: bool) -> str:
    """The bag, the privileges left in the supply, and the optional actions' buttons."""
    lang, legal = ui.lang, data["legal"]
    bag = esc(t(lang, "duel.bag_count", n=data["bag"]))
    supply = data["privilege_supply"]
    label = listing(lang, [t(lang, "duel.supply"), t(lang, "duel.privileges_count", n=supply)])
    privilege = main and any(n.startswith("privilege ") for n in legal)
    replenish = main and "replenish" in legal and len(legal) > 1
    buttons = _supply_button(ui, "privilege", "scroll", "duel.use_privilege", privilege)
    buttons += _supply_button(ui, "replenish", "bag", "duel.replenish", replenish)
    return (
        f'<div class="supply"><span class="bag" role="img" aria-label="{bag}">{icon("bag")}'
        f"<span>{number(lang, data['bag'])}</span></span>"
        f"{privileges_html(lang, supply, label=label)}{buttons}</div>"
    )


def _supply_button(ui: Ui, name: str, picture: str, key: str, enabled: bool) -> str:
    # Drawn disabled when it may not be used (the opponent's turn, no privilege, replenished
    # already): were it left out, the board under it would move at every change of turn.
    if enabled:
        on = ui.selected == name
        attrs = (
            f'class="btn btn--small{" is-selected" if on else ""}"'
            f' data-select="{name}" aria-pressed="{"true" if on else "false"}"'
        )
    else:
        attrs = 'class="btn btn--small" disabled'
    return f'<button type="button" {attrs}>{icon(picture)} {esc(t(ui.lang, key))}</button>'


def board_html(data: dict, ui: Ui, main: bool, mine: bool) -> str:
    """The 5×5 board; a cell is a live button only for a legal step of the move being built."""
    lang, legal = ui.lang, data["legal"]
    touched, _ = _last_marks(ui)
    picks = ui.picks.split() if main else []
    golds = gold_cells(legal) if main else set()
    picking_gold = len(picks) == 1 and picks[0] in golds
    extend = selectable(legal, "" if picking_gold else ui.picks) if main else set()
    privilege = main and ui.selected == "privilege"
    target = ui.selected if main and ui.selected not in ("", "privilege", "replenish") else ""
    token_step = mine and data["pending"] == "token"
    cells = []
    for i, square in enumerate(data["board"]):
        cell, letter = square["cell"], square["token"]
        row, col = i // 5, i % 5
        attrs = f'data-row="{row}" data-col="{col}" data-order="{number(lang, ORDER[i])}" data-cell="{cell}"'
        classes = ["cell"]
        if cell in touched:
            classes.append("is-last")
        if letter is None:
            label = esc(t(lang, "a11y.empty_cell", row=row + 1, col=col + 1))
            cls = " ".join(classes + ["is-empty"])
            cells.append(
                f'<button type="button" class="{cls}" {attrs} disabled aria-label="{label}">'
                "</button>"
            )
            continue
        label = esc(
            t(lang, "a11y.cell", colour=t(lang, f"colour.{letter}"), row=row + 1, col=col + 1)
        )
        chip = f'<span class="token" data-gem="{letter}">{gem(letter)}</span>'
        live = ""
        if privilege:
            if f"privilege {cell}" in legal:
                live = f'data-action="privilege {cell}"'
        elif token_step:
            if f"token {cell}" in legal:
                live = f'data-action="token {cell}"'
        elif target and cell in golds and f"reserve {cell} {target}" in legal:
            live = f'data-action="reserve {cell} {target}"'
        elif main and cell in picks:
            classes.append("is-selected")
            live = f'data-pick="{cell}" aria-pressed="true"'
        elif main and (cell in extend or (cell in golds and (picking_gold or not picks))):
            live = f'data-pick="{cell}" aria-pressed="false"'
        if live and "is-selected" not in classes:
            classes.append("is-selectable")
        state = live if live else "disabled"
        cells.append(
            f'<button type="button" class="{" ".join(classes)}" {attrs} data-gem="{letter}"'
            f' {state} aria-label="{label}">{chip}</button>'
        )
    label = esc(t(lang, "duel.board_grid"))  # not "Board" again: the region is named so
    return f'<div class="duel-board" role="group" aria-label="{label}">{"".join(cells)}</div>'


def brief_html(data: dict, ui: Ui) -> str:
    """The viewer's tokens and bonuses in brief, beside the hint. Shown only on a phone on its
    side (duel.css), where the players' areas are below the board; hidden from screen readers,
    which have them in the player's area."""
    if data["is_over"] or ui.handoff is not None:
        return ""
    me = data["player"]
    return (
        f'<div class="holdings my-brief" data-seat="{me}" aria-hidden="true">'
        f"{holdings_html(ui.lang, data['players'][me])}</div>"
    )


def actions_html(data: dict, ui: Ui, main: bool, mine: bool) -> str:
    """The action bar: what the selection allows, the hints, and the forced moves."""
    lang, legal = ui.lang, data["legal"]
    if data["is_over"]:
        return ""
    if not mine:
        if ui.handoff is not None:
            return ""
        name = seat_name(ui, data["current_player"])
        key = "table.bot_thinking" if ui.thinking else "table.turn_of"
        return f'<p class="hint">{esc(t(lang, key, player=name))}</p>'
    if data["pending"] == "token":
        letter = CARDS[CARD_INDEX[data["pending_card"]]].to_data()["colour"]
        text = t(lang, "duel.token_title", colour=t(lang, f"colour.{letter}"))
        return f'<p class="hint banner" data-announce>{gem(letter)} {esc(text)}</p>'
    if not main:
        return ""  # a dialog asks for the decision
    cancel = (
        f'<button type="button" class="btn btn--ghost" data-cancel>'
        f"{esc(t(lang, 'table.cancel'))}</button>"
    )
    if legal == ["replenish"]:
        return (
            f'<p class="hint">{esc(t(lang, "duel.must_replenish"))}</p>'
            f'<p class="banner banner--warn">{esc(t(lang, "duel.replenish_warning"))}</p>'
            f'<button type="button" class="btn btn--primary" data-action="replenish">'
            f"{icon('bag')} {esc(t(lang, 'duel.replenish'))}</button>"
        )
    if legal == ["pass"]:
        return (
            f'<p class="hint">{esc(t(lang, "table.pass_forced"))}</p>'
            f'<button type="button" class="btn btn--primary" data-action="pass">'
            f"{esc(t(lang, 'table.pass'))}</button>"
        )
    if ui.selected == "privilege":
        return f'<p class="hint">{esc(t(lang, "duel.use_privilege_hint"))}</p>{cancel}'
    if ui.selected == "replenish":
        return (
            f'<p class="banner banner--warn">{esc(replenish_warning(data, lang))}</p>'
            f'<button type="button" class="btn btn--primary" data-action="replenish">'
            f"{icon('bag')} {esc(t(lang, 'duel.replenish'))}</button>{cancel}"
        )
    picks = ui.picks.split()
    if len(picks) == 1 and picks[0] in gold_cells(legal):
        return f'<p class="hint">{gem("y")} {esc(t(lang, "duel.pick_card"))}</p>{cancel}'
    if picks:
        done = completed_take(legal, ui.picks)
        board = {sq["cell"]: sq["token"] for sq in data["board"]}
        # in colour order, as the words say them (not in the order they lie on the board)
        letters = "".join(sorted((board[c] or "" for c in picks), key=TOKENS.index))
        text = esc(t(lang, "table.take_gems", gems=gem_list(lang, _count(letters))))
        attrs = f'data-action="{done}"' if done else "disabled"
        warn = ""
        if (len(letters) == 3 and len(set(letters)) == 1) or letters.count("p") == 2:
            warn = f'<p class="banner banner--warn">{esc(t(lang, "duel.take_warning"))}</p>'
        return (
            f'<p class="hint">{esc(t(lang, "duel.take_hint"))}</p>{warn}'
            f'<button type="button" class="btn btn--primary" {attrs}>'
            f"{gem_icons(letters)} {text}</button>{cancel}"
        )
    if ui.selected.startswith("deck"):
        text = t(lang, "duel.reserve_deck", level=int(ui.selected[4:]))
        return f'<p class="hint">{gem("y")} {esc(text)}</p>{cancel}'
    if ui.selected:
        return _card_actions(data, ui) + cancel
    me = data["players"][data["player"]]
    if len(me["reserved"]) >= 3:
        hint = " ".join(
            t(lang, key)
            for key in ("duel.take_hint", "table.hint_select_buy", "table.reserve_full")
        )
    else:
        hint = t(lang, "duel.take_hint") + " " + t(lang, "table.hint_select")
    return f'<p class="hint">{esc(hint)}</p>'


def replenish_warning(data: dict, lang: str) -> str:
    """What replenishing costs: a privilege to the opponent, from the supply or, when it is
    empty, from this player; nothing when the opponent holds all three (RULES, Privileges)."""
    mover = data["player"]
    if data["players"][1 - mover]["privileges"] == 3:
        return t(lang, "duel.replenish_no_privilege")
    if data["privilege_supply"] == 0:
        return t(lang, "duel.replenish_warning_mine")
    return t(lang, "duel.replenish_warning")


def _card_actions(data: dict, ui: Ui) -> str:
    lang, legal, cid = ui.lang, data["legal"], ui.selected
    me = data["players"][data["player"]]
    card = CARDS[CARD_INDEX[cid]].to_data()
    cost = card["cost"]
    buyable = f"buy {cid}" in legal
    reservable = any(n.startswith("reserve ") and n.endswith(f" {cid}") for n in legal)
    if buyable:
        hint = t(lang, "table.hint_card" if reservable else "table.hint_card_buy")
    elif card["colour"] == "j" and not any(me["bonuses"].values()):
        hint = t(lang, "duel.joker_needs_bonus")
    else:
        hint = why_not_buy(lang, cost, me, undiscounted="p")
    if reservable or cid in me["reserved"]:
        pass
    elif len(me["reserved"]) >= 3:
        hint += " " + t(lang, "table.reserve_full")
    elif not buyable:  # a card it could buy needs no "either"
        hint += " " + t(lang, "duel.reserve_no_gold")
    out = [f'<p class="hint">{esc(hint)}</p>']
    if buyable:
        paid = payment(cost, me["bonuses"], me["tokens"], undiscounted="p")
        words = gem_list(lang, paid) if paid else t(lang, "table.free")
        pips = "".join(pip(k, n, lang) for k, n in paid.items())
        label = esc(t(lang, "table.buy_paying", gems=words))
        out.append(
            f'<button type="button" class="btn btn--primary" data-action="buy {cid}"'
            f' aria-label="{label}">{esc(t(lang, "table.buy"))}'
            f'<span class="payment">{pips or esc(t(lang, "table.free"))}</span></button>'
        )
    if reservable:
        out.append(f'<p class="hint">{gem("y")} {esc(t(lang, "duel.pick_gold"))}</p>')
    return "".join(out)


def holdings_html(lang: str, p: dict) -> str:
    """A player's tokens by colour, each under the bonus its cards give."""
    holdings = []
    for letter in TOKENS:
        n = p["tokens"].get(letter, 0)
        bonus = p["bonuses"].get(letter, 0)
        bonus_html = (
            f'<span class="bonus-count{" is-zero" if not bonus else ""}">{number(lang, bonus)}</span>'
            if letter in GEMS
            else '<span class="bonus-count is-zero"></span>'
        )
        holdings.append(
            f'<div class="holding" data-gem="{letter}">{bonus_html}'
            f'<span class="token{" is-zero" if not n else ""}" data-gem="{letter}">{gem(letter)}'
            f'<span class="token-count">{number(lang, n)}</span></span></div>'
        )
    return "".join(holdings)


def player_html(data: dict, ui: Ui, seat: int, main: bool) -> str:
    """A player's area: the head (tokens, privileges, points), the three victory goals, tokens
    and bonuses, royal and reserved cards (the opponent's blind ones as backs), cards by colour."""
    lang, legal = ui.lang, set(data["legal"])
    p = data["players"][seat]
    me = data["player"]
    classes = ["player"]
    if seat == data["current_player"]:
        classes.append("is-current")
    if data["is_over"] and seat == data["winner"]:
        classes.append("is-winner")
    run = last_turn(ui.entries)
    if run and run[-1].seat == seat:
        classes.append("was-last")
    name = esc(seat_name(ui, seat))
    level = ui.bots[seat] if seat < len(ui.bots) else ""
    kind = t(lang, "kind.bot_level", level=t(lang, f"level.{level}")) if level else ""
    if seat == me and not level and not ui.spectator:
        kind = t(lang, "table.you")
    badge = esc(kind)
    if level:  # the narrow head shows the level alone ("Bot: medium" is read out and the title)
        shown = esc(t(lang, f"level.{level}"))
        badge = (
            f'<span class="visually-hidden">{badge}</span><span aria-hidden="true">{shown}</span>'
        )
    none = number(lang, 0)  # in the language's digits, as every other count
    summary = esc(
        listing(
            lang,
            [
                t(lang, "table.points_count", n=p["points"]),
                t(lang, "duel.crowns_count", n=p["crowns"]),
                t(lang, "duel.privileges_count", n=p["privileges"]),
                t(lang, "table.tokens") + ": " + (gem_list(lang, p["tokens"]) or none),
                t(lang, "duel.bonuses") + ": " + (gem_list(lang, nonzero(p["bonuses"])) or none),
            ],
        )
    )
    # the crowns show in the goals; tokens and privileges share the head's line
    held = esc(t(lang, "table.tokens_count", n=p["token_count"]))
    stats = (
        f'<span class="stat tokens-held" title="{held}"><span class="visually-hidden">{held}</span>'
        f'<span aria-hidden="true">{gem("x")}<b>{number(lang, p["token_count"])}/'
        f"{number(lang, 10)}</b></span></span>" + privileges_html(lang, p["privileges"])
    )
    rows = ""
    if p["royals"]:
        royals = "".join(royal_html(lang, r, classes="card--mini") for r in p["royals"])
        rows += _row("royals", t(lang, "duel.royal_cards"), royals)
    if p["reserved"]:
        reserved = []
        for card in p["reserved"]:
            if isinstance(card, dict):
                reserved.append(back_html(lang, card["level"], classes="card--mini"))
                continue
            classes_ = ["card--mini"]
            if seat == me and f"buy {card}" in legal:
                classes_.append("is-affordable")
            if ui.selected == card:
                classes_.append("is-selected")
            can = main and seat == me  # one not affordable yet shows what it lacks
            reserved.append(
                card_html(lang, card, classes=" ".join(classes_), pick=card if can else "")
            )
        rows += _row(
            "reserved", t(lang, "table.reserved_count", n=len(reserved)), "".join(reserved)
        )
    stacks = _groups_html(data, ui, seat)
    if stacks:  # named on screen too: a lone stack by the reserved cards read as one of them
        rows += _row("bought", t(lang, "duel.cards_by_colour"), stacks, hidden_label=True)
    # one box, which a short screen scrolls inside the panel
    cards = f'<div class="player-shelf">{rows}</div>' if rows else ""
    return (
        f'<section class="{" ".join(classes)}" data-seat="{seat}" aria-label="{name}">'
        f'<div class="player-head"><span class="player-name" title="{name}">{name}</span>'
        + (f'<span class="player-kind" title="{esc(kind)}">{badge}</span>' if kind else "")
        + f'<span class="player-stats">{stats}</span>'
        f'<span class="player-points" title="{esc(t(lang, "table.points"))}">'
        f"{icon('prestige')}{number(lang, p['points'])}</span></div>"
        f'<p class="visually-hidden">{summary}</p>'
        f"{goals_html(lang, p)}"
        f'<div class="holdings" data-columns="7" aria-hidden="true">{holdings_html(lang, p)}</div>'
        + (f'<div class="player-cards">{cards}</div>' if cards else "")
        + "</section>"
    )


def _row(name: str, label: str, content: str, hidden_label: bool = False) -> str:
    hide = ' aria-hidden="true"' if hidden_label else ""  # when the content names itself
    return (
        f'<div class="player-row" data-row="{name}">'
        f'<span class="player-row-label"{hide}>{esc(label)}</span>'
        f'<div class="player-row-cards">{content}</div></div>'
    )


def _groups_html(data: dict, ui: Ui, seat: int) -> str:
    """A player's cards stacked by the colour they count for, each stack with its points."""
    p = data["players"][seat]
    groups: dict[str, list[str]] = {}
    for cid in p["cards"]:
        letter = CARDS[CARD_INDEX[cid]].to_data()["colour"]
        letter = p["jokers"].get(cid, letter)
        groups.setdefault(letter, []).append(cid)
    if not groups:
        return ""
    stacks = []
    for letter in [*GEMS, "j", "n"]:
        cards = groups.get(letter)
        if not cards:
            continue
        if letter in GEMS:
            points = p["colour_points"][letter]
        else:
            points = sum(CARDS[CARD_INDEX[c]].points for c in cards)
        minis = "".join(card_html(ui.lang, c, classes="card--mini") for c in cards)
        label = esc(t(ui.lang, "table.points_count", n=points))
        stacks.append(
            f'<div class="card-stack" data-gem="{_colour_attr(letter)}">{minis}'
            f'<span class="stack-points" aria-label="{label}">{icon("prestige")}'
            f"{number(ui.lang, points)}</span></div>"
        )
    label = esc(t(ui.lang, "duel.cards_by_colour"))
    return f'<div class="stacks" role="group" aria-label="{label}">{"".join(stacks)}</div>'


def _goals(lang: str, p: dict) -> list[tuple[str, int, int, str, str]]:
    """Each victory's kind, value, goal, name and symbol: points of 20, crowns of 10, best
    colour of 10."""
    best = max(GEMS, key=lambda k: p["colour_points"].get(k, 0))
    colour = p["colour_points"].get(best, 0)
    return [
        ("points", p["points"], GOALS["points"], t(lang, "progress.points"), icon("prestige")),
        ("crowns", p["crowns"], GOALS["crowns"], t(lang, "progress.crowns"), icon("crown")),
        (
            "colour",
            colour,
            GOALS["colour"],
            t(lang, "progress.colour", colour=t(lang, f"colour.{best}")),
            gem(best if colour else "x"),
        ),
    ]


def scores_line(data: dict, ui: Ui) -> str:
    """Both players' progress toward the three victories on one line (see `scores_html`)."""
    figures = [
        "".join(
            score_figure(
                ui.lang,
                mark,
                value,
                f"{label}: {t(ui.lang, 'progress.value', value=value, goal=goal)}",
                near=is_near(value, goal),
            )
            for _, value, goal, label, mark in _goals(ui.lang, p)
        )
        for p in data["players"]
    ]
    names = [seat_name(ui, seat) for seat in (0, 1)]
    return scores_html(names, figures, data["current_player"])


def goals_html(lang: str, p: dict) -> str:
    """Progress toward the three victories: points of 20, crowns of 10, best colour of 10."""
    goals = []
    for kind, value, goal, label, mark in _goals(lang, p):
        text = t(lang, "progress.value", value=value, goal=goal)
        extra = " is-near" if is_near(value, goal) else ""
        goals.append(
            f'<div class="goal{extra}" data-goal="{kind}" title="{esc(label)}">{mark}'
            f'<span class="goal-label visually-hidden">{esc(label)}</span>'
            f'<span class="goal-value">{esc(text)}</span>'
            f'<span class="goal-bar" style="--value:{value};--max:{goal}" aria-hidden="true">'
            f"<span></span></span></div>"
        )
    title = esc(t(lang, "victory.title"))
    return f'<div class="victory" role="group" aria-label="{title}">{"".join(goals)}</div>'


def dialog_html(data: dict, ui: Ui) -> str:
    """The decision asked after a purchase or above ten tokens: joker colour, steal, royal
    card, discard (the token ability is chosen on the board itself)."""
    lang, legal, pending = ui.lang, data["legal"], data["pending"]
    me = data["players"][data["player"]]
    if pending == "joker":
        # named "red, Bonuses: 1" (the count alone read "red 1")
        bonuses = t(lang, "duel.bonuses")
        buttons = "".join(
            f'<button type="button" class="btn joker-choice" data-gem="{k}"'
            f' data-action="joker {k}" aria-label="'
            + esc(listing(lang, [t(lang, f"colour.{k}"), f"{bonuses}: {number(lang, n)}"]))
            + f'">{gem(k, "gem--m")} {esc(t(lang, f"colour.{k}"))}'
            f' <span class="bonus-count">{number(lang, n)}</span></button>'
            for k, n in ((k, me["bonuses"][k]) for k in GEMS)
            if f"joker {k}" in legal
        )
        card = card_html(lang, data["pending_card"], classes="card--large")
        return _dialog(
            t(lang, "duel.joker_title"),
            f'<p id="dialog-desc">{esc(t(lang, "duel.joker_body"))}</p><div class="dialog-card">{card}</div>'
            f'<div class="btn-row choices">{buttons}</div>',
            undo_button(lang, ui.can_undo),
        )
    if pending == "steal":
        theirs = data["players"][1 - data["player"]]["tokens"]
        tokens = "".join(
            f'<button type="button" class="token" data-gem="{k}" data-action="steal {k}"'
            f' aria-label="{esc(t(lang, "table.cost_item", n=theirs[k], colour=t(lang, f"colour.{k}")))}">'
            f'{gem(k)}<span class="token-count">{number(lang, theirs[k])}</span></button>'
            for k in TOKENS
            if f"steal {k}" in legal
        )
        return _dialog(
            t(lang, "duel.steal_title"),
            f'<p id="dialog-desc">{esc(t(lang, "ability.steal_help"))}</p><div class="bank">{tokens}</div>',
            undo_button(lang, ui.can_undo),
        )
    if pending == "royal":
        cards = "".join(
            f'<div class="royal-choice">'  # the button says it all, once: the caption is for eyes
            f"{royal_html(lang, r, classes='is-selectable', action=f'royal {r}')}"
            f'<span class="royal-caption" aria-hidden="true">{esc(royal_caption(lang, r))}</span></div>'
            for r in data["royals"]
            if f"royal {r}" in legal
        )
        return _dialog(
            t(lang, "duel.royal_title"),
            f"<p id='dialog-desc'>{esc(t(lang, 'duel.royal_body', n=me['crowns']))}</p>"
            f'<div class="royals">{cards}</div>',
            undo_button(lang, ui.can_undo),
        )
    if pending == "discard":
        return _discard_html(data, ui)
    return ""


def _dialog(title: str, body: str, actions: str = "") -> str:
    foot = f'<div class="modal-actions">{actions}</div>' if actions else ""
    return (
        f'<h2 class="modal-title" id="dialog-title">{esc(title)}</h2>'
        f'<div class="modal-body">{body}</div>{foot}'
    )


def _discard_html(data: dict, ui: Ui) -> str:
    lang, legal = ui.lang, data["legal"]
    me = data["players"][data["player"]]
    total = me["token_count"]
    excess = total - 10
    have = _count(ui.picks)
    can = pickable(legal, "discard ", ui.picks)
    tokens = []
    for k in TOKENS:
        held = me["tokens"].get(k, 0)
        if not held:
            continue
        picked = have.get(k, 0)
        label = t(lang, "table.cost_item", n=held - picked, colour=t(lang, f"colour.{k}"))
        if picked:  # as the count shown; aria-pressed says one is picked, not how many
            label = t(lang, "a11y.picked", what=label, n=picked)
        label = esc(label)
        inner = f'{gem(k)}<span class="token-count">{number(lang, held - picked)}</span>'
        if picked or (k in can and picked < held):
            extra = f' data-picked="{number(lang, picked)}"' if picked else ""
            more = " is-selectable" if k in can and picked < held else ""
            tokens.append(
                f'<button type="button" class="token{" is-selected" if picked else ""}{more}"'
                f' data-gem="{k}" data-pick="{k}" aria-pressed="{"true" if picked else "false"}"'
                f'{extra} aria-label="{label}">{inner}</button>'
            )
        else:
            tokens.append(
                f'<button type="button" class="token is-disabled" data-gem="{k}" disabled'
                f' aria-label="{label}">{inner}</button>'
            )
    done = completed(legal, "discard ", ui.picks)
    left = excess - len(ui.picks)
    actions = return_actions(lang, ui.picks, done, ui.can_undo)
    return _dialog(
        t(lang, "table.return_title"),
        f"<p id='dialog-desc'>{esc(t(lang, 'table.return_body', n=total, k=excess))}</p>"
        f'<div class="bank">{"".join(tokens)}</div>'
        f'<p class="hint" data-left>{esc(t(lang, "table.return_left", k=left))}</p>',
        actions,
    )


def end_html(data: dict, ui: Ui) -> str:
    """The end screen: the winner and the victory that won, both players, the chart."""
    lang = ui.lang
    winner = data["winner"]
    wp = data["players"][winner]
    won = victories(wp["points"], wp["crowns"], wp["colour_points"])
    ranks = []
    for place, seat in enumerate((winner, 1 - winner), start=1):
        p = data["players"][seat]
        detail = t(
            lang,
            "end.duel_summary",
            points=number(lang, p["points"]),
            crowns=number(lang, p["crowns"]),
            cards=number(lang, len(p["cards"])),
        )
        ranks.append(rank_html(lang, place, seat, seat_name(ui, seat), detail))
    headline = t(lang, "end.winner", player=seat_name(ui, winner))
    victory = t(lang, "end.victory", victory=victory_words(lang, won))
    names = [seat_name(ui, s) for s in (0, 1)]
    points = [data["players"][s]["points"] for s in (0, 1)]
    chart = score_chart(lang, names, ui.scores or [points], 20)
    intro = (
        f'<p class="end-headline">{esc(headline)}</p>'
        f'<p class="end-victory" data-victory="{" ".join(won)}">{esc(victory)}</p>'
    )
    return end_panel(lang, intro, ranks, chart)
