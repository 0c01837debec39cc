"""Build the site: vendor the browser runtime, zip the Python code, optionally write dist/.

Usage: python -m tools.build            # build in place (static/vendor, static/build)
       python -m tools.build --dist DIR # also write a self-contained copy of the site to DIR
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
BUILD = ROOT / "static" / "build"
PYTHON_ZIP = BUILD / "python.zip"
PRECACHE = BUILD / "precache.js"  # the service worker's file list and build id
PAGE_TEXT = BUILD / "page-text.js"  # the page's texts in every language, for boot.js
PARTIAL = ".partial"  # a file being written (see _write_atomically); never part of the site
APP = ROOT / "static" / "app"
APP_ENTRY = APP / "main.py"  # run by PyScript from its URL, so not zipped
COMPILE_PYC = ROOT / "tools" / "compile_pyc.mjs"
COMPILE_STDLIB = ROOT / "tools" / "compile_stdlib.mjs"
STDLIB_ZIP = "python_stdlib.zip"
STDLIB_CACHE = NODE_MODULES / ".cache" / "splendor-stdlib"  # compiled zips, by their inputs
# Standard modules the page imports beyond those Pyodide starts with (their own imports
# follow). tests/browser/test_page.py checks that the page then compiles none at start.
PAGE_STDLIB = ("hashlib", "html")

# Exactly the files Pyodide needs at run time (no source maps, no CommonJS build).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript's chunks have hashed names and import each other lazily: take every .js and .css
# but those of features the page does not use, which only those features import: the code
# editor (<py-editor>), the terminal, MicroPython and unzipping [files] ending in "/*". They
# are a megabyte that the service worker would otherwise download after the first start.
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYSCRIPT_PATTERNS = ("*.js", "*.css")
PYSCRIPT_UNUSED = ("codemirror*", "xterm*", "mpy-*", "zip-*")

# What dist/ holds besides static/ (relative paths only, so it works from any sub-path).
# The service worker sits at the top so that its scope is the whole site.
SERVICE_WORKER = "sw.js"
SITE_FILES = ("index.html", "pyscript.toml", SERVICE_WORKER)


def python_sources() -> dict[str, Path]:
    """Return {archive name: file}: the whole splendor package (data files too) and the
    browser layer as package `app` (all but its entry script)."""
    sources = {}
    for path in _package_files(ROOT / "splendor"):
        sources[path.relative_to(ROOT).as_posix()] = path
    for path in _package_files(APP):
        if path != APP_ENTRY:
            sources["app/" + path.relative_to(APP).as_posix()] = path
    return sources


def _package_files(folder: Path) -> list[Path]:
    return [
        path
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    ]


def vendor_runtime() -> list[Path]:
    """Copy the pinned Pyodide and PyScript files from node_modules into static/vendor."""
    if not (NODE_MODULES / "pyodide").is_dir():
        sys.exit("node_modules is missing: run `npm ci` (or `make build`) first")
    shutil.rmtree(VENDOR, ignore_errors=True)
    copied = []
    for name in PYODIDE_FILES:
        if name == STDLIB_ZIP:
            copied.append(_copy(compiled_stdlib(), VENDOR / "pyodide" / name))
        else:
            copied.append(_copy(NODE_MODULES / "pyodide" / name, VENDOR / "pyodide" / name))
    for pattern in PYSCRIPT_PATTERNS:
        for path in sorted(PYSCRIPT_DIST.glob(pattern)):
            if any(path.match(unused) for unused in PYSCRIPT_UNUSED):
                continue
            copied.append(_copy(path, VENDOR / "pyscript" / path.name))
    return copied


def compiled_stdlib() -> Path:
    """Pyodide's standard library with bytecode in place of the sources of the modules that
    start with the page (tools/compile_stdlib.mjs); kept in STDLIB_CACHE under a hash of
    what makes it, so a build compiles only when Pyodide or the game's imports change.

    The browser then compiles nothing at start (it compiled some 150 modules before, about
    half of the time to a ready page). Those modules lose their source, so a traceback
    through them shows no source lines; the zip grows by about 0.7 MB."""
    stock = NODE_MODULES / "pyodide" / STDLIB_ZIP
    modules = sorted(PAGE_STDLIB)
    digest = hashlib.sha256(stock.read_bytes() + COMPILE_STDLIB.read_bytes())
    digest.update("\0".join(modules).encode())
    cached = STDLIB_CACHE / f"{digest.hexdigest()[:24]}.zip"
    if cached.is_file():
        return cached
    with tempfile.TemporaryDirectory() as folder:
        compiled = Path(folder) / "pyc"
        compiled.mkdir()
        subprocess.run(["node", str(COMPILE_STDLIB), str(compiled), *modules], check=True)
        tmp = Path(folder) / STDLIB_ZIP
        with zipfile.ZipFile(stock) as source, zipfile.ZipFile(tmp, "w") as archive:
            for entry in source.infolist():
                pyc = compiled / (entry.filename + "c")
                name, data = (
                    (entry.filename + "c", pyc.read_bytes())
                    if pyc.is_file()
                    else (entry.filename, source.read(entry.filename))
                )
                info = zipfile.ZipInfo(name, entry.date_time)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = entry.external_attr
                archive.writestr(info, data)
        for old in STDLIB_CACHE.glob("*.zip"):  # made for another Pyodide or other imports
            old.unlink()
        _write_atomically(cached, tmp.read_bytes())
    return cached


def zip_python() -> Path:
    """Zip the splendor package and the browser layer, each module with its bytecode.

    The page imports straight from the zip (zipimport), and a module's .pyc beside its .py
    is used as is, so nothing is unpacked or compiled while the page starts. The bytecode
    comes from the vendored Pyodide (tools/compile_pyc.mjs), whose Python may differ from
    ours. An archive already built from the same sources is kept: its comment is their hash.
    """
    sources = python_sources()
    digest = _sources_digest(sources)
    if PYTHON_ZIP.is_file():
        with zipfile.ZipFile(PYTHON_ZIP) as archive:
            if archive.comment == digest:
                return PYTHON_ZIP
    with tempfile.TemporaryDirectory() as folder:
        staged = Path(folder) / "python"
        for name, path in sources.items():
            _copy(path, staged / name)
        subprocess.run(["node", str(COMPILE_PYC), str(staged)], check=True)
        tmp = Path(folder) / "python.zip"
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.comment = digest
            for path in sorted(p for p in staged.rglob("*") if p.is_file()):
                # Fixed timestamps keep the archive identical between builds of the same code.
                info = zipfile.ZipInfo(path.relative_to(staged).as_posix(), (2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes())
        _write_atomically(PYTHON_ZIP, tmp.read_bytes())
    return PYTHON_ZIP


def _sources_digest(sources: dict[str, Path]) -> bytes:
    digest = hashlib.sha256((NODE_MODULES / "pyodide" / "package.json").read_bytes())
    for name, path in [("compile_pyc", COMPILE_PYC), *sorted(sources.items())]:
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest().encode()


def write_page_text() -> Path:
    """Write the texts boot.js shows before Python runs (see static/app/page_text.py)."""
    sys.path.insert(0, str(APP.parent))
    try:
        from app import page_text
    finally:
        sys.path.remove(str(APP.parent))
    _write_atomically(PAGE_TEXT, page_text.boot_script((ROOT / "index.html").read_text()).encode())
    return PAGE_TEXT


def build() -> None:
    """Build the site in place."""
    vendor_runtime()
    zip_python()
    write_page_text()
    write_precache()


def site_files(root: Path = ROOT) -> dict[str, Path]:
    """Return {URL relative to the site root: file} for every file of the built site."""
    files = {name: root / name for name in SITE_FILES}
    for path in sorted((root / "static").rglob("*")):
        if path.is_file() and _belongs_in_dist(path):
            files[path.relative_to(root).as_posix()] = path
    return files


def write_precache(root: Path = ROOT) -> tuple[str, list[str]]:
    """Write the service worker's precache list and build id for the site at root.

    The id hashes every file's path and contents (the worker's too), so any change to the
    site makes a new cache. Returns (build id, list)."""
    precache_name = PRECACHE.relative_to(ROOT).as_posix()
    files = {name: path for name, path in site_files(root).items() if name != precache_name}
    digest = hashlib.sha256()
    for name, path in sorted(files.items()):
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    build_id = digest.hexdigest()[:16]
    urls = sorted(name for name in files if name != SERVICE_WORKER)
    text = (
        "// Written by tools/build.py: the files the service worker (sw.js) precaches.\n"
        f"self.SPLENDOR_BUILD = {json.dumps(build_id)};\n"
        f"self.SPLENDOR_PRECACHE = {json.dumps(urls, indent=1)};\n"
    )
    _write_atomically(root / precache_name, text.encode())
    return build_id, urls


def _write_atomically(target: Path, data: bytes) -> None:
    # Test workers build the same site at once while their servers read it: a file is
    # replaced whole (a reader sees the old or the new one), and left alone when unchanged.
    if target.is_file() and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=target.parent, suffix=PARTIAL, delete=False) as out:
        out.write(data)
    os.chmod(out.name, 0o644)  # a temporary file is private; the site's files are not
    Path(out.name).replace(target)


def write_dist(target: Path) -> None:
    """Write a self-contained copy of the built site to target (replacing it)."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name, path in site_files().items():
        _copy(path, target / name)


def _belongs_in_dist(path: Path) -> bool:
    if "__pycache__" in path.parts or path.suffix in (".md", PARTIAL):
        return False
    if path.name == "styleguide.html":  # a developer's page, not the game's
        return False
    # Browser-layer modules travel inside python.zip; only the entry script is fetched by URL.
    if path.is_relative_to(APP) and path.suffix == ".py":
        return path == APP_ENTRY
    return True


def _copy(source: Path, target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)
    return target


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, help="also write a self-contained site here")
    args = parser.parse_args()
    build()
    print(
        f"built site: {VENDOR.relative_to(ROOT)}/, {PYTHON_ZIP.relative_to(ROOT)},"
        f" {PRECACHE.relative_to(ROOT)}"
    )
    if args.dist:
        write_dist(args.dist.resolve())
        print(f"wrote {args.dist}/")


if __name__ == "__main__":
    main()
