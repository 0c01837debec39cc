"""Measure bot think times inside the page (Pyodide in headless Chromium), per decision.

Usage: python -m tools.bench_bots_page [--level hard] [--decisions 40] [--site DIR]
[--cpu-slowdown N] (`make bench-bots` builds dist/ first; `--cpu-slowdown 4` has Chromium run
the page four times slower, as on a slow phone). Each game is a bots-only table at the level
(no visible pause: `?fast`); the figures are wall-clock per decision, as the page's controller
times them, and the longest slice the bot ran before yielding to the page (the page is blocked
that long).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import serve
from tools.bench_page import READY, TIMEOUT_MS, TIMING_SCRIPT, built_site, launch_options

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"classic": 2, "duel": 2}


def play(page, url: str, game: str, level: str, decisions: int) -> list[list]:
    """Start a bots-only game at `level`; return [level, ms, longest slice ms] per decision."""
    page.goto(url + "?fast")
    page.wait_for_function(READY, timeout=TIMEOUT_MS)
    page.click(f"label[for=game-{game}]")
    if game == "classic":  # Duel is always two players: no choice shown
        page.click(f"label[for=players-{GAMES[game]}]")
    for seat in range(GAMES[game]):
        page.select_option(f"#kind{seat}", level)
    page.click("#start")
    page.wait_for_function(
        f"""() => JSON.parse(splendorApp.thinkTimes()).length >= {decisions}
                  || document.querySelector("#t-end:not(:empty)") !== null""",
        polling=250,
        timeout=TIMEOUT_MS * 5,
    )
    return json.loads(page.evaluate("splendorApp.thinkTimes()"))


def main() -> None:
    """Command line entry point: print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", help="bot level of every seat")
    parser.add_argument("--decisions", type=int, default=40, help="decisions timed per game")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="folder to serve")
    parser.add_argument(
        "--cpu-slowdown", type=float, default=1.0, help="CPU throttling rate (1: none)"
    )
    args = parser.parse_args()
    server = serve.start(built_site(args.site))
    launch = launch_options()
    results = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch)
            for game in GAMES:
                context = browser.new_context()
                context.add_init_script(TIMING_SCRIPT)
                page = context.new_page()
                if args.cpu_slowdown > 1:
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_slowdown})
                results[game] = play(page, serve.url_of(server), game, args.level, args.decisions)
                context.close()
            version = browser.version
            browser.close()
    finally:
        server.shutdown()

    slowdown = f", CPU slowed {args.cpu_slowdown:g}x" if args.cpu_slowdown > 1 else ""
    print(
        f"Bot think times in the page: {args.level}, headless Chromium {version}, Pyodide{slowdown}"
    )
    for game, rows in results.items():
        whole = [ms for _, ms, _ in rows]
        longest = [ms for _, _, ms in rows]
        print(
            f"{game:<8} {len(rows)} decisions: mean {statistics.mean(whole):6.0f} ms"
            f"   median {statistics.median(whole):6.0f} ms   max {max(whole):6.0f} ms"
            f"   longest slice {max(longest):4.0f} ms (median {statistics.median(longest):3.0f})"
        )


if __name__ == "__main__":
    main()
