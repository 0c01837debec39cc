"""The page boots Python offline, shows what Python computed, and fails in words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

import splendor
from splendor import classic, duel
from splendor.seats import make_seat
from splendor.session import Session
from tests.pagecheck import BOOT_TIMEOUT_MS, ROOT, PageGuard, wait_for_boot

pytestmark = pytest.mark.browser


def disk_modules(package: Path, name: str) -> set[str]:
    """Dotted names of every module of a package folder on disk."""
    names = set()
    for path in package.rglob("*.py"):
        parts = path.relative_to(package).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.add(".".join((name, *parts)))
    return names


def test_page_shows_engine_version_computed_by_python(app_page, page_guard):
    expect(app_page.locator("#version")).to_have_text(splendor.__version__)
    # Pyodide 314.x ships Python 3.14: the engine must run there, not only on CPython 3.11.
    python_version = app_page.text_content("#python-version")
    assert python_version.startswith("3.14."), python_version
    assert app_page.evaluate("document.documentElement.dataset.ready") == "true"
    expect(app_page.locator("#boot")).to_be_hidden()
    assert any(url.endswith("pyodide.asm.wasm") for url in page_guard.requests)
    assert page_guard.foreign_requests() == []


def test_without_javascript_the_page_says_why_the_game_cannot_start(browser, site_server):
    """With JavaScript off (a blocker, a strict setting) the page showed "Starting Python" and
    a turning wheel for ever."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    guard = PageGuard(page, site_server)
    page.goto(site_server)
    note = page.locator("#boot .boot-problem").first
    expect(note).to_contain_text("needs JavaScript")
    expect(note).to_be_in_viewport(ratio=1)  # first, above the form
    expect(page.locator("#boot .spinner")).to_be_hidden()
    assert guard.problems() == []
    context.close()


def test_every_module_on_disk_imports_in_the_browser(app_page):
    in_browser = set(json.loads(app_page.evaluate("splendorApp.modules()")))
    expected = disk_modules(ROOT / "splendor", "splendor")
    expected |= disk_modules(ROOT / "static" / "app", "app") - {"app.main"}
    assert in_browser == expected


def test_the_page_compiles_no_python_as_it_starts_and_plays(page, page_guard):
    # Pyodide ships its standard library as source, which the browser compiled at every
    # start (half the wait); the build ships bytecode for every module the page imports.
    page.goto("")
    assert wait_for_boot(page) == "ready"
    for game in (classic.new_game(4, seed=1), duel.new_game(seed=1)):
        assert page.evaluate("state => splendorApp.load(state)", game.to_json()) == ""
        expect(page.locator("#t-status")).not_to_be_empty()
    assert json.loads(page.evaluate("splendorApp.sourceModules()")) == []
    assert page_guard.problems() == []


def test_python_downloads_start_with_the_page_and_once(page, page_guard):
    # The page's own requests: the service worker's precache fetches every file again, and
    # on a slow machine it starts before Python is ready.
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto("")
    assert wait_for_boot(page) == "ready"
    first = {}
    for n, url in enumerate(requests):
        first.setdefault(url.rsplit("/", 1)[1], []).append(n)
    # Preloaded from the page's head: requested before PyScript reads its config (which
    # is when it would ask for them), and once (a preload not matching the runtime's own
    # request would be fetched twice).
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "python.zip", "main.py"):
        assert len(first[name]) == 1, name
        assert first[name][0] < first["pyscript.toml"][0], name
    assert page_guard.problems() == []


def test_a_game_link_says_it_is_opening_instead_of_showing_the_setup_form(page, page_guard):
    page.set_viewport_size({"width": 390, "height": 844})
    link = Session.new("duel", 2, seed=3, seats=[make_seat("Ann"), make_seat("Bo")]).link()
    page.route("**/static/app/main.py", lambda route: None)  # Python never gets its code
    page.goto(f"?fast#{link}")
    page.wait_for_function("document.querySelector('#boot-progress').value >= 95")
    expect(page.locator("#boot")).to_be_in_viewport()
    expect(page.locator(".boot-heading")).to_have_text("Opening the game from the link…")
    expect(page.locator("#setup")).to_be_hidden()
    page.unroute("**/static/app/main.py")
    page.goto(f"?fast&again#{link}")
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#toasts")).to_contain_text("Game opened from the link")
    assert page.evaluate("document.documentElement.dataset.opening") is None
    # A bad link ends on the setup form, which says why.
    page.goto(f"?fast&bad#{link[:-3]}")
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("(link is truncated)")
    assert page_guard.problems() == []


