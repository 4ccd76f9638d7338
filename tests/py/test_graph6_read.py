"""graph6_read(path) (issue 27): the lines of a file of graphs streamed as
rows.  Against a table of the same lines, for every game function and
table, on geng's graph6 lines, gentourng -z's digraph6 lines and geng -s's
sparse6 lines; a pipe from geng as the CLI reads it ('-'); nauty's
headers, blank lines and CRLF; standard input read once; the door kept
shut (no view, no trigger); the interrupt while a read waits on a slow
pipe; errors verbatim."""
import os
import shutil
import sqlite3
import subprocess
import tempfile
import threading
import time

import gg

def fmt(col):
    """The edges argument for a line of any of the three formats."""
    return "CASE substr(%s, 1, 1) WHEN '&' THEN 'digraph6' WHEN ':' THEN 'sparse6'" \
        " ELSE 'graph6' END" % col


def nauty(cmd):
    return subprocess.run(cmd, shell=True, check=True, capture_output=True,
                          text=True).stdout.split()


def have_nauty():
    if shutil.which("nauty-geng") is None:
        print("# no nauty: skipped")
        return False
    return True


def with_file(lines, fn, end="\n"):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "graphs.g6")
        with open(path, "w", newline="") as f:
            f.write("".join(s + end for s in lines))
        return fn(path)


# Every scalar game function, as SQL over a column g of any format.
SCALARS = [
    "cop_number(g, {f})", "capture_time(g, 1, {f})",
    "capture_time(g, 2, {f})", "catmouse(g, {f})", "catmouse_bounded(g, 4, {f})",
    "race_game(g, 1, 2, 0, {f})", "length(catmouse_dot(g, 1, {f}))",
]
# Every table, as a count and sums of its rows for each line.
TABLES = [
    "catmouse_states(r.g, {f})", "catmouse_play(r.g, {f})", "race_states(r.g, 0, {f})",
    "race_play(r.g, 1, 2, 0, {f})", "cops_states(r.g, 1, {f})", "cops_play(r.g, 1, {f})",
]


def compare(path, lines, scalars=True, tables=True):
    """Each function and table over graph6_read(path) and over a table of
    the same lines: the same answers, line by line."""
    db = gg.connect()
    db.execute("CREATE TABLE t(g TEXT)")
    db.executemany("INSERT INTO t VALUES (?)", [(s,) for s in lines])
    checked = 0
    for fn in (SCALARS if scalars else []):
        q = fn.format(f=fmt("g"))
        a = db.execute("SELECT line, %s FROM graph6_read(?) ORDER BY line" % q, (path,)).fetchall()
        b = db.execute("SELECT rowid, %s FROM t ORDER BY rowid" % q).fetchall()
        assert a == b and len(a) == len(lines), fn
        checked += 1
    for tab in (TABLES if tables else []):
        q = "SELECT r.%s, count(*), total(s.outcome), total(s.plies) FROM {src} r, " + \
            tab.format(f=fmt("r.g")) + " s GROUP BY 1 ORDER BY 1"
        a = db.execute(q.format(src="graph6_read(?)") % "line", (path,)).fetchall()
        b = db.execute(q.format(src="t") % "rowid").fetchall()
        assert a == b and len(a) >= 1, tab
        checked += 1
    return checked


def test_against_a_table_of_the_same_lines():
    """graph6 (geng -c) and sparse6 (geng -cs): every function on every
    graph of n = 8, every table on n <= 7; digraph6 (gentourng -z, n <= 7):
    every function and table; and a file of the three mixed."""
    if not have_nauty():
        return
    g6, s6 = nauty("nauty-geng -cq 8"), nauty("nauty-geng -cqs 8")
    d6 = sum((nauty("nauty-gentourng -qz %d" % n) for n in range(3, 8)), [])
    assert len(g6) == len(s6) == 11117 and len(d6) == 2 + 4 + 12 + 56 + 456   # A001349, A000568
    for lines in (g6, s6, d6):
        assert with_file(lines, lambda p: compare(p, lines, tables=False)) == len(SCALARS)
    small = sum((nauty("nauty-geng -cq %d" % n) for n in range(3, 8)), [])
    small6 = sum((nauty("nauty-geng -cqs %d" % n) for n in range(3, 8)), [])
    for lines in (small, small6, d6, small[::7] + d6[::3] + small6[::5]):
        assert with_file(lines, lambda p: compare(p, lines)) == len(SCALARS) + len(TABLES)


