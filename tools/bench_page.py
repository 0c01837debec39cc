"""Measure the page's time to ready (cold and warm) in headless Chromium, and the size of dist/.

Usage: python -m tools.bench_page [--runs N] [--site DIR]   (`make bench` builds dist/ first)
Cold = a fresh browser context (empty cache and storage); warm = a reload in the same context.
Side by side, the same figures for a bare PyScript page (it runs one line of Python, then
signals ready) on the site's vendored runtime ("bare"), whose standard library the build
compiles in advance (tools/build.py), and on the runtime as Pyodide ships it ("stock
bare"); and the table's redraw time after a move (measured
with performance.now() around render() in the page): after a human's clicks, and early and late
in bots-only games (Duel, classic for four) played to their end or --moves moves.
Usage for the game redraws alone: python -m tools.bench_page --redraws-only
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import build, chromium, serve

ROOT = Path(__file__).resolve().parent.parent
# Records, in ms since navigation start, when the setup screen painted and Python was ready.
TIMING_SCRIPT = """
addEventListener("splendor:ready", () => { window.__readyAt = performance.now(); });
"""
READY = "window.__readyAt !== undefined"
TIMEOUT_MS = 120_000


def launch_options() -> dict:
    """Playwright's launch options for the benchmarks: tools.chromium's flags, the local Chromium."""
    launch = {"args": chromium.LAUNCH_ARGS}
    if path := chromium.find_chromium():
        launch["executable_path"] = path
    return launch


def built_site(folder: Path) -> Path:
    """folder, after checking that it holds a built site (else exit with what to run)."""
    if not (folder / "index.html").is_file() or not (folder / "sw.js").is_file():
        raise SystemExit(f"{folder} holds no site: run `make dist` first")
    return folder


def measure(page, url: str | None) -> tuple[float, float]:
    """Load (or reload when url is None) and return (first paint, ready) in seconds."""
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function(READY, timeout=TIMEOUT_MS)
    ready = page.evaluate("window.__readyAt")
    paint = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime"
    )
    return paint / 1000, ready / 1000


# Resolves once a registered service worker is active (at once for a page without one).
SETTLED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration) await navigator.serviceWorker.ready;
}"""

BARE_HTML = """<!doctype html><html><head><meta charset="utf-8">
<script type="module" src="static/vendor/pyscript/core.js"></script></head><body>
<script type="py" config="bare.toml">
from pyscript import window
window.dispatchEvent(window.CustomEvent.new("splendor:ready"))
</script></body></html>"""
BARE_TOML = 'interpreter = "./static/vendor/pyodide/pyodide.mjs"\n'


def bare_site(site: Path, folder: Path, stock: bool = False) -> Path:
    """A bare PyScript page next to links to the site's vendored runtime (with stock: to
    Pyodide's standard library as Pyodide ships it, in source)."""
    vendor = folder / "static" / "vendor"
    (vendor / "pyodide").mkdir(parents=True)
    (vendor / "pyscript").symlink_to(site.resolve() / "static" / "vendor" / "pyscript")
    for path in (site / "static" / "vendor" / "pyodide").iterdir():
        shipped = ROOT / "node_modules" / "pyodide" / path.name
        (vendor / "pyodide" / path.name).symlink_to(
            shipped if stock and path.name == build.STDLIB_ZIP else path.resolve()
        )
    (folder / "index.html").write_text(BARE_HTML)
    (folder / "bare.toml").write_text(BARE_TOML)
    return folder


def redraw_times(page, url: str) -> list[float]:
    """Milliseconds of each redraw while a human picks three gems and takes them."""
    page.goto(url + "?fast")
    page.wait_for_function(READY, timeout=TIMEOUT_MS)
    page.click("label[for=players-2]")
    page.select_option("#kind0", "human")
    page.select_option("#kind1", "human")
    page.click("#start")
    page.click("[data-command='handoff']")
    times = []
    for _ in range(3):
        page.locator("#t-bank [data-pick]:not(.is-selected)").first.click()
        times.append(page.evaluate("splendorApp.renderTime()"))
    page.locator("#t-actions [data-action^='take']").click()
    times.append(page.evaluate("splendorApp.renderTime()"))
    return times


