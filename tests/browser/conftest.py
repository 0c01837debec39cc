"""Fixtures for the browser tests that play on a table (test_play, test_duel, test_layout…)."""

from __future__ import annotations

import pytest

from tests.pagecheck import ModulePage, boot_or_fail


@pytest.fixture(scope="module")
def shared(browser, site_server):
    """One context and page for the module; the guard watches it throughout."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield ModulePage(context, site_server)
    context.close()


@pytest.fixture
def game(shared, site_server):
    """The page freshly loaded in English with fast bots; no console error allowed."""
    page, guard = shared.live()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_server + "?fast")
    boot_or_fail(page, guard)
    page.select_option("#lang", "en")
    yield page
    assert guard.take_problems() == []
