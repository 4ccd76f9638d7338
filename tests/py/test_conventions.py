"""SQLite conventions: the public surface is exactly what the reference
(docs/reference/*.md) documents, the function flags are the documented ones and behave so in
views and triggers, table-valued functions join with user tables, and
graphgame_version() is the file VERSION.

The documented list comes from the reference's headings  ### `name(args)`
(args give the numbers of arguments: `graph_id [, edges]` means 1 or 2),
and the flags from the table under "Where each function may be used"
(docs/reference/conventions.md), so a function added to the extension and
the reference is checked here without editing this file.
"""
import glob
import json
import os
import re
import sqlite3
import subprocess

import ecosystem as eco
import gg

REFERENCE = os.path.join(eco.ROOT, "docs", "reference")
HEADING_RE = re.compile(r"^###\s+`([A-Za-z_][A-Za-z0-9_]*)\((.*)\)`\s*$")
FLAG_BITS = {"DETERMINISTIC": 0x800, "DIRECTONLY": 0x80000,
             "SUBTYPE": 0x100000, "INNOCUOUS": 0x200000}


def reference():
    """[(page, its text)] of docs/reference/*.md."""
    pages = sorted(glob.glob(os.path.join(REFERENCE, "*.md")))
    if not pages:
        raise AssertionError("no pages in docs/reference/")
    return [(os.path.relpath(p, eco.ROOT), open(p, encoding="utf-8").read()) for p in pages]


def arities(args):
    """Numbers of arguments a heading allows: `a [, b, c [, d]]` -> {1, 3, 4};
    None for a variadic `...`."""
    if "..." in args:
        return None
    counts, n, word = set(), 0, False
    for ch in args:
        if ch == "[":
            counts.add(n + word)
        if ch in ",[]":
            n, word = n + word, False
        elif not ch.isspace():
            word = True
    counts.add(n + word)
    return counts


def documented():
    """{name: set of argument counts} from the reference's headings."""
    out, where = {}, {}
    for page, text in reference():
        for line in text.splitlines():
            m = HEADING_RE.match(line)
            if m:
                if m.group(1) in out:
                    raise AssertionError("the reference documents %s twice (%s and %s)"
                                         % (m.group(1), where[m.group(1)], page))
                out[m.group(1)] = arities(m.group(2))
                where[m.group(1)] = page
    return out


def flags_table():
    """{name: (set of flag words, where)} from the reference's table whose
    header starts with | function or table | flags |."""
    out, inside = {}, False
    for line in "\n".join(text for _, text in reference()).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| function or table | flags |"):
            inside = True
            continue
        if not inside or set(cells[0]) <= set("- "):
            continue
        if not line.startswith("|"):
            break
        words = {w.strip() for w in cells[1].split(",")} - {"(none)", ""}
        for name in re.findall(r"`([^`]+)`", cells[0]):
            if name in out:
                raise AssertionError("%s is in the flags table twice" % name)
            out[name] = (words, cells[2].split()[0],   # always / only / never
                         cells[3] if len(cells) > 3 else "")   # indexes: yes / no
    if not out:
        raise AssertionError("docs/reference/ has no flags table")
    return out


def surface():
    """(functions {name: set of nargs, flags}, modules {name}) that loading the
    extension adds."""
    def funcs(db):
        return {(r[0], r[1], r[2]) for r in db.execute(
            "SELECT name, narg, flags FROM pragma_function_list")}

    def mods(db):
        return {r[0] for r in db.execute("SELECT name FROM pragma_module_list")}
    plain, loaded = sqlite3.connect(":memory:"), gg.connect()
    added = funcs(loaded) - funcs(plain)
    fn = {}
    for name, narg, flags in added:
        e = fn.setdefault(name, [set(), set()])
        e[0].add(narg)
        e[1].add(flags & sum(FLAG_BITS.values()))
    return fn, mods(loaded) - mods(plain)


def test_registered_is_exactly_documented():
    doc = documented()
    fn, mods = surface()
    got = set(fn) | mods
    missing, extra = sorted(set(doc) - got), sorted(got - set(doc))
    if missing or extra:
        raise AssertionError("documented but not registered: %s; registered but not "
                             "documented (heading ### `name(...)` in docs/reference/): %s" % (missing, extra))
    both = sorted(set(fn) & mods)
    if both:
        raise AssertionError("both a function and a table: %s" % both)


