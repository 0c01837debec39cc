"""Measure the page's time to ready (cold and warm) in headless Chromium, and the size of dist/.

Usage: python -m tools.bench_page [--runs N] [--site DIR]   (`make bench` builds dist/ first)
Cold = a fresh browser context (empty cache and storage); warm = a reload in the same context.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import chromium, serve

ROOT = Path(__file__).resolve().parent.parent
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=PaintHolding",
]
# Records, in ms since navigation start, when the setup screen painted and Python was ready.
TIMING_SCRIPT = """
addEventListener("splendor:ready", () => { window.__readyAt = performance.now(); });
"""
READY = "window.__readyAt !== undefined"
TIMEOUT_MS = 120_000


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


def summary(label: str, values: list[float]) -> str:
    """One line: median, min and max of values in seconds."""
    return (
        f"{label:<28} median {statistics.median(values):5.2f} s"
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
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"{args.site} holds no site: run `make dist` first")

    server = serve.start(args.site)
    url = serve.url_of(server)
    cold_paint, cold_ready, warm_paint, warm_ready = [], [], [], []
    launch = {"args": LAUNCH_ARGS}
    if path := chromium.find_chromium():
        launch["executable_path"] = path
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch)
            for _ in range(args.runs):
                context = browser.new_context()
                context.add_init_script(TIMING_SCRIPT)
                page = context.new_page()
                paint, ready = measure(page, url)
                cold_paint.append(paint)
                cold_ready.append(ready)
                paint, ready = measure(page, None)
                warm_paint.append(paint)
                warm_ready.append(ready)
                context.close()
            version = browser.version
            browser.close()
    finally:
        server.shutdown()

    print(f"Page benchmark: {args.site} served on loopback, headless Chromium {version}")
    print(summary("cold: setup screen painted", cold_paint))
    print(summary("cold: Python ready", cold_ready))
    print(summary("warm: setup screen painted", warm_paint))
    print(summary("warm: Python ready", warm_ready))
    print(f"{'size of ' + str(args.site):<28} {folder_size(args.site)}")


if __name__ == "__main__":
    main()
