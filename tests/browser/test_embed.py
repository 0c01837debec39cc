"""Embedded in another site's page, the game fits its frame, talks to the parent, and says in
words when the browser refuses it the storage it needs."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

import splendor
from splendor.arena import play
from splendor.bots import make_bot
from splendor.session import Session
from tests.browser.test_duel import MY_TURN as DUEL_MY_TURN
from tests.browser.test_play import take_gems, wait_my_turn
from tests.pagecheck import BOOT_SETTLED, RECORD_VIOLATIONS, wait_for_boot
from tools import serve

pytestmark = pytest.mark.browser

# The parent page records every message it receives (test-only page: inline script is fine).
HOST_PAGE = """<!doctype html><html><head><link rel="icon" href="data:,"></head>
<body style="margin:0">
<iframe id="game" src="{src}" {attrs} style="width:{width}px;height:640px;border:0"></iframe>
<script>
  window.received = [];
  addEventListener("message", (event) => received.push({{origin: event.origin, data: event.data}}));
</script></body></html>"""
RECEIVED = "JSON.stringify(window.received)"


@pytest.fixture(scope="module")
def host_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("host")


@pytest.fixture(scope="module")
def host_origin(host_dir: Path) -> Iterator[str]:
    """A second local server, reached as "localhost": another site than the game's 127.0.0.1."""
    server = serve.start(host_dir)
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()


def host_page(host_dir: Path, host_origin: str, name: str, src: str, attrs="", width=320) -> str:
    """Write a parent page framing src; return its URL."""
    (host_dir / name).write_text(HOST_PAGE.format(src=src, attrs=attrs, width=width))
    return f"{host_origin}/{name}"


def messages(page, kind: str) -> list[dict]:
    """The messages of one type the parent page received, oldest first."""
    return [m for m in json.loads(page.evaluate(RECEIVED)) if m["data"].get("type") == kind]


def wait_for_messages(page, kind: str, count: int = 1, timeout: float = 30_000) -> list[dict]:
    page.wait_for_function(
        f"window.received.filter(m => m.data && m.data.type === '{kind}').length >= {count}",
        timeout=timeout,
    )
    return messages(page, kind)


def game_frame(page):
    """The game's frame (a Frame, for evaluate and wait_for_function)."""
    return page.locator("#game").element_handle().content_frame()


def test_cross_site_frame_plays_and_talks_to_its_parent(
    page, page_guard, site_server, host_dir, host_origin
):
    game_origin = site_server.rstrip("/")
    src = f"{site_server}?embed=1&game=classic&bots=beginner,1&fast=1&parent_origin={host_origin}"
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(host_page(host_dir, host_origin, "play.html", src))

    [ready] = wait_for_messages(page, "splendor:ready")
    assert ready == {
        "origin": game_origin,
        "data": {"type": "splendor:ready", "version": splendor.__version__, "problems": []},
    }
    frame = game_frame(page)
    assert frame.evaluate("document.documentElement.dataset.boot") == "ready"
    # Embed mode: no site header or footer; the game fits 320 px without sideways scrolling.
    assert "embed" in frame.evaluate("document.documentElement.className")
    expect(frame.locator(".masthead")).to_be_hidden()
    expect(frame.locator(".footer")).to_be_hidden()
    assert frame.evaluate("document.documentElement.scrollWidth") <= 320
    expect(frame.locator("#start")).to_be_enabled()

    # The URL's seats are in the form; two bots play a whole game to its end screen.
    expect(frame.locator("#kind0")).to_have_value("beginner")
    expect(frame.locator("#kind1")).to_have_value("medium")
    frame.locator("#start").click()
    [over] = wait_for_messages(page, "splendor:game-over", timeout=180_000)  # a whole game
    state = json.loads(frame.evaluate("splendorApp.state()"))
    assert over["origin"] == game_origin
    assert over["data"]["type"] == "splendor:game-over" and over["data"]["game"] == "classic"
    assert max(over["data"]["scores"]) >= 15
    assert sorted(s for group in over["data"]["ranking"] for s in group) == [0, 1]
    assert frame.evaluate("window.violations") == []  # no CSP violation in a whole game
    assert state  # the finished game is still on the table
    assert len(messages(page, "splendor:game-over")) == 1

    # The parent (its origin given as parent_origin) may ask for a new game.
    page.evaluate(
        "origin => document.getElementById('game').contentWindow"
        ".postMessage({type: 'splendor:new-game'}, origin)",
        game_origin,
    )
    wait_for_messages(page, "splendor:ready", count=2)
    # The only other host asked for anything is the parent page's own server.
    assert [p for p in page_guard.problems() if not p.endswith(f"{host_origin}/play.html")] == []