def test_headers_blank_lines_and_crlf():
    """nauty's headers go, blank lines are skipped (their numbers counted),
    "\\r\\n" ends are accepted, and a last line needs no end of line."""
    db = gg.connect()
    text = ">>graph6<<DQc\r\n\r\n>>sparse6<<:Fa@x^\n\n>>digraph6<<&DI?AO?\nIheA@GUAo"
    with tempfile.NamedTemporaryFile("w", suffix=".g6", delete=False) as f:
        f.write(text)
    try:
        got = db.execute("SELECT line, g, rowid, path = ? FROM graph6_read(?)",
                         (f.name, f.name)).fetchall()
        assert got == [(1, "DQc", 1, 1), (3, ":Fa@x^", 3, 1), (5, "&DI?AO?", 5, 1),
                       (6, "IheA@GUAo", 6, 1)]
        assert db.execute("SELECT count(*) FROM graph6_read(?)", ("/dev/null",)).fetchone() == (0,)
    finally:
        os.unlink(f.name)


def cli(sql, stdin_cmd, *dot):
    """sqlite3 CLI with the extension, its standard input fed by a shell
    command; (stdout, stderr, exit code)."""
    p = subprocess.run("%s | sqlite3 :memory: %s" % (stdin_cmd, " ".join(
        "'%s'" % a.replace("'", "'\\''") for a in (".load %s" % gg.EXT,) + dot + (sql,))),
        shell=True, capture_output=True, text=True)
    return p.stdout, p.stderr, p.returncode


