"""Never lose a game, in the page: autosave and continue, undo/redo, record files and replays,
games carried on by links between two browsers, bad links/saves/files refused, hostile names.

One browser context is shared by the module (warm loads); `?fast` makes bots move at once.
Every test fails on a console error, an uncaught exception, a JS dialog or a request that
leaves the local server. Tests wait on DOM conditions, never on time.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from playwright.sync_api import expect

from splendor.arena import play
from splendor.bots import make_bot
from splendor.links import encode_link
from splendor.records import export_record
from splendor.seats import clean_name, make_seat
from splendor.session import PAUSED_FORMAT, SAVE_FORMAT, Session, add_to_history, history_text
from tests.pagecheck import ModulePage, PageGuard, boot_or_fail, wait_for_boot
from tests.saves.helpers import cut
from tests.saves.test_save_format import bot_game

pytestmark = pytest.mark.browser

MY_TURN = """() => {
  const g = document.getElementById('game');
  return !g.hidden && (g.dataset.pending === 'over' ||
    (g.dataset.handoff === '' && g.dataset.current === g.dataset.viewer &&
     g.dataset.thinking !== 'true'));
}"""
HOSTILE = "<img src=x onerror=alert(1)>"
SAVE = "splendor.save"


@pytest.fixture(scope="module")
def shared(browser, site_server):
    """One context (clipboard allowed) and page for the module, watched throughout."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, permissions=["clipboard-read", "clipboard-write"]
    )
    dialogs = []

    def watch(page):
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

    yield ModulePage(context, site_server, watch), dialogs
    context.close()


@pytest.fixture
def page(shared, site_server):
    """The page with empty storage, loaded in English; no console error or dialog allowed."""
    tab, dialogs = shared
    page, guard = tab.live()
    if not page.url.startswith(site_server):
        page.goto(site_server + "?fast")
    page.evaluate("localStorage.clear()")
    open_page(page, site_server + "?fast", guard)
    page.select_option("#lang", "en")
    yield page
    problems = guard.take_problems() + [f"JS dialog opened: {m}" for m in dialogs]
    dialogs.clear()
    assert problems == []


def open_page(page, url, guard=None):
    """Load a URL (a new document) and wait until Python is ready."""
    page.goto("about:blank")
    page.goto(url)
    if guard is not None:
        boot_or_fail(page, guard)
    else:
        assert wait_for_boot(page) == "ready", page.text_content("#boot-problem")


# Records the number of moves in every save this page stores from now on.
WATCH_SAVES = """() => {
  window.savesWritten = [];
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'splendor.save') window.savesWritten.push(JSON.parse(value).moves.length);
    return setItem.call(this, key, value);
  };
}"""


def moves(page) -> int:
    return int(page.get_attribute("#game", "data-moves"))


def wait_moves(page, n: int) -> None:
    page.wait_for_function(f"document.getElementById('game').dataset.moves === '{n}'")


def start(page, seats):
    """Fill the setup form with (name, kind) per seat and start."""
    page.click(f"label[for=players-{len(seats)}]")
    for i, (name, kind) in enumerate(seats):
        page.fill(f"#name{i}", name)
        page.select_option(f"#kind{i}", kind)
    page.click("#start")
    expect(page.locator("#game")).to_be_visible()


def take_gems(page):
    """Take three different gems (or whatever single take is possible)."""
    for _ in range(3):
        if page.locator("#t-actions [data-action^='take']").count():
            break
        fresh = page.locator("#t-bank [data-pick]:not(.is-selected)")
        (fresh if fresh.count() else page.locator("#t-bank [data-pick]")).first.click()
    page.locator("#t-actions [data-action^='take']").click()


def my_move(page):
    """Wait for this device's turn, take gems, and wait until the move is on the table."""
    page.wait_for_function(MY_TURN)
    before = moves(page)
    take_gems(page)
    page.wait_for_function(f"document.getElementById('game').dataset.moves !== '{before}'")


def invite_and_move(page) -> str:
    """Start a game by link (Ann, Bo), play Ann's first move; return the invite link."""
    page.click("label[for=players-2]")
    page.fill("#name0", "Ann")
    page.fill("#name1", "Bo")
    page.click("#invite-new")
    link = page.input_value("#invite-link")
    page.locator("#invite [data-command='close-invite']").click()
    my_move(page)
    return link


def stored(page, key=SAVE):
    return page.evaluate(f"localStorage.getItem('{key}')")


