"""DOM glue for the game screen: one delegated listener, idempotent redraws, bots in asyncio.

Everything on screen comes from `Controller` + the game's renderer (e.g. classic_view):
`render()` asks the renderer for each region's HTML and, in the regions whose HTML changed,
rewrites only the changed parts (static/js/patch.js: a late game's cards are not rebuilt at
every move). Clicks are read from data attributes (data-action, data-pick, data-select,
data-cancel, data-command) on one stable container (#app).
"""

from __future__ import annotations

import importlib
import json

from pyodide.ffi import create_once_callable, jsnull
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app import setup_form
from app.catalog import LANGUAGES, direction, t
from app.controller import HUMAN, Controller, PositionSession, Seat, make_seat
from app.markup import howto_html
from app.page_text import I18N_ATTRIBUTES
from splendor.common import IllegalActionError, LoadError

# game name -> (engine module, renderer module)
GAMES = {
    "classic": ("splendor.classic", "app.classic_view"),
    "duel": ("splendor.duel", "app.duel_view"),
}
# "side-scores" repeats the score line at the top of the players' column (CSS shows one of them)
REGIONS = (
    "status", "last", "scores", "side-scores", "nobles", "market", "bank", "actions", "players", "log",
)  # fmt: skip
BOT_PAUSE = 0.6  # seconds a bot "thinks" visibly before its move
MOTION_MS = 450  # how long a move's cards and tokens take to glide into place (static/js/motion.js)

# Extensions (saves, links, replays: app/saves_ui.py) plug in here rather than in this file.
COMMANDS: dict = {}  # command name -> handler(argument) for data-command="name:argument"
ON_CHANGE: list = []  # handler(controller) after every change of the game in play
ON_RENDER: list = []  # handler(controller) after every redraw
ON_SETUP: list = []  # handler() when the setup screen is shown
ON_LANGUAGE: list = []  # handler() after the language changed


class App:
    """The page's state: language, the game in play and the selection being built."""

    def __init__(self):
        self.lang = "en"
        self.controller: Controller | None = None
        self.renderer = None
        self.picks = ""
        self.selected = ""
        self.shown: dict[str, str] = {}
        self.seen_entries = 0
        fast = "fast" in str(window.location.search)  # tests and demos: no pauses, no motion
        self.pause = 0.0 if fast else BOT_PAUSE
        self.motion_ms = 0 if fast else MOTION_MS
        self.motion_from: tuple | None = None  # (controller, moves, tokens) at the last redraw
        self.render_times: list[tuple[int, float]] = []  # (moves shown, ms) per redraw
        self.board_step = False  # the viewer picks on the Duel's board after a purchase


APP = App()


def found(element) -> bool:
    """True for an element (DOM look-ups give JS null, not None, when nothing matches)."""
    return element is not None and element is not jsnull


def attr(element, name: str) -> str:
    """An attribute's value as a Python string ("" when missing)."""
    return str(element.getAttribute(name)) if element.hasAttribute(name) else ""


def byid(name: str):
    """document.getElementById."""
    return document.getElementById(name)


# --- language ------------------------------------------------------------------------------
def set_language(lang: str, *, remember: bool = True) -> None:
    """Switch every text of the page to `lang` (and remember it, unless told not to)."""
    if lang not in LANGUAGES:
        lang = "en"
    APP.lang = lang
    root = document.documentElement
    root.lang = lang
    root.dir = direction(lang)
    for source, target in I18N_ATTRIBUTES.items():
        for element in document.querySelectorAll(f"[{source}]"):
            text = t(lang, attr(element, source))
            if target:
                element.setAttribute(target, text)
            else:
                element.textContent = text
    setup_form.translate(lang)
    if remember:
        setup_form.save_language(lang)
    if byid("howto").open:
        show_howto()
    if APP.controller is not None:
        APP.shown = {}
        render()
    show_title()
    for handler in ON_LANGUAGE:
        handler()


def show_title() -> None:
    """Name the game in play in the top bar and the tab title (e.g. "Splendor Duel")."""
    key = f"game.{APP.controller.game.NAME}" if APP.controller else "app.title"
    title = byid("game-title")
    title.setAttribute("data-i18n", key if APP.controller else "game.classic")
    title.textContent = t(APP.lang, title.getAttribute("data-i18n"))
    document.title = t(APP.lang, key)