def test_a_pipe_from_geng():
    """nauty-geng -cq 7 | sqlite3 ... graph6_read('-'): the cop numbers of
    the census table (docs/reference/census.md), no file and no import;
    standard input is read once, so a second scan is an error, not an
    empty answer."""
    if not have_nauty():
        return
    out, e, rc = cli("SELECT cop_number(g, 'graph6'), count(*) FROM graph6_read('-') GROUP BY 1",
                     "nauty-geng -cq 7")
    assert (out, rc) == ("1|403\n2|450\n", 0), e
    out, e, rc = cli("SELECT count(*), sum(line), count(DISTINCT g) FROM graph6_read('-')",
                     "nauty-geng -cq 7")
    assert (out, rc) == ("853|%d|853\n" % (853 * 854 // 2), 0), e
    want = ("Error: stepping, graphgame: graph6_read: standard input was read by an earlier scan:"
            " a query that reads the graphs more than once needs them in a table first"
            " (CREATE TABLE g6 AS SELECT g FROM graph6_read('-'))\n")
    out, e, rc = cli("SELECT count(*) FROM graph6_read('-') UNION ALL SELECT count(*) FROM"
                     " graph6_read('-')", "nauty-geng -cq 6")
    assert e == want and rc != 0, e
    # a scan that stopped early has read ahead: the next statement may not
    # go on from where its rows stopped
    out, e, rc = cli("SELECT count(*) FROM graph6_read('-')", "nauty-geng -cq 6",
                     "SELECT g FROM graph6_read('-') LIMIT 1;")
    assert out == "E?Bw\n" and e == want and rc != 0, (out, e)
    out, e, rc = cli("SELECT count(*) FROM graph6_read('-') a, graph6_read('-') b",
                     "nauty-geng -cq 6")
    assert e == want.replace("was read by an earlier scan", "is being read by another scan") \
        and rc != 0, e
    # the table the message suggests, then as many reads as one likes
    out, e, rc = cli("SELECT count(*) FROM g6 UNION ALL SELECT count(*) FROM g6", "nauty-geng -cq 6",
                     "CREATE TABLE g6 AS SELECT g FROM graph6_read('-');")
    assert (out, rc) == ("112\n112\n", 0), e


def test_no_view_no_trigger():
    """SQLITE_VTAB_DIRECTONLY: a view or trigger in a database cannot read
    a file; a TEMP view (the connection's own SQL) can."""
    db = gg.connect()
    db.execute("CREATE TABLE t(x)")
    db.execute("CREATE TABLE u(y)")
    db.execute("CREATE VIEW v AS SELECT * FROM graph6_read('/dev/null')")
    db.execute("CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO u SELECT count(*) FROM"
               " graph6_read('/dev/null'); END")
    assert gg.err(db, "SELECT * FROM v") == 'unsafe use of virtual table "graph6_read"'
    assert gg.err(db, "INSERT INTO t VALUES (1)") == 'unsafe use of virtual table "graph6_read"'
    assert db.execute("SELECT count(*) FROM u").fetchone() == (0,)
    db.execute("CREATE TEMP VIEW tv AS SELECT * FROM graph6_read('/dev/null')")
    assert db.execute("SELECT count(*) FROM tv").fetchone() == (0,)


def test_errors_verbatim():
    db = gg.connect()
    tmp = tempfile.mkdtemp()
    try:
        bad = os.path.join(tmp, "bad.g6")
        with open(bad, "w") as f:
            f.write("DQc\n\nD Qc\n")
        amp = os.path.join(tmp, "amp.g6")
        with open(amp, "w") as f:
            f.write("DQc\n&DI?AO\n")
        semi = os.path.join(tmp, "semi.s6")
        with open(semi, "w") as f:
            f.write(":Fa@x^\n;Fa\n")
        long = os.path.join(tmp, "long.g6")
        with open(long, "w") as f:
            f.write("DQc\n" + "~" * 5000 + "\n")
        cases = [
            ("SELECT * FROM graph6_read(?)", bad,
             "graphgame: graph6_read: line 3 of '%s': byte 1 is 0x20, not a graph6 character"
             " (63..126)" % bad),
            ("SELECT * FROM graph6_read(?)", amp,
             "graphgame: graph6_read: line 2 of '%s': a digraph of 5 nodes needs 5 bytes of arcs"
             " after the size at byte 1, got 4" % amp),
            ("SELECT * FROM graph6_read(?)", semi,
             "graphgame: graph6_read: line 2 of '%s': byte 0 is ';', which starts an incremental"
             " sparse6 line (a change to the line before), not a graph" % semi),
            ("SELECT * FROM graph6_read(?)", os.path.join(tmp, "none.g6"),
             "graphgame: graph6_read: cannot open '%s': No such file or directory"
             % os.path.join(tmp, "none.g6")),
            ("SELECT * FROM graph6_read(?)", tmp,
             "graphgame: graph6_read: cannot read '%s': it is a directory" % tmp),
            ("SELECT * FROM graph6_read(?)", 7,
             "graphgame: graph6_read: the path must be a text, got 7"),
            ("SELECT * FROM graph6_read", None,
             "graphgame: graph6_read needs an argument: graph6_read(path), or graph6_read('-')"
             " for standard input"),
        ]
        for sql, arg, want in cases:
            got = gg.err(db, sql, *([] if arg is None else [arg]))
            assert got == want, (got, want)
        # a line longer than SQLite's length limit
        db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 4000)
        assert gg.err(db, "SELECT count(*) FROM graph6_read(?)", long) == \
            "graphgame: graph6_read: line 2 of '%s' is longer than SQLite's length limit, 4000" \
            " bytes" % long
        # a path quoted as SQL text in messages
        q = os.path.join(tmp, "it's.g6")
        assert gg.err(db, "SELECT * FROM graph6_read(?)", q) == \
            "graphgame: graph6_read: cannot open '%s': No such file or directory" % \
            q.replace("'", "''")
    finally:
        shutil.rmtree(tmp)


def interrupt_reading(writer, query, wait=0.5):
    """Run query in a thread over a FIFO that the shell command writer
    writes ($0 is the FIFO), interrupt it after `wait` seconds: it must
    still be running then, and stop with "interrupted" (within
    gg.STOP_DEADLINE; the latency is the note returned)."""
    tmp = tempfile.mkdtemp()
    fifo = os.path.join(tmp, "lines.g6")
    os.mkfifo(fifo)
    proc = subprocess.Popen(["bash", "-c", writer, fifo], stderr=subprocess.DEVNULL)
    try:
        db = sqlite3.connect(":memory:", check_same_thread=False)
        db.enable_load_extension(True)
        db.load_extension(gg.EXT)
        box = {}

        def run():
            try:
                db.execute(query, (fifo,)).fetchall()
            except Exception as e:
                box["e"] = str(e)
            box["t"] = time.monotonic()

        t = threading.Thread(target=run)
        t.start()
        time.sleep(wait)
        assert t.is_alive(), box
        t0 = time.monotonic()
        db.interrupt()
        t.join(gg.STOP_DEADLINE)
        assert not t.is_alive(), "still running %.0f s after sqlite3_interrupt: a hang" \
            % gg.STOP_DEADLINE
        assert box.get("e") == "interrupted", box
        return gg.stopped_in(box["t"] - t0)
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(tmp)


def test_interrupt_while_a_read_waits():
    """A FIFO whose writer sends one line and then waits: the read waits
    in poll(), and sqlite3_interrupt stops it (at once: 100 ms is the
    promise, bench/bench_interrupt.py), on the same path as a slow
    generator on standard input."""
    return interrupt_reading('exec 3>"$0"; echo DQc >&3; sleep 5',
                      "SELECT count(*) FROM graph6_read(?)")


def test_interrupt_an_endless_pipe():
    """`yes DQc` into a FIFO: the scan never ends by itself, and
    sqlite3_interrupt stops it between lines."""
    return interrupt_reading('exec yes DQc > "$0"',
                      "SELECT cop_number(g, 'graph6'), count(*) FROM graph6_read(?) GROUP BY 1")