def test_reload_mid_game_and_continue(page, site_server):
    start(page, [("Ava", "human"), ("", "easy")])
    my_move(page)
    my_move(page)
    page.wait_for_function(MY_TURN)
    state, count = page.evaluate("splendorApp.state()"), moves(page)
    assert json.loads(stored(page))["moves"] and len(json.loads(stored(page))["moves"]) == count
    open_page(page, site_server + "?fast")
    offer = page.locator("#continue")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Continue Splendor: Ava, Player 2, turn")
    offer.click()
    page.wait_for_function(MY_TURN)
    assert moves(page) == count and page.evaluate("splendorApp.state()") == state
    expect(page.locator("#t-log li")).to_have_count(count)
    my_move(page)  # and the game goes on
    page.wait_for_function(MY_TURN)
    assert len(json.loads(stored(page))["moves"]) == moves(page) > count


def test_the_games_kept_show_before_python_is_ready_and_the_form_stays_put(browser, site_server):
    # No service worker: it would serve main.py past the route that holds Python back.
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        open_page(page, site_server + "?fast")
        start(page, [("Ava", "human"), ("", "easy")])
        my_move(page)
        page.wait_for_function(MY_TURN)
        page.click("#game [data-command='new']")  # Ava's game is set aside
        start(page, [("Bea", "human"), ("", "easy")])
        my_move(page)
        page.wait_for_function(MY_TURN)
        page.route("**/static/app/main.py", lambda route: None)  # Python never gets its code
        page.goto("about:blank")
        page.goto(site_server + "?fast")
        offer, aside = page.locator("#continue"), page.locator("#paused-list li")
        game_choice = page.locator("label[for=game-classic]")
        expect(offer).to_contain_text("Continue Splendor: Bea, Player 2, turn")
        expect(offer).to_be_disabled()  # nothing to continue with yet
        expect(aside).to_have_count(1)
        expect(aside).to_contain_text("Ava, Player 2")
        expect(aside.get_by_role("button", name="Continue")).to_be_disabled()
        label, row, place = offer.text_content(), aside.text_content(), game_choice.bounding_box()
        page.unroute("**/static/app/main.py")
        open_page(page, site_server + "?fast")
        expect(offer).to_be_enabled()
        expect(aside.get_by_role("button", name="Continue")).to_be_enabled()
        assert offer.text_content() == label and aside.text_content() == row
        assert game_choice.bounding_box() == place
        aside.get_by_role("button", name="Continue").click()
        page.wait_for_function(MY_TURN)
        expect(page.locator("#t-players .player-name")).to_have_text(["Ava", "Player 2"])
    finally:
        context.close()


def test_starting_another_game_sets_the_saved_one_aside(page, site_server):
    start(page, [("Ava", "human"), ("Robo", "easy")])
    my_move(page)
    page.wait_for_function(MY_TURN)
    first = json.loads(stored(page))
    page.click("#game [data-command='new']")
    start(page, [("Bea", "human"), ("Robo", "easy")])
    my_move(page)
    page.wait_for_function(MY_TURN)
    assert [s["name"] for s in json.loads(stored(page))["seats"]] == ["Bea", "Robo"]
    paused = json.loads(stored(page, "splendor.paused"))["games"]
    assert [game["moves"] for game in paused] == [first["moves"]]  # set aside, not overwritten
    # After a reload: continue Bea's game, or Ava's from the list of games in progress.
    open_page(page, site_server + "?fast")
    expect(page.locator("#continue")).to_contain_text("Bea, Robo")
    entry = page.locator("#paused-list li")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("Ava, Robo")
    expect(entry.locator("time.history-date")).not_to_be_empty()  # when it was set aside
    entry.get_by_role("button", name="Continue").click()
    page.wait_for_function(MY_TURN)
    expect(page.locator("#t-players .player-name")).to_have_text(["Ava", "Robo"])
    assert moves(page) == len(first["moves"])
    my_move(page)  # Ava's game takes the slot back, Bea's is set aside
    page.wait_for_function(MY_TURN)
    assert [s["name"] for s in json.loads(stored(page))["seats"]] == ["Ava", "Robo"]
    paused = json.loads(stored(page, "splendor.paused"))["games"]
    assert [[s["name"] for s in game["seats"]] for game in paused] == [["Bea", "Robo"]]


