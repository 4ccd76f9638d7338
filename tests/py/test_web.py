"""The playground (web/, `make web`) in a browser: Debian's headless
chromium driven by tests/web/playground.test.js through puppeteer-core
(pinned by tests/web/package-lock.json; it downloads no browser).  The page
loads LeetCode example 1 and must show a draw, colour each node as
catmouse_states says, answer a move with catmouse_states' move (checked
against the native extension), undo, swap sides, run a query in its SQL
console; it saves a screenshot to dist/web-test/playground.png
(docs/playground.png is a copy of one); then the race to z, graph_grid
and a pasted adjacency list must show the native outcomes.  Then the
roles: cat and mouse with holes 0 and 4 (outcome, colours, plies, the
engine's reply, the cat kept out of the holes), the race with other
starts and z, two cops on the Petersen graph (colours for each cop being
moved, a move made one cop a click, the robber's reply), all against the
native tables with the same rules; three cops on a 10x10 grid must be
refused with the engine's SQLITE_TOOBIG message; and the page must have
logged no errors.
"""
import os
import shutil

import ecosystem as eco

SUITE = "check"     # make check only (tests/README.md): it needs the WebAssembly build and a browser

WEB_TESTS = os.path.join(eco.ROOT, "tests", "web")
CHROMIUM = "/usr/bin/chromium"


def test_playground_in_chromium():
    eco.need_program("emcc", "emscripten")
    eco.need_program("node", "nodejs")
    eco.need_node()
    if not os.path.exists(CHROMIUM):
        raise AssertionError("the browser test needs Debian's chromium: apt-get install -y chromium")
    if not os.path.isdir(os.path.join(WEB_TESTS, "node_modules", "puppeteer-core")):
        raise AssertionError("puppeteer-core is not installed: run .ci/run, or `cd tests/web && npm ci`")
    p = eco.run(["make", "-s", "--no-print-directory", "web-build"], timeout=900)
    if p.returncode != 0:
        raise AssertionError("make web-build failed:\n" + p.stdout[-3000:] + p.stderr[-3000:])
    out = os.path.join(eco.ROOT, "dist", "web-test")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    shot = os.path.join(out, "playground.png")
    p = eco.run(["node", os.path.join(WEB_TESTS, "playground.test.js"),
                 os.path.join(eco.ROOT, "dist", "web"), shot, eco.EXT], timeout=300)
    lines = p.stdout.splitlines()
    failed = [l for l in lines if not l.startswith("ok: ")]
    if p.returncode != 0 or failed or p.stderr.strip():
        raise AssertionError("browser test failed (%d):\n%s\n%s" % (p.returncode, p.stdout, p.stderr))
    assert len(lines) >= 36, lines          # every check ran
    with open(shot, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n", "the screenshot is not a PNG"
