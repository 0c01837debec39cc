"""The page shell: start the app, show versions, and tell the page whether Python is ready."""

from __future__ import annotations

import json
import sys

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app import embed

READY_EVENT = "splendor:ready"
FAILED_EVENT = "splendor:failed"


def start() -> None:
    """Wire up the page, then set the readiness signal (or report why it failed)."""
    try:
        import splendor
        from app import saves_ui, setup_form, table
        from app.catalog import best_language

        table.install()
        preferred = setup_form.saved_language() or list(window.navigator.languages or [])
        table.set_language(best_language(preferred or "en"))
        setup_form.enable(table.start_game)
        embed.apply_to_setup(setup_form, table)
        saves_ui.install()  # opens a game link, if any (see boot.js: data-opening)
        document.documentElement.removeAttribute("data-opening")
        show_versions(splendor.__version__)
        hooks = {
            "modules": imported_modules,
            "state": table.state_json,
            "load": table.load_json,
            "renderTime": table.render_time,
            "renderTimes": table.render_times,
            "thinkTimes": table.think_times,
            "memory": memory,
            "sourceModules": source_modules,
        }
        window.splendorApp = to_js(
            {name: create_proxy(function) for name, function in hooks.items()},
            dict_converter=window.Object.fromEntries,
        )
    except Exception as error:
        dispatch(FAILED_EVENT, f"{type(error).__name__}: {error}")
        raise
    document.documentElement.dataset.ready = "true"
    dispatch(READY_EVENT, splendor.__version__)
    embed.start(splendor.__version__)  # tells a framing page, if any


def show_versions(version: str) -> None:
    """Show the engine version and the browser's Python version in the footer."""
    document.getElementById("version").textContent = version
    document.getElementById("python-version").textContent = sys.version.split()[0]
    document.getElementById("versions").hidden = False


def dispatch(name: str, detail: str) -> None:
    """Dispatch a CustomEvent on window with a string detail."""
    options = to_js({"detail": detail}, dict_converter=window.Object.fromEntries)
    window.dispatchEvent(window.CustomEvent.new(name, options))


def memory() -> str:
    """Python's share of the page's memory as JSON, after a collection (tools.bench_memory):
    the WebAssembly memory in bytes (it never shrinks, so growth shows) and live objects."""
    import gc

    import pyodide_js

    gc.collect()
    wasm = pyodide_js._module.HEAPU8.length
    return json.dumps({"wasm": int(wasm), "objects": len(gc.get_objects())})


def source_modules() -> str:
    """Names of the modules imported from a zip's source, compiled here, as JSON.

    The build ships the bytecode of every module that starts with the page (tools/build.py),
    so the tests expect none."""
    import zipimport

    return json.dumps(
        sorted(
            name
            for name, module in list(sys.modules.items())
            if isinstance(getattr(module, "__loader__", None), zipimport.zipimporter)
            and str(getattr(module, "__file__", "")).endswith(".py")
        )
    )


def imported_modules() -> str:
    """Import every module of `splendor` and `app` found here; return their names as JSON.

    Used by the tests to prove that no module is missing in the browser."""
    import importlib
    import pkgutil

    names = []
    for package_name in ("splendor", "app"):
        package = importlib.import_module(package_name)
        names.append(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            importlib.import_module(info.name)
            names.append(info.name)
    return json.dumps(sorted(names))