def test_games_in_progress_this_page_cannot_read_are_kept_aside(page, site_server):
    # One set-aside game readable, one with an illegal move: when the list is rewritten (a
    # game set aside), the unreadable text must survive it (as a newer page's would).
    good = Session.new("classic", 2, seed=5, seats=[make_seat("Ava"), make_seat("Robo", "easy")])
    bad = Session.new("classic", 2, seed=6, seats=[make_seat("Cy"), make_seat("Robo", "easy")])
    text = history_text([good, bad], PAUSED_FORMAT)
    data = json.loads(text)
    data["games"][1]["moves"] = [9999]
    text = json.dumps(data)
    page.evaluate("t => localStorage.setItem('splendor.paused', t)", text)
    open_page(page, site_server + "?fast")
    expect(page.locator("#paused-list li")).to_have_text(
        [
            re.compile("Ava, Robo"),
            "Games this version cannot read: 1. They are kept in this browser, not deleted.",
        ]
    )
    start(page, [("Bea", "human"), ("Robo", "easy")])
    my_move(page)
    page.wait_for_function(MY_TURN)
    assert stored(page, "splendor.paused") == text  # not rewritten yet: nothing to set aside
    page.click("#game [data-command='new']")
    start(page, [("Dee", "human"), ("Robo", "easy")])
    my_move(page)  # Bea's game is set aside: the list is rewritten once more
    page.wait_for_function(MY_TURN)
    assert json.loads(stored(page, "splendor.save.unreadable")) == [text]  # the whole old list
    names = [g["seats"][0]["name"] for g in json.loads(stored(page, "splendor.paused"))["games"]]
    assert names == ["Bea", "Ava"]


def paused_list(count: int, first_seed: int = 100) -> str:
    """A stored list of `count` games in progress (Pat 1, Pat 2...), newest first."""
    games = [
        Session.new(
            "classic",
            2,
            seed=first_seed + i,
            seats=[make_seat(f"Pat {i + 1}"), make_seat("Bo", "easy")],
        )
        for i in range(count)
    ]
    return history_text(games, PAUSED_FORMAT)


def test_a_game_in_progress_is_deleted_only_after_a_second_click(page, site_server):
    page.evaluate("t => localStorage.setItem('splendor.paused', t)", paused_list(2))
    open_page(page, site_server + "?fast")
    entries = page.locator("#paused-list li")
    expect(entries).to_have_count(2)
    first = entries.first.get_by_role("button", name="Delete")
    expect(first).to_have_attribute("aria-label", re.compile("^Delete: .*Pat 1, Bo"))
    first.click()
    expect(first).to_have_text("Delete for good?")
    page.keyboard.press("Tab")  # focus moved on: no longer asked
    expect(first).to_have_text("Delete")
    expect(first).to_have_attribute("aria-label", re.compile("^Delete: .*Pat 1, Bo"))
    entries.nth(1).get_by_role("button", name="Delete").click()
    expect(entries.nth(1).get_by_role("button", name="Delete for good?")).to_be_visible()
    assert len(json.loads(stored(page, "splendor.paused"))["games"]) == 2  # not yet
    entries.nth(1).get_by_role("button", name="Delete for good?").click()
    expect(page.locator("#toasts")).to_contain_text("The game was deleted.")
    expect(entries).to_have_count(1)
    expect(entries.first).to_contain_text("Pat 1, Bo")
    expect(entries.first.get_by_role("button", name="Continue")).to_be_focused()
    names = [g["seats"][0]["name"] for g in json.loads(stored(page, "splendor.paused"))["games"]]
    assert names == ["Pat 1"]


def test_a_full_list_of_games_in_progress_drops_none_and_says_so(page, site_server):
    from splendor.session import PAUSED_KEEP

    text = paused_list(PAUSED_KEEP)
    page.evaluate("t => localStorage.setItem('splendor.paused', t)", text)
    start(page, [("Ava", "human"), ("Robo", "easy")])
    my_move(page)
    page.wait_for_function(MY_TURN)
    ava = stored(page)
    open_page(page, site_server + "?fast")
    start(page, [("Bea", "human"), ("Robo", "easy")])
    my_move(page)  # Ava's game cannot be set aside without dropping one: Bea's is not saved
    expect(page.locator("#toasts")).to_contain_text(f"not being saved: {PAUSED_KEEP} other games")
    page.wait_for_function(MY_TURN)
    assert stored(page) == ava and stored(page, "splendor.paused") == text
    # Deleting one makes room: the next game's first move sets Ava's game aside.
    page.click("#game [data-command='new']")
    last = page.locator("#paused-list li").last
    last.get_by_role("button", name="Delete").click()
    last.get_by_role("button", name="Delete for good?").click()
    expect(page.locator("#paused-list li")).to_have_count(PAUSED_KEEP - 1)
    start(page, [("Cy", "human"), ("Robo", "easy")])
    my_move(page)
    page.wait_for_function(MY_TURN)
    assert [s["name"] for s in json.loads(stored(page))["seats"]] == ["Cy", "Robo"]
    paused = json.loads(stored(page, "splendor.paused"))["games"]
    assert len(paused) == PAUSED_KEEP and paused[0]["seats"][0]["name"] == "Ava"


