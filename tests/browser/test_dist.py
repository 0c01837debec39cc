"""`make dist` output is self-contained: it boots from another folder, under a sub-path."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import splendor
from tests.pagecheck import PageGuard, wait_for_boot
from tools import build, serve

pytestmark = pytest.mark.browser


def test_dist_boots_when_served_from_a_sub_path(page, site_root, tmp_path):
    build.write_dist(tmp_path / "games" / "splendor")
    server = serve.start(tmp_path)
    try:
        origin = serve.url_of(server)
        site = origin + "games/splendor/"
        guard = PageGuard(page, origin)
        page.goto(site)
        assert wait_for_boot(page) == "ready", page.text_content("#boot-problem")
        expect(page.locator("#version")).to_have_text(splendor.__version__)
        assert guard.problems() == []
        # Relative URLs only: every request stays under the sub-path.
        assert [url for url in guard.requests if not url.startswith(site)] == []
    finally:
        server.shutdown()
