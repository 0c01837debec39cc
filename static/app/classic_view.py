"""Classic Splendor on screen: a view's `to_data()` rendered into HTML strings, and moves in words.

Pure functions (no browser imports), tested in CPython. `render(data, ui)` returns the HTML of
each region of the table; buttons carry `data-action` only for notations in `data["legal"]`,
so the page can offer nothing but legal moves. Selections being built (gems to take or
return, a selected card) live in `ui`; `pickable` says which token may be added next.
"""

from __future__ import annotations

from collections import Counter
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
    why_not_buy,
)
from splendor.classic.actions import Action
from splendor.classic.cards import CARD_COLOUR, CARD_COST, CARD_INDEX, CARD_LEVEL, CARD_POINTS
from splendor.common import GEM_LETTERS
from splendor.records import MAX_MOVES

NAME = "classic"
TOKENS = GEM_LETTERS + "y"
ROMAN = {1: "I", 2: "II", 3: "III"}
# regions named for screen readers (catalog keys)
REGION_LABELS = {"nobles": "table.nobles", "bank": "table.bank"}


def toggle_pick(legal: list[str], pending: str, picks: str, letter: str) -> str:
    """The selection after clicking a token: gems to take, or to return in the return dialog."""
    prefix = "return " if pending == "return" else "take "
    if letter in pickable(legal, prefix, picks):
        return "".join(sorted(picks + letter, key=TOKENS.index))
    return picks.replace(letter, "")


def options(choice: dict) -> dict:
    """The engine options asked for by the setup form's choice."""
    return {"target": int(choice.get("target", 15)), "nobles": choice.get("nobles", "choose")}


# --- moves in words --------------------------------------------------------------------
def describe(before, after, seat: int, notation: str) -> dict:
    """Public facts about a move, for the log (never a blind card's identity)."""
    action = Action.parse(notation)
    info: dict[str, Any] = {"kind": action.kind}
    if action.kind in ("take", "return"):
        info["gems"] = notation.split()[1]
    elif action.kind == "reserve":
        if action.level:
            info["level"] = action.level
        else:
            info["card"] = action.card_id
        info["gold"] = after.tokens_of(seat)[5] > before.tokens_of(seat)[5]
    elif action.kind == "buy":
        info["card"] = action.card_id
        info["from_reserve"] = action.card in before.reserved[seat]
    gained = set(after.owned_nobles[seat]) - set(before.owned_nobles[seat])
    if gained:
        info["noble"] = True
    if after.final_round and not before.final_round:
        info["final"] = after.points[seat]
        info["ended"] = after.is_over  # the round's last seat reached the target
    return info


def card_words(lang: str, card_id: str) -> str:
    """A card in words: "level 2 red card (2 points)"."""
    c = CARD_INDEX[card_id]
    colour = t(lang, f"colour.{GEM_LETTERS[CARD_COLOUR[c]]}")
    cost = {k: n for k, n in zip(GEM_LETTERS, CARD_COST[c]) if n}
    return t(
        lang,
        "table.card_label",
        level=CARD_LEVEL[c],
        colour=colour,
        points=CARD_POINTS[c],
        cost=gem_list(lang, cost),
    )


def log_lines(lang: str, names: list[str], entry) -> list[str]:
    """The sentences (plain text) telling one move, then a noble's visit or the final round."""
    info, player = entry.info, names[entry.seat]
    kind = info.get("kind")
    lines = []
    if kind in ("take", "return"):
        gems = gem_list(lang, Counter(info["gems"]))
        lines.append(t(lang, f"log.{kind}", player=player, gems=gems))
    elif kind == "reserve" and "level" in info:
        key = "log.reserve_deck_gold" if info.get("gold") else "log.reserve_deck"
        lines.append(t(lang, key, player=player, level=info["level"]))
    elif kind == "reserve":
        key = "log.reserve_gold" if info.get("gold") else "log.reserve"
        lines.append(t(lang, key, player=player, card=short_card(lang, info["card"])))
    elif kind == "buy":
        key = "log.buy_reserved" if info.get("from_reserve") else "log.buy"
        lines.append(t(lang, key, player=player, card=short_card(lang, info["card"])))
    elif kind == "noble":
        pass  # the visit itself is told below
    elif kind == "pass":
        lines.append(t(lang, "log.pass", player=player))
    if info.get("noble"):
        lines.append(t(lang, "log.noble", player=player))
    if "final" in info:
        key = "log.target_ends" if info.get("ended") else "log.final_round"
        lines.append(t(lang, key, player=player, n=info["final"]))
    return lines