def test_two_tabs_playing_two_games_lose_neither(page, site_server):
    start(page, [("Ava", "human"), ("Robo", "easy")])
    my_move(page)
    other = page.context.new_page()
    guard = PageGuard(other, site_server)
    try:
        open_page(other, site_server + "?fast")
        other.select_option("#lang", "en")
        start(other, [("Bea", "human"), ("Robo", "easy")])
        my_move(other)  # Bea's game takes the slot, Ava's is set aside
        other.wait_for_function(MY_TURN)  # its bot has moved (and saved) too
        my_move(page)  # Ava's tab plays on: Bea's game is set aside in turn, not overwritten
        page.wait_for_function(MY_TURN)
        assert [s["name"] for s in json.loads(stored(page))["seats"]] == ["Ava", "Robo"]
        paused = json.loads(stored(page, "splendor.paused"))["games"]
        assert [[s["name"] for s in game["seats"]] for game in paused] == [["Bea", "Robo"]]
        assert guard.problems() == []
    finally:
        other.close()


def test_a_tab_follows_the_game_another_tab_plays_on(page, site_server):
    start(page, [("Ava", "human"), ("Robo", "easy")])
    my_move(page)
    page.wait_for_function(MY_TURN)
    other = page.context.new_page()
    guard = PageGuard(other, site_server)
    try:
        open_page(other, site_server + "?fast")
        other.select_option("#lang", "en")
        offer = other.locator("#continue")
        expect(offer).to_be_visible()
        before = offer.text_content()
        my_move(page)  # the setup screen of the other tab offers the game as it is now
        page.wait_for_function(MY_TURN)
        expect(offer).not_to_have_text(before)
        expect(offer).to_contain_text("Continue Splendor: Ava, Robo, turn")
        offer.click()
        other.wait_for_function(MY_TURN)
        page.evaluate(WATCH_SAVES)
        my_move(other)  # played on there: this tab shows it, and plays on from it
        other.wait_for_function(MY_TURN)
        wait_moves(page, moves(other))
        expect(page.locator("#toasts")).to_contain_text("played on in another tab")
        page.wait_for_function(MY_TURN)
        assert page.evaluate("splendorApp.state()") == other.evaluate("splendorApp.state()")
        # Showing Ava's move, this tab let its bot think: it must not store that position
        # again, over the bot's move the other tab may have stored meanwhile.
        assert moves(other) - 1 not in page.evaluate("window.savesWritten")
        my_move(page)
        page.wait_for_function(MY_TURN)
        wait_moves(other, moves(page))
        assert len(json.loads(stored(page))["moves"]) == moves(page) == moves(other)
        assert guard.problems() == []
    finally:
        other.close()


def test_a_game_set_aside_and_finished_leaves_the_games_in_progress(page, site_server):
    whole = play("classic", 2, [make_bot("medium", "classic")] * 2, 3, 400)
    last = whole.record.moves[-1]
    assert whole.is_over and last.startswith("buy ")
    almost = Session(
        dataclasses.replace(whole.record, moves=whole.record.moves[:-1]),
        [{"name": "Bot", "kind": "bot", "level": "easy"}, {"name": "Ann", "kind": "human"}],
    )
    page.evaluate(
        "t => localStorage.setItem('splendor.paused', t)", history_text([almost], PAUSED_FORMAT)
    )
    start(page, [("Cy", "human"), ("Robo", "easy")])  # another game holds the slot
    my_move(page)
    open_page(page, site_server + "?fast")
    page.locator("#paused-list li").get_by_role("button", name="Continue").click()
    page.wait_for_function(MY_TURN)
    page.click(f"[data-select='{last.split()[1]}']")
    page.locator("#t-actions [data-action^='buy']").click()
    page.wait_for_function("document.getElementById('game').dataset.pending === 'over'")
    page.click("#game [data-command='new']")
    expect(page.locator("#paused")).to_be_hidden()  # not both finished and in progress
    expect(page.locator("#history-list li").first).to_contain_text("Bot (")
    expect(page.locator("#continue")).to_contain_text("Cy, Robo")


def test_a_link_opened_is_kept_before_its_first_move_here(page, browser, site_server):
    invite_and_move(page)
    link = page.input_value("#share-link")
    other = browser.new_context()
    friend = other.new_page()
    guard = PageGuard(friend, site_server)
    try:
        open_page(friend, link)
        friend.wait_for_function(MY_TURN)
        open_page(friend, site_server + "?fast")  # a reload: the link left the address bar
        expect(friend.locator("#continue")).to_contain_text("Ann, Bo")
        assert guard.problems() == []
    finally:
        other.close()


def test_an_older_link_of_a_game_set_aside_shows_the_game_kept(page, site_server):
    old_link = invite_and_move(page)
    page.click("#game [data-command='new']")
    start(page, [("Cy", "human"), ("Robo", "easy")])
    my_move(page)  # the link game is set aside
    open_page(page, old_link)
    expect(page.locator("#toasts")).to_contain_text("This link is older than the game saved here")
    assert moves(page) == 1


