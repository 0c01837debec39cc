"""The build ships every module, pins its runtime, and writes a self-contained dist/."""

from __future__ import annotations

import json
import re
import tomllib
import urllib.request
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import build, serve

ROOT = Path(__file__).resolve().parent.parent


def files_under(folder: Path) -> set[str]:
    """Every file under folder (relative POSIX paths), skipping bytecode caches."""
    return {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


class UrlCollector(HTMLParser):
    """Collects the src/href URLs of an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.urls += [value for name, value in attrs if name in ("src", "href") and value]


def page_urls() -> list[str]:
    collector = UrlCollector()
    collector.feed((ROOT / "index.html").read_text())
    return collector.urls


@pytest.fixture(scope="module")
def python_zip() -> zipfile.ZipFile:
    with zipfile.ZipFile(build.zip_python()) as archive:
        yield archive


def test_zip_holds_every_file_of_the_splendor_package(python_zip):
    names = {name for name in python_zip.namelist() if not name.endswith(".pyc")}
    expected = {"splendor/" + name for name in files_under(ROOT / "splendor")}
    assert {name for name in names if name.startswith("splendor/")} == expected
    assert "splendor/__init__.py" in names


def test_zip_holds_the_browser_layer_except_its_entry_script(python_zip):
    names = {name for name in python_zip.namelist() if name.startswith("app/")}
    names = {name for name in names if not name.endswith(".pyc")}
    expected = {"app/" + name for name in files_under(ROOT / "static" / "app")} - {"app/main.py"}
    assert names == expected
    assert "app/shell.py" in names


def test_every_module_has_bytecode_for_the_browsers_python(python_zip):
    names = set(python_zip.namelist())
    modules = {name for name in names if name.endswith(".py")}
    assert {name + "c" for name in modules} == {name for name in names if name.endswith(".pyc")}
    header = python_zip.read("splendor/__init__.pyc")[:16]
    # PEP 552: flags 0b01 = hash-based, not checked against the source (its mtime changes).
    assert int.from_bytes(header[4:8], "little") == 0b01


def test_pyscript_config_uses_the_local_interpreter_and_copies_the_zip():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    # A bare name would be read as a version and fetched from a CDN.
    assert config["interpreter"].startswith("./")
    assert Path(config["interpreter"]).name in build.PYODIDE_FILES
    assert config["interpreter"].removeprefix("./").startswith("static/vendor/")
    assert config["files"] == {"./static/build/python.zip": "./python.zip"}
    assert "packages" not in config


def test_page_uses_only_relative_urls():
    urls = page_urls()
    assert "static/vendor/pyscript/core.js" in urls
    for url in urls:
        assert not url.startswith(("/", "http:", "https:")), url


def test_runtime_versions_are_pinned_exactly():
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert package["dependencies"] == {"pyodide": "314.0.7", "@pyscript/core": "0.7.31"}
    pinned = package["dependencies"] | package["devDependencies"]  # axe-core: the a11y audit
    for name, version in pinned.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), (name, version)
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


def test_dev_dependencies_are_pinned_exactly():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for requirement in project["dependency-groups"]["dev"]:
        assert "==" in requirement, requirement


def test_dist_holds_what_the_page_needs_and_no_sources(site_root, tmp_path):
    build.write_dist(tmp_path)
    shipped = files_under(tmp_path)
    for url in page_urls():
        if not url.startswith("data:") and url != "./":
            assert url in shipped, url
    assert {"index.html", "pyscript.toml", "static/build/python.zip"} <= shipped
    assert {f"static/vendor/pyodide/{name}" for name in build.PYODIDE_FILES} <= shipped
    assert [name for name in shipped if name.endswith(".py")] == ["static/app/main.py"]
    assert not any(name.endswith(".map") for name in shipped)
    # PyScript's editor, terminal, MicroPython and unzipping chunks: a megabyte nothing loads.
    vendored = [name.rsplit("/", 1)[1] for name in shipped if "/vendor/pyscript/" in name]
    assert "core.js" in vendored
    assert not [
        name for name in vendored if name.startswith(("codemirror", "xterm", "mpy-", "zip-"))
    ]


def test_the_standard_library_is_shipped_compiled_where_the_page_imports_it():
    with (
        zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / build.STDLIB_ZIP) as stock,
        zipfile.ZipFile(build.compiled_stdlib()) as compiled,
    ):
        names = compiled.namelist()
        # Bytecode in place of the source of what starts with Pyodide, and with the page...
        for module in ("asyncio/__init__", "json/decoder", "hashlib", "html/entities"):
            assert f"{module}.pyc" in names and f"{module}.py" not in names, module
            header = compiled.read(f"{module}.pyc")[:8]
            assert int.from_bytes(header[4:], "little") == 1  # unchecked hash: used as is
        # ... and every other file as it was.
        assert compiled.read("unittest/__init__.py") == stock.read("unittest/__init__.py")
        assert sorted(
            name.removesuffix("c") if name.endswith(".pyc") else name for name in names
        ) == sorted(stock.namelist())


def test_server_sends_wasm_as_application_wasm(tmp_path):
    (tmp_path / "x.wasm").write_bytes(b"\0asm")
    (tmp_path / "x.mjs").write_text("export {}")
    server = serve.start(tmp_path)
    try:
        for name, mime in (("x.wasm", "application/wasm"), ("x.mjs", "text/javascript")):
            with urllib.request.urlopen(serve.url_of(server) + name) as response:
                assert response.headers["Content-Type"] == mime
    finally:
        server.shutdown()


def test_server_is_quiet_when_a_page_hangs_up_and_loud_on_anything_else(tmp_path, capsys):
    server = serve.start(tmp_path)
    try:
        for error, reported in (
            (BrokenPipeError(), False),
            (ConnectionResetError(), False),
            (KeyError("bug"), True),
        ):
            try:
                raise error
            except (ConnectionError, KeyError):
                server.handle_error(None, ("127.0.0.1", 1))
            assert ("Traceback" in capsys.readouterr().err) == reported, error
    finally:
        server.shutdown()


def test_precache_lists_every_file_of_dist_and_names_the_build(site_root, tmp_path):
    build.write_dist(tmp_path)
    build_id, urls = build.write_precache(tmp_path)
    shipped = files_under(tmp_path)
    # The worker itself and its list are kept by the browser, everything else is precached.
    assert set(urls) == shipped - {"sw.js", "static/build/precache.js"}
    assert {
        "index.html",
        "static/build/python.zip",
        "static/vendor/pyodide/pyodide.asm.wasm",
    } <= set(urls)
    assert any(url.startswith("static/vendor/pyscript/core-") for url in urls)
    text = (tmp_path / "static" / "build" / "precache.js").read_text()
    assert json.dumps(build_id) in text and all(json.dumps(url) in text for url in urls)
    # Same files, same build id; any change, a new one.
    assert build.write_precache(tmp_path)[0] == build_id
    (tmp_path / "static" / "css" / "site.css").write_text("/* changed */")
    assert build.write_precache(tmp_path)[0] != build_id


def test_manifest_makes_an_installable_standalone_app_with_relative_urls():
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "../"  # the site root, any sub-path
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"}
    for icon in manifest["icons"]:
        assert (ROOT / "static" / icon["src"]).is_file()
        assert not icon["src"].startswith(("/", "http:", "https:"))
    # launchers and iOS skip SVG icons: PNGs of the sizes they ask for, truly that size
    pngs = {icon["sizes"]: icon for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= set(pngs)
    for icon in manifest["icons"]:
        if icon["type"] == "image/png":
            header = (ROOT / "static" / icon["src"]).read_bytes()[:24]
            width, height = int.from_bytes(header[16:20]), int.from_bytes(header[20:24])
            assert header[:8] == b"\x89PNG\r\n\x1a\n" and icon["sizes"] == f"{width}x{height}"
    html = (ROOT / "index.html").read_text()
    touch = re.search(r'<link rel="apple-touch-icon" href="static/([^"]+)">', html)
    assert touch and (ROOT / "static" / touch.group(1)).is_file()


def test_page_has_a_strict_content_security_policy_and_no_inline_script():
    html = (ROOT / "index.html").read_text()
    [policy] = re.findall(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self' 'unsafe-eval' 'wasm-unsafe-eval'"
    assert directives["connect-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert html.index("Content-Security-Policy") < html.index("<script")
    # Every <script> has a src (or is PyScript's, which runs a file): none carries code.
    for match in re.finditer(r"<script([^>]*)>(.*?)</script>", html, re.DOTALL):
        assert "src=" in match.group(1) and not match.group(2).strip(), match.group(0)


def test_a_file_half_written_by_a_parallel_build_is_never_part_of_the_site(site_root, tmp_path):
    """Test workers build the same site at once: the precache list must not name a file
    that another worker is writing, and the files written stay readable by a web server."""
    build.write_dist(tmp_path)
    (tmp_path / "static" / "build" / f"tmpx{build.PARTIAL}").write_text("half")
    _, urls = build.write_precache(tmp_path)
    assert not [url for url in urls if url.endswith(build.PARTIAL)]
    precache = tmp_path / "static" / "build" / "precache.js"
    assert precache.stat().st_mode & 0o777 == 0o644