def short_card(lang: str, card_id: str) -> str:
    """A card named shortly: "a level 2 red card (2 points)"."""
    c = CARD_INDEX[card_id]
    colour = t(lang, f"colour.{GEM_LETTERS[CARD_COLOUR[c]]}")
    return t(lang, "table.card_short", level=CARD_LEVEL[c], colour=colour, points=CARD_POINTS[c])


# --- pieces ------------------------------------------------------------------------------
def card_html(lang: str, card: dict, *, classes: str = "", action: str = "", pick: str = "") -> str:
    """A development card as a button (or a plain figure when it cannot be chosen)."""
    cost = "".join(pip(k, n, lang) for k, n in card["cost"].items())
    words = card_words(lang, card["id"])
    if "is-affordable" in classes.split():  # the green ring and tick, for screen readers too
        words += ". " + t(lang, "table.affordable")
    label = esc(words)
    attrs = f'data-card="{card["id"]}" data-level="{card["level"]}" data-colour="{card["bonus"]}"'
    attrs += f' data-points="{card["points"]}" aria-label="{label}"'
    body = (
        f'<span class="card-head"><span class="card-points">{number(lang, card["points"])}</span>'
        f'<span class="card-bonus">{gem(card["bonus"])}</span></span>'
        f'<span class="card-cost">{cost}</span><span class="card-level"></span>'
    )
    return choosable(f"card {classes}".strip(), attrs, body, pick=pick, action=action)


def back_html(lang: str, level: int, *, count: int | None = None, classes="", pick="") -> str:
    """A card back: a deck (with its count) or a blind reserve (level only)."""
    if count is None:
        label = esc(t(lang, "table.hidden_card", level=level))
        inner = f'<span class="back-mark">{ROMAN[level]}</span><span class="card-level"></span>'
        return f'<div class="card card-back {classes}" data-level="{level}" role="img" aria-label="{label}">{inner}</div>'
    label = esc(
        listing(lang, [t(lang, "table.deck", level=level), t(lang, "table.deck_left", n=count)])
    )
    inner = (
        f'<span class="back-mark">{ROMAN[level]}</span><span class="card-level"></span>'
        f'<span class="back-count">{number(lang, count)}</span>'
    )
    cls = f"card card-back deck {classes}".strip() + (" is-empty" if not count else "")
    if pick:
        pressed = "true" if "is-selected" in classes else "false"
        return (
            f'<button type="button" class="{cls}" data-level="{level}" data-select="{pick}"'
            f' aria-pressed="{pressed}" aria-label="{label}">{inner}</button>'
        )
    return f'<div class="{cls}" data-level="{level}" role="img" aria-label="{label}">{inner}</div>'


def noble_html(lang: str, noble: dict, *, mini=False, action="", classes="") -> str:
    """A noble tile (a button when choosing it is a legal action)."""
    req = "".join(pip(k, n, lang) for k, n in noble["needs"].items())
    label = esc(t(lang, "table.noble_label", requirement=gem_list(lang, noble["needs"])))
    cls = ("noble noble--mini " if mini else "noble ") + classes
    body = (
        f'<span class="noble-points">{number(lang, noble["points"])}</span>'
        f'{icon("noble", "noble-portrait")}<span class="noble-req">{req}</span>'
    )
    if action:
        return (
            f'<button type="button" class="{cls.strip()}" data-noble="{noble["id"]}"'
            f' data-action="{action}" aria-label="{label}">{body}</button>'
        )
    return (
        f'<div class="{cls.strip()}" data-noble="{noble["id"]}" role="img"'
        f' aria-label="{label}">{body}</div>'
    )


