#!/usr/bin/env python3
"""Parses Mermaid files with Mermaid's own parser (mermaid.js 11, run offline in QuickJS by the PyPI
package `mmdc`), printing one line per file: `ok TYPE PATH` or `error PATH: MESSAGE`. Exits 1 if any file
fails to parse, 2 if `mmdc` is not installed (`python3 -m pip install mmdc==0.7.0`).

Usage: Scripts/mermaid-parse.py FILE...   (`-` reads standard input)
"""
import sys
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)
try:
    from mmdc import engine
except ImportError:
    print("mermaid-parse: the PyPI package mmdc is not installed (python3 -m pip install mmdc==0.7.0)",
          file=sys.stderr)
    sys.exit(2)

def main(paths):
    runner = engine.Engine()
    runner.start()

    def parse(code):
        # Runs on the engine's own thread, as its QuickJS context requires.
        context = runner._ctx
        context.set("__code", code)
        context.eval(
            "globalThis.__parseError = null; globalThis.__parseType = null;\n"
            "mermaid.parse(__code)"
            ".then(r => { globalThis.__parseType = r.diagramType; })"
            ".catch(e => { globalThis.__parseError = String(e && e.message || e); });")
        runner._pump_jobs()
        return context.eval("globalThis.__parseError"), context.eval("globalThis.__parseType")

    failed = False
    for path in paths:
        code = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
        error, kind = runner._executor.submit(parse, code).result()
        if error or not kind:
            failed = True
            print(f"error {path}: {(error or 'no diagram type').replace(chr(10), ' | ')}")
        else:
            print(f"ok {kind} {path}")
    runner.close()
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