def show_howto() -> None:
    """Fill and open the how-to-play dialog in the current language."""
    if APP.controller is not None:
        game = APP.controller.game.NAME
    else:  # the setup screen: the game chosen in the form
        game = "duel" if byid("game-duel").checked else "classic"
    title = byid("howto-title")
    title.setAttribute("data-i18n", f"howto.{game}")
    title.textContent = t(APP.lang, f"howto.{game}")
    byid("howto-body").innerHTML = howto_html(game, APP.lang)
    dialog = byid("howto")
    if not dialog.open:
        dialog.showModal()


# --- starting -------------------------------------------------------------------------------
def seats_from(choice: dict) -> list[Seat]:
    """Seats from the setup choice (an empty name shows as "Player n" in any language)."""
    seats = []
    for seat in choice["seats"]:
        kind = seat.get("kind", HUMAN)
        seats.append(make_seat(seat.get("name", ""), None if kind == HUMAN else kind))
    return seats


def display_names(c) -> list[str]:
    """The names shown for each seat: the player's, else "Player n" in the page's language."""
    return [s.name or setup_form.default_name(APP.lang, i) for i, s in enumerate(c.seats)]


def start_game(choice: dict, mode: str = "local") -> Controller:
    """Start a new game from the setup form's choice (mode "link": a game played by link)."""
    game, renderer = load_game(choice.get("game", "classic"))
    controller = Controller.new(
        game,
        seats_from(choice),
        describe=renderer.describe,
        mode=mode,
        **renderer.options(choice),
    )
    show_game(controller, renderer)
    return controller


def load_game(name: str):
    """The engine and renderer modules of a game (imported on first use)."""
    engine, renderer = GAMES.get(name, GAMES["classic"])
    return importlib.import_module(engine), importlib.import_module(renderer)


def show_game(controller: Controller, renderer) -> None:
    """Put a controller on screen (replacing any game in play) and let bots move."""
    if APP.controller is not None:
        APP.controller.close()
    APP.controller, APP.renderer = controller, renderer
    APP.picks = APP.selected = ""
    APP.shown = {}
    APP.seen_entries = 0
    APP.render_times = []
    controller.listen(lambda _: on_change())
    document.documentElement.dataset.screen = "game"
    byid("game").dataset.game = controller.game.NAME
    label_regions(renderer)
    show_title()
    byid("game").hidden = False
    window.scrollTo(0, 0)  # the new screen from its top, wherever the form was scrolled
    render()
    focus_first()
    drive_bots()


def label_regions(renderer) -> None:
    """Name the table's regions for screen readers as the game's renderer says."""
    for name in REGIONS:
        element = byid(f"t-{name}")
        key = renderer.REGION_LABELS.get(name)
        if key:
            element.setAttribute("role", "group")
            element.setAttribute("data-i18n-label", key)
            element.setAttribute("aria-label", t(APP.lang, key))
        elif name in ("nobles", "market", "bank"):
            for attribute in ("role", "data-i18n-label", "aria-label"):
                element.removeAttribute(attribute)


def new_game_screen() -> None:
    """Back to the setup form."""
    if APP.controller is not None:
        APP.controller.close()
        APP.controller = None
    APP.motion_from = None  # it holds the last game's controller
    close_dialog(byid("t-dialog"))
    byid("game").hidden = True
    document.documentElement.dataset.screen = "setup"
    show_title()
    for handler in ON_SETUP:
        handler()
    byid("start").focus()


def drive_bots() -> None:
    """Let the game's bots play in the background (asyncio), unless they already are."""
    c = APP.controller
    if c is not None and c.bot_to_move:  # (never in a replay: it has no `drive`)
        c.drive(APP.pause)


# --- rendering --------------------------------------------------------------------------------
def on_change() -> None:
    """The game changed: drop a stale selection and redraw."""
    c = APP.controller
    if len(c.entries) != APP.seen_entries:
        APP.picks = APP.selected = ""
    render()
    announce()
    for handler in ON_CHANGE:
        handler(c)
    drive_bots()


