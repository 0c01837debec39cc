"""Shared fixtures: the built site on a local server, Chromium, and a guarded app page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pagecheck import ROOT, PageGuard, boot_or_fail
from tools import build, chromium, serve


@pytest.fixture(scope="session")
def site_root() -> Path:
    """The site built in place; the Python zip and the service worker's file list are rebuilt
    so tests see the current code."""
    if not (build.VENDOR / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("The browser runtime is not vendored: run `make build` (or `make test`).")
    build.zip_python()
    build.write_page_text()
    build.write_precache()
    return ROOT


@pytest.fixture(scope="session")
def site_server(site_root: Path) -> Iterator[str]:
    """Serve the built site on a free local port; yields its base URL."""
    server = serve.start(site_root)
    yield serve.url_of(server)
    server.shutdown()


@pytest.fixture(scope="session")
def base_url(site_server: str) -> str:
    """Let page.goto("") and relative URLs point at the local site."""
    return site_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch the Chromium found by tools.chromium (or Playwright's own) with safe flags."""
    args = {**browser_type_launch_args}
    path = chromium.find_chromium()
    if path:
        args["executable_path"] = path
    args["args"] = [*args.get("args", []), *chromium.LAUNCH_ARGS]
    return args


@pytest.fixture
def page_guard(page, site_server: str) -> PageGuard:
    """A PageGuard watching the test's page."""
    return PageGuard(page, site_server)


@pytest.fixture
def app_page(page, page_guard: PageGuard, site_server: str):
    """The page, loaded and ready (Python ran); the test fails on any console error,
    uncaught exception or request that leaves the local server."""
    page.goto(site_server)
    boot_or_fail(page, page_guard)
    yield page
    problems = page_guard.problems()
    if problems:
        pytest.fail("\n".join(problems))