def test_start_is_disabled_and_progress_shown_until_python_is_ready(page, page_guard):
    page.goto("", wait_until="domcontentloaded")
    # Python takes seconds to boot; the static shell is there at once.
    expect(page.locator("#start")).to_be_disabled()
    expect(page.locator("#boot")).to_be_visible()
    expect(page.locator("#boot-stage")).not_to_be_empty()
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#start")).to_be_enabled()
    expect(page.locator("#start")).not_to_have_attribute("data-stage", re.compile(""))
    expect(page.locator("#boot")).to_be_hidden()
    assert page_guard.problems() == []


def test_setup_choices_are_remembered_after_a_reload(app_page):
    app_page.click("label[for=players-3]")
    app_page.fill("#name1", "Bo")
    app_page.select_option("#kind2", "hard")
    app_page.select_option("#target", "21")
    app_page.click("#start")
    expect(app_page.locator("#game")).to_be_visible()
    app_page.reload()
    assert wait_for_boot(app_page) == "ready"
    expect(app_page.locator("#players-3")).to_be_checked()
    expect(app_page.locator("#name1")).to_have_value("Bo")
    expect(app_page.locator("#kind2")).to_have_value("hard")
    expect(app_page.locator("#target")).to_have_value("21")


def test_missing_interpreter_is_reported_in_words(page, page_guard):
    page.set_viewport_size({"width": 360, "height": 640})
    page.route("**/pyodide.mjs", lambda route: route.fulfill(status=404, body="not here"))
    page.goto("")
    assert wait_for_boot(page) == "failed"
    expect(page.locator("#boot-message")).to_contain_text("Python could not start")
    expect(page.locator("#boot-message")).to_be_in_viewport()  # not below the greyed form
    expect(page.locator("#boot-detail")).to_contain_text("pyodide.mjs")
    expect(page.locator(".spinner")).to_be_hidden()
    expect(page.locator("#start")).to_be_disabled()
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page_guard.problems(allow_errors=True) == []


def aborted_once(requests: list[str]):
    """A route handler: the first request is aborted (as under load), later ones go through;
    requests records them all."""

    def handle(route):
        requests.append(route.request.url)
        if len(requests) == 1:
            route.abort("aborted")
        else:
            route.continue_()

    return handle


def not_found(requests: list[str]):
    """A route handler: every request is answered 404; requests records them."""

    def handle(route):
        requests.append(route.request.url)
        route.fulfill(status=404, body="not here")

    return handle


def test_a_script_that_fails_to_download_once_is_fetched_again(page, page_guard):
    """One aborted request (a service worker stopped mid-request, under load) cost the whole
    start: "motion.js did not load". The script is fetched again and the game starts."""
    requests = []
    page.route("**/static/js/motion.js", aborted_once(requests))
    page.goto("")
    assert wait_for_boot(page) == "ready", page.text_content("#boot-problem")
    assert len(requests) == 2
    assert page.evaluate("typeof window.SplendorMotion.after") == "function"
    page.click("#start")  # the table's redraws use motion.js
    page.wait_for_selector("#game:not([hidden]) #t-market .card")
    assert page_guard.problems() == []


def test_the_game_starts_even_when_the_boot_panel_script_did_not_load(page, page_guard):
    """boot.js, which reports the start's progress, is the one file nothing can fetch again:
    without it the game still starts, and Python's own signal says so."""
    requests = []
    page.route("**/static/js/boot.js", aborted_once(requests))
    page.goto("")
    assert wait_for_boot(page) == "ready"
    assert len(requests) == 1  # no second try
    assert page.evaluate("document.documentElement.dataset.boot") == "loading"  # as the HTML has it
    page.click("#start")
    page.wait_for_selector("#game:not([hidden]) #t-market .card")
    assert page_guard.problems() == []


def test_a_module_that_fails_to_download_once_costs_one_reload_not_the_start(page, page_guard):
    """CI: one aborted download of a module PyScript imports cost the whole start ("Failed to
    fetch dynamically imported module"). The page starts again by itself, once."""
    requests = []
    page.route("**/static/vendor/pyscript/error-*.js", aborted_once(requests))
    page.goto("")
    assert wait_for_boot(page) == "ready", page.text_content("#boot-problem")
    assert len(requests) >= 2
    assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"
    assert page_guard.problems() == []


