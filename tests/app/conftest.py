"""The browser layer's pure modules import as package `app` (static/app), as in the browser."""

import sys
from pathlib import Path

STATIC = str(Path(__file__).resolve().parents[2] / "static")
if STATIC not in sys.path:
    sys.path.insert(0, STATIC)