def render() -> None:
    """Redraw the table from the controller (only the regions whose HTML changed)."""
    c = APP.controller
    if c is None:
        return
    start = window.performance.now()
    data = c.view().to_data()
    handoff = c.handoff
    replaying = getattr(c, "replaying", False)
    if replaying:  # read-only: nothing to choose, no decision dialog
        data["legal"] = []
        handoff = c.viewer
    full = not replaying and c.session.full
    if full:  # no move can be added (the status says why)
        data["legal"] = []
    ui = APP.renderer.Ui(
        lang=APP.lang,
        names=display_names(c),
        bots=[s.level if not s.is_human else "" for s in c.seats],
        picks=APP.picks,
        selected=APP.selected,
        entries=c.entries,
        scores=c.scores,
        handoff=handoff,
        thinking=c.thinking,
        can_undo=c.can_undo,
        spectator=replaying,
        full=full,
    )
    regions = APP.renderer.render(data, ui)
    regions["side-scores"] = regions["scores"]
    if handoff != c.handoff:
        regions["handoff"] = ""
    if c.handoff is not None:  # the table is hidden until the next player has the device:
        # keep none of the last viewer's view (their blind reserves, face up for them) in
        # the page meanwhile; the log is public
        regions.update({name: "" for name in REGIONS if name != "log"}, dialog="")
    focus = focus_key()
    moved = new_move_tokens(c, data)
    if moved is not None:
        window.SplendorMotion.before()
    changed = [name for name in REGIONS if update(f"t-{name}", name, regions[name])]
    if "log" in changed:  # the newest move in sight (this lays the page out: only when needed)
        log = byid("t-log")
        log.scrollTop = log.scrollHeight
    update("t-handoff", "handoff", regions["handoff"])
    ended = not APP.shown.get("end") and regions["end"]
    update("t-end", "end", regions["end"])
    byid("t-layout").hidden = c.handoff is not None
    show_dialog(regions["dialog"])
    game = byid("game")
    game.dataset.turn = str(data["turn"])
    game.dataset.pending = data["pending"] or "over"
    game.dataset.current = "" if data["current_player"] is None else str(data["current_player"])
    game.dataset.viewer = str(c.viewer)
    game.dataset.handoff = "" if c.handoff is None else str(c.handoff)
    game.dataset.thinking = "true" if c.thinking else "false"
    game.dataset.moves = str(len(c.entries))
    for handler in ON_RENDER:
        handler(c)
    if ended:  # after the handlers: the replay bar's height sets where the scroll stops
        byid("end-title").focus()
        byid("t-end").scrollIntoView()
    restore_focus(focus)
    step = data["pending"] == "token" and data["current_player"] == c.viewer and not handoff
    if step and not APP.board_step:  # once: the board may be a screen away from the card bought
        cell = document.querySelector("#t-bank .cell[data-action]")
        if found(cell):
            options = to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries)
            cell.scrollIntoView(options)
    APP.board_step = step
    if moved is not None:  # last: the flights start from where things are after any scroll
        window.SplendorMotion.after(c.entries[-1].seat, json.dumps(moved), APP.motion_ms)
    APP.render_times.append((len(c.entries), window.performance.now() - start))


def new_move_tokens(c, data: dict) -> dict | None:
    """The mover's token changes when this redraw shows a move or two more (else None)."""
    tokens = [p["tokens"] for p in data["players"]]
    last, APP.motion_from = APP.motion_from, (c, len(c.entries), tokens)
    if not APP.motion_ms or last is None or last[0] is not c or c.handoff is not None:
        return None
    if not 0 < len(c.entries) - last[1] <= 3:  # an undo, a load or a jump in a replay: no motion
        return None
    seat = c.entries[-1].seat
    before, after = last[2][seat], tokens[seat]
    changes = {k: after.get(k, 0) - before.get(k, 0) for k in {*before, *after}}
    return {k: n for k, n in changes.items() if n}


def update(element_id: str, name: str, html: str) -> bool:
    """Give a region this HTML, when it changed (only its changed parts are rewritten:
    static/js/patch.js); True if it did."""
    if APP.shown.get(name) == html:
        return False
    APP.shown[name] = html
    window.SplendorPatch.region(byid(element_id), html)
    return True


def show_dialog(html: str) -> None:
    """Open the decision dialog with this content, or close it when there is none."""
    dialog = byid("t-dialog")
    if not html:
        APP.shown.pop("dialog", None)
        close_dialog(dialog)
        return
    if APP.shown.get("dialog") != html:
        APP.shown["dialog"] = html
        dialog.innerHTML = html
    if not dialog.open:
        dialog.showModal()


def close_dialog(dialog) -> None:
    """Close a dialog if it is open."""
    if dialog.open:
        dialog.close()


