"""Find a Chromium for the browser tests; with --ensure, install Debian's if none is found.

Lookup order: $SPLENDOR_CHROMIUM, /usr/bin/chromium, Playwright's own downloaded browser.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ENV_VAR = "SPLENDOR_CHROMIUM"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")

# The flags the tests and the benchmarks launch Chromium with.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Chromium keeps only the last --disable-features, so this list replaces Playwright's own,
    # which leaves PyScript stuck at "Loading Storage" (see shared TECH notes).
    # The other three sample allocations in a random few browser sessions and walk each
    # sample's stack by frame pointers; on the WebAssembly stack Pyodide switches to (JSPI)
    # the walk reads past that stack's end and the page's renderer dies ("Target crashed",
    # SIGSEGV in base::debug::ScanStackForNextFrame, crbug.com/402542102).
    "--disable-features=PaintHolding,HeapProfilerReporting,GwpAsanMalloc,GwpAsanPartitionAlloc",
]


def find_chromium() -> str | None:
    """Return the path of the Chromium to launch, or None if none is available."""
    override = os.environ.get(ENV_VAR)
    if override:
        if not Path(override).is_file():
            raise FileNotFoundError(f"{ENV_VAR}={override} does not exist")
        return override
    if SYSTEM_CHROMIUM.is_file():
        return str(SYSTEM_CHROMIUM)
    return playwright_chromium()


def playwright_chromium() -> str | None:
    """Return the path of Playwright's own Chromium if it has been downloaded."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    with sync_playwright() as playwright:
        path = playwright.chromium.executable_path
    return path if path and Path(path).is_file() else None


def ensure_chromium() -> str:
    """Return a Chromium path, installing Debian's package when root on Debian."""
    path = find_chromium()
    if path:
        return path
    if os.geteuid() == 0 and Path("/etc/debian_version").exists() and shutil.which("apt-get"):
        print("No Chromium found: installing Debian's chromium package", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "chromium"], check=True, env=env)
        path = find_chromium()
        if path:
            return path
    sys.exit(
        "No Chromium found. Install one (Debian: `apt-get install chromium`), or run "
        f"`.venv/bin/playwright install chromium`, or set {ENV_VAR} to a Chromium binary."
    )


def main() -> None:
    """Command line entry point: print the Chromium path (installing one with --ensure)."""
    path = ensure_chromium() if "--ensure" in sys.argv[1:] else find_chromium()
    if not path:
        sys.exit("No Chromium found")
    print(path)


if __name__ == "__main__":
    main()
