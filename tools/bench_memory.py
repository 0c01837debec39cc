"""Watch the page's memory over a series of bots-only games (Pyodide in headless Chromium).

Usage: python -m tools.bench_memory [--game duel|classic] [--level hard] [--games 6]
[--every 2] [--site DIR]   (`make bench-memory` builds dist/ first). One page plays the games
one after another (`?fast`: no visible pause), each started by the end screen's "Play again";
after the first game and then every few, it collects garbage and prints the JS heap, the
WebAssembly memory Pyodide runs in (it never shrinks: any growth stays in sight), Python's live
objects, the page's event listeners and DOM nodes. Flat columns mean no game leaves memory
behind for the next.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import serve
from tools.bench_page import READY, TIMEOUT_MS, TIMING_SCRIPT, built_site, launch_options

ROOT = Path(__file__).resolve().parent.parent
OVER = "document.getElementById('game').dataset.pending === 'over'"
MB = 1024 * 1024


def start(page, url: str, game: str, level: str) -> None:
    """Open the page and start a two-seat game of bots at `level`."""
    page.goto(url + "?fast")
    page.wait_for_function(READY, timeout=TIMEOUT_MS)
    page.click(f"label[for=game-{game}]")
    if game == "classic":  # Duel is always two players: no choice shown
        page.click("label[for=players-2]")
    for seat in range(2):
        page.select_option(f"#kind{seat}", level)
    page.click("#start")


def finish(page) -> int:
    """Wait for the game in play to end; return how many moves it took."""
    page.wait_for_function(OVER, polling=250, timeout=TIMEOUT_MS * 5)
    return int(page.evaluate("document.getElementById('game').dataset.moves"))


def play_again(page, moves: int) -> None:
    """Start the next game from the end screen (the same seats, a new seed)."""
    page.click("#t-end [data-command='again']")
    page.wait_for_function(  # the new game is on the table (it begins again from move 0)
        f"!({OVER}) || +document.getElementById('game').dataset.moves < {moves}",
        timeout=TIMEOUT_MS,
    )


def measure(page, cdp) -> dict:
    """The page's memory after a garbage collection, in MB and counts."""
    cdp.send("HeapProfiler.collectGarbage")
    python = json.loads(page.evaluate("splendorApp.memory()"))
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {
        "heap": metrics["JSHeapUsedSize"] / MB,
        "wasm": python["wasm"] / MB,
        "objects": python["objects"],
        "listeners": int(metrics["JSEventListeners"]),
        "nodes": int(metrics["Nodes"]),
    }


def main() -> None:
    """Command line entry point: print a row of figures every few games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("duel", "classic"), default="duel")
    parser.add_argument("--level", default="hard", help="bot level of both seats")
    parser.add_argument("--games", type=int, default=6, help="games played in a row")
    parser.add_argument("--every", type=int, default=2, help="games between two rows")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="folder to serve")
    args = parser.parse_args()
    server = serve.start(built_site(args.site))
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            context = browser.new_context()
            context.add_init_script(TIMING_SCRIPT)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Performance.enable")
            print(
                f"Page memory over {args.games} {args.game} games, {args.level} bots on both"
                f" seats, headless Chromium {browser.version}, Pyodide"
            )
            print(
                f"{'games':>5} {'moves':>6} {'JS heap':>9} {'WebAssembly':>12} {'Py objects':>11}"
                f" {'listeners':>10} {'DOM nodes':>10} {'seconds':>8}"
            )
            began = time.perf_counter()
            start(page, serve.url_of(server), args.game, args.level)
            for played in range(1, args.games + 1):
                moves = finish(page)
                if played == 1 or played % args.every == 0 or played == args.games:
                    m = measure(page, cdp)
                    print(
                        f"{played:>5} {moves:>6} {m['heap']:>6.1f} MB {m['wasm']:>9.1f} MB"
                        f" {m['objects']:>11,} {m['listeners']:>10} {m['nodes']:>10}"
                        f" {time.perf_counter() - began:>8.0f}",
                        flush=True,
                    )
                if played < args.games:
                    play_again(page, moves)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
