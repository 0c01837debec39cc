"""After one visit the game starts with the network off (reload, new tab); a new build
replaces the old cache; the site installs as an app."""

from __future__ import annotations

import pytest

from tests.pagecheck import PageGuard, wait_for_boot
from tools import build, serve

pytestmark = pytest.mark.browser

# Checks for an update and resolves when the new service worker is activated (its activate
# step, which deletes the old caches, has finished).
UPDATE_AND_ACTIVATE = """() => navigator.serviceWorker.ready.then((registration) =>
  new Promise((resolve, reject) => {
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "activated") resolve();
        if (worker.state === "redundant") reject(new Error("the new service worker failed"));
      });
    }, { once: true });
    registration.update();
  }))"""


def wait_for_service_worker(page) -> None:
    """Wait until the service worker has precached the site and controls the page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def cache_name(site: str, build_id: str) -> str:
    """The cache sw.js uses for a build of the site at this URL."""
    return f"splendor {site} {build_id}"


def test_game_starts_offline_in_a_reload_and_a_new_tab(page, page_guard, site_server):
    build_id, _ = build.write_precache()
    page.goto(site_server)
    assert wait_for_boot(page) == "ready"
    wait_for_service_worker(page)
    assert page.evaluate("caches.keys()") == [cache_name(site_server, build_id)]

    page.context.set_offline(True)
    page.reload()
    assert wait_for_boot(page) == "ready", page.text_content("#boot-problem")
    page.click("#start")  # Python answers offline too: a game is on the table
    page.wait_for_selector("#t-status .status")

    tab = page.context.new_page()
    guard = PageGuard(tab, site_server)
    tab.goto(site_server + "?embed=1")  # any URL of the app, parameters included
    assert wait_for_boot(tab) == "ready", tab.text_content("#boot-problem")
    assert page_guard.problems() == [] and guard.problems() == []


def test_a_new_build_replaces_the_old_cache(page, site_root, tmp_path):
    site_dir = tmp_path / "games" / "splendor"
    build.write_dist(site_dir)
    old_id, _ = build.write_precache(site_dir)
    server = serve.start(tmp_path)
    try:
        site = serve.url_of(server) + "games/splendor/"
        guard = PageGuard(page, site)
        page.goto(site)
        assert wait_for_boot(page) == "ready"
        wait_for_service_worker(page)
        # Served from a sub-path, the worker's scope is that sub-path.
        assert page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == site
        assert page.evaluate("caches.keys()") == [cache_name(site, old_id)]

        # Release a new build: one file changes, so does the build id.
        css = site_dir / "static" / "css" / "embed.css"
        css.write_text(css.read_text() + "\n/* release 2 */\n")
        new_id, _ = build.write_precache(site_dir)
        assert new_id != old_id
        page.evaluate(UPDATE_AND_ACTIVATE)
        assert page.evaluate("caches.keys()") == [cache_name(site, new_id)]

        page.context.set_offline(True)
        page.reload()
        assert wait_for_boot(page) == "ready"
        served = page.evaluate("fetch('static/css/embed.css').then(r => r.text())")
        assert "release 2" in served
        assert guard.problems() == []
    finally:
        server.shutdown()


def test_site_is_installable_as_an_app(app_page):
    cdp = app_page.context.new_cdp_session(app_page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"].endswith("static/manifest.webmanifest")
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito, which alone prevents installing.
    assert [error["errorId"] for error in errors if error["errorId"] != "in-incognito"] == []