def test_argument_counts_match_headings():
    doc = documented()
    fn, _ = surface()
    for name, (nargs, _) in sorted(fn.items()):
        want = doc.get(name)
        want = {-1} if want is None else want
        if nargs != want:
            raise AssertionError("%s: registered with %s arguments, the reference's heading says %s"
                                 % (name, sorted(nargs), sorted(want)))


def test_flags_are_documented():
    table, doc = flags_table(), documented()
    fn, _ = surface()
    if set(table) != set(doc):
        raise AssertionError("the flags table lists %s; the headings document %s"
                             % (sorted(table), sorted(doc)))
    for name, (words, _, indexes) in sorted(table.items()):
        if indexes != ("yes" if "DETERMINISTIC" in words else "no"):
            raise AssertionError("%s: indexes column says %r, but only DETERMINISTIC "
                                 "functions may be used there" % (name, indexes))
    for name, (nargs, flags) in sorted(fn.items()):
        unknown = table[name][0] - set(FLAG_BITS)
        if unknown:
            raise AssertionError("%s: unknown flags %s in docs/reference/" % (name, sorted(unknown)))
        want = sum(FLAG_BITS[w] for w in table[name][0])
        if flags != {want}:
            raise AssertionError("%s: flags %s, docs/reference/ says %s" % (
                name, sorted(hex(f) for f in flags), sorted(table[name][0])))


def _call(name, nargs):
    """SQL using a function or table with NULL arguments."""
    fn, _ = surface()
    args = ", ".join(["NULL"] * min(nargs or {0}))
    if name in fn:
        return "SELECT %s(%s)" % (name, args)
    return "SELECT * FROM %s(%s)" % (name, args)


def _unsafe(name):
    fn, _ = surface()
    return ("unsafe use of %s()" % name if name in fn
            else 'unsafe use of virtual table "%s"' % name)


def test_views_and_triggers_follow_the_flags_table():
    """Every documented function and table, in a view and in a trigger,
    with trusted_schema ON and OFF: allowed or refused as the table says.
    EXPLAIN prepares (and codes triggers) without running anything."""
    table, doc = flags_table(), documented()
    expect = {"always": (True, True), "only": (True, False), "never": (False, False)}
    for name, nargs in sorted(doc.items()):
        where = table[name][1]
        if where not in expect:
            raise AssertionError("flags table: %s: say always, only ... or never" % name)
        sql = _call(name, nargs)
        for trusted, ok in zip(("ON", "OFF"), expect[where]):
            for kind in ("view", "trigger"):
                db = gg.connect()
                db.execute("CREATE TABLE t(x)")
                db.execute("CREATE TABLE r(y)")
                if kind == "view":
                    db.execute("CREATE VIEW v AS " + sql)
                    use = "EXPLAIN SELECT * FROM v"
                else:
                    db.execute("CREATE TRIGGER tr AFTER INSERT ON t BEGIN "
                               "INSERT INTO r SELECT 1 FROM (%s); END" % sql)
                    use = "EXPLAIN INSERT INTO t VALUES (1)"
                db.execute("PRAGMA trusted_schema=" + trusted)
                try:
                    db.execute(use).fetchall()
                    got = None
                except sqlite3.Error as e:
                    got = str(e)
                want = None if ok else _unsafe(name)
                if got != want:
                    raise AssertionError("%s in a %s with trusted_schema=%s: expected %s, got %s"
                                         % (name, kind, trusted, want or "success", got or "success"))
                db.close()


def _fixture(db):
    """tests/data/readme_fixture.sql into a Python connection."""
    p = eco.run([eco.SQLITE3, "-batch", "-bail", ":memory:"],
                input=".read tests/data/readme_fixture.sql\n.dump\n")
    db.executescript(p.stdout)


