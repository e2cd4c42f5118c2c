// Install xlrating in Pyodide as xlwings Lite does, through micropip, then call it as Lite does.
//
//   node --experimental-wasm-stack-switching micropip.mjs MICROPIP_WHEEL BASE_URL
//
// BASE_URL is a server on 127.0.0.1 started by tests/test_pyodide_micropip.py. It serves
// xlrating's wheel (BASE_URL/files/...), a package index in PyPI's JSON form
// (BASE_URL/simple/NAME/) holding the pure-Python wheels of xlrating's dependencies, and
// the workbook a script runs on (BASE_URL/book.json). micropip resolves the dependencies
// from the wheel's metadata, as it does in Lite (there from PyPI). numpy, which Lite's
// Pyodide carries and the npm package does not, is registered with micropip as present
// but unimportable, so the engines' plain-Python paths rate. The npm package also lacks
// micropip's own wheel, which is given here and unpacked into site-packages.
//
// The run prints one JSON line, "RESULT {...}": what was installed, the value of
// =EFFECTIVE_GAMES(1700, 30) through xlwings.server.custom_functions_call, and the actions
// of the script rate_crosstable through xlwings.server.custom_scripts_call, both on the
// module that `xlrating lite` writes as main.py.

import fs from "node:fs";
import { loadPyodide } from "pyodide";

const [micropipWheel, baseUrl] = process.argv.slice(2);
if (!micropipWheel || !baseUrl) {
  console.error("usage: node micropip.mjs MICROPIP_WHEEL BASE_URL");
  process.exit(2);
}

const py = await loadPyodide();
const sitePackages = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(new Uint8Array(fs.readFileSync(micropipWheel)), "wheel", { extractDir: sitePackages });
py.globals.set("BASE_URL", baseUrl);
const run = py.runPython(`
import json
import os


async def run():
    # What xlwings Lite sets before it imports xlwings (tests/conftest.py sets the same).
    os.environ["XLWINGS_ON_SERVER"] = "true"
    os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
    import micropip
    from pyodide.http import pyfetch

    micropip.add_mock_package("numpy", "2.0.0", modules={
        "numpy": "raise ImportError('numpy is not in the npm pyodide package')"})
    index = await pyfetch(f"{BASE_URL}/wheel")
    wheel = (await index.string()).strip()
    await micropip.install(f"{BASE_URL}/files/{wheel}", index_urls=[f"{BASE_URL}/simple/{{package_name}}/"])
    installed = sorted(name for name in micropip.list())

    import types

    import xlwings as xw
    from xlwings.server import custom_functions_call, custom_scripts_call

    import xlrating
    from xlrating.excel.lite import main_py

    main = types.ModuleType("main")
    exec(compile(main_py(), "main.py", "exec"), main.__dict__)
    call = {"func_name": "EFFECTIVE_GAMES", "args": [[[1700]], [[30]], None], "caller_address": "Sheet1!A1",
            "version": xw.__version__, "client": "Office.js", "runtime": "1.4",
            "culture_info_name": "en-US", "date_format": "m/d/yyyy"}
    value = await custom_functions_call(call, main)
    book = xw.Book(json=json.loads(await (await pyfetch(f"{BASE_URL}/book.json")).string()))
    done = await custom_scripts_call(main, "rate_crosstable", typehint_to_value={xw.Book: book})
    print("RESULT " + json.dumps({
        "installed": installed, "version": xlrating.__version__, "file": xlrating.__file__,
        "value": value, "actions": done.json()["actions"]}))


run
`);
try {
  await run();
} catch (error) {
  // A Python exception's message is its traceback; Node's own report would print
  // Pyodide's whole minified source first.
  console.error(String(error.message ?? error));
  process.exitCode = 1;
}
