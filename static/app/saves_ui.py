"""Never lose a game, in the page: autosave and continue, undo/redo, play by link, record
files and the replay viewer.

Browser glue only: what a save, a link or a record file is (and every check on them) lives in
`splendor.session`, `.links` and `.records`. Everything a player or a file supplies reaches the
page as text (textContent / input values), never as markup. Bad input gets a message naming
the problem and changes nothing, the stored game included.
"""

from __future__ import annotations

import asyncio
import json

from pyodide.ffi import JsException, create_once_callable, jsnull, to_js
from pyscript import document, window
from pyscript.ffi import create_proxy

from app import embed_params, setup_form, table
from app.catalog import direction, number, t
from app.controller import Controller
from app.replay import Replay
from app.summaries import FileTooLarge, continue_label, file_name, game_line, problem, seat_names
from splendor.common import LoadError
from splendor.records import import_record
from splendor.session import (
    HISTORY_FORMAT,
    PAUSED_FORMAT,
    PAUSED_KEEP,
    Session,
    UndoError,
    add_to_history,
    history_text,
    load_history,
    set_aside,
)

SAVE_KEY = "splendor.save"
HISTORY_KEY = "splendor.history"
PAUSED_KEY = "splendor.paused"
# What this page could not read (a save, entries of the lists), set aside as text, never lost
UNREADABLE_KEY = "splendor.save.unreadable"
# What the top of the setup screen last showed, {"lang", "text"}: the Continue button's text
# and the HTML of the games set aside. boot.js shows them at once (their buttons disabled),
# so that the form does not jump down when Python is ready.
CONTINUE_KEY = "splendor.continue"
PAUSED_VIEW_KEY = "splendor.paused-view"


class Memory:
    """What this module remembers between events."""

    archived: tuple | None = None  # (seed, moves) of the finished game last put in history
    saving: tuple | None = None  # game_key() of the game SAVE_KEY holds, once checked
    # The save this page last wrote or took from the slot: a redraw with no move (a bot
    # starts thinking) must not write it again over what another tab has played since.
    written: str | None = None
    link_cache: tuple = ((), "")  # (record moves, link URL) of the last link shown
    storage_warned = False
    paused_warned = False  # told once that the paused list is full


MEMORY = Memory()


def lang() -> str:
    """The page's language."""
    return table.APP.lang


def byid(name: str):
    """document.getElementById."""
    return document.getElementById(name)


# --- storage -----------------------------------------------------------------------------
def read(key: str) -> str | None:
    """A localStorage value (None when missing or when storage is blocked)."""
    try:
        value = window.localStorage.getItem(key)
    except JsException:
        return None
    return None if value is None or value is jsnull else str(value)


def write(key: str, text: str) -> bool:
    """Store a value; False (and one warning) when the browser refuses."""
    try:
        window.localStorage.setItem(key, text)
        return True
    except JsException:
        if not MEMORY.storage_warned:
            MEMORY.storage_warned = True
            table.toast(t(lang(), "error.storage"), error=True)
        return False


def remove(key: str) -> None:
    """Forget a stored value (quietly when storage is blocked)."""
    try:
        window.localStorage.removeItem(key)
    except JsException:
        return


def autosave(c) -> None:
    """After every change: store the game in play; a finished one goes to the history."""
    if getattr(c, "replaying", False) or not c.savable:
        return
    session = c.session
    if session.state.is_over:
        key = (session.record.seed, session.record.moves)
        if MEMORY.archived != key:
            MEMORY.archived = key
            old = read(HISTORY_KEY)
            if keep_unreadable(old, HISTORY_FORMAT):
                write(HISTORY_KEY, add_to_history(old, session, kept_at=now()))
        if stored_key() == session.game_key():  # never another game's save (another tab's)
            remove(SAVE_KEY)
            remember(CONTINUE_KEY, None)
            MEMORY.saving = None
        leave_paused(session)
    else:
        if MEMORY.archived and MEMORY.archived[0] == session.record.seed:
            unarchive(session)  # its end was undone: in progress again, no longer finished
        if not (session.record.moves or session.can_redo):
            return
        text = session.to_json()
        if text != MEMORY.written and take_save_slot(session) and write(SAVE_KEY, text):
            MEMORY.written = text
            remember(CONTINUE_KEY, continue_label(lang(), session.summary()))


