// Compiles the .py files under a folder to bytecode with the very Python the browser runs
// (the vendored Pyodide, here under Node), so the page imports them without compiling.
// Usage: node tools/compile_pyc.mjs FOLDER   (writes FOLDER/**/__pycache__/*.cpython-3XX.pyc)
// Called by tools/build.py. "Unchecked hash" pycs hold no timestamps: the build stays
// reproducible, and unpacking the zip (new mtimes) does not make Python ignore them.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { resolve } from "node:path";

const folder = resolve(process.argv[2]);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/build");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/build");
const failed = pyodide.runPython(`
import compileall, py_compile
ok = compileall.compile_dir(
    "/build", quiet=1, workers=1,
    legacy=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
)
not ok
`);
if (failed) {
  console.error("compile_pyc: some files did not compile");
  process.exit(1);
}