def test_a_config_that_cannot_be_read_is_reported_in_words_after_one_more_try(page, page_guard):
    """PyScript showed a red box at the page's foot and waited: a stall, a minute later."""
    requests = []
    page.route("**/static/vendor/pyscript/toml-*.js", not_found(requests))
    page.goto("")
    assert wait_for_boot(page) == "failed"
    expect(page.locator("#boot-message")).to_contain_text("Python could not start")
    expect(page.locator("#boot-detail")).to_contain_text("toml")
    expect(page.locator(".py-error")).to_have_count(0)
    assert len(requests) == 2  # the page started twice
    page.reload()  # the player's own reload: no second try of its own, so never a loop
    assert wait_for_boot(page) == "failed"
    assert len(requests) == 3
    assert page_guard.problems(allow_errors=True) == []


def test_the_page_fetches_no_pyscript_plugin_it_does_not_use(page):
    requests = []
    page.on("request", lambda request: requests.append(request.url.rsplit("/", 1)[1]))
    page.goto("")
    assert wait_for_boot(page) == "ready"
    assert any(name.startswith("error-") for name in requests)  # the one kept
    unused = ("py-terminal-", "py-editor-", "py-game-", "donkey-", "deprecations-manager-")
    assert [name for name in requests if name.startswith(unused)] == []


def test_a_stylesheet_that_fails_to_download_once_is_fetched_again(page, page_guard):
    """Else the table played unstyled: the page started, with no sign of what went wrong."""
    requests = []
    page.route("**/static/css/table.css", aborted_once(requests))
    page.goto("")
    assert wait_for_boot(page) == "ready", page.text_content("#boot-problem")
    assert len(requests) == 2
    # still before app.css and the rest, which may override it
    hrefs = page.eval_on_selector_all("link[rel=stylesheet]", "links => links.map(l => l.href)")
    assert [h.rsplit("/", 1)[1] for h in hrefs[1:4]] == ["site.css", "table.css", "app.css"]
    page.click("#start")
    expect(page.locator("#t-market")).to_have_css("display", "grid")
    assert page_guard.problems() == []


@pytest.mark.parametrize("path", ["static/js/patch.js", "static/css/table.css"])
def test_a_script_or_stylesheet_that_cannot_load_is_reported_in_words(page, page_guard, path):
    requests = []
    page.route(f"**/{path}", not_found(requests))
    page.goto("")
    assert wait_for_boot(page) == "failed"
    expect(page.locator("#boot-detail")).to_contain_text(f"{path} did not load")
    assert len(requests) == 2  # tried twice before giving up
    assert page_guard.problems(allow_errors=True) == []


def test_a_browser_without_webassembly_is_told_why_not_to_check_the_site(page, page_guard):
    """Lockdown Mode on Apple's systems turns WebAssembly off: the page said "WebAssembly is not
    defined. Check that every file of the site was uploaded", advice for the site's owner."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.add_init_script("delete globalThis.WebAssembly")
    page.goto("")
    assert wait_for_boot(page) == "failed"
    expect(page.locator("#boot-message")).to_contain_text("WebAssembly turned off")
    expect(page.locator("#boot-detail")).to_contain_text("Lockdown Mode")
    expect(page.locator("#boot-detail")).not_to_contain_text("uploaded")
    expect(page.locator("#boot-message")).to_be_in_viewport()
    expect(page.locator(".spinner")).to_be_hidden()
    assert page_guard.problems(allow_errors=True) == []


def test_a_connection_lost_mid_download_is_told_as_such(page, page_guard):
    """Not "check that every file was uploaded": that advice is for the site's owner."""

    def lost(route):
        page.context.set_offline(True)
        route.abort("internetdisconnected")

    page.route("**/pyodide.asm.wasm", lost)
    try:
        page.goto("")
        assert wait_for_boot(page) == "failed"
        expect(page.locator("#boot-detail")).to_contain_text("connection was lost")
        expect(page.locator("#boot-detail")).not_to_contain_text("uploaded")
    finally:
        page.context.set_offline(False)
    assert page_guard.problems(allow_errors=True) == []


def test_python_error_during_start_is_reported_in_words(page, page_guard):
    page.route(
        "**/static/app/main.py",
        lambda route: route.fulfill(status=200, body="raise RuntimeError('broken build')"),
    )
    page.goto("")
    assert wait_for_boot(page) == "failed"
    expect(page.locator("#boot-message")).to_contain_text("Python could not start")
    expect(page.locator("#boot-detail")).to_contain_text("Python code stopped with an error")
    assert page_guard.problems(allow_errors=True) == []