def token_html(lang: str, letter: str, n: int, *, pickable_=False, picked=0, label="") -> str:
    """A token pile: a button that toggles it in the selection when it may be picked."""
    label = label or t(lang, "a11y.pile", colour=t(lang, f"colour.{letter}"), n=n)
    if picked:  # aria-pressed says one is picked, not how many
        label = t(lang, "a11y.picked", what=label, n=picked)
    label = esc(label)
    inner = f'{gem(letter)}<span class="token-count">{number(lang, n)}</span>'
    extra = f' data-picked="{number(lang, picked)}"' if picked else ""
    selected = " is-selected" if picked else ""
    selected += " is-selectable" if pickable_ else ""  # another one may still be added
    if pickable_ or picked:
        return (
            f'<button type="button" class="token{selected}" data-gem="{letter}" data-pick="{letter}"'
            f' aria-pressed="{"true" if picked else "false"}"{extra} aria-label="{label}">'
            f"{inner}</button>"
        )
    empty = " is-empty" if not n else ""
    return (
        f'<button type="button" class="token is-disabled{empty}" data-gem="{letter}" disabled'
        f' aria-label="{label}">{inner}</button>'
    )


# --- regions ---------------------------------------------------------------------------
def render(data: dict, ui: Ui) -> dict[str, str]:
    """HTML for every region of the table: status, last, nobles, market, bank, actions,
    players, log, dialog, handoff, end."""
    lang, legal = ui.lang, data["legal"]
    mine = decides_here(ui, data["current_player"], data["viewer"]) and ui.handoff is None
    main = mine and data["pending"] == "main"
    regions = {
        "status": status_html(data, ui),
        "last": last_html(data, ui),
        "scores": scores_line(data, ui),
        "nobles": "".join(noble_html(lang, n) for n in data["nobles"]),
        "market": market_html(data, ui, main),
        "bank": bank_html(data, ui, main),
        "actions": actions_html(data, ui, main),
        "players": "".join(player_html(data, ui, s, main) for s in panel_order(data, ui)),
        "log": log_html(ui, log_lines),
        "dialog": dialog_html(data, ui) if mine else "",
        "handoff": handoff_html(ui) if ui.handoff is not None else "",
        "end": end_html(data, ui) if data["is_over"] else "",
    }
    regions["legal"] = " | ".join(legal)
    return regions


