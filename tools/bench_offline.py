"""Measure a first visit (bytes downloaded, time to ready) and later visits served by the
service worker (new tab online and offline), in headless Chromium.

Usage: python -m tools.bench_offline [--runs N] [--site DIR]   (`make bench-offline`)
Each visit uses a fresh browser profile on disk (as a real first visit; an incognito context
keeps no HTTP cache entry as large as Pyodide's 9.6 MB WebAssembly). Bytes are response
headers + bodies as Chromium received them (Playwright's request sizes; a 304 revalidation
counts only its headers), split into the page's own requests and the service worker's.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import bench_page, serve

ROOT = Path(__file__).resolve().parent.parent
READY = bench_page.READY
TIMING_SCRIPT = bench_page.TIMING_SCRIPT


def ready_seconds(page, url: str) -> float:
    """Open url in page and return the time to the readiness signal, in seconds."""
    page.goto(url)
    page.wait_for_function(READY, timeout=bench_page.TIMEOUT_MS)
    return page.evaluate("window.__readyAt") / 1000


def first_visit(playwright, launch: dict, url: str) -> dict:
    """One first visit in a fresh profile, then new tabs served by the service worker."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, **launch)
        try:
            return visits(context, url)
        finally:
            context.close()


def visits(context, url: str) -> dict:
    """Measure the first visit in context, then a new tab online and one offline."""
    context.add_init_script(TIMING_SCRIPT)
    sizes = {"page": 0, "worker": 0, "page requests": 0, "worker requests": 0}

    def count(request) -> None:
        who = "worker" if request.service_worker else "page"
        measured = request.sizes()
        sizes[who] += measured["responseBodySize"] + measured["responseHeadersSize"]
        sizes[who + " requests"] += 1

    context.on("requestfinished", count)
    page = context.new_page()
    figures = {"cold": ready_seconds(page, url)}
    figures["transfer"] = page.evaluate(
        "performance.getEntriesByType('navigation').concat("
        "performance.getEntriesByType('resource')).reduce((sum, e) => sum + e.transferSize, 0)"
    )
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    figures.update(sizes)
    context.remove_listener("requestfinished", count)

    figures["warm tab"] = ready_seconds(context.new_page(), url)
    context.set_offline(True)
    figures["offline tab"] = ready_seconds(context.new_page(), url)
    return figures


def main() -> None:
    """Command line entry point: print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="first visits to measure")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="folder to serve")
    args = parser.parse_args()
    server = serve.start(bench_page.built_site(args.site))
    launch = bench_page.launch_options()
    try:
        with sync_playwright() as playwright:
            url = serve.url_of(server)
            runs = [first_visit(playwright, launch, url) for _ in range(args.runs)]
    finally:
        server.shutdown()

    print(f"Offline benchmark: {args.site} on loopback, headless Chromium, fresh profiles")
    print(bench_page.summary("cold: Python ready", [run["cold"] for run in runs]))
    print(bench_page.summary("warm (service worker) tab", [run["warm tab"] for run in runs]))
    print(bench_page.summary("offline tab", [run["offline tab"] for run in runs]))
    run = runs[0]
    print(
        f"{'first visit downloads':<34} {(run['page'] + run['worker']) / 1e6:.2f} MB:"
        f" page {run['page'] / 1e6:.2f} MB in {run['page requests']} requests,"
        f" service worker precache {run['worker'] / 1e6:.2f} MB"
        f" in {run['worker requests']} requests (mostly 304s)"
    )
    print(
        f"{'page transferSize (RT API)':<34} {run['transfer'] / 1e6:.2f} MB"
        " (navigation + resources, uncompressed: the local server does not gzip)"
    )


if __name__ == "__main__":
    main()