def test_stalled_start_says_so_and_offers_a_new_tab(page, page_guard):
    page.add_init_script("window.SPLENDOR_STALL_MS = 1000")
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: the download hangs
    page.goto("")
    page.wait_for_function(
        "document.documentElement.dataset.boot === 'stalled'", timeout=BOOT_TIMEOUT_MS
    )
    expect(page.locator("#boot-message")).to_contain_text("taking much longer than expected")
    expect(page.locator("#boot-detail")).to_contain_text("Still waiting at: Downloading Python")
    # the greyed Start button, in the first view, says what it waits for
    expect(page.locator("#start")).to_have_attribute("data-stage", re.compile("^Downloading"))
    expect(page.locator("#boot-newtab")).to_be_in_viewport()
    assert page_guard.problems() == []


def test_phone_width_has_no_horizontal_scroll(app_page):
    app_page.set_viewport_size({"width": 360, "height": 740})
    width = app_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    app_page.locator("#start").scroll_into_view_if_needed()
    expect(app_page.locator("#start")).to_be_in_viewport()
    assert app_page.evaluate("document.documentElement.scrollWidth") <= 360
    for link in ["#invite-new", "#import-label", "#howto-open"]:  # big enough for a finger
        assert app_page.locator(link).bounding_box()["height"] >= 40, link


@pytest.mark.parametrize("size", [(1366, 768), (390, 700)])
def test_start_shows_without_scrolling_on_a_short_screen(app_page, size):
    width, height = size
    app_page.set_viewport_size({"width": width, "height": height})
    app_page.click("label[for=players-4]")  # the tallest form: four seats
    app_page.evaluate("window.scrollTo(0, 0)")
    expect(app_page.locator("#start")).to_be_enabled()
    expect(app_page.locator("#start")).to_be_in_viewport(ratio=1)
    # The fields scroll under a band around the button, not half-covered beside it.
    box = app_page.locator("#start").bounding_box()
    above = app_page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).className", [box["x"] + 20, box["y"] - 4]
    )
    assert above == "start-bar"
    app_page.click("label[for=players-2]")


def test_a_field_reached_by_tab_is_not_hidden_under_the_start_button(app_page):
    app_page.set_viewport_size({"width": 1366, "height": 768})
    app_page.click("label[for=players-2]")
    app_page.evaluate("window.scrollTo(0, 0)")
    app_page.locator("#lang").focus()
    for _ in range(30):  # Tab on until the noble rule's menu has the focus
        if app_page.evaluate("document.activeElement.id") == "nobles":
            break
        app_page.keyboard.press("Tab")
    field = app_page.locator("#nobles").bounding_box()
    bar = app_page.locator(".start-bar").bounding_box()
    assert field["y"] + field["height"] <= bar["y"], (field, bar)


FITS = """() => {
  const s = document.getElementById('nobles'), st = getComputedStyle(s);
  const c = document.createElement('canvas').getContext('2d');
  c.font = st.font;
  const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
  return [...s.options].filter(o => c.measureText(o.text).width > room).map(o => o.text);
}"""


@pytest.mark.parametrize("lang", ["en", "fa", "ka"])
def test_the_setup_options_read_whole_on_a_small_phone(app_page, lang):
    app_page.set_viewport_size({"width": 360, "height": 740})
    app_page.select_option("#lang", lang)
    assert app_page.evaluate(FITS) == []  # no option cut short by the select's width
    app_page.select_option("#lang", "en")


@pytest.mark.parametrize("size", [(320, 640), (390, 844)])
def test_the_setup_fits_a_phone_whose_text_is_set_large(app_page, size):
    """A phone's large text (24 px, where the default is 16) made the title wider than the screen,
    and at 320 px the language menu and the two games' buttons too: the page scrolled sideways."""
    width, height = size
    app_page.set_viewport_size({"width": width, "height": height})
    app_page.add_style_tag(content="html { font-size: 24px; }")  # what the phone's setting does
    for part in [".title", "#lang", "label[for=game-classic]", "label[for=game-duel]", "#start"]:
        box = app_page.locator(part).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (part, box)
    assert app_page.evaluate("document.documentElement.scrollWidth") == width