def unarchive(session: Session) -> None:
    """Take a game whose end was undone out of the finished games."""
    old = read(HISTORY_KEY)
    games = load_history(old)[0] if old else []
    kept = [game for game in games if game.game_key() != session.game_key()]
    if kept == games or (
        keep_unreadable(old, HISTORY_FORMAT) and write(HISTORY_KEY, history_text(kept))
    ):
        MEMORY.archived = None


def now() -> int:
    """The time in ms since 1970 (the browser's clock)."""
    return int(window.Date.now())


def stored_key(text: str | None = None) -> tuple | None:
    """The game_key() of the game in the save slot (or of the save `text`), read without
    replaying it."""
    try:
        data = json.loads(text or read(SAVE_KEY) or "null")
    except ValueError:
        return None
    return (data.get("game"), data.get("seed")) if isinstance(data, dict) else None


def keep_unreadable(text: str | None, kind: str) -> bool:
    """Before a list is rewritten: if this page cannot read all of it, set its text aside.
    False if storage refused (then the list must stay as it is)."""
    if not text or not load_history(text, kind)[1]:
        return True
    return write(UNREADABLE_KEY, set_aside(read(UNREADABLE_KEY), text))


def write_paused(games: list[Session]) -> bool:
    """Store the paused list (its unreadable old text set aside first); False if refused,
    or if it would hold more than PAUSED_KEEP games (none is ever dropped to make room)."""
    if len(games) > PAUSED_KEEP:
        if not MEMORY.paused_warned:
            MEMORY.paused_warned = True
            table.toast(t(lang(), "error.paused_full", n=PAUSED_KEEP), error=True)
        return False
    stored = keep_unreadable(read(PAUSED_KEY), PAUSED_FORMAT) and write(
        PAUSED_KEY, history_text(games, PAUSED_FORMAT)
    )
    if stored:
        show_paused(games)  # also while a game is on the table: what boot.js shows next time
    return stored


def paused_games() -> list[Session]:
    """The unfinished games set aside, newest first (unreadable ones skipped)."""
    text = read(PAUSED_KEY)
    return load_history(text, PAUSED_FORMAT)[0] if text else []


def leave_paused(session: Session) -> bool:
    """Take a game (any version of it) out of the paused list; False if storage refused."""
    paused = paused_games()
    kept = [game for game in paused if game.game_key() != session.game_key()]
    return kept == paused or write_paused(kept)


def take_save_slot(session: Session) -> bool:
    """Before a game is first saved: the other unfinished game in the slot goes to the paused
    list (never overwritten), and this one leaves that list. False if storage refused."""
    owner = session.game_key()
    text = read(SAVE_KEY)
    key = stored_key(text) if text else None
    if MEMORY.saving == owner and key in (owner, None):  # None: slot emptied meanwhile
        return True
    paused = paused_games()
    kept = [game for game in paused if game.game_key() != owner]
    if text and key != owner:
        try:
            stored = Session.from_json(text)
        except LoadError:  # said on the setup screen; kept aside as it is (a newer page's?)
            if not write(UNREADABLE_KEY, set_aside(read(UNREADABLE_KEY), text)):
                return False
        else:
            stored.kept_at = now()
            kept.insert(0, stored)
    if kept != paused and not write_paused(kept):
        return False  # the other game keeps the slot rather than be lost
    MEMORY.saving = owner
    return True


# --- messages -------------------------------------------------------------------------------
def notice(text: str, detail: str = "") -> None:
    """Show a problem on the setup screen (and as a toast when a game is on screen); the
    detail (the engine's reason, in English) goes on a line of its own."""
    box = byid("notice")
    box.textContent = text
    box.hidden = not text
    if detail:
        line = document.createElement("small")
        line.className = "notice-detail"
        line.textContent = f"{t(lang(), 'notice.detail')} "
        reason = document.createElement("span")
        reason.lang, reason.dir, reason.textContent = "en", "ltr", detail
        line.append(reason)
        box.append(line)
    if text and table.APP.controller is not None:
        table.toast(text, error=True)


def load_problem(key: str, error: LoadError) -> None:
    """Say that a save, link or file could not be read, in the page's language."""
    notice(*problem(lang(), key, error))


