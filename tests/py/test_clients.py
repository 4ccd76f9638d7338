"""Real clients: each loads the extension the way its users do and runs
the queries of tests/clients/queries.json, one or more per game, against
a database file holding tests/data/readme_fixture.sql.

    the sqlite3 CLI          .load
    Python's sqlite3         enable_load_extension + load_extension
                             (tests/clients/query.py, Debian's python3)
    Node.js better-sqlite3   db.loadExtension (tests/clients/query.js;
                             better-sqlite3@12 from tests/clients/package.json)
    sqlite-utils             --load-extension (Debian's package)

A query whose function or table ("needs") is not registered by this build
is skipped, so a row can be written before its game lands.  .ci/run
installs the clients; a missing client is a failure that says how to get
it.  Every client must print exactly the expected line, and an error must
reach it verbatim.
"""
import json
import os
import shutil
import sys
import tempfile

import ecosystem as eco

# Errors travel through every client unchanged (the message is the
# extension's; the "Error: " framing is the test's).
ERRORS = [
    ("SELECT catmouse(99)", 'Error: graphgame: catmouse: graph 99 has no rows in table "edges"'),
    ("SELECT * FROM catmouse_states(1, 'nope')",
     'Error: graphgame: catmouse_states: no such table or view: "nope" (a WITH name cannot be read: use a view)'),
]


def _queries():
    """[(sql, expected line)] for this build: the rows of queries.json whose
    needs are registered, then the error queries."""
    have = eco.registered()
    rows, skipped = [], []
    for q in eco.client_queries():
        if q["needs"] in have:
            rows.append((q["sql"], q["expect"]))
        else:
            skipped.append(q["game"])
    if skipped:
        print("     (skipped, not registered in this build: %s)" % ", ".join(skipped))
    return rows + ERRORS


def _check(client, run_one_each=None, run_all=None):
    """Run the queries with a client and compare line by line."""
    queries = _queries()
    tmp = tempfile.mkdtemp(prefix="gg-client-")
    try:
        db = os.path.join(tmp, "fixture.db")
        eco.make_fixture_db(db)
        if run_all:
            got = run_all(db, [sql for sql, _ in queries])
        else:
            got = [run_one_each(db, sql) for sql, _ in queries]
    finally:
        shutil.rmtree(tmp)
    want = [line for _, line in queries]
    if got != want:
        raise AssertionError("%s:\n%s" % (client, "\n".join(
            "  %s\n    expected %r\n    got      %r" % (sql, w, g)
            for (sql, w), g in zip(queries, got + [None] * len(want)) if w != g)))


def _one_line(p, what):
    lines = p.stdout.splitlines() + p.stderr.splitlines()
    if len(lines) != 1:
        raise AssertionError("%s printed %d lines, not 1:\n%s%s" % (
            what, len(lines), p.stdout, p.stderr))
    return lines[0]


def test_sqlite3_cli():
    def one(db, sql):
        p = eco.run([eco.SQLITE3, "-batch", "-bail", db], input=".load %s\n%s;\n" % (eco.EXT, sql),
                    leaks=True)
        line = _one_line(p, "sqlite3")
        # "Runtime error near line 2: msg" -> "Error: msg"
        if line.startswith(("Runtime error", "Parse error")):
            line = "Error: " + line.split(": ", 1)[1]
        return line
    _check("sqlite3 CLI", run_one_each=one)


def test_python_sqlite3():
    def all_(db, sqls):
        p = eco.run([sys.executable, os.path.join(eco.CLIENTS, "query.py"), eco.EXT, db] + sqls)
        if p.returncode != 0 or p.stderr:
            raise AssertionError("python client failed (%d):\n%s%s" % (p.returncode, p.stdout, p.stderr))
        return p.stdout.splitlines()
    _check("Python sqlite3", run_all=all_)


def test_node_better_sqlite3():
    eco.need_program("node", "nodejs")
    eco.need_node()

    def all_(db, sqls):
        p = eco.run(["node", os.path.join(eco.CLIENTS, "query.js"), eco.EXT, db] + sqls)
        if p.returncode != 0 or p.stderr:
            raise AssertionError("node client failed (%d):\n%s%s" % (p.returncode, p.stdout, p.stderr))
        return p.stdout.splitlines()
    _check("Node.js better-sqlite3", run_all=all_)