def test_rules_open_at_their_start_on_a_phone(app_page):
    app_page.set_viewport_size({"width": 390, "height": 700})
    app_page.select_option("#lang", "en")
    app_page.click("#howto-open")
    expect(app_page.locator("#howto-title")).to_be_in_viewport()
    expect(app_page.locator("#howto [data-command=close-howto]")).to_be_in_viewport()
    body = app_page.locator("#howto-body")
    assert body.evaluate("b => b.scrollHeight > b.clientHeight")  # long enough to scroll
    assert body.evaluate("b => b.scrollTop") == 0
    expect(body).to_be_focused()  # arrow keys scroll the rules in every browser
    app_page.keyboard.press("PageDown")
    app_page.wait_for_function("document.getElementById('howto-body').scrollTop > 0")
    app_page.keyboard.press("Escape")
    expect(app_page.locator("#howto")).to_be_hidden()


def test_rules_from_the_setup_screen_are_those_of_the_game_chosen(app_page):
    app_page.select_option("#lang", "en")
    app_page.click("label[for=game-duel]")
    app_page.click("#howto-open")
    expect(app_page.locator("#howto-title")).to_have_text("Splendor Duel rules")
    expect(app_page.locator("#howto-body")).to_contain_text("privilege")
    app_page.keyboard.press("Escape")
    app_page.click("label[for=game-classic]")
    app_page.click("#howto-open")
    expect(app_page.locator("#howto-title")).to_have_text("Splendor rules")
    expect(app_page.locator("#howto-body")).to_contain_text("noble")
    app_page.keyboard.press("Escape")


def test_guard_catches_a_request_to_another_host(page, page_guard):
    page.route("http://cdn.invalid/**", lambda route: route.fulfill(status=200, body=""))
    page.set_content('<img src="http://cdn.invalid/gem.png">')
    page.wait_for_load_state("load")
    assert page_guard.foreign_requests() == ["http://cdn.invalid/gem.png"]
    assert page_guard.problems() == ["request left the local server: http://cdn.invalid/gem.png"]


# Region redraws (static/js/patch.js): (HTML on screen, new HTML, kept: the nodes, by
# selector, that stay the same elements; fresh: those that must be new ones).
PATCHES = [
    ('<p class="a">one</p>', '<p class="a">two</p>', ["p"], []),
    (
        '<div class="player is-current"><span>1</span></div><div class="player"><b>2</b></div>',
        '<div class="player"><span>1</span></div><div class="player is-current"><b>3</b></div>',
        ["div:first-child", "span", "div:last-child", "b"],
        [],
    ),
    (
        '<button data-action="a">A</button><i>x</i>',
        '<button data-action="b">A</button><i>x</i>',
        ["i"],
        ["button"],
    ),
    (
        '<span class="token"><b>1</b></span>',
        '<span class="token is-zero"><b>1</b></span>',
        [],
        [".token", "b"],
    ),
    ("<li>1</li>", "<li>1</li><li>2</li>", ["li:first-child"], ["li:last-child"]),
    ("<li>1</li><li>2</li>", "<li>1</li>", ["li"], []),
    ("<p>1</p>", "<div>1</div>", [], ["div"]),
    (
        '<svg class="gem"><use href="g.svg#gem-w"/></svg>',
        '<svg class="gem"><use href="g.svg#gem-b"/></svg>',
        ["svg", "use"],
        [],
    ),
    ('<div hidden data-x="1">a</div>', '<div data-x="1">a</div>', ["div"], []),
    ("<p>a</p>text", "", [], []),
    ("", "<p>a</p> text <!-- note --><p>b</p>", [], ["p"]),
]


@pytest.mark.parametrize(("before", "after", "kept", "fresh"), PATCHES)
def test_a_region_patched_equals_its_new_html_and_keeps_what_did_not_change(
    page, page_guard, site_server, before, after, kept, fresh
):
    page.goto(site_server)
    page.wait_for_function("window.SplendorPatch !== undefined")
    same, equal = page.evaluate(
        """([before, after, kept, fresh]) => {
          const region = document.createElement("div");
          region.innerHTML = before;
          const old = [...kept, ...fresh].map((selector) => region.querySelector(selector));
          SplendorPatch.region(region, after);
          const wanted = document.createElement("div");
          wanted.innerHTML = after;
          const now = [...kept, ...fresh].map((selector) => region.querySelector(selector));
          return [old.map((node, i) => node !== null && node === now[i]), region.isEqualNode(wanted)];
        }""",
        [before, after, kept, fresh],
    )
    assert equal
    assert same == [True] * len(kept) + [False] * len(fresh)
