"""Helpers of the tests that run graphgame the way users do: through the
sqlite3 CLI, Python, Node.js and sqlite-utils, in their own processes
(tests/test_clients.py, tests/test_readme.py, tests/test_install.py).

Under `make asan` (GG_PRELOAD set) the child processes get the sanitizer
runtime preloaded; leak checking is on for the sqlite3 CLI only (Python
and Node keep memory alive at exit on purpose).
"""
import json
import os
import re
import sqlite3
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXT = os.path.abspath(os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame")))
SQLITE3 = os.environ.get("SQLITE3", "sqlite3")
CLIENTS = os.path.join(ROOT, "tests", "clients")
NODE_MODULES = os.path.join(CLIENTS, "node_modules")
# "Runtime error near line 3: msg" -> "Runtime error: msg", as an
# interactive session shows it.
NEAR_LINE_RE = re.compile(r"^(Parse error|Runtime error|Error) near line \d+:")


def child_env(leaks=False, **extra):
    env = dict(os.environ)
    if os.environ.get("GG_PRELOAD"):
        env["LD_PRELOAD"] = os.environ["GG_PRELOAD"]
        env["ASAN_OPTIONS"] = "detect_leaks=%d:abort_on_error=1" % (1 if leaks else 0)
    env.update(extra)
    return env


def run(argv, input=None, cwd=None, leaks=False, timeout=120, **extra_env):
    """Run a program; CompletedProcess with text stdout and stderr."""
    return subprocess.run(argv, input=input, cwd=cwd or ROOT, capture_output=True,
                          text=True, timeout=timeout, env=child_env(leaks, **extra_env))


def cli_lines(p):
    """The CLI's output lines (stdout, then stderr) with "near line N"
    dropped.  Run with -bail so that an error is the last thing printed."""
    out = (p.stdout + p.stderr).splitlines()
    return [NEAR_LINE_RE.sub(r"\1:", line) for line in out]


def make_fixture_db(path):
    """A database file holding tests/data/readme_fixture.sql (made without the
    extension: the fixture needs only SQLite)."""
    p = run([SQLITE3, "-batch", "-bail", path], input=".read tests/data/readme_fixture.sql\n")
    if p.returncode != 0:
        raise AssertionError("fixture failed:\n" + p.stdout + p.stderr)


def changelog_versions():
    """The version headings of CHANGELOG.md, newest first, as (version,
    date) pairs: "## [0.1.0] - 2026-11-30" in the manner of Keep a
    Changelog.  The first heading must be "## [Unreleased]", and every
    other "## " heading a version with its date, the dates not rising."""
    heads = [line.rstrip("\n") for line in open(os.path.join(ROOT, "CHANGELOG.md"),
                                                 encoding="utf-8") if line.startswith("## ")]
    assert heads and heads[0] == "## [Unreleased]", \
        "CHANGELOG.md's first section must be ## [Unreleased], not %r" % (heads[:1],)
    out = []
    for h in heads[1:]:
        m = re.match(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d\d-\d\d)$", h)
        assert m, "CHANGELOG.md: %r is not a heading '## [x.y.z] - YYYY-MM-DD'" % h
        out.append((m.group(1), m.group(2)))
    assert out, "CHANGELOG.md has no version heading"
    assert [d for _, d in out] == sorted((d for _, d in out), reverse=True), \
        "CHANGELOG.md's versions are not newest first: %s" % out
    return out


def registered(names_only=True):
    """Names of the SQL functions and modules the extension registers:
    those of a connection that loaded it minus those of one that did not."""
    def names(db):
        return {r[0] for r in db.execute(
            "SELECT name FROM pragma_function_list UNION SELECT name FROM pragma_module_list")}
    plain = sqlite3.connect(":memory:")
    loaded = sqlite3.connect(":memory:")
    loaded.enable_load_extension(True)
    loaded.load_extension(EXT)
    try:
        return names(loaded) - names(plain)
    finally:
        plain.close()
        loaded.close()


def client_queries():
    """tests/clients/queries.json: one query per game, with the function or
    table it needs and the expected output line."""
    with open(os.path.join(CLIENTS, "queries.json"), encoding="utf-8") as f:
        return json.load(f)


def need_node(timeout=900):
    """better-sqlite3 in tests/clients, waiting for the install that
    tests/tools/deps.sh runs in the background for `make test`."""
    import time
    pending = os.path.join(CLIENTS, ".npm-pending")

    def alive():
        """The marker holds the install's pid (empty just before it is
        written); a marker whose process is gone is stale."""
        try:
            pid = open(pending).read().strip()
        except OSError:
            return False
        if not pid:
            return True
        try:
            os.kill(int(pid), 0)
            return True
        except (OSError, ValueError):
            return False
    end = time.monotonic() + timeout
    while alive() and time.monotonic() < end:
        time.sleep(0.5)
    if alive():
        raise AssertionError("better-sqlite3's install (tests/tools/deps.sh) has not ended"
                             " after %d s: see tests/clients/.npm-log" % timeout)
    if not os.path.isdir(os.path.join(NODE_MODULES, "better-sqlite3")):
        raise AssertionError(
            "better-sqlite3 is not installed: run .ci/run, or "
            "`cd tests/clients && npm ci` (needs Debian's nodejs and npm)")


def need_program(name, package):
    from shutil import which
    if which(name) is None:
        raise AssertionError("%s is not installed: run .ci/run, or "
                             "`apt-get install -y %s`" % (name, package))


def repo_view(tmp):
    """Make tmp look like the repository root, with dist/graphgame being the
    extension under test (the ASan build under `make asan`); examples that
    create files then create them in tmp."""
    os.symlink(os.path.dirname(EXT), os.path.join(tmp, "dist"))
    for d in ("sql", "tests", "examples"):
        os.symlink(os.path.join(ROOT, d), os.path.join(tmp, d))
    return tmp