def test_an_end_undone_and_played_otherwise_is_told_again(page, site_server, host_dir, host_origin):
    # Bea's last move of the final round: buying 2w4 wins (16 to 15), taking gems loses.
    whole = play("classic", 2, [make_bot("medium", "classic")] * 2, 7, 400)
    assert whole.record.moves[-1] == "buy 2w4"
    almost = Session(
        dataclasses.replace(whole.record, moves=whole.record.moves[:-1]),
        [{"name": "Ava", "kind": "bot", "level": "easy"}, {"name": "Bea", "kind": "human"}],
    )
    src = f"{site_server}?embed=1&fast&lang=en&parent_origin={host_origin}"
    page.goto(host_page(host_dir, host_origin, "again.html", src, width=960))
    frame = game_frame(page)
    assert wait_for_boot(frame) == "ready"
    frame.evaluate("t => localStorage.setItem('splendor.save', t)", almost.to_json())
    frame.evaluate("location.reload()")
    wait_for_messages(page, "splendor:ready", count=2)
    frame = game_frame(page)
    frame.locator("#continue").click()
    wait_my_turn(frame)
    frame.click("[data-select='2w4']")
    frame.locator("#t-actions [data-action='buy 2w4']").click()
    [won] = wait_for_messages(page, "splendor:game-over")
    assert won["data"]["ranking"] == [[1], [0]] and won["data"]["scores"] == [15, 16]
    frame.locator("#game [data-command='undo']").click()
    wait_my_turn(frame)
    frame.locator("#game [data-command='redo']").click()  # the same end: not told twice
    frame.wait_for_function("document.getElementById('game').dataset.pending === 'over'")
    frame.locator("#game [data-command='undo']").click()
    wait_my_turn(frame)
    take_gems(frame)
    lost = wait_for_messages(page, "splendor:game-over", count=2)[1]
    assert lost["data"]["ranking"] == [[0], [1]] and lost["data"]["scores"] == [15, 14]
    assert len(messages(page, "splendor:game-over")) == 2


def test_commands_from_another_origin_are_ignored(page, site_server, host_dir, host_origin):
    # parent_origin names another site: the real parent may not command the game.
    src = f"{site_server}?embed=1&parent_origin=https://elsewhere.example"
    page.goto(host_page(host_dir, host_origin, "other.html", src))
    frame = game_frame(page)
    assert wait_for_boot(frame) == "ready"
    frame.evaluate("window.stillHere = true")
    page.evaluate(
        "origin => document.getElementById('game').contentWindow"
        ".postMessage({type: 'splendor:new-game'}, origin)",
        site_server.rstrip("/"),
    )
    # A message the frame handles after ours proves ours was handled (and ignored) first.
    frame.evaluate(
        "() => new Promise(resolve => { addEventListener('message', resolve, {once: true});"
        " window.postMessage('after', '*'); })"
    )
    assert frame.evaluate("window.stillHere") is True


STALLED_STORAGE = """
// The browser never answers IndexedDB, as when it refuses storage to an embedded frame:
// PyScript then waits forever at "Loading Storage".
window.SPLENDOR_STORAGE_PROBE_MS = 300;
window.stages = [];
addEventListener("py:progress", (event) => stages.push(event.detail));
IDBFactory.prototype.open = function () { return {}; };
"""


def test_stalled_storage_says_so_and_offers_its_own_tab(page, page_guard, site_server):
    page.add_init_script(STALLED_STORAGE)
    page.goto(site_server + "?embed=1&game=duel&parent_origin=http://localhost:1")
    page.wait_for_function("document.documentElement.dataset.boot === 'stalled'")
    page.wait_for_function("window.stages.includes('Loading Storage')")
    assert "Loaded Storage" not in page.evaluate("window.stages")
    assert page.evaluate("document.documentElement.dataset.bootReason") == "storage"
    expect(page.locator("#boot-message")).to_contain_text("cannot start inside this page")
    expect(page.locator("#boot-message")).to_contain_text("blocks the storage")
    link = page.locator("#boot-newtab")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("href", site_server + "?game=duel")
    expect(page.locator(".spinner")).to_be_hidden()
    assert page_guard.problems() == []