def focus_key() -> str | None:
    """A selector finding the focused control again after a redraw."""
    active = document.activeElement
    if not found(active) or active == document.body:
        return None
    for attribute in ("data-action", "data-pick", "data-select", "data-command"):
        if active.hasAttribute(attribute):
            return f'[{attribute}="{active.getAttribute(attribute)}"]'
    if active.hasAttribute("data-cancel"):
        return "[data-cancel]"
    return None


def focus_here(target) -> None:
    """Focus a control without scrolling the page to it: a redraw must not move a phone's
    screen away from what the player was looking at."""
    target.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))


def restore_focus(selector: str | None) -> None:
    """Keep keyboard focus on the same control, or a sensible one when it disappeared."""
    active = document.activeElement
    shown = found(active) and active.isConnected and active.getClientRects().length > 0
    # (a button of a dialog just closed is not shown; a button just disabled, Undo with
    # nothing left to take back, loses the focus to the page a moment later; the status
    # line only holds the focus while the viewer has nothing to do)
    shown = shown and not active.matches(":disabled")
    if shown and active != document.body and active != byid("t-status"):
        return
    target = None
    if selector:
        target = document.querySelector(f"#game {selector}:not([disabled])")
    if found(target) and target.getClientRects().length:  # not one of a dialog just closed
        focus_here(target)
    else:
        focus_first()


def focus_first() -> None:
    """Focus the first control the viewer can use (or the status line)."""
    dialog = byid("t-dialog")
    if dialog.open:  # inside it: a token to pick, else its first button that works
        target = dialog.querySelector("[data-pick]:not([disabled]), button:not([disabled])")
        if found(target):
            focus_here(target)
        return
    for selector in (
        "#t-handoff button",
        "#t-end button",
        "#t-share:not([hidden]) button:not([hidden])",  # a link game: the link to send next
        "#t-actions [data-action]",
        "#t-bank [data-action]",
        "#t-bank [data-pick]",
        "#t-market [data-select]",
    ):
        target = document.querySelector(selector)
        if found(target) and not target.disabled:
            focus_here(target)
            return
    # nothing to do now (a bot or another player moves): the status line keeps the focus, so
    # that it is not lost to the page and Tab goes on from the table
    status = byid("t-status")
    if not byid("game").hidden and status.getClientRects().length:
        focus_here(status)


def announce() -> None:
    """Say the new moves in the live region."""
    c = APP.controller
    lines = []
    for entry in c.entries[APP.seen_entries :]:
        lines += APP.renderer.log_lines(APP.lang, display_names(c), entry)
    APP.seen_entries = len(c.entries)
    # then, if the screen now waits for this device (or can go no further), say so too
    status = status_text() if lines else ""
    if status:
        lines.append(status)
        # and a step asked on the table itself rather than in a dialog (the Duel's token to
        # take after a purchase): the focus lands on a board cell that does not say why
        prompt = document.querySelector("#t-actions [data-announce]")
        if found(prompt):
            lines.append(str(prompt.textContent).strip())
    headline = document.querySelector("#t-end .end-headline")  # the game just ended: who won
    if lines and found(headline):
        lines.append(str(headline.textContent))
    if lines:
        byid("announce").textContent = " ".join(lines)


def status_text() -> str:
    """The status line when the screen waits for this device or can go no further, else ""."""
    status = document.querySelector(
        "#t-status .is-mine .status-text, #t-status .is-stopped .status-text"
    )
    return str(status.textContent) if found(status) else ""


def toast(text: str, error: bool = False) -> None:
    """Show a short message (errors are announced by the alert region)."""
    box = byid("toasts")
    item = document.createElement("div")
    item.className = "toast toast--error" if error else "toast"
    item.textContent = text
    box.replaceChildren(item)
    window.setTimeout(create_once_callable(lambda: item.remove()), 4000)  # freed once run


