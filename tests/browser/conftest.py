"""Fixtures shared by the table's browser tests (test_play, test_duel)."""

from __future__ import annotations

import pytest

from tests.pagecheck import ModulePage, wait_for_boot


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
    state = wait_for_boot(page)
    assert state == "ready", (page.text_content("#boot-problem"), guard.failed_requests)
    page.select_option("#lang", "en")
    yield page
    problems = guard.problems()
    guard.console_errors.clear()
    guard.page_errors.clear()
    assert problems == []