def test_view_and_trigger_answer_with_trusted_schema_on():
    db = gg.connect()
    _fixture(db)
    db.executescript("""
        CREATE VIEW wins AS SELECT graph_id, count(*) AS n FROM
          (SELECT g.id AS graph_id FROM graphs g, catmouse_states(g.id) s WHERE s.outcome = 1)
          GROUP BY graph_id;
        CREATE TABLE solved(graph_id, outcome, json);
        CREATE TRIGGER tr AFTER INSERT ON graphs BEGIN
          INSERT INTO solved VALUES (NEW.id, catmouse(NEW.id), catmouse_json(NEW.note));
        END;
        INSERT INTO edges VALUES (3, 1, 0), (3, 2, 3);
        INSERT INTO graphs VALUES (3, 'x', '[[1,3],[0],[3],[0,2]]');
    """)
    got = db.execute("SELECT * FROM wins ORDER BY graph_id").fetchall()
    want = [(g, sum(1 for v in gg.catmouse_brute(_rows(db, g)).values() if v[0] == 1))
            for g in (1, 2, 3)]
    assert got == want, (got, want)
    assert db.execute("SELECT * FROM solved").fetchall() == [(3, 1, 1)]


def _rows(db, g):
    return db.execute("SELECT src, dst FROM edges WHERE graph_id = ?", (g,)).fetchall()


def _per_graph(db, ids, where="s.outcome = 1"):
    out = []
    for g, name in ids:
        out += [(name,) + r for r in db.execute(
            "SELECT * FROM catmouse_states(?) s WHERE " + where, (g,))]
    return sorted(out)


def test_states_join_user_metadata():
    """FROM graphs g, catmouse_states(g.id): every join order and form the
    planner may pick gives the rows of the per-graph queries."""
    db = gg.connect()
    _fixture(db)
    db.execute("INSERT INTO edges VALUES (3, 1, 0), (3, 2, 3)")     # graph 3 has no name row
    ids = db.execute("SELECT id, name FROM graphs").fetchall()
    want = _per_graph(db, ids)
    assert len(want) == 27 + 15, len(want)
    queries = [
        "SELECT g.name, s.* FROM graphs g, catmouse_states(g.id) s WHERE s.outcome = 1",
        "SELECT g.name, s.* FROM catmouse_states(g.id) s, graphs g WHERE s.outcome = 1",
        "SELECT g.name, s.* FROM graphs g JOIN catmouse_states(g.id) s ON s.outcome = 1",
        "SELECT g.name, s.* FROM graphs g CROSS JOIN catmouse_states(g.id) s WHERE s.outcome = 1",
        "SELECT g.name, s.* FROM graphs g LEFT JOIN catmouse_states(g.id) s WHERE s.outcome = 1",
        "SELECT g.name, s.* FROM graphs g, catmouse_states s WHERE s.graph_id = g.id AND s.outcome = 1",
        "SELECT g.name, s.* FROM graphs g, catmouse_states(g.id, 'edges') s WHERE s.outcome = 1",
    ]
    for q in queries:
        got = sorted(db.execute(q).fetchall())
        assert got == want, "%s\n  %d rows, want %d" % (q, len(got), len(want))
    # equality constraints from the other table pick rows directly
    got = sorted(db.execute(
        "SELECT g.name, s.* FROM graphs g, catmouse_states(g.id) s "
        "WHERE s.mouse = 1 AND s.cat = 2 AND s.turn = 'mouse'").fetchall())
    assert got == _per_graph(db, ids, "mouse = 1 AND cat = 2 AND turn = 'mouse'"), got
    assert [r[4] for r in got] == [0, 1], got    # outcomes: draw, mouse wins
    # a correlated subquery, and graph ids that are not in edges: no rows
    got = db.execute("SELECT id, (SELECT count(*) FROM catmouse_states(g.id) WHERE outcome = 0)"
                     " FROM graphs g ORDER BY id").fetchall()
    assert got == [(1, 5), (2, 0)], got


def test_states_join_takes_table_names_from_a_column():
    db = gg.connect()
    gg.store(db, 1, [(1, 0), (2, 3)], table="e one")
    gg.store(db, 1, [(1, 3), (3, 0), (2, 3)], table="e two")
    db.execute("CREATE TABLE boards(id, tbl)")
    db.executemany("INSERT INTO boards VALUES (?, ?)", [(1, "e one"), (1, "e two")])
    got = db.execute("SELECT b.tbl, s.outcome, s.plies FROM boards b, catmouse_states(b.id, b.tbl) s"
                     " WHERE s.mouse = 1 AND s.cat = 2 AND s.turn = 'mouse' ORDER BY b.tbl").fetchall()
    want = []
    for tbl in ("e one", "e two"):
        o, plies = gg.catmouse_brute(_rows_t(db, tbl))[(1, 2, "mouse")]
        want.append((tbl, o, plies))
    assert got == want, (got, want)