# --- the setup screen: continue, history, invite, import --------------------------------------
def refresh_setup() -> None:
    """Offer to continue the saved game and list the finished ones."""
    text = read(SAVE_KEY)
    box, button = byid("saved-game"), byid("continue")
    box.hidden = True
    if text:
        try:
            session = Session.from_json(text)
        except LoadError as error:
            load_problem("error.corrupt_save", error)
        else:
            button.textContent = continue_label(lang(), session.summary())
            button.disabled = False  # boot.js shows it disabled until Python is ready
            box.hidden = False
    remember(CONTINUE_KEY, None if box.hidden else str(button.textContent))
    refresh_paused()
    refresh_history()
    byid("invite-new").hidden = False
    byid("import-label").hidden = False


def remember(key: str, text: str | None) -> None:
    """Keep what the setup screen shows for boot.js to show before Python (None: nothing)."""
    if text is None:
        remove(key)
        return
    value = json.dumps({"lang": lang(), "text": text})
    if read(key) != value:
        write(key, value)


def refresh_paused() -> None:
    """The unfinished games set aside when another was started, each with a Continue button."""
    text = read(PAUSED_KEY)
    games, problems = load_history(text, PAUSED_FORMAT) if text else ([], [])
    show_paused(games, len(problems))


def show_paused(games: list[Session], unreadable: int = 0) -> None:
    """List these games set aside (and say how many entries could not be read)."""
    items = [
        game_item(
            session,
            (f"resume:{index}", "saves.resume"),
            (f"forget:{session.record.seed}", "saves.forget"),
        )
        for index, session in enumerate(games)
    ]
    if unreadable:  # kept aside when the list is next rewritten (keep_unreadable)
        note = document.createElement("li")
        note.className = "history-note"
        note.textContent = t(lang(), "saves.paused_unreadable", n=number(lang(), unreadable))
        items.append(note)
    byid("paused-list").replaceChildren(*items)
    byid("paused").hidden = not items
    remember(PAUSED_VIEW_KEY, str(byid("paused-list").innerHTML) if items else None)


def resume(argument: str) -> None:
    """Put a paused game back on the table (it takes the save slot at its next move)."""
    games = paused_games()
    index = int(argument) if argument.isdigit() else -1
    if 0 <= index < len(games):
        show_session(games[index])


def forget(argument: str) -> None:
    """Delete a paused game: the first click asks "for good?", the second deletes it."""
    button = document.querySelector(f'#paused-list [data-command="forget:{argument}"]')
    if not table.found(button):
        return
    button.dataset.plain = button.textContent
    button.dataset.plainLabel = button.getAttribute("aria-label")
    button.dataset.command = f"forget-sure:{argument}"
    button.textContent = t(lang(), "saves.forget_sure")
    label = button.dataset.plainLabel.replace(button.dataset.plain, button.textContent, 1)
    button.setAttribute("aria-label", label)
    button.classList.add("is-danger")


def withdraw_forget(event) -> None:
    """Focus left a "Delete for good?" button: it asks no more (one listener on the list)."""
    button = event.target
    command = button.getAttribute("data-command") or ""
    if command.startswith("forget-sure:"):
        button.dataset.command = "forget:" + command.removeprefix("forget-sure:")
        button.textContent = button.dataset.plain
        button.setAttribute("aria-label", button.dataset.plainLabel)
        button.classList.remove("is-danger")


def forget_sure(argument: str) -> None:
    """Delete the paused game with this seed (confirmed); focus moves to the next one."""
    rows = list(byid("paused-list").children)
    place = next((i for i, row in enumerate(rows) if row.contains(document.activeElement)), 0)
    paused = paused_games()
    kept = [game for game in paused if str(game.record.seed) != argument]
    if kept != paused and write_paused(kept):  # which redraws the list
        MEMORY.paused_warned = False
        table.toast(t(lang(), "saves.forgotten"))
    else:
        refresh_paused()
    buttons = document.querySelectorAll("#paused-list li .history-buttons")
    if buttons.length:
        buttons.item(min(place, buttons.length - 1)).firstElementChild.focus()
    else:
        byid("start").focus()


def refresh_history() -> None:
    """The finished games kept in this browser, newest first, each with a Replay button."""
    games, _ = load_history(read(HISTORY_KEY)) if read(HISTORY_KEY) else ([], [])
    items = [
        game_item(session, (f"replay-history:{index}", "saves.replay"))
        for index, session in enumerate(games)
    ]
    byid("history-list").replaceChildren(*items)
    byid("history").hidden = not items


