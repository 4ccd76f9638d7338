"""examples/*.sql through tests/tools/sqlrun.c builds, compared byte for
byte with the x86-64 library: the reference of test_amalgamation.py and
test_musl.py (test_release.py keeps its own, on the archive's copy of the
same library).

The reference is sqlrun (dist/release-check/sqlrun: Debian's libsqlite3)
with dist/graphgame.so, the library that the Linux x86-64 archive ships
(stripped of its debug sections only), computed once per run of the
suite: tests/run.py puts tests/py/ on the path, so every module that
imports this one shares it."""
import glob
import os
import subprocess

import ecosystem as eco

ROOT = eco.ROOT
RC = os.path.join(ROOT, "dist", "release-check")
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "*.sql")))

_state = {}


def ok(p, what):
    if p.returncode != 0:
        out = p.stdout if isinstance(p.stdout, str) else p.stdout.decode("utf-8", "replace")
        err = p.stderr if isinstance(p.stderr, str) else p.stderr.decode("utf-8", "replace")
        raise AssertionError("%s failed (%d):\n%s%s" % (what, p.returncode, out[-3000:], err[-3000:]))
    return p


def make(*targets, timeout=1800):
    return ok(eco.run(["make", "-s", "--no-print-directory"] + list(targets), timeout=timeout),
              "make " + " ".join(targets))


def run_examples(argv, what, timeout=600):
    """Every example through a sqlrun build (argv, with -load LIB when it
    loads one), from the repository's root: the outputs by example name,
    as bytes."""
    outs = {}
    for ex in EXAMPLES:
        p = subprocess.run(argv + [os.path.relpath(ex, ROOT)], cwd=ROOT, capture_output=True,
                           timeout=timeout)
        ok(p, "%s on %s" % (what, os.path.basename(ex)))
        outs[os.path.basename(ex)] = p.stdout
    return outs


def reference():
    if "ref" not in _state:
        make("dist/release-check/sqlrun", "dist/graphgame.so")
        _state["ref"] = run_examples([os.path.join(RC, "sqlrun"), "-load",
                                      os.path.join(ROOT, "dist", "graphgame.so")], "sqlrun")
        assert len(_state["ref"]) >= 5 and all(len(v) > 100 for v in _state["ref"].values()), \
            _state["ref"]
    return _state["ref"]


def same(what, got):
    """got (example name -> bytes) is the reference byte for byte; else
    the first differing line of each example that differs."""
    want = reference()
    bad = []
    for name in sorted(want):
        w, g = want[name], got.get(name)
        if g == w:
            continue
        wl, gl = w.split(b"\n"), (g or b"").split(b"\n")
        i = next((k for k in range(max(len(wl), len(gl)))
                  if k >= len(wl) or k >= len(gl) or wl[k] != gl[k]), 0)
        bad.append("%s: line %d: %r, the reference %r" % (
            name, i + 1, gl[i] if i < len(gl) else None, wl[i] if i < len(wl) else None))
    assert not bad, "%s differs from the x86-64 library:\n  %s" % (what, "\n  ".join(bad))
