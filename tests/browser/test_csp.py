"""The Content-Security-Policy is enforced, and the game never trips it."""

from __future__ import annotations

import pytest

from tests.pagecheck import RECORD_VIOLATIONS, wait_for_boot

pytestmark = pytest.mark.browser

INLINE_SCRIPT = """() => {
  const script = document.createElement("script");
  script.textContent = "window.inlineRan = true";
  document.head.append(script);
  return window.inlineRan === true;
}"""


def test_no_violation_through_boot_start_and_offline_setup(page, page_guard, site_server):
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(site_server)
    assert wait_for_boot(page) == "ready"
    page.click("#start")
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    assert page.evaluate("window.violations") == []
    assert page_guard.problems() == []

    # The policy is really in force: an injected inline script is refused.
    assert page.evaluate(INLINE_SCRIPT) is False
    page.wait_for_function("window.violations.length > 0")
    assert page.evaluate("window.violations")[0].startswith("script-src-elem blocked inline")