@pytest.mark.parametrize("lang", ["fa", "ka"])
def test_kept_games_are_dated_in_the_pages_language(page, site_server, lang):
    history = add_to_history(
        None, Session(bot_game("classic", 2, "random", 1)), kept_at=1_764_900_000_000
    )
    page.evaluate("t => localStorage.setItem('splendor.history', t)", history)
    open_page(page, site_server + "?fast")
    page.select_option("#lang", lang)
    date = page.locator("#history-list time.history-date")
    assert date.get_attribute("datetime").startswith("2025-12-05")
    assert not re.search("[A-Za-z]", date.text_content())  # no "Dec 5, 2025, 2:00 AM"


def test_undoing_the_winning_move_takes_the_game_out_of_the_finished_ones(page, site_server):
    whole = play("classic", 2, [make_bot("medium", "classic")] * 2, 3, 400)
    last = whole.record.moves[-1]
    almost = Session(
        dataclasses.replace(whole.record, moves=whole.record.moves[:-1]),
        [{"name": "Bot", "kind": "bot", "level": "easy"}, {"name": "Ann", "kind": "human"}],
    )
    page.evaluate("t => localStorage.setItem('splendor.save', t)", almost.to_json())
    open_page(page, site_server + "?fast")
    page.click("#continue")
    page.wait_for_function(MY_TURN)
    page.click(f"[data-select='{last.split()[1]}']")
    page.locator("#t-actions [data-action^='buy']").click()
    page.wait_for_function("document.getElementById('game').dataset.pending === 'over'")
    assert len(json.loads(stored(page, "splendor.history"))["games"]) == 1
    assert stored(page) is None
    page.locator("#game [data-command='undo']").click()
    page.wait_for_function(MY_TURN)
    assert json.loads(stored(page, "splendor.history"))["games"] == []  # not finished now
    assert json.loads(stored(page))["moves"] == almost.to_data()["moves"]  # in progress again
    page.locator("[data-command='redo']").click()
    page.wait_for_function("document.getElementById('game').dataset.pending === 'over'")
    assert len(json.loads(stored(page, "splendor.history"))["games"]) == 1
    assert stored(page) is None
    page.locator("#t-end .end-actions").get_by_role("button", name="Replay").click()
    count = len(whole.record.moves)
    expect(page.locator("#replay-position")).to_have_text(f"Move 0 of {count}")  # from the start
    expect(page.locator("#t-players .player-name")).to_have_text(["Bot", "Ann"])


def a_game_at_the_move_limit() -> Session:
    """Two bots' game of MAX_MOVES moves, most of them gems taken and given back."""
    from splendor.session import MAX_MOVES

    start = Session.new("classic", 2, seed=9)
    state, moves = start.state, []

    def keeps_going(action) -> int:  # how many moves after it are not purchases
        if str(action).startswith("buy"):
            return -1
        after = state.apply(action)
        return -2 if after.is_over else sum(1 for b in after.legal_actions() if b.kind != "buy")

    while len(moves) < MAX_MOVES:
        action = max(state.legal_actions(), key=keeps_going)
        moves.append(str(action))
        state = state.apply(action)
    seats = [
        {"name": "Ida", "kind": "bot", "level": "medium"},
        {"name": "Jo", "kind": "bot", "level": "easy"},
    ]
    return Session(dataclasses.replace(start.record, moves=moves), seats)


def test_a_game_at_the_move_limit_says_why_it_stops(page, site_server):
    full = a_game_at_the_move_limit()
    assert full.full and not full.state.is_over
    page.evaluate("t => localStorage.setItem('splendor.save', t)", full.to_json())
    open_page(page, site_server + "?fast")
    page.click("#continue")
    expect(page.locator("#t-status")).to_have_text(
        re.compile("This game has reached 5,?000 moves, the most a game can hold")
    )
    assert page.get_attribute("#game", "data-thinking") == "false"  # no bot left thinking
    assert moves(page) == len(full.record.moves)


def test_undo_and_redo_against_a_bot_by_buttons_and_keys(page):
    start(page, [("Ava", "human"), ("Robo", "easy")])
    page.wait_for_function(MY_TURN)
    base = moves(page)  # the bot may have opened the game: that move is never undone
    undo, redo = page.locator("#game [data-command='undo']"), page.locator("[data-command='redo']")
    expect(undo).to_be_disabled()
    my_move(page)
    page.wait_for_function(MY_TURN)
    assert moves(page) == base + 2  # Ava's move and the bot's reply
    after = page.evaluate("splendorApp.state()")
    undo.click()
    wait_moves(page, base)
    expect(page.locator("#t-log li")).to_have_count(base)
    expect(undo).to_be_disabled()
    expect(redo).to_be_enabled()
    redo.click()
    wait_moves(page, base + 2)
    assert page.evaluate("splendorApp.state()") == after
    page.locator("#t-status").click()  # keys act on the page, not on a focused button
    page.keyboard.press("Control+z")
    wait_moves(page, base)
    page.keyboard.press("Control+y")
    wait_moves(page, base + 2)
    assert page.evaluate("splendorApp.state()") == after
    assert len(json.loads(stored(page))["moves"]) == base + 2