def status_html(data: dict, ui: Ui) -> str:
    """Whose turn it is (or the game's end), the round number and the final-round warning."""
    lang = ui.lang
    turns, seats = data["turn"], data["num_players"]
    rounds = -(-turns // seats) if data["is_over"] else turns // seats + 1  # played / current
    round_text = esc(t(lang, "table.round_number", n=rounds))
    if data["is_over"]:
        text, cls = t(lang, "end.title"), "status"
    else:
        current = data["current_player"]
        name = seat_name(ui, current)
        if ui.full:
            text, cls = t(lang, "table.full", n=MAX_MOVES), "status is-stopped"
        elif ui.thinking:
            text, cls = t(lang, "table.bot_thinking", player=name), "status is-thinking"
        elif decides_here(ui, current, data["viewer"]):
            text, cls = t(lang, "table.your_turn_named", player=name), "status is-mine"
        else:
            text, cls = t(lang, "table.turn_of", player=name), "status"
    spinner = '<span class="spinner" aria-hidden="true"></span>' if ui.thinking else ""
    final = ""
    if data["final_round"] and not data["is_over"]:
        final = f'<span class="final-round">{esc(t(lang, "table.final_round"))}</span>'
    return (
        f'<div class="{cls}" data-seat="{data["current_player"]}">{spinner}'
        f'<span class="status-text">{esc(text)}</span>{final}'
        f'<span class="status-turn">{round_text}</span></div>'
    )


def last_html(data: dict, ui: Ui) -> str:
    """The moves since the viewer's own last turn (at least the last one) in words, each with
    its pictures (taken gems, the colour of the card bought or reserved, a reserve's gold)."""
    run = since_my_turn(ui.entries, data["viewer"], ui.spectator)
    if not run:
        seat = data["current_player"]
        return no_moves_html(ui.lang, seat, seat_name(ui, seat) if seat is not None else "")
    parts: list[str] = []
    told: list[str] = []
    for n, entry in enumerate(run, 1):
        info = entry.info
        pictures = ""
        if info.get("kind") in ("take", "return"):
            pictures = gem_icons(info["gems"])
        elif info.get("card"):
            pictures = gem(GEM_LETTERS[CARD_COLOUR[CARD_INDEX[info["card"]]]])
        if info.get("gold"):  # a reserve: the gold it brought (tells it from a purchase)
            pictures += gem("y")
        lines = log_lines(ui.lang, ui.names, entry)
        told.extend(lines)
        if n < len(run) and pictures:  # earlier moves in short: name and pictures
            name = esc(seat_name(ui, entry.seat))
            parts.append(
                f'<span class="last-entry"><bdi>{name}</bdi> <span class="last-pictures">{pictures}</span></span>'
            )
            continue
        parts.append(
            f'<span class="last-entry"><span class="last-pictures">{pictures}</span>'
            f" {sentences_html(lines)}</span>"
        )
    label = esc(t(ui.lang, "table.last_moves" if len(run) > 1 else "table.last_move"))
    return (
        f'<p class="last-move" data-seat="{run[-1].seat}" title="{esc(sentences_text(ui.lang, told))}">'
        f'<span class="last-label">{label}:</span> {"".join(parts)}</p>'
    )


def since_my_turn(entries: list, viewer: int, spectator: bool = False) -> list:
    """The entries after the viewer's latest one (all, before their first turn); just the
    last entry when the viewer moved last or nobody in particular is watching."""
    if spectator:
        return entries[-1:]
    mine = [i for i, e in enumerate(entries) if e.seat == viewer]
    return entries[mine[-1] + 1 if mine else 0 :] or entries[-1:]


def market_html(data: dict, ui: Ui, main: bool) -> str:
    """Three rows of face-up cards, level 3 on top, each after its deck."""
    lang, legal = ui.lang, set(data["legal"])
    last = data["last_move"] or {}
    rows = []
    for level in (3, 2, 1):
        cells = []
        deck = f"deck{level}"
        can_deck = main and f"reserve {deck}" in legal
        cls = "is-selected" if ui.selected == deck else ""
        count = data["decks"][level - 1]
        cells.append(
            back_html(lang, level, count=count, classes=cls, pick=deck if can_deck else "")
        )
        for card in data["table"][level - 1]:
            if card is None:
                label = esc(t(lang, "table.empty_slot"))
                cells.append(f'<span class="card-slot" role="img" aria-label="{label}"></span>')
                continue
            cid = card["id"]
            classes = []
            if f"buy {cid}" in legal:
                classes.append("is-affordable")
            if ui.selected == cid:
                classes.append("is-selected")
            if cid == last.get("card_in"):
                classes.append("is-last")
            can = main and (f"buy {cid}" in legal or f"reserve {cid}" in legal)
            cells.append(card_html(lang, card, classes=" ".join(classes), pick=cid if can else ""))
        label = esc(t(lang, "table.level", level=level))
        rows.append(
            f'<div class="card-row" data-level="{level}" role="group" aria-label="{label}">'
            + "".join(cells)
            + "</div>"
        )
    return "".join(rows)


def bank_html(data: dict, ui: Ui, main: bool) -> str:
    """The bank's piles; in the main decision a pile is a button when a legal take allows it."""
    lang = ui.lang
    picks = ui.picks if main else ""
    can = pickable(data["legal"], "take ", picks) if main else set()
    taken = set()
    last = data["last_move"] or {}
    if last.get("action", "").startswith("take "):
        taken = set(last["action"][5:])
    out = []
    for letter in TOKENS:
        n = data["bank"][letter]
        html = token_html(
            lang, letter, n, pickable_=letter in can, picked=Counter(picks)[letter] if picks else 0
        )
        if letter in taken:
            html = html.replace('class="token', 'class="token was-taken', 1)
        out.append(html)
    return "".join(out)


def actions_html(data: dict, ui: Ui, main: bool) -> str:
    """The action bar: confirm a take, buy or reserve the selected card, pass, or a hint."""
    lang, legal = ui.lang, data["legal"]
    if data["is_over"]:
        return ""
    if not main:
        current = data["current_player"]
        if decides_here(ui, current, data["viewer"]):
            return ""  # a dialog asks for the decision
        name = seat_name(ui, current)
        key = "table.bot_thinking" if ui.thinking else "table.turn_of"
        return f'<p class="hint">{esc(t(lang, key, player=name))}</p>'
    cancel = f'<button type="button" class="btn btn--ghost" data-cancel>{esc(t(lang, "table.cancel"))}</button>'
    if ui.picks:
        done = completed(legal, "take ", ui.picks)
        text = esc(t(lang, "table.take_gems", gems=gem_list(lang, Counter(ui.picks))))
        attrs = f'data-action="{done}"' if done else "disabled"
        hint = esc(t(lang, "table.hint_take"))
        return (
            f'<p class="hint">{hint}</p><button type="button" class="btn btn--primary" {attrs}>'
            f"{gem_icons(ui.picks)} {text}</button>{cancel}"
        )
    if ui.selected.startswith("deck"):
        level = int(ui.selected[4:])
        text = esc(t(lang, "table.reserve_deck", level=level))
        return (
            f'<button type="button" class="btn btn--primary" data-action="reserve {ui.selected}">'
            f"{text}</button>{cancel}"
        )
    if ui.selected:
        return _card_actions(data, ui) + cancel
    if "pass" in legal:
        text = esc(t(lang, "table.pass_forced"))
        return (
            f'<p class="hint">{text}</p><button type="button" class="btn btn--primary"'
            f' data-action="pass">{esc(t(lang, "table.pass"))}</button>'
        )
    keys = ["table.hint_take"]
    if any(n.startswith("reserve ") for n in legal):
        keys.append("table.hint_select")
    elif any(n.startswith("buy ") for n in legal):
        keys.append("table.hint_select_buy")
    if len(data["players"][data["viewer"]]["reserved"]) >= 3:  # why no card can be reserved
        keys.append("table.reserve_full")
    hint = esc(" ".join(t(lang, key) for key in keys))
    return f'<p class="hint">{hint}</p>'


def _card_actions(data: dict, ui: Ui) -> str:
    lang, legal, cid = ui.lang, data["legal"], ui.selected
    me = data["players"][data["viewer"]]
    card = _find_card(data, cid)
    out = [f'<p class="hint">{esc(_card_hint(data, ui, card))}</p>']
    if f"buy {cid}" in legal and card:
        paid = payment(card["cost"], me["bonuses"], me["tokens"])
        words = gem_list(lang, paid) if paid else t(lang, "table.free")
        pips = "".join(pip(k, n, lang) for k, n in paid.items())
        label = esc(t(lang, "table.buy_paying", gems=words))
        out.append(
            f'<button type="button" class="btn btn--primary" data-action="buy {cid}"'
            f' aria-label="{label}">{esc(t(lang, "table.buy"))}'
            f'<span class="payment">{pips or esc(t(lang, "table.free"))}</span></button>'
        )
    if f"reserve {cid}" in legal:
        out.append(
            f'<button type="button" class="btn" data-action="reserve {cid}">'
            f"{esc(t(lang, 'table.reserve'))}</button>"
        )
    return "".join(out)


def _card_hint(data: dict, ui: Ui, card: dict | None) -> str:
    """What the selected card allows: buy or reserve, or why it cannot be bought yet."""
    lang, legal, me = ui.lang, data["legal"], data["players"][data["viewer"]]
    buyable, reservable = f"buy {ui.selected}" in legal, f"reserve {ui.selected}" in legal
    if not card or (buyable and reservable):
        return t(lang, "table.hint_card")
    text = t(lang, "table.hint_card_buy") if buyable else why_not_buy(lang, card["cost"], me)
    if reservable:
        text += " " + t(lang, "table.hint_reserve_only")
    elif len(me["reserved"]) >= 3 and card not in me["reserved"]:
        text += " " + t(lang, "table.reserve_full")
    return text


def _find_card(data: dict, cid: str) -> dict | None:
    for row in data["table"]:
        for card in row:
            if card and card["id"] == cid:
                return card
    for card in data["players"][data["viewer"]]["reserved"]:
        if card.get("id") == cid:
            return card
    return None


def panel_order(data: dict, ui: Ui) -> list[int]:
    """The seats in the order their panels show: at tables of three or four the viewer's
    own first, then the others in turn order, so what they decide with is never scrolled away."""
    seats, viewer = data["num_players"], data["viewer"]
    if seats < 3 or ui.spectator:
        return list(range(seats))
    return [(viewer + i) % seats for i in range(seats)]


def scores_line(data: dict, ui: Ui) -> str:
    """Every player's points, cards and tokens on one line (see `scores_html`)."""
    lang = ui.lang
    figures = [
        score_figure(
            lang,
            icon("prestige"),
            p["points"],
            t(lang, "table.points_count", n=p["points"]),
            near=is_near(p["points"], data["target"]),
        )
        + score_figure(
            lang,
            '<span class="score-card" aria-hidden="true"></span>',
            p["cards"],
            f"{t(lang, 'table.cards')}: {number(lang, p['cards'])}",
        )
        + score_figure(
            lang, gem("x"), p["token_count"], t(lang, "table.tokens_count", n=p["token_count"])
        )
        for p in data["players"]
    ]
    names = [seat_name(ui, seat) for seat in range(data["num_players"])]
    return scores_html(names, figures, data["current_player"])


def player_html(data: dict, ui: Ui, seat: int, main: bool) -> str:
    """A player's area: name, points, tokens and bonuses per colour, nobles, reserved cards."""
    lang, legal = ui.lang, set(data["legal"])
    p = data["players"][seat]
    classes = ["player"]
    if seat == data["current_player"]:
        classes.append("is-current")
    if data["is_over"] and seat in (data["ranking"] or [[]])[0]:
        classes.append("is-winner")
    last = data["last_move"] or {}
    if ui.entries and ui.entries[-1].seat == seat:
        classes.append("was-last")
    name = esc(seat_name(ui, seat))
    level = ui.bots[seat] if seat < len(ui.bots) else ""
    kind = t(lang, "kind.bot_level", level=t(lang, f"level.{level}")) if level else ""
    if seat == data["viewer"] and not level and not ui.spectator:
        kind = t(lang, "table.you")
    holdings = []
    for letter in TOKENS:
        n = p["tokens"][letter]
        bonus = p["bonuses"].get(letter, 0)
        bonus_html = (
            f'<span class="bonus-count{" is-zero" if not bonus else ""}"'
            f' title="{esc(t(lang, "table.bonuses"))}">{number(lang, bonus)}</span>'
            if letter != "y"
            else '<span class="bonus-count is-zero" aria-hidden="true"></span>'
        )
        holdings.append(
            f'<div class="holding" data-gem="{letter}">{bonus_html}'
            f'<span class="token{" is-zero" if not n else ""}" data-gem="{letter}">{gem(letter)}'
            f'<span class="token-count">{number(lang, n)}</span></span></div>'
        )
    none = number(lang, 0)  # in the language's digits, as every other count
    summary = esc(
        listing(
            lang,
            [t(lang, "table.points_count", n=p["points"])]
            + [t(lang, "table.tokens") + ": " + (gem_list(lang, nonzero(p["tokens"])) or none)]
            + [t(lang, "table.bonuses") + ": " + (gem_list(lang, nonzero(p["bonuses"])) or none)],
        )
    )
    reserved = []
    for card in p["reserved"]:
        if card.get("hidden"):
            reserved.append(back_html(lang, card["level"], classes="card--mini"))
            continue
        cid = card["id"]
        classes_ = ["card--mini"]
        mine = seat == data["viewer"]
        if mine and f"buy {cid}" in legal:
            classes_.append("is-affordable")
        if ui.selected == cid:
            classes_.append("is-selected")
        if last.get("card") == cid and seat == last.get("player"):
            classes_.append("is-last")
        can = main and mine  # one not affordable yet shows what it lacks
        reserved.append(card_html(lang, card, classes=" ".join(classes_), pick=cid if can else ""))
    nobles = "".join(noble_html(lang, n, mini=True) for n in p["nobles"])
    rows = ""
    if nobles:
        rows += (
            f'<div class="player-row"><span class="player-row-label">'
            f"{esc(t(lang, 'table.nobles'))}</span>{nobles}</div>"
        )
    if reserved:
        rows += (
            f'<div class="player-row"><span class="player-row-label">'
            f"{esc(t(lang, 'table.reserved_count', n=len(reserved)))}</span>"
            f"{''.join(reserved)}</div>"
        )
    stats = (
        f'<span class="stat">{esc(t(lang, "table.tokens_count", n=p["token_count"]))}</span>'
        f'<span class="stat">{esc(t(lang, "end.cards"))} <b>{number(lang, p["cards"])}</b></span>'
    )
    return (
        f'<section class="{" ".join(classes)}" data-seat="{seat}" aria-label="{name}">'
        f'<div class="player-head"><span class="player-name">{name}</span>'
        + (f'<span class="player-kind">{esc(kind)}</span>' if kind else "")
        + f'<span class="player-points" title="{esc(t(lang, "table.points"))}">'
        f"{icon('prestige')}{number(lang, p['points'])}</span></div>"
        f'<p class="visually-hidden">{summary}</p>'
        f'<div class="player-stats">{stats}</div>'
        f'<div class="holdings" data-columns="6" aria-hidden="true">{"".join(holdings)}</div>'
        f"{rows}</section>"
    )


def dialog_html(data: dict, ui: Ui) -> str:
    """The return-tokens or noble-choice dialog when the viewer must decide one."""
    lang, legal = ui.lang, data["legal"]
    me = data["players"][data["viewer"]]
    if data["pending"] == "return":
        total = me["token_count"]
        excess = len(legal[0].split()[1]) if legal else 0
        can = pickable(legal, "return ", ui.picks)
        have = Counter(ui.picks)
        tokens = "".join(
            token_html(
                lang,
                k,
                me["tokens"][k] - have[k],
                pickable_=k in can,
                picked=have[k],
                label=t(
                    lang,
                    "table.cost_item",
                    n=me["tokens"][k] - have[k],
                    colour=t(lang, f"colour.{k}"),
                ),
            )
            for k in TOKENS
            if me["tokens"][k]
        )
        done = completed(legal, "return ", ui.picks)
        left = excess - len(ui.picks)
        return (
            f'<h2 class="modal-title" id="dialog-title">{esc(t(lang, "table.return_title"))}</h2>'
            f'<div class="modal-body"><p id="dialog-desc">{esc(t(lang, "table.return_body", n=total, k=excess))}</p>'
            f'<div class="bank">{tokens}</div>'
            f'<p class="hint" data-left>{esc(t(lang, "table.return_left", k=left))}</p></div>'
            f'<div class="modal-actions">{return_actions(lang, ui.picks, done, ui.can_undo)}</div>'
        )
    if data["pending"] == "noble":
        choices = {n.split()[1] for n in legal if n.startswith("noble ")}
        nobles = "".join(
            noble_html(lang, n, action=f"noble {n['id']}")
            for n in data["nobles"]
            if n["id"] in choices
        )
        undo = undo_button(lang, ui.can_undo)
        return (
            f'<h2 class="modal-title" id="dialog-title">{esc(t(lang, "table.noble_title"))}</h2>'
            f'<div class="modal-body"><p id="dialog-desc">{esc(t(lang, "table.noble_body"))}</p>'
            f'<div class="nobles">{nobles}</div></div>'
        ) + (f'<div class="modal-actions">{undo}</div>' if undo else "")
    return ""


def end_html(data: dict, ui: Ui) -> str:
    """The end screen: ranking (ties shared), each player's points, cards and nobles, the chart."""
    lang = ui.lang
    ranks = []
    place = 1
    for group in data["ranking"]:
        for seat in group:
            p = data["players"][seat]
            detail = t(
                lang,
                "end.summary",
                points=number(lang, p["points"]),
                cards=number(lang, p["cards"]),
                nobles=number(lang, len(p["nobles"])),
            )
            ranks.append(rank_html(lang, place, seat, seat_name(ui, seat), detail))
        place += len(group)
    winners = data["ranking"][0]
    names = [seat_name(ui, s) for s in winners]
    if len(winners) == 1:
        headline = t(lang, "end.winner", player=names[0])
    else:
        headline = t(lang, "end.shared", players=listing(lang, names))
    tie = ""
    points = [data["players"][s]["points"] for s in range(data["num_players"])]
    if points.count(max(points)) > len(winners):  # the tie-break decided (not a shared win)
        tie = f'<p class="note">{esc(t(lang, "end.tiebreak"))}</p>'
    all_names = [seat_name(ui, s) for s in range(data["num_players"])]
    scores = ui.scores or [points]
    chart = score_chart(lang, all_names, scores, data["target"], data["num_players"])
    intro = f'<p class="end-headline">{esc(headline)}</p>{tie}'
    return end_panel(lang, intro, ranks, chart)