def test_sqlite_utils():
    eco.need_program("sqlite-utils", "sqlite-utils")

    def one(db, sql):
        p = eco.run(["sqlite-utils", "query", db, sql, "--load-extension", eco.EXT, "--arrays"])
        line = _one_line(p, "sqlite-utils")
        if p.returncode != 0:
            return line              # "Error: msg" on stderr
        rows = json.loads(line)
        if len(rows) != 1:
            raise AssertionError("sqlite-utils returned %d rows: %s" % (len(rows), line))
        return "|".join("" if v is None else str(v) for v in rows[0])
    _check("sqlite-utils", run_one_each=one)


CERT_SQL = ("SELECT cops_certificate(21, 3)", "SELECT catmouse_certificate(2)")
NODE_CERT = r"""
const Database = require("better-sqlite3");
const fs = require("fs");
const [ext, path, out, ...sqls] = process.argv.slice(1);
const db = new Database(path);
db.loadExtension(ext);
sqls.forEach((sql, i) => fs.writeFileSync(out + i + ".cert", db.prepare(sql).pluck().get()));
"""
PY_CERT = r"""
import sqlite3, sys
ext, path, out, *sqls = sys.argv[1:]
db = sqlite3.connect(path)
db.enable_load_extension(True)
db.load_extension(ext)
for i, sql in enumerate(sqls):
    open(out + "%d.cert" % i, "w").write(db.execute(sql).fetchone()[0])
"""


def test_every_client_writes_a_certificate_the_checker_verifies():
    """A certificate written to a file from the sqlite3 CLI (writefile),
    Python (open().write) and Node.js (fs.writeFileSync), as
    docs/reference/certificates.md shows: the same bytes, and the checker
    verifies them (the Petersen graph's 3 cops, a cat-and-mouse win)."""
    eco.need_program("node", "nodejs")
    eco.need_node()
    tmp = tempfile.mkdtemp(prefix="gg-cert-")
    try:
        db = os.path.join(tmp, "games.db")
        p = eco.run([eco.SQLITE3, "-batch", "-bail", db], input=".read %s\n.load %s\n"
                    "INSERT INTO edges SELECT 21, src, dst FROM graph_petersen();\n" % (
                        os.path.join(eco.ROOT, "tests", "data", "readme_fixture.sql"), eco.EXT)
                    + "".join("SELECT writefile('%s', (%s)) > 0;\n" % (
                        os.path.join(tmp, "cli%d.cert" % i), sql) for i, sql in enumerate(CERT_SQL)),
                    leaks=True)
        assert p.returncode == 0 and p.stdout.split() == ["1", "1"], p.stdout + p.stderr
        p = eco.run([sys.executable, "-c", PY_CERT, eco.EXT, db, os.path.join(tmp, "py")]
                    + list(CERT_SQL))
        assert p.returncode == 0, p.stderr
        p = eco.run(["node", "-e", NODE_CERT, eco.EXT, db, os.path.join(tmp, "node")]
                    + list(CERT_SQL), cwd=eco.CLIENTS)
        assert p.returncode == 0, p.stderr
        for i in range(len(CERT_SQL)):
            texts = [open(os.path.join(tmp, "%s%d.cert" % (c, i)), "rb").read()
                     for c in ("cli", "py", "node")]
            assert texts[0] == texts[1] == texts[2], i
        p = eco.run([sys.executable, os.path.join(eco.ROOT, "bindings", "python", "graphgame",
                                                  "check.py")]
                    + [os.path.join(tmp, "node%d.cert" % i) for i in range(len(CERT_SQL))])
        lines = p.stdout.splitlines()
        assert p.returncode == 0 and lines[0].startswith("verified: 3 cops win") \
            and lines[1].startswith("verified: the mouse wins"), p.stdout
    finally:
        shutil.rmtree(tmp)