def game_item(session: Session, *buttons: tuple[str, str]):
    """A list item for a kept game: its date if known, its line, and its buttons
    ((command, label) pairs), each named with the game for screen readers."""
    item = document.createElement("li")
    if session.kept_at:
        item.append(date_element(session.kept_at), " ")
    line = document.createElement("span")
    line.textContent = game_line(lang(), session.summary())
    group = document.createElement("span")
    group.className = "history-buttons"
    for i, (command, label) in enumerate(buttons):
        button = command_button(command, label)
        button.setAttribute("aria-label", f"{button.textContent}: {line.textContent}")
        group.append(" " if i else "", button)
    item.append(line, " ", group)
    return item


def command_button(command: str, label: str):
    """A link-styled button running a data-command."""
    button = document.createElement("button")
    button.type = "button"
    button.className = "link-button"
    button.dataset.command = command
    button.textContent = t(lang(), label)
    return button


def date_element(ms: int):
    """A <time> element: when a game ended or was set aside, as this language writes dates
    (fa: its calendar)."""
    date = window.Date.new(ms)
    options = to_js(
        {"dateStyle": "medium", "timeStyle": "short"}, dict_converter=window.Object.fromEntries
    )
    element = document.createElement("time")
    element.className = "history-date"
    element.dateTime = date.toISOString()
    if window.Intl.DateTimeFormat.supportedLocalesOf(to_js([lang()])).length:
        element.textContent = date.toLocaleString(lang(), options)
    else:  # no date words for this language in this browser: digits rather than English
        day, month = date.getDate(), date.getMonth() + 1
        element.textContent = (
            f"{day:02d}.{month:02d}.{date.getFullYear()}, "
            f"{date.getHours():02d}:{date.getMinutes():02d}"
        )
    return element


def continue_saved(_: str = "") -> None:
    """Put the saved game back on the table."""
    try:
        session = Session.from_json(read(SAVE_KEY) or "")
    except LoadError as error:
        load_problem("error.corrupt_save", error)
        return
    MEMORY.written = session.to_json()
    show_session(session)


def show_session(session: Session) -> Controller:
    """Put a Session on the table (its game's engine and renderer)."""
    notice("")
    game, renderer = table.load_game(session.record.game)
    controller = Controller(game, session, renderer.describe)
    table.show_game(controller, renderer)
    return controller


def replay_history(argument: str) -> None:
    """Replay a finished game from the history."""
    games, _ = load_history(read(HISTORY_KEY))
    index = int(argument) if argument.isdigit() else -1
    if 0 <= index < len(games):
        open_replay(games[index].record, games[index].names)


def on_storage(event) -> None:
    """Another tab saved: the setup screen shows what is kept now, and a game on screen that
    the other tab played on (or finished, or took back) is shown as it was saved there."""
    if event.key not in (SAVE_KEY, PAUSED_KEY, HISTORY_KEY, None):
        return
    c = table.APP.controller
    if c is None:  # the setup screen
        refresh_setup()
        return
    if getattr(c, "replaying", False) or not c.savable or event.key not in (SAVE_KEY, HISTORY_KEY):
        return
    there = saved_elsewhere(c.session, event.key, event.newValue)
    if there is None:
        return
    text = there.to_json()
    if text == c.session.to_json():
        return
    if there.state.is_over:
        MEMORY.archived = (there.record.seed, there.record.moves)  # already in the history
    else:
        MEMORY.written = text
    show_session(there)
    table.toast(t(lang(), "saves.other_tab", n=number(lang(), len(there.record.moves))))


def saved_elsewhere(session: Session, key: str, text) -> Session | None:
    """This game as another tab just stored it under `key`, or None."""
    if text is None or text is jsnull:
        return None
    if key == SAVE_KEY:
        if stored_key(str(text)) != session.game_key():
            return None
        try:
            return Session.from_json(str(text))
        except LoadError:
            return None
    finished = load_history(str(text))[0]
    return next((game for game in finished if game.game_key() == session.game_key()), None)


def invite_new(_: str = "") -> None:
    """Start a game played by link from the setup form, and show its invite link."""
    choice = setup_form.read_choice()
    setup_form.save(choice)
    notice("")
    open_invite(table.start_game(choice, mode="link"))