# The games whose redraws are timed from the first move to the last: (game, players).
GAMES = (("duel", 2), ("classic", 4))
EDGE = 10  # moves counted as "early" (the first ones) and "late" (the last ones)
# Runs a click (or a change of a menu to a value) and then the page's style and layout that
# it left to do, and returns how long both took (ms): the event's Python handler runs at once.
TIMED = """([selector, value]) => {
  const target = document.querySelector(selector);
  const start = performance.now();
  if (value === null) {
    target.click();
  } else {
    target.value = value;
    target.dispatchEvent(new Event("change", { bubbles: true }));
  }
  document.body.getBoundingClientRect();
  return performance.now() - start;
}"""


def game_redraws(page, url: str, game: str, players: int, moves: int) -> dict[str, list]:
    """Redraw times (ms) in a beginner bots-only game with no pauses, played to its end or to
    `moves` moves: render() of each of the first and the last EDGE moves as the bots play
    (a move is drawn once; the redraws as a bot starts thinking are left out); then, in the
    finished game's replay, a step forward to each of them with the layout it leaves; and the
    language switched, which draws every region anew (to Persian and back, twice)."""
    page.goto(url + "?fast")
    page.wait_for_function(READY, timeout=TIMEOUT_MS)
    page.click(f"label[for=game-{game}]")
    if game == "classic":  # Duel is always two players: no choice shown
        page.click(f"label[for=players-{players}]")
    for seat in range(players):
        page.select_option(f"#kind{seat}", "beginner")
    page.click("#start")
    page.wait_for_function(
        f"""() => Number(document.getElementById("game").dataset.moves) >= {moves}
                  || document.querySelector("#t-end:not(:empty)") !== null""",
        polling=250,
        timeout=TIMEOUT_MS * 5,
    )
    rows = json.loads(page.evaluate("splendorApp.renderTimes()"))
    shown = [(n, ms) for i, (n, ms) in enumerate(rows) if i and n != rows[i - 1][0]]
    last = shown[-1][0]
    early, late = range(1, EDGE + 1), range(last - EDGE + 1, last + 1)
    figures = {
        f"moves {early[0]}-{early[-1]}, redraw": [ms for n, ms in shown if n in early],
        f"moves {late[0]}-{late[-1]}, redraw": [ms for n, ms in shown if n in late],
    }
    if page.locator("#t-end [data-command='replay-game']").count():  # the game ended
        page.click("#t-end [data-command='replay-game']")
        forward = ["#t-replay [data-command='replay:forward']", None]
        figures[f"replay to {early[0]}-{early[-1]}, + layout"] = [
            page.evaluate(TIMED, forward) for _ in early
        ]
        page.click("#t-replay [data-command='replay:last']")
        for _ in range(EDGE):
            page.click("#t-replay [data-command='replay:back']")
        figures[f"replay to {late[0]}-{late[-1]}, + layout"] = [
            page.evaluate(TIMED, forward) for _ in late
        ]
    figures[f"move {last}, language switch + layout"] = [
        page.evaluate(TIMED, ["#game-lang", lang]) for lang in ("fa", "en", "fa", "en")
    ]
    return figures


def redraw_lines(game: str, players: int, figures: dict[str, list]) -> list[str]:
    """One line per figure of game_redraws: median and max in ms."""
    return [
        f"{f'{game} ({players}p) {label}':<46} median {statistics.median(times):5.1f} ms"
        f"   max {max(times):5.1f} ms   (n={len(times)})"
        for label, times in figures.items()
    ]