def test_sandboxed_frame_without_storage_says_so(page, site_server, host_dir, host_origin):
    # No allow-same-origin: the frame has an opaque origin and no storage at all.
    url = host_page(
        host_dir,
        host_origin,
        "sandbox.html",
        site_server + "?embed=1",
        attrs='sandbox="allow-scripts allow-popups"',
    )
    page.goto(url)
    frame = game_frame(page)
    frame.wait_for_function(
        BOOT_SETTLED + " || document.documentElement.dataset.boot === 'stalled'"
    )
    assert frame.evaluate("document.documentElement.dataset.boot") == "stalled"
    expect(frame.locator("#boot-message")).to_contain_text("cannot start inside this page")
    expect(frame.locator("#boot-newtab")).to_have_attribute("href", site_server)


def test_the_setup_fits_the_snippets_frame(page, page_guard, site_server):
    # The documented snippet: up to 960 px wide, 720 px high; two seats, both options shown.
    page.set_viewport_size({"width": 960, "height": 720})
    page.goto(site_server + "?embed=1&game=classic&players=2&bots=1,0&lang=en")
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#nobles")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    assert page_guard.problems() == []


def test_a_table_for_four_fits_the_snippets_frame(page, page_guard, site_server):
    # Four players' areas scroll in their column: the frame itself never scrolls.
    page.set_viewport_size({"width": 960, "height": 720})
    page.goto(site_server + "?embed=1&fast&game=classic&players=4&bots=0,1,1,1&lang=en")
    assert wait_for_boot(page) == "ready"
    page.click("#start")
    wait_my_turn(page)
    expect(page.locator("#t-players .player")).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    assert page_guard.problems() == []


@pytest.mark.parametrize("size", [(736, 414), (700, 500)])
def test_a_duel_fits_a_frame_the_size_of_a_phone_on_its_side(page, page_guard, site_server, size):
    """The table sized its cards by the frame while the frame's body kept its padding: the
    row ran 7 px past the frame's edge, cutting the last move and the hint."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_server + "?embed=1&fast&game=duel&bots=0,1&lang=en")
    assert wait_for_boot(page) == "ready"
    page.click("#start")
    page.wait_for_function(DUEL_MY_TURN)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for part in ["#t-status", "#t-last", "#t-bank", "#t-market", "#t-actions .hint"]:
        expect(page.locator(part)).to_be_in_viewport(ratio=1)
    assert page_guard.problems() == []


def test_a_frames_language_is_for_that_frame_only(page, page_guard, site_server):
    page.goto(site_server + "?embed=1&lang=KA-ge")  # read as boot.js reads it: Georgian
    assert wait_for_boot(page) == "ready"
    assert page.evaluate("document.documentElement.lang") == "ka"
    page.goto(site_server)  # the player's own visit keeps the player's language
    assert wait_for_boot(page) == "ready"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("localStorage.getItem('splendor.lang')") != "ka"
    assert page_guard.problems() == []


def test_a_slip_in_the_frames_address_is_warned_about_in_the_console(page, page_guard, site_server):
    # `embed` without =1 and a misspelt name used to do nothing, with no word anywhere.
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(site_server + "?embed&player=3&game=duel")
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#game-duel")).to_be_checked()  # what was right is still read
    assert "Splendor embed: embed has no value (use embed=1)" in warnings
    assert "Splendor embed: 'player' is not a parameter here: did you mean players?" in warnings
    assert page_guard.problems() == []


def test_the_ready_message_names_the_slips_in_the_frames_address(
    page, site_server, host_dir, host_origin
):
    # A site owner who never opens the frame's console learns of a misspelt name from its page.
    src = f"{site_server}?embed=1&fast&player=3&parent_origin={host_origin}"
    page.goto(host_page(host_dir, host_origin, "slip.html", src))
    [ready] = wait_for_messages(page, "splendor:ready")
    assert ready["data"]["problems"] == ["'player' is not a parameter here: did you mean players?"]