# --- links -------------------------------------------------------------------------------------
def link_url(c) -> str:
    """The whole address of the game's link (this page + "#" + payload)."""
    moves = c.session.record.moves
    if MEMORY.link_cache[0] != moves or not MEMORY.link_cache[1]:
        base = embed_params.link_base(str(window.location.href))
        MEMORY.link_cache = (moves, f"{base}#{c.session.link()}")
    return MEMORY.link_cache[1]


def open_invite(c=None) -> None:
    """The invite dialog: the link, copy/share buttons and what a link cannot hide."""
    c = c or table.APP.controller
    if c is None or not c.savable:
        return
    byid("invite-link").value = link_url(c)
    current = c.state.current_player
    names = seat_names(lang(), [s.name for s in c.seats])
    if current is None:
        text = t(lang(), "share.over")
    elif c.session.may_move:
        text = t(lang(), "share.first", player=names[current])
    else:
        text = t(lang(), "share.send_to", player=names[current])
    byid("invite-turn").textContent = text
    byid("invite-share").hidden = not can_share()
    dialog = byid("invite")
    if not dialog.open:
        dialog.showModal()
    byid("invite-link").select()


def share_panel(c) -> None:
    """In a game by link, after this device's move: the new link to send, and to whom."""
    panel = byid("t-share")
    waiting = c.by_link and not getattr(c, "replaying", False) and not c.session.may_move
    if not waiting or not c.session.record.moves:
        panel.hidden = True
        return
    current = c.state.current_player
    names = seat_names(lang(), [s.name for s in c.seats])
    key = "share.over" if current is None else "share.send_to"
    byid("share-text").textContent = t(
        lang(), key, player=names[current] if current is not None else ""
    )
    link = link_url(c)
    if byid("share-link").value != link:
        byid("share-link").value = link
    byid("share-share").hidden = not can_share()
    if panel.hidden:  # just appeared after this device's move: bring it into sight
        panel.hidden = False
        panel.scrollIntoView()


def can_share() -> bool:
    """True where the browser offers navigator.share."""
    return bool(window.navigator.share) if hasattr(window.navigator, "share") else False


def copy_link(target: str) -> None:
    """Copy a link field's text to the clipboard."""
    field = byid(target)
    if table.found(field):
        asyncio.ensure_future(_copy(field))


async def _copy(field) -> None:
    text = str(field.value)
    try:
        await window.navigator.clipboard.writeText(text)
    except (JsException, AttributeError):  # no clipboard (permission, http): copy by hand
        field.select()
        table.toast(t(lang(), "share.copy_failed"), error=True)
        return
    table.toast(t(lang(), "share.copied"))


def share_link(target: str) -> None:
    """Hand a link field's text to the system share sheet (where there is one)."""
    field = byid(target)
    if table.found(field) and can_share():
        data = {"title": t(lang(), "app.title"), "url": str(field.value)}
        promise = window.navigator.share(to_js(data, dict_converter=window.Object.fromEntries))
        promise.catch(create_proxy(lambda _: None))  # the player closed the share sheet


def open_from_hash(*_) -> None:
    """A link opened (page load or a new #fragment): replay, check and show the game."""
    raw = str(window.location.hash or "")
    if len(raw) <= 1:
        return
    window.history.replaceState(None, "", str(window.location.href).split("#")[0])
    try:
        session = Session.from_link(raw[1:])
    except LoadError as error:
        load_problem("error.bad_link", error)
        return
    session.me = session.state.current_player  # whoever opens the link plays the seat to move
    kept = kept_copies(session)
    newer = saved_sequel(session, kept)
    if newer is not None:  # playing on from the old link would overwrite the saved moves
        show_session(newer)
        table.toast(t(lang(), "share.older_link", n=len(newer.record.moves)))
        return
    rewritten = rewritten_move(session, kept)
    if rewritten is not None:  # an edited or forked link must not undo what was played here
        saved, index = rewritten
        show_session(saved)
        table.toast(t(lang(), "share.changes_my_move", n=number(lang(), index + 1)), error=True)
        return
    # ...unless this device has played another seat of this game: opening its own link again
    # (or one posted to a group) must not hand it a rival's seat and hidden cards
    seat = seat_played_here(session, kept)
    if seat is not None:
        session.me = seat
    c = show_session(session)
    autosave(c)  # kept at once: a reload before this device's move must not lose the game
    current = c.state.current_player
    if current is not None:
        names = seat_names(lang(), [s.name for s in c.seats])
        if current == session.me:
            table.toast(t(lang(), "share.opened", player=names[current]))
        else:
            table.toast(t(lang(), "share.kept_seat", player=names[current], me=names[seat]))


