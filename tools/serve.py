"""A small static file server with explicit MIME types (Pyodide needs application/wasm).

Usage: python -m tools.serve [--dir DIR] [--port PORT]   (PORT defaults to $PORT or 8000)
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves files with the MIME types above, revalidated on every use; quiet unless verbose."""

    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    verbose = False

    def end_headers(self):
        # Always revalidate (a cheap 304 when unchanged), so a rebuilt zip is never stale.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if self.verbose:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """A threading server that stays quiet when a browser hangs up mid-download."""

    def handle_error(self, request, client_address):
        # a page closed (a test ending, a reload) while a file was still streaming to it
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def start(directory: Path, port: int = 0, verbose: bool = False) -> ThreadingHTTPServer:
    """Serve directory on 127.0.0.1:port (0 = a free port) from a background thread."""
    handler = functools.partial(
        type("Handler", (SiteHandler,), {"verbose": verbose}), directory=str(directory)
    )
    server = SiteServer((HOST, port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def url_of(server: ThreadingHTTPServer) -> str:
    """Return the base URL (with a trailing slash) of a running server."""
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def main() -> None:
    """Command line entry point: serve until Ctrl+C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=ROOT, help="folder to serve")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    args = parser.parse_args()
    server = start(args.dir, args.port, verbose=True)
    print(f"Serving {args.dir} at {url_of(server)}  (Ctrl+C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