def _rows_t(db, tbl):
    return db.execute('SELECT src, dst FROM "%s"' % tbl).fetchall()


def test_states_without_a_graph_id_says_so():
    db = gg.connect()
    try:
        db.execute("SELECT * FROM catmouse_states").fetchall()
    except sqlite3.Error as e:
        assert str(e) == ("graphgame: catmouse_states needs arguments: "
                          "catmouse_states(graph_id [, edges [, rules]])"), str(e)
    else:
        raise AssertionError("no error")


def test_version_is_the_VERSION_file():
    """graphgame_version(), bindings/node/package.json and CHANGELOG.md's
    newest version heading say the version of the file VERSION (the
    wheel's and the npm tarball's are checked by test_packages.py)."""
    want = open(os.path.join(eco.ROOT, "VERSION"), encoding="utf-8").read().strip()
    assert re.match(r"^\d+\.\d+\.\d+$", want), want
    got = gg.connect().execute("SELECT graphgame_version()").fetchone()[0]
    assert got == want, (got, want)
    pkg = json.load(open(os.path.join(eco.ROOT, "bindings", "node", "package.json")))
    assert pkg["version"] == want, "bindings/node/package.json says %s, VERSION %s" % (
        pkg["version"], want)
    newest = eco.changelog_versions()[0][0]
    assert newest == want, "CHANGELOG.md's newest version is %s, VERSION says %s" % (newest, want)


def test_engines_know_nothing_of_sqlite():
    """ext/engine/ is plain C: no file of any of its folders names SQLite's
    API (the Makefile's wall stops includes; this stops the rest), and no
    source file of ext/ is over 650 lines."""
    files = [p for p in glob.glob(os.path.join(eco.ROOT, "ext", "engine", "**", "*"), recursive=True)
             if os.path.isfile(p)]
    assert len(files) > 40, files
    for path in files:
        text = open(path, encoding="utf-8").read()
        assert "sqlite3" not in text, path
    for path in glob.glob(os.path.join(eco.ROOT, "ext", "**", "*.[ch]"), recursive=True):
        n = sum(1 for _ in open(path, encoding="utf-8"))
        assert n <= 650, (path, n)


def include_dirs(argv):
    """The -I folders of a compiler command, in order."""
    return [a[2:] for a in argv if a.startswith("-I")]