def kept_copies(session: Session) -> list[Session]:
    """This game as kept here: in the save slot, set aside, or finished."""
    kept = [game for game in paused_games() if game.game_key() == session.game_key()]
    if stored_key() == session.game_key():
        try:
            kept.append(Session.from_json(read(SAVE_KEY)))
        except LoadError:
            pass
    history = read(HISTORY_KEY)
    finished = load_history(history)[0] if history else []
    return kept + [game for game in finished if game.game_key() == session.game_key()]


def saved_sequel(session: Session, kept: list[Session]) -> Session | None:
    """The copy kept here that plays this game on further (the link is an older one)."""
    moves = session.record.moves
    for saved in kept:
        later = saved.record.moves
        if len(later) > len(moves) and later[: len(moves)] == moves:
            return saved
    return None


def rewritten_move(session: Session, kept: list[Session]) -> tuple[Session, int] | None:
    """The copy kept here, and the index of its first move, that this device played and the
    link changes (a link edited, or played on from an older one by someone else); or None."""
    moves = session.record.moves
    for saved in kept:
        seat = saved.played_seat
        if seat is None:
            continue
        for index, (mover, move) in enumerate(saved.moves[: len(moves)]):
            if moves[index] != move:
                if mover == seat:
                    return saved, index
                break
    return None


def seat_played_here(session: Session, kept: list[Session]) -> int | None:
    """The seat this device has moved for in a copy of this game up to the link, or None."""
    moves = session.record.moves
    for saved in kept:
        if moves[: len(saved.record.moves)] == saved.record.moves and saved.played_seat is not None:
            return saved.played_seat
    return None


# --- record files and replays ----------------------------------------------------------------
def export_game(_: str = "") -> None:
    """Download the game on screen (or the replay) as a record file."""
    c = table.APP.controller
    if c is None or not exportable(c):
        return
    if getattr(c, "replaying", False):
        text, record = c.export_record(), c.record
    else:
        text, record = c.session.export_record(), c.session.record
    download(text, file_name(record.game, record.seed, len(record.moves)))
    table.toast(t(lang(), "share.export_done"))


def exportable(c) -> bool:
    """A real record, and by link only once over: a file, replayed from each seat to move,
    would show the rivals' blind reserves."""
    replaying = getattr(c, "replaying", False)
    return c.savable and (replaying or not c.by_link or c.state.is_over)


def download(text: str, name: str) -> None:
    """Save text as a file through a temporary blob: URL."""
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.hidden = True
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)


def on_import(event) -> None:
    """A record file was chosen: read it, check it, replay it."""
    files = event.target.files
    if files.length:
        asyncio.ensure_future(_import(files.item(0), event.target))


async def _import(file, field) -> None:
    try:
        if file.size > 2_000_000:
            raise FileTooLarge("the file is too large to be a game record")
        record, names = import_record(str(await file.text()))
    except LoadError as error:
        load_problem("error.import", error)
        return
    finally:
        field.value = ""
    notice("")
    open_replay(record, names)
    table.toast(t(lang(), "share.import_done"))


def open_replay(record, names) -> None:
    """Show a record on the table, read-only, at its setup; step with buttons or arrow keys."""
    game, renderer = table.load_game(record.game)
    table.show_game(Replay(game, record, names, renderer.describe), renderer)


def replay_game(_: str = "") -> None:
    """Watch the game just finished from its first move."""
    c = table.APP.controller
    if c is not None and c.savable and c.state.is_over:
        open_replay(c.session.record, c.session.names)


def replay_step(argument: str) -> None:
    """Replay navigation: first, back, forward, last."""
    r = table.APP.controller
    if not getattr(r, "replaying", False):
        return
    target = {"first": 0, "back": r.position - 1, "forward": r.position + 1, "last": len(r)}
    if argument in target:
        r.go(target[argument])