def summary(label: str, values: list[float]) -> str:
    """One line: median, min and max of values in seconds."""
    return (
        f"{label:<34} median {statistics.median(values):5.2f} s"
        f"   min {min(values):5.2f} s   max {max(values):5.2f} s   (n={len(values)})"
    )


def folder_size(folder: Path) -> str:
    """`du -sh` of folder, plus exact bytes and file count."""
    files = [path for path in folder.rglob("*") if path.is_file()]
    total = sum(path.stat().st_size for path in files)
    du = subprocess.run(
        ["du", "-sh", str(folder)], check=True, capture_output=True, text=True
    ).stdout
    return f"{du.split()[0]} on disk (du -sh), {total / 1e6:.1f} MB in {len(files)} files"


def main() -> None:
    """Command line entry point: print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold starts (each then reloaded)")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="folder to serve")
    parser.add_argument("--moves", type=int, default=400, help="moves of each timed game at most")
    parser.add_argument(
        "--redraws-only", action="store_true", help="time only the redraws (no start times)"
    )
    args = parser.parse_args()
    if args.redraws_only:
        args.runs = 0
    server = serve.start(built_site(args.site))
    url = serve.url_of(server)
    scratch = tempfile.TemporaryDirectory()
    bare_servers = {
        name: serve.start(bare_site(args.site, Path(scratch.name) / name, stock=name != "bare"))
        for name in ("bare", "stock bare")
    }
    bare_urls = {name: serve.url_of(server) for name, server in bare_servers.items()}
    figures: dict[str, list[float]] = {}
    redraws: list[float] = []
    launch = launch_options()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch)
            for _ in range(args.runs):
                for name, address in (("game", url), *bare_urls.items()):
                    context = browser.new_context()
                    context.add_init_script(TIMING_SCRIPT)
                    page = context.new_page()
                    for phase, target in (("cold", address), ("warm", None)):
                        if phase == "warm":  # a returning visit: the page's service worker
                            page.evaluate(SETTLED)  # (if any) has finished installing
                        paint, ready = measure(page, target)
                        figures.setdefault(f"{phase}: {name} painted", []).append(paint)
                        figures.setdefault(f"{phase}: {name} ready", []).append(ready)
                    if name == "game":
                        redraws += redraw_times(page, url)
                    context.close()
            games = []
            for game, players in GAMES:
                context = browser.new_context()
                context.add_init_script(TIMING_SCRIPT)
                timed = game_redraws(context.new_page(), url, game, players, args.moves)
                games.append((game, players, timed))
                context.close()
            version = browser.version
            browser.close()
    finally:
        server.shutdown()
        for bare_server in bare_servers.values():
            bare_server.shutdown()
        scratch.cleanup()

    print(f"Page benchmark: {args.site} served on loopback, headless Chromium {version}")
    print("Redraws of the table (target: none over 50 ms):")
    for game, players, timed in games:
        print("\n".join(redraw_lines(game, players, timed)))
    if args.redraws_only:
        return
    for phase in ("cold", "warm"):
        print(summary(f"{phase}: setup screen painted", figures[f"{phase}: game painted"]))
        print(summary(f"{phase}: Start works", figures[f"{phase}: game ready"]))
        for bare in bare_urls:
            print(summary(f"{phase}: {bare} PyScript ready", figures[f"{phase}: {bare} ready"]))
        for bare, target in (("bare", "   (target <= 1.15x)"), ("stock bare", "")):
            ratio = statistics.median(figures[f"{phase}: game ready"]) / statistics.median(
                figures[f"{phase}: {bare} ready"]
            )
            print(f"{phase + ': Start works / ' + bare:<34} {ratio:5.2f}x{target}")
    print(
        f"{'redraw after a click':<34} median {statistics.median(redraws):5.1f} ms"
        f"   max {max(redraws):5.1f} ms   (n={len(redraws)}, target < 50 ms)"
    )
    print(f"{'size of ' + str(args.site):<34} {folder_size(args.site)}")


if __name__ == "__main__":
    main()