def test_the_wall_stands_before_every_engine_file():
    """The wall (the Makefile: dist/wall/ first on the include path, whose
    sqlite3.h and sqlite3ext.h are an #error) is on the command that
    compiles each file of each folder of ext/engine/, for the library and
    for the standalone programs (make engine-prog), with every engine
    folder and no folder of the SQLite layer after it; ext/engine/ holds
    folders only (the Makefile builds ext/engine/*/*.c); and a file
    compiled with those flags that includes a SQLite header does not
    build."""
    import shlex
    import tempfile
    engine = os.path.join(eco.ROOT, "ext", "engine")
    top = sorted(f for f in os.listdir(engine) if not os.path.isdir(os.path.join(engine, f)))
    assert not top, "files at the top of ext/engine/, which the Makefile does not build: %s" % top
    folders = ["ext/engine/" + f for f in sorted(os.listdir(engine))]
    srcs = sorted(os.path.relpath(p, eco.ROOT) for p in glob.glob(os.path.join(engine, "*", "*.c")))
    assert len(folders) > 3 and len(srcs) > 30, (folders, srcs)
    objs = ["dist/obj/engine/%s.o" % os.path.relpath(s, "ext/engine")[:-2] for s in srcs]
    p = subprocess.run(["make", "-n", "-B", "--no-print-directory"] + objs, cwd=eco.ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    cmds = {}
    for line in p.stdout.splitlines():
        argv = shlex.split(line)
        if "-c" in argv and "-o" in argv:
            cmds[argv[argv.index("-o") + 1]] = argv
    assert sorted(cmds) == objs, (sorted(cmds), objs)

    def check(what, argv):
        inc = include_dirs(argv)
        assert inc and inc[0] == "dist/wall", (what, inc)
        assert all(f in inc for f in folders), (what, "an engine folder is missing", inc)
        assert not [d for d in inc if d.startswith("ext/sqlite")], (what, inc)
    for obj, argv in cmds.items():
        check(obj, argv)
    # engine-prog: each engine file compiled on its own (dist/progobj/),
    # then the program's source and the objects linked: the wall on each
    p = subprocess.run(["make", "-n", "-B", "--no-print-directory", "engine-prog",
                        "SRC=tests/engine/cm_check.c", "OUT=dist/progs/wall-probe"],
                       cwd=eco.ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    lines = [shlex.split(x.split(" && ")[0]) for x in p.stdout.splitlines()]
    prog = [a for a in lines if "dist/progs/wall-probe" in a]
    each = {a[-1]: a for a in lines if "-c" in a and a and a[-1] in srcs}
    assert len(prog) == 1 and sorted(each) == srcs, p.stdout
    check("engine-prog", prog[0])
    for src, argv in each.items():
        check("engine-prog " + src, argv)
    # the wall itself: a file compiled with an engine object's flags
    p = subprocess.run(["make", "-s", "--no-print-directory", "dist/wall/sqlite3.h",
                        "dist/wall/sqlite3ext.h"], cwd=eco.ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    argv = cmds[objs[0]]
    flags = [a for a in argv if a.startswith(("-I", "-D"))]
    with tempfile.TemporaryDirectory(prefix="gg-wall-") as tmp:
        for header in ("<sqlite3.h>", '"sqlite3ext.h"'):
            probe = os.path.join(tmp, "probe.c")
            with open(probe, "w") as f:
                f.write("#include %s\nint x;\n" % header)
            p = subprocess.run([argv[0], "-fsyntax-only"] + flags + [probe], cwd=eco.ROOT,
                               capture_output=True, text=True)
            assert p.returncode != 0 and "ext/engine/ is plain C" in p.stderr, (header, p.stderr)


def test_file_names_are_unique_across_ext():
    """Every folder of ext/ is on the include path (the Makefile), so
    #include "x.h" finds one file only if no two folders hold an x.h; and
    a source's name says which file it is in every message."""
    import collections
    where = collections.defaultdict(list)
    for path in glob.glob(os.path.join(eco.ROOT, "ext", "**", "*.[ch]"), recursive=True):
        where[os.path.basename(path)].append(os.path.relpath(path, eco.ROOT))
    assert len(where) > 100, len(where)
    twice = {k: v for k, v in where.items() if len(v) > 1}
    assert not twice, twice


def test_every_path_into_ext_exists():
    """Every path into ext/ that a tracked file names (a source file's
    header comment, a test, a script, a page: ext/engine/cops/cops.c,
    ext/engine/catmouse/catmouse_chain*.c) exists, so a moved file leaves
    no stale path behind (issue 36).  Placeholders such as <game> end the
    path; CHANGELOG.md may name the paths of the past."""
    p = subprocess.run(["git", "-C", eco.ROOT, "ls-files", "-z"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    rx = re.compile(r"ext/(?:engine|sqlite)/[\w./*-]*")
    bad, count = [], 0
    for rel in p.stdout.split("\0"):
        path = os.path.join(eco.ROOT, rel)
        if not rel or rel == "CHANGELOG.md" or not os.path.isfile(path):
            continue
        try:
            text = open(path, encoding="utf-8").read()
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.split("\n"), 1):
            for m in rx.finditer(line):
                count += 1
                named = m.group(0).rstrip(".-")
                if line[m.end():m.end() + 1] in ("<", "{", "%"):    # a placeholder, a pattern
                    named = named[:named.rindex("/") + 1]
                if not glob.glob(os.path.join(eco.ROOT, named)):
                    bad.append("%s line %d: %s" % (rel, n, named))
    assert not bad, "paths into ext/ that do not exist:\n  " + "\n  ".join(bad)
    assert count > 50, "only %d paths into ext/ found: is the search broken?" % count
    return "%d paths" % count