def test_export_then_import_then_replay_forwards_and_backwards(page, site_server, tmp_path):
    start(page, [("Ava", "human"), ("Robo", "easy")])
    my_move(page)
    my_move(page)
    page.wait_for_function(MY_TURN)
    count = moves(page)
    with page.expect_download() as info:
        page.click("#game [data-command='export']")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == "splendor-record" and len(data["moves"]) == count
    assert data["names"] == ["Ava", "Robo"]
    page.click("#game [data-command='new']")
    # one control named "Import game" (its text is not read again beside it)
    expect(page.get_by_role("button", name="Import game")).to_have_count(1)
    assert page.locator("body").aria_snapshot().count("Import game") == 1
    with page.expect_file_chooser() as chooser:
        page.click("#import-label")
    chooser.value.set_files(str(path))
    bar = page.locator("#t-replay")
    expect(bar).to_be_visible()
    position = page.locator("#replay-position")
    expect(position).to_have_text(f"Move 0 of {count}")
    expect(page.locator("#t-log li")).to_have_count(0)
    assert page.locator("#game [data-action], #game [data-pick], #game [data-select]").count() == 0
    expect(page.locator("#game [data-command='undo']")).to_be_hidden()
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"Move 1 of {count}")
    expect(page.locator("#t-log li")).to_have_count(1)
    page.keyboard.press("End")
    expect(position).to_have_text(f"Move {count} of {count}")
    expect(page.locator("#t-log li")).to_have_count(count)
    page.keyboard.press("ArrowLeft")
    expect(position).to_have_text(f"Move {count - 1} of {count}")
    bar.locator("[data-command='replay:first']").click()
    expect(position).to_have_text(f"Move 0 of {count}")
    expect(bar.locator("[data-command='replay:back']")).to_be_disabled()
    bar.locator("[data-command='replay:forward']").click()
    expect(position).to_have_text(f"Move 1 of {count}")
    expect(page.locator("#t-players .player-name")).to_have_text(["Ava", "Robo"])
    # A damaged file is refused with its reason; the replay stays as it was.
    broken = tmp_path / "broken.json"
    broken.write_text(path.read_text("utf-8")[:-20], "utf-8")
    page.click("#game [data-command='new']")
    with page.expect_file_chooser() as chooser:
        page.click("#import-label")
    chooser.value.set_files(str(broken))
    expect(page.locator("#notice")).to_have_text(
        "The file could not be imported (record file is truncated). Nothing was changed."
    )
    expect(page.locator("#game")).to_be_hidden()


