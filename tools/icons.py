"""Render the app's PNG icons from its SVGs (launchers and iOS ignore SVG icons).

Usage: python -m tools.icons   (writes static/img/icon-*.png; commit them)
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from tools.chromium import find_chromium

IMG = Path(__file__).resolve().parent.parent / "static" / "img"
# (source svg, size, output): "any" icons keep their shape; maskable and Apple's are full-bleed
ICONS = [
    ("icon.svg", 192, "icon-192.png"),
    ("icon.svg", 512, "icon-512.png"),
    ("icon-maskable.svg", 512, "icon-maskable-512.png"),
    ("icon-maskable.svg", 180, "apple-touch-icon.png"),
]


def render() -> list[Path]:
    """Write every PNG icon; return their paths."""
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium())
        for source, size, output in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (IMG / source).read_text()
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block;"
                f"width:{size}px;height:{size}px}}</style>{svg}"
            )
            page.screenshot(path=IMG / output, omit_background=True)
            page.close()
            written.append(IMG / output)
        browser.close()
    return written


if __name__ == "__main__":
    for path in render():
        print(path.relative_to(IMG.parent.parent), path.stat().st_size, "bytes")