# --- input ------------------------------------------------------------------------------------
def on_click(event) -> None:
    """The one click handler: read what the clicked control stands for."""
    target = event.target.closest(
        "[data-action], [data-pick], [data-select], [data-cancel], [data-command]"
    )
    if not found(event.target.closest(".topbar")):
        toggle_menu(False)  # a click anywhere else closes the phone's menu
    if not found(target) or target.disabled or target.tagName == "SELECT":
        return
    if target.hasAttribute("data-command"):
        command(attr(target, "data-command"))
    elif target.hasAttribute("data-action"):
        play(attr(target, "data-action"))
    elif target.hasAttribute("data-pick"):
        toggle_pick(attr(target, "data-pick"))
    elif target.hasAttribute("data-select"):
        choice = attr(target, "data-select")
        APP.selected = "" if APP.selected == choice else choice
        APP.picks = ""
        render()
        if APP.selected:  # (the region was redrawn: the clicked element is gone)
            keep_clear_of_the_action_bar(
                document.querySelector(f'#game [data-select="{APP.selected}"]')
            )
            if event.detail == 0:  # chosen by keyboard: the focus goes to the next step
                focus_next_step(APP.selected)
    elif target.hasAttribute("data-cancel"):
        cancel()


def focus_next_step(choice: str) -> None:
    """After a card or a mode chosen by keyboard: focus its Buy / Reserve, else the first
    board cell it is played on (the Duel's privilege: a token; a deck: a gold), and say the
    hint, which a focused cell does not."""
    button = document.querySelector(f'#t-actions [data-action*="{choice}"]:not([disabled])')
    if found(button):
        button.focus()
        return
    cell = document.querySelector(f'#t-bank .cell[data-action*="{choice}"]')
    if found(cell):
        cell.focus()
        hint = document.querySelector("#t-actions .hint")
        if found(hint):
            byid("announce").textContent = str(hint.textContent).strip()


def keep_clear_of_the_action_bar(piece) -> None:
    """Scroll a piece just chosen out from under the action bar stuck to the screen's bottom
    (a landscape phone: the bar is a third of the screen)."""
    bar = byid("t-actions")
    if not (found(piece) and found(bar)):
        return
    card, under = piece.getBoundingClientRect(), bar.getBoundingClientRect()
    # any overlap: the bar grows when a piece is chosen and may cover it entirely
    if under.height and card.bottom > under.top and card.top < under.bottom:
        window.scrollBy(0, card.bottom - under.top + 8)


ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def on_keydown(event) -> None:
    """Escape closes the phone's menu, else clears the selection being built; arrows move
    between the Duel board's cells."""
    if event.key == "Escape" and found(document.querySelector("#game .topbar.is-open")):
        toggle_menu(False)
    elif event.key == "Escape" and APP.controller is not None and (APP.picks or APP.selected):
        event.preventDefault()
        cancel()
    elif event.key in ARROWS and event.target.matches("#t-bank .cell"):
        target = cell_towards(event.target, *ARROWS[event.key])
        if target is not None:
            event.preventDefault()
            target.focus()


def cell_towards(cell, dx: int, dy: int):
    """The usable board cell nearest to `cell` in a direction on screen (so a mirrored board
    reads the same), or None."""
    here = cell.getBoundingClientRect()
    x, y = here.x + here.width / 2, here.y + here.height / 2
    best, best_score = None, None
    for other in document.querySelectorAll("#t-bank .cell:not([disabled])"):
        box = other.getBoundingClientRect()
        vx, vy = box.x + box.width / 2 - x, box.y + box.height / 2 - y
        along = vx * dx + vy * dy
        if along <= here.width / 4:
            continue
        score = along + 2 * abs(vx * dy + vy * dx)  # straight ahead before a diagonal
        if best_score is None or score < best_score:
            best, best_score = other, score
    return best


def on_focus(event) -> None:
    """Focus moving out of the top bar (Tab past the phone's menu) closes the menu."""
    if not found(event.target.closest(".topbar")):
        toggle_menu(False)


def on_change_event(event) -> None:
    """The language menus (on the setup screen and in the game's top bar)."""
    if event.target.id in ("lang", "game-lang"):
        set_language(str(event.target.value))


def on_dialog_cancel(event) -> None:
    """A decision dialog cannot be dismissed with Escape: the decision is required."""
    event.preventDefault()
    if APP.picks:
        cancel()


def on_dialog_close(event) -> None:
    """Chromium closes a modal dialog anyway on Escape pressed again and again (no click or
    other key between: its cancel event is then not cancelable): a decision still to take
    opens it again."""
    dialog = byid("t-dialog")
    if APP.controller is not None and "dialog" in APP.shown and not dialog.open:
        dialog.showModal()
        focus_first()


