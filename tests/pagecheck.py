"""Helpers for browser tests: what a page must not do, and waiting for Python to boot."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
BOOT_TIMEOUT_MS = 60_000  # a cold boot takes ~3 s here; this only bounds a broken page

# True once Python ran (ready) or the page gave up (failed): what the tests wait on.
BOOT_SETTLED = (
    "document.documentElement.dataset.ready === 'true'"
    " || document.documentElement.dataset.boot === 'failed'"
)


class PageGuard:
    """Records what a page must not do: requests off the local server, console errors,
    uncaught exceptions."""

    def __init__(self, page, origin: str) -> None:
        self.origin = origin
        self.requests: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.failed_requests: list[str] = []  # not a fault alone (a page left mid-download)
        page.on("requestfailed", lambda r: self.failed_requests.append(f"{r.url}: {r.failure}"))
        page.context.on("request", lambda request: self.requests.append(request.url))
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def foreign_requests(self) -> list[str]:
        """Requests to anything but the local server (data: and blob: URLs are local)."""
        local = (self.origin, "data:", "blob:")
        return [url for url in self.requests if not url.startswith(local)]

    def problems(self, allow_errors: bool = False) -> list[str]:
        """Everything wrong so far, as readable lines (empty when all is well)."""
        found = [f"request left the local server: {url}" for url in self.foreign_requests()]
        if not allow_errors:
            found += [f"console error: {text}" for text in self.console_errors]
            found += [f"uncaught page exception: {text}" for text in self.page_errors]
        return found

    def take_problems(self) -> list[str]:
        """problems(), then forget all seen so far: a module's next test starts clean."""
        found = self.problems()
        for seen in (self.requests, self.console_errors, self.page_errors, self.failed_requests):
            seen.clear()
        return found


class ModulePage:
    """A test module's page and its guard, in one context kept for the module. A page whose
    renderer crashed is replaced at the next test: one crash fails that test, not every
    later test of the module."""

    def __init__(self, context, origin: str, watch=None) -> None:
        self.context, self.origin, self.watch = context, origin, watch
        self.page = self.guard = None

    def live(self):
        """The page and its guard; a new page if there was none or it no longer answers."""
        if self.page is None or not answers(self.page):
            if self.page is not None:
                self.page.close()
            self.page = self.context.new_page()
            self.guard = PageGuard(self.page, self.origin)
            if self.watch is not None:
                self.watch(self.page)
        return self.page, self.guard


def answers(page) -> bool:
    """Whether the page runs scripts still (a crashed one raises)."""
    try:
        page.evaluate("0")
    except PlaywrightError:
        return False
    return True


def wait_for_boot(page) -> str:
    """Wait until Python is ready or the page reports failure; return "ready" once the app
    says so (data-ready, the README's signal: boot.js, which sets data-boot, may be the one
    file whose download failed), else data-boot."""
    page.wait_for_function(BOOT_SETTLED, timeout=BOOT_TIMEOUT_MS)
    root = "document.documentElement.dataset"
    return page.evaluate(f"{root}.ready === 'true' ? 'ready' : {root}.boot")


def boot_or_fail(page, guard: PageGuard) -> None:
    """Wait until Python is ready; else fail with the page's message and all that went wrong,
    leaving the guard clean so that a page shared by a module does not fail the next test too."""
    try:
        state = wait_for_boot(page)
    except PlaywrightError as error:  # not settled in time: fail the same way
        state = error.message.splitlines()[0]
    if state != "ready":
        failed = list(guard.failed_requests)
        problems = guard.take_problems()
        message = page.text_content("#boot-problem")
        pytest.fail(f"page did not boot ({state}): {message}; {problems}; failed: {failed}")


# An init script: collects Content-Security-Policy violations in window.violations.
RECORD_VIOLATIONS = """
window.violations = [];
addEventListener("securitypolicyviolation", (event) =>
  violations.push(`${event.effectiveDirective} blocked ${event.blockedURI}`));
"""
