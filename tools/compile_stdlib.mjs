// Compiles to bytecode the standard-library modules that start with the page, with the very
// Python the browser runs (the vendored Pyodide, here under Node). Pyodide ships its standard
// library as source, so the browser compiled some 150 modules at every start: about half of
// the time to a ready page. Usage: node tools/compile_stdlib.mjs OUT MODULE...
// Loads Pyodide as the browser does, imports each MODULE (tools/build.py's PAGE_STDLIB: what
// the game imports beyond them), then writes OUT/<path in python_stdlib.zip>c for every
// standard module then loaded.
// Called by tools/build.py, which puts these in place of their sources in the zip.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { resolve } from "node:path";

const [out, ...modules] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(out) }, "/out");
pyodide.globals.set("MODULES", pyodide.toPy(modules));
pyodide.runPython(`
import importlib, os, py_compile, sys, zipimport

STDLIB = next(path for path in sys.path if path.endswith(".zip"))  # /lib/python314.zip
for name in MODULES:
    importlib.import_module(name)

for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    loader = getattr(module, "__loader__", None)
    if not (isinstance(loader, zipimport.zipimporter) and loader.archive == STDLIB):
        continue  # frozen, built in or not from the standard library: nothing to compile
    if not path.endswith(".py"):
        continue
    name = path[len(STDLIB) + 1 :]
    source = f"/src/{name}"
    os.makedirs(os.path.dirname(source), exist_ok=True)
    with open(source, "wb") as file:
        file.write(module.__loader__.get_data(path))
    # "Unchecked hash": no timestamps, so the build is reproducible and the pyc is used as is.
    # dfile keeps the usual path in tracebacks.
    py_compile.compile(
        source, cfile=f"/out/{name}c", dfile=path, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
`);