# --- undo / redo and the top bar ---------------------------------------------------------------
def undo(_: str = "") -> None:
    """Take back the last human decision (not in a game by link)."""
    c = table.APP.controller
    if c is None or getattr(c, "replaying", False):
        return
    try:
        c.undo()
    except UndoError:
        table.toast(t(lang(), "history.nothing_undo"))


def redo(_: str = "") -> None:
    """Replay the decision taken back last."""
    c = table.APP.controller
    if c is None or getattr(c, "replaying", False):
        return
    try:
        c.redo()
    except UndoError:
        table.toast(t(lang(), "history.nothing_redo"))


def update_bar(c) -> None:
    """After each redraw: the screen's mode, undo/redo availability, replay position, link."""
    replaying = getattr(c, "replaying", False)
    game = byid("game")
    game.dataset.mode = "replay" if replaying else ("link" if c.by_link else "local")
    for name, able in (("undo", c.can_undo), ("redo", c.can_redo)):
        button = document.querySelector(f"#game [data-command='{name}']")
        button.disabled = not able
    export = document.querySelector("#game [data-command='export']")
    export.disabled = not exportable(c)
    export.title = t(lang(), "share.export_after") if export.disabled and c.savable else ""
    watch = document.querySelector("#t-end [data-command='replay-game']")
    if table.found(watch):
        watch.hidden = not c.savable  # a constructed position has no record to replay
    bar = byid("t-replay")
    bar.hidden = not replaying
    if replaying:
        byid("replay-position").textContent = t(
            lang(), "replay.position", n=c.position, total=len(c)
        )
        for name, able in (
            ("first", c.position > 0),
            ("back", c.position > 0),
            ("forward", c.position < len(c)),
            ("last", c.position < len(c)),
        ):
            document.querySelector(f"#t-replay [data-command='replay:{name}']").disabled = not able
    # The sticky bar would cover whatever is scrolled to the top (the end screen's title);
    # measured after its text changed, which can wrap it onto a second row on a phone.
    padding = f"{bar.offsetHeight + 8}px" if replaying else ""
    document.documentElement.style.scrollPaddingBlockStart = padding
    share_panel(c)


def on_key(event) -> None:
    """Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z) undo and redo; arrow keys, Home and End in a replay."""
    c = table.APP.controller
    if c is None or byid("game").hidden:
        return
    tag = str(event.target.tagName) if table.found(event.target) else ""
    if tag in ("INPUT", "TEXTAREA", "SELECT") or byid("invite").open or byid("howto").open:
        return
    key = str(event.key)
    command = (event.ctrlKey or event.metaKey) and not event.altKey
    if getattr(c, "replaying", False):
        forward, back = "ArrowRight", "ArrowLeft"
        if direction(lang()) == "rtl":
            forward, back = back, forward
        steps = {forward: "forward", back: "back", "Home": "first", "End": "last"}
        if key in steps and not command:
            event.preventDefault()
            replay_step(steps[key])
    elif command and key.lower() == "z" and not event.shiftKey:
        event.preventDefault()
        undo()
    elif command and (key.lower() == "y" or (key.lower() == "z" and event.shiftKey)):
        event.preventDefault()
        redo()


def on_language() -> None:
    """Texts this module wrote itself follow the language menu."""
    if byid("game").hidden:
        refresh_setup()


def install() -> None:
    """Plug into the table, restore what is saved, and open a link if the page got one."""
    table.COMMANDS.update(
        {
            "continue": continue_saved,
            "resume": resume,
            "forget": forget,
            "forget-sure": forget_sure,
            "replay-history": replay_history,
            "replay-game": replay_game,
            "invite-new": invite_new,
            "invite": open_invite,
            "close-invite": lambda _: byid("invite").close(),
            "copy": copy_link,
            "share": share_link,
            "export": export_game,
            "replay": replay_step,
            "undo": undo,
            "redo": redo,
        }
    )
    table.ON_CHANGE.append(autosave)
    table.ON_RENDER.append(update_bar)
    table.ON_SETUP.append(refresh_setup)
    table.ON_LANGUAGE.append(on_language)
    document.addEventListener("keydown", create_proxy(on_key))
    window.addEventListener("hashchange", create_proxy(open_from_hash))
    window.addEventListener("storage", create_proxy(on_storage))
    byid("import-file").addEventListener("change", create_proxy(on_import))
    byid("paused-list").addEventListener("focusout", create_proxy(withdraw_forget))
    refresh_setup()
    open_from_hash()
