"""Helpers for browser tests: what a page must not do, and waiting for Python to boot."""

from __future__ import annotations

from pathlib import Path

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


def wait_for_boot(page) -> str:
    """Wait until Python is ready or the page reports failure; return data-boot."""
    page.wait_for_function(BOOT_SETTLED, timeout=BOOT_TIMEOUT_MS)
    return page.evaluate("document.documentElement.dataset.boot")


# An init script: collects Content-Security-Policy violations in window.violations.
RECORD_VIOLATIONS = """
window.violations = [];
addEventListener("securitypolicyviolation", (event) =>
  violations.push(`${event.effectiveDirective} blocked ${event.blockedURI}`));
"""