def command(name: str) -> None:
    """App commands from buttons: how to play, hand-off, play again, new game."""
    c = APP.controller
    if name == "menu":
        toggle_menu()
        return
    toggle_menu(False)  # a command chosen from the phone's menu closes it
    if name == "howto":
        show_howto()
    elif name == "close-howto":
        byid("howto").close()
    elif name == "handoff" and c is not None:
        c.accept_handoff()
        byid("announce").textContent = status_text()  # the moves were said before the hand-off
        focus_first()
    elif name == "again" and c is not None:
        show_game(c.restarted(), APP.renderer)
    elif name == "new":
        new_game_screen()
    else:
        name, _, argument = name.partition(":")
        if name in COMMANDS:
            COMMANDS[name](argument)


def toggle_menu(open_: bool | None = None) -> None:
    """Open or close the top bar's "⋯" menu (phones); None flips it."""
    bar = document.querySelector("#game .topbar")
    is_open = not bar.classList.contains("is-open") if open_ is None else open_
    toggle = bar.querySelector(".menu-toggle")
    if (
        not is_open
        and found(document.activeElement)
        and byid("game-menu").contains(document.activeElement)
    ):
        toggle.focus()  # focus must not stay on a button that disappears (dialogs return here)
    bar.classList.toggle("is-open", is_open)
    toggle.setAttribute("aria-expanded", str(is_open).lower())


def play(notation: str) -> None:
    """Play a human's move; an illegal one changes nothing and says why."""
    c = APP.controller
    if c is None:
        return
    try:
        c.play(notation)
    except IllegalActionError as error:
        toast(t(APP.lang, "error.illegal", reason=str(error)), error=True)


def toggle_pick(value: str) -> None:
    """Add a token (or board cell) to the selection if some legal action allows it, else
    take it back out; the game's renderer knows what may be picked."""
    c = APP.controller
    legal = [a.notation for a in c.view().legal_actions()]
    APP.picks = APP.renderer.toggle_pick(legal, c.state.pending, APP.picks, value)
    APP.selected = ""
    render()
    left = document.querySelector("#t-dialog[open] [data-left]")  # a return: how many more
    if found(left):
        byid("announce").textContent = str(left.textContent)


def cancel() -> None:
    """Clear the selection; the focus goes back to the card that was chosen (its Buy /
    Reserve buttons, which had the focus, are gone), not to the first token of the bank."""
    chosen = APP.selected
    APP.picks = APP.selected = ""
    render()
    if chosen:
        card = document.querySelector(f'#game [data-select="{chosen}"]')
        if found(card):
            focus_here(card)


# --- test hooks ---------------------------------------------------------------------------------
def state_json() -> str | None:
    """The current game's full state as JSON (None when no game is in play)."""
    return APP.controller.state.to_json() if APP.controller else None


def load_json(text: str, seats_json: str | None = None) -> str:
    """Load a saved state (JSON) onto the table; returns "" or the error message.

    seats_json: [{"name", "kind"}] per seat; by default seat 1 is human and the others bots."""
    try:
        data = json.loads(text)
        name = data.get("game", "classic") if isinstance(data, dict) else "classic"
        game, renderer = load_game(name)
        state = game.from_json(text)
        if seats_json:
            seats = seats_from({"seats": json.loads(seats_json)})
        else:
            seats = [make_seat()] + [make_seat("", "easy") for _ in range(1, state.num_players)]
        session = PositionSession(state, seats)
        show_game(Controller(game, session, renderer.describe), renderer)
    except (LoadError, ValueError) as error:
        message = t(APP.lang, "error.corrupt_save", reason=str(error))
        toast(message, error=True)
        return message
    return ""


def render_time() -> float:
    """Milliseconds the last redraw took."""
    return APP.render_times[-1][1] if APP.render_times else 0.0


def render_times() -> str:
    """Every redraw of this game as JSON: [[moves shown, ms], ...]."""
    return json.dumps(APP.render_times)


def think_times() -> str:
    """The bots' decisions in this game as JSON: [[level, ms, longest slice ms], ...]."""
    return json.dumps(APP.controller.think_times if APP.controller else [])


def install() -> None:
    """Attach the delegated listeners once, on stable elements."""
    root = byid("app")
    root.addEventListener("click", create_proxy(on_click))
    root.addEventListener("keydown", create_proxy(on_keydown))
    root.addEventListener("change", create_proxy(on_change_event))
    root.addEventListener("focusin", create_proxy(on_focus))
    byid("t-dialog").addEventListener("cancel", create_proxy(on_dialog_cancel))
    byid("t-dialog").addEventListener("close", create_proxy(on_dialog_close))
