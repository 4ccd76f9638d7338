"""tests/run.py's own report, on cases made up here: a passed case's line
with the note it returns, a failed case's `FAIL name: why` on one line
(for an assertion with a message, a bare assert and any other exception),
those lines repeated before the last line `N passed, N failed`, and the
exit code."""
import contextlib
import importlib.util
import io
import os

import gg


def runner():
    """A fresh copy of tests/run.py as a module, running every case given."""
    spec = importlib.util.spec_from_file_location("gg_runner_copy",
                                                  os.path.join(gg.ROOT, "tests", "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.ONLY_ANY = []           # whatever GG_ONLY this suite runs under
    mod.SUITE = "test"
    return mod


def passes():
    return "stopped 1.5 ms after sqlite3_interrupt"


def says_why():
    raise AssertionError("expected:\n  1\ngot:\n  2")


def bare():
    assert 1 + 1 == 3


def breaks():
    {}["missing key"]


def test_failures_on_one_line_and_in_the_summary():
    mod = runner()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            mod.main([("a.py: passes", passes, "test"), ("a.py: says_why", says_why, "test"),
                      ("a.py: bare", bare, "test"), ("a.py: breaks", breaks, "test")])
        except SystemExit as e:
            code = e.code
        else:
            code = None
    lines = out.getvalue().splitlines()
    assert code == 1, (code, lines)
    fails = ["FAIL a.py: says_why: expected:",
             "FAIL a.py: bare: assert failed at tests/py/test_runner.py line %d:"
             " assert 1 + 1 == 3" % (bare.__code__.co_firstlineno + 1),
             "FAIL a.py: breaks: KeyError: 'missing key'"]
    assert lines[0] == "ok   a.py: passes  # stopped 1.5 ms after sqlite3_interrupt", lines
    for f in fails:
        assert f in lines, (f, lines)
    # the end of the log: the failed cases again, then the count
    assert lines[-5:] == ["# the failed cases:"] + fails + ["1 passed, 3 failed"], lines[-5:]
