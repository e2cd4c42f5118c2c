// Run xlrating's own test suite inside Pyodide, the Python that xlwings Lite runs.
//
//   node --experimental-wasm-stack-switching run.mjs WHEELS REPO [pytest arguments...]
//
// WHEELS is a folder of pure-Python wheels: xlrating's own (built from REPO) and those of
// its dependencies and of pytest. They are unpacked into Pyodide's site-packages, since
// nothing can be downloaded at run time. REPO is mounted at /repo for the tests and their
// data; it is taken off sys.path so that `import xlrating` finds the installed wheel, and
// the run fails if it does not. pytest's exit status becomes this process's.
//
// Stack switching (JSPI) lets a synchronous test call `asyncio.run` on xlwings' server
// functions, as xlwings Lite awaits them; the entry point is therefore called "promising".

import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const [wheels, repo, ...args] = process.argv.slice(2);
if (!wheels || !repo) {
  console.error("usage: node run.mjs WHEELS REPO [pytest arguments...]");
  process.exit(2);
}

const py = await loadPyodide();
const sitePackages = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const name of fs.readdirSync(wheels).sort()) {
  if (name.endsWith(".whl")) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(wheels, name)));
    py.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }
}
py.FS.mkdirTree("/repo");
py.mountNodeFS("/repo", path.resolve(repo));

py.globals.set("SITE_PACKAGES", sitePackages);
py.runPython(`
import os
import sys


def run_pytest(args):
    os.chdir("/repo")
    sys.path[:] = [p for p in sys.path if p not in ("", ".", "/repo")]
    import xlrating

    where = os.path.dirname(xlrating.__file__)
    from xlrating import _vector

    numpy = "numpy available" if _vector.AVAILABLE else "no numpy: the engines' plain-Python paths rate"
    print(f"Python {sys.version.split()[0]} on {sys.platform}; xlrating {xlrating.__version__} from {where}; {numpy}")
    if not where.lstrip("/").startswith(SITE_PACKAGES.lstrip("/")):
        print(f"xlrating was not imported from the installed wheel ({SITE_PACKAGES})")
        return 3
    import pytest

    return int(pytest.main(["-p", "no:cacheprovider", *args]))
`);
const run = py.globals.get("run_pytest");
const status = await run.callPromising(py.toPy(args));
process.exit(Number(status));