@pytest.mark.parametrize("size,players", [((1366, 768), 2), ((390, 844), 4)])
def test_a_replay_ends_on_the_end_screen_in_sight(page, tmp_path, size, players):
    levels = ["medium"] + ["easy"] * (players - 1)
    state = play("classic", players, [make_bot(level, "classic") for level in levels], 3, 300)
    assert state.is_over
    path = tmp_path / "finished.json"
    names = ["Ava", "Robo", "Cy", "Dee"][:players]
    path.write_text(export_record(state.record, names), "utf-8")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    with page.expect_file_chooser() as chooser:
        page.click("#import-label")
    chooser.value.set_files(str(path))
    bar = page.locator("#t-replay")
    # The import is read asynchronously: measure the bar only once it is drawn.
    expect(page.locator("#replay-position")).to_have_text(f"Move 0 of {len(state.record.moves)}")
    buttons = [b.bounding_box() for b in bar.locator("button").all()]
    assert len({box["y"] for box in buttons}) == 1, buttons  # one row, "End" not alone below
    if size[0] < 600:  # on a phone, big enough to tap
        assert min(box["height"] for box in buttons) >= 44, buttons
    bar.locator("[data-command='replay:last']").click()
    title = page.locator("#end-title")
    expect(title).to_be_focused()
    # Scrolled to the end screen, its title shows below the sticky replay bar, not under it.
    assert title.bounding_box()["y"] >= bar.bounding_box()["y"] + bar.bounding_box()["height"]
    expect(page.locator("#t-end .end-actions")).to_be_hidden()
    again = page.locator("#t-end [data-command='replay:first']")
    expect(again).to_have_text("Watch again")
    expect(page.locator("#t-end .replay-end-actions [data-command='new']")).to_be_visible()
    again.click()
    expect(page.locator("#replay-position")).to_have_text(f"Move 0 of {len(state.record.moves)}")
    expect(page.locator("#t-end")).to_be_empty()
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_game_carried_on_by_links_between_two_browsers(page, browser, site_server):
    page.click("label[for=players-2]")
    page.fill("#name0", "Ann")
    page.fill("#name1", "Bo")
    page.click("#invite-new")
    invite = page.locator("#invite")
    expect(invite).to_be_visible()
    expect(invite).to_contain_text("cannot hide")
    assert page.input_value("#invite-link").startswith(site_server + "?fast#1.c2.")
    expect(invite.locator("#invite-turn")).to_contain_text("play here if that is you")
    invite.locator("[data-command='copy:invite-link']").click()
    expect(page.locator("#toasts")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == page.input_value("#invite-link")
    invite.locator("[data-command='close-invite']").click()
    expect(page.locator("#game [data-command='undo']")).to_be_hidden()
    other = browser.new_context(viewport={"width": 390, "height": 800})
    friend = other.new_page()
    guard = PageGuard(friend, site_server)
    try:
        here, there = page, friend
        for number in range(1, 5):
            my_move(here)
            assert moves(here) == number
            panel = here.locator("#t-share")
            expect(panel).to_be_visible()
            expect(here.locator("#share-text")).to_contain_text("Send this link to")
            # the next thing to do has the keyboard's focus (the button clicked is gone)
            expect(here.locator("#t-share button").first).to_be_focused()
            assert here.locator("#t-bank [data-pick]").count() == 0  # not this device's turn
            link = here.input_value("#share-link")
            there.goto(link)
            assert wait_for_boot(there) == "ready"
            wait_moves(there, number)
            there.wait_for_function(MY_TURN)
            expect(there.locator("#t-log li")).to_have_count(number)
            assert "#" not in there.url  # the link is consumed: a reload shows the setup
            here, there = there, here
        assert guard.problems() == []
    finally:
        other.close()


def test_an_older_link_of_the_saved_game_shows_the_saved_game(page, site_server):
    old_link = invite_and_move(page)
    saved = stored(page)
    open_page(page, old_link)  # the invite again, after a move was played from it
    expect(page.locator("#toasts")).to_contain_text("This link is older than the game saved here")
    assert moves(page) == 1 and stored(page) == saved


def test_opening_the_link_this_device_just_sent_keeps_its_seat(page, site_server):
    """It used to hand over the rival's seat, hidden cards and move (people click the link
    they posted to check it; in a group chat every player sees every link)."""
    invite_and_move(page)
    mover = page.get_attribute("#game", "data-viewer")
    link = page.input_value("#share-link")
    saved = json.loads(stored(page))
    open_page(page, link)
    expect(page.locator("#toasts")).to_contain_text("You play")
    assert page.get_attribute("#game", "data-viewer") == mover
    assert page.locator("#t-bank [data-pick]").count() == 0  # not this device's move
    expect(page.locator("#share-text")).to_contain_text("Send this link to")
    assert json.loads(stored(page))["me"] == saved["me"]
    # a game by link is not exported before its end: replayed, the file shows hidden cards
    export = page.locator("#game [data-command='export']")
    expect(export).to_be_disabled()
    expect(export).to_have_attribute("title", re.compile("once it is over"))


def test_a_link_that_changes_a_move_played_here_is_refused(page, site_server):
    """Anyone can recompute a link's checksum: an edited link (or one played on from an older
    link by someone else) must not replace what this device played."""
    invite_and_move(page)
    saved = stored(page)
    session = Session.from_json(saved)
    first = session.state_at(0).legal_actions()
    other = next(a.notation for a in first if a.notation != session.record.moves[0])
    forged = dataclasses.replace(session.record, moves=(other,))
    link = encode_link(forged, ["Ann", "Bo"])
    open_page(page, f"{site_server}?fast#{link}")
    expect(page.locator("#toasts")).to_contain_text("This link changes move 1")
    assert stored(page) == saved
    assert moves(page) == 1 and page.locator("#t-log li").first.text_content() != ""


def test_an_old_link_of_a_game_finished_here_shows_the_finished_game(page, site_server):
    record = bot_game("classic", 2, "random", 3)
    seats = [make_seat("Ann"), make_seat("Bo")]
    final, early = (Session(cut(record, n), seats).link() for n in (len(record.moves), 6))
    open_page(page, f"{site_server}?fast#{final}")
    expect(page.locator("#t-end")).to_contain_text("Game over")
    expect(page.locator("#game [data-command='export']")).to_be_enabled()  # over: exported
    open_page(page, f"{site_server}?fast#{early}")
    expect(page.locator("#toasts")).to_contain_text("This link is older than the game saved here")
    assert moves(page) == len(record.moves)
    assert page.locator("#t-bank [data-pick]").count() == 0


def test_a_link_made_in_a_frame_opens_the_full_page(page, site_server):
    """The frame's settings (embed=1, its seats) stay behind; other parameters are kept."""
    open_page(page, site_server + "?fast&embed=1&game=classic&players=2&bots=0,0&lang=en")
    page.fill("#name0", "Ann")
    page.fill("#name1", "Bo")
    page.click("#invite-new")
    expect(page.locator("#invite")).to_be_visible()
    assert page.input_value("#invite-link").startswith(site_server + "?fast#1.c2.")


def test_bad_links_are_refused_by_name_and_the_saved_game_is_untouched(page, site_server):
    start(page, [("Ava", "human"), ("Robo", "easy")])
    my_move(page)
    page.wait_for_function(MY_TURN)
    saved = stored(page)
    good = Session.new("classic", 2, seed=7, seats=[make_seat("Ann"), make_seat("Bo")]).link()
    parts = good.split(".")
    parts[2] = ("1" if parts[2][0] != "1" else "2") + parts[2][1:]  # another seed
    cases = {
        "link is truncated": good[:-3],
        "link checksum does not match (the link is corrupted or was edited)": ".".join(parts),
        "link was made by a newer version of the game": "2" + good[1:],
        "not a Splendor game link": "hello!",
    }
    for index, (reason, payload) in enumerate(cases.items()):
        open_page(page, f"{site_server}?fast&try={index}#{payload}")
        expect(page.locator("#notice")).to_have_text(
            f"This link does not hold a valid game ({reason}). Nothing was changed."
        )
        expect(page.locator("#game")).to_be_hidden()
        expect(page.locator("#continue")).to_be_visible()
        assert stored(page) == saved
    # A changed link on a page already open (only the #fragment changes) is refused too.
    page.evaluate(f"location.hash = '{good[:-3]}'")
    expect(page.locator("#notice")).to_contain_text("(link is truncated)")
    assert stored(page) == saved
    # A damaged save is refused by name, and kept as it is.
    page.evaluate(f"localStorage.setItem('{SAVE}', {json.dumps(saved[:-15])})")
    open_page(page, site_server + "?fast")
    expect(page.locator("#notice")).to_have_text(
        "The saved game could not be loaded (save is truncated). Nothing was changed."
    )
    expect(page.locator("#continue")).to_be_hidden()
    assert stored(page) == saved[:-15]


def test_a_refusal_reads_in_the_pages_language_with_the_exact_reason_apart(page, site_server):
    good = Session.new("classic", 2, seed=7, seats=[make_seat("Ann"), make_seat("Bo")]).link()
    open_page(page, f"{site_server}?fast&lang=fa#{good[:-3]}")
    expect(page.locator("#notice")).to_contain_text(
        "این پیوند بازی معتبری ندارد (پیوند آسیب دیده، ناقص است یا ویرایش شده است)."
    )
    detail = page.locator("#notice .notice-detail [lang=en]")
    expect(detail).to_have_text("link is truncated")
    assert "link is" not in page.locator("#notice").evaluate("n => n.firstChild.textContent")
    # A newer save, in Georgian: the version is named, the save kept as it is.
    newer = json.dumps({"format": SAVE_FORMAT, "version": 99})
    page.evaluate(f"localStorage.setItem('{SAVE}', {json.dumps(newer)})")
    open_page(page, site_server + "?fast&lang=ka")
    expect(page.locator("#notice")).to_contain_text(
        "შენახული თამაში ვერ ჩაიტვირთა (ის თამაშის სხვა ვერსიით არის შექმნილი)."
    )
    expect(page.locator("#notice .notice-detail [lang=en]")).to_contain_text("unknown save version")
    assert stored(page) == newer


def test_a_hostile_name_is_shown_as_text(page, site_server):
    payload = Session.new("classic", 2, seed=3, seats=[make_seat(HOSTILE), make_seat("Bo")]).link()
    open_page(page, f"{site_server}?fast#{payload}")
    names = page.locator("#t-players .player-name")
    expect(names).to_have_text([clean_name(HOSTILE), "Bo"])
    my_move(page)
    expect(page.locator("#share-text")).to_be_visible()
    # The form keeps names to 24 characters; what is kept is still shown as text.
    open_page(page, site_server + "?fast")
    expect(page.locator("#continue")).to_contain_text(clean_name(HOSTILE))
    start(page, [(HOSTILE, "human"), ("Robo", "easy")])
    page.wait_for_function(MY_TURN)
    expect(names.first).to_have_text(HOSTILE[:24])
    assert page.locator("img[src='x']").count() == 0
    assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0
