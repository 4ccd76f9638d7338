"""The release's Linux x86-64 library in real old SQLites: the oldest that
graphgame claims (3.30) and some between it and today's, each built from
the amalgamation that an npm package bundles (tests/old_sqlite/sqlite.lock
pins the package by version and integrity, tests/old_sqlite/sqlite3.sha256
the files; tests/old_sqlite/fetch.sh takes them with `npm pack`,
mk/old_sqlite.mk builds them into dist/old-sqlite/VERSION/).  make
release-check runs this file after test_release.py, and make check (so CI).

Each version gets the runner tests/tools/sqlrun.c, built on its
amalgamation, and SQLite's own shell where the package ships shell.c (the
sqlite-autoconf tarballs of node-sqlite3).  Every examples/*.sql must print
byte for byte what the reference prints (test_release.py's: sqlrun on
Debian's libsqlite3, itself checked against the sqlite3 CLI), but for the
documented differences, each tested here:

  - SQLite older than GG_MIN_SQLITE (3.29.0 here) refuses the library
    with a message that names both versions;
  - iif() came in SQLite 3.32.0: the examples write CASE instead, and the
    check says so if one gains an iif (found by the rewrite of iif(a, b, c)
    as CASE WHEN a THEN b ELSE c END, its definition);
  - from SQLite 3.52.0 on, a REAL becomes text with 17 significant
    digits, not 15 (SQLITE_DBCONFIG_FP_DIGITS: 0.15 * 3 is
    0.44999999999999996, was 0.45), so the shell of 3.52 prints some of
    explore.sql's REALs so; they are the reference's to 15 digits, and
    every other byte is the same.  sqlrun prints every REAL as
    printf('%!.15g'), the old way, on every version;
  - the extension's own, on no example: before 3.38 an IN list on
    cops_states' cops that names one place twice gives its rows twice,
    and before 3.31 graph6_read is not registered.

A last case reads ext/ for SQLite APIs and constants that the oldest
version loaded does not have: each must sit behind a check of
sqlite3_libversion_number() (or be listed below with the reason it is
safe), as the trap of tests/c/compat.c finds only the calls it runs.
"""
import os
import re
import shutil
import subprocess
import tempfile

import ecosystem as eco
import test_release as rel

SUITE = "check"     # make check and make release-check only (tests/README.md)

ROOT = eco.ROOT
OLD = os.path.join(ROOT, "dist", "old-sqlite")
LOCK = os.path.join(ROOT, "tests", "old_sqlite", "sqlite.lock")
SUMS = os.path.join(ROOT, "tests", "old_sqlite", "sqlite3.sha256")
FETCH = os.path.join(ROOT, "tests", "old_sqlite", "fetch.sh")
IIF_SINCE = (3, 32, 0)
REAL_SINCE = (3, 52, 0)     # SQLITE_DBCONFIG_FP_DIGITS: 17 digits, was 15

_state = {}


def _v(text):
    return tuple(int(x) for x in text.split("."))


def _pins():
    """The lock's lines: [(version, package@version, integrity, member)]."""
    pins = []
    for line in open(LOCK, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            f = line.split()
            assert len(f) == 4, line
            pins.append(tuple(f))
    return pins


VERSIONS = [p[0] for p in _pins()]


def _sums():
    """sqlite3.sha256 as {version: {file: sha256}}."""
    out = {}
    for line in open(SUMS, encoding="utf-8"):
        digest, path = line.rstrip("\n").split("  ", 1)
        v, f = path.split("/")
        out.setdefault(v, {})[f] = digest
    return out


def _min_sqlite():
    """GG_MIN_SQLITE of ext/sqlite/core/graphgame.c as (3, 30, 0)."""
    src = open(os.path.join(ROOT, "ext", "sqlite", "core", "graphgame.c"), encoding="utf-8").read()
    n = int(re.search(r"#define GG_MIN_SQLITE (\d+)", src).group(1))
    return (n // 1000000, n // 1000 % 1000, n % 1000)


def _text(v):
    return "%d.%d.%d" % v


def _build():
    """The runners of every pinned version (make old-sqlite: built once,
    kept in dist/old-sqlite/)."""
    if "built" not in _state:
        rel._ok(eco.run(["make", "-s", "--no-print-directory", "-j2", "old-sqlite"], timeout=1800),
                "make old-sqlite (the sources come from npm's cache: sh tests/tools/deps.sh check fetches them)")
        _state["built"] = True


def _lib():
    """The library of the Linux x86-64 release archive (make release, as
    test_release.py unpacks it)."""
    if "lib" not in _state:
        _state["lib"] = os.path.join(rel._unpack("linux-x86_64"), "graphgame.so")
    return _state["lib"]


def _sqlrun(v):
    return os.path.join(OLD, v, "sqlrun")


def _shell(v):
    p = os.path.join(OLD, v, "sqlite3")
    return p if "shell.c" in _sums()[v] else None


# --- iif() before SQLite 3.32 ---------------------------------------------

def _skip_quoted(s, i):
    """The index after the quoted text, comment or plain character at s[i]."""
    c = s[i]
    if c in "'\"`[":
        end = {"[": "]"}.get(c, c)
        j = s.find(end, i + 1)
        while j >= 0 and end != "]" and s[j + 1:j + 2] == end:     # '' inside '...'
            j = s.find(end, j + 2)
        return len(s) if j < 0 else j + 1
    if s.startswith("--", i):
        j = s.find("\n", i)
        return len(s) if j < 0 else j
    if s.startswith("/*", i):
        j = s.find("*/", i + 2)
        return len(s) if j < 0 else j + 2
    return i + 1


IIF_RE = re.compile(r"(?<![\w$])iif\s*\(", re.I)


def _args(s, i):
    """The top-level arguments of the call whose "(" is s[i - 1]: ([texts], index after ")")."""
    args, start, depth = [], i, 0
    while i < len(s):
        c = s[i]
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                args.append(s[start:i])
                return args, i + 1
            depth -= 1
        elif c == "," and depth == 0:
            args.append(s[start:i])
            start = i + 1
        i = _skip_quoted(s, i)
    raise ValueError("an iif( without its )")


def without_iif_sql(s):
    """SQL text with every iif(a, b, c) written CASE WHEN a THEN b ELSE c END."""
    out, i = [], 0
    while i < len(s):
        m = IIF_RE.match(s, i)
        if m and (i == 0 or not (s[i - 1].isalnum() or s[i - 1] in "_$")):
            args, j = _args(s, m.end())
            if len(args) != 3:
                raise ValueError("iif with %d arguments: %r" % (len(args), s[i:j]))
            a, b, c = (without_iif_sql(x.strip()) for x in args)
            out.append("CASE WHEN %s THEN %s ELSE %s END" % (a, b, c))
            i = j
            continue
        j = _skip_quoted(s, i)
        out.append(s[i:j])
        i = j
    return "".join(out)


def without_iif(script):
    """A script with iif rewritten in its SQL; dot-command lines are kept.
    As sqlrun and the CLI read it: a line starting with "." is a
    dot-command when no statement is pending, and a statement is pending
    from a line that is not blank or a comment to a line ending with ";"."""
    out, sql, pending = [], [], False
    for line in script.splitlines(True):
        bare = line.strip()
        if not pending and line.startswith("."):
            out.append(without_iif_sql("".join(sql)))
            sql = []
            out.append(line)
            continue
        sql.append(line)
        if bare and not (not pending and bare.startswith("--")):
            pending = not bare.endswith(";")
    out.append(without_iif_sql("".join(sql)))
    return "".join(out)


def _uses_iif(path):
    return without_iif(open(path, encoding="utf-8").read()) != open(path, encoding="utf-8").read()


def test_iif_rewrite():
    cases = {
        "SELECT iif(a, 'x', 'y');": "SELECT CASE WHEN a THEN 'x' ELSE 'y' END;",
        "iif(f(a, b) > 0, g(1, 2), IIF(c, 'it''s, (', \"iif(\"))":
            "CASE WHEN f(a, b) > 0 THEN g(1, 2) ELSE CASE WHEN c THEN 'it''s, (' ELSE \"iif(\" END END",
        "SELECT xiif(1, 2, 3), 'iif(1, 2, 3)' -- iif(1, 2, 3)\n": None,
        "WHERE s.turn = iif(l.turn = 'alice',\n  'bob', 'alice')":
            "WHERE s.turn = CASE WHEN l.turn = 'alice' THEN 'bob' ELSE 'alice' END",
    }
    for sql, want in cases.items():
        got = without_iif_sql(sql)
        assert got == (sql if want is None else want), (sql, got)
    script = ".print 'iif(a, b, c)'\nSELECT iif(1, 2, 3);\n-- it's\n.print iif(a, b, c)\nSELECT 1,\n.5;\n"
    assert without_iif(script) == ".print 'iif(a, b, c)'\nSELECT CASE WHEN 1 THEN 2 ELSE 3 END;\n" \
        "-- it's\n.print iif(a, b, c)\nSELECT 1,\n.5;\n", without_iif(script)


# --- the pins and the builds -----------------------------------------------

def test_pins_and_builds():
    pins, sums = _pins(), _sums()
    versions = [p[0] for p in pins]
    assert versions == sorted(versions, key=_v) and len(set(versions)) == len(versions), versions
    assert sorted(sums, key=_v) == versions, (sorted(sums), versions)
    for v, spec, integrity, member in pins:
        assert re.fullmatch(r"(sqlite3|better-sqlite3)@\d+\.\d+\.\d+", spec), spec
        assert re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==", integrity), integrity
        assert member.startswith("package/deps/"), member
        assert {"sqlite3.c", "sqlite3.h", "sqlite3ext.h"} <= set(sums[v]) <= \
            {"sqlite3.c", "sqlite3.h", "sqlite3ext.h", "shell.c"}, sums[v]
    lo = _min_sqlite()
    loaded = [v for v in versions if _v(v) >= lo]
    # The claim is tested: the oldest version loaded is of the claimed minor release.
    assert loaded and _v(loaded[0])[:2] == lo[:2], (loaded, lo)
    assert any(_v(v) < lo for v in versions), "no version older than the minimum, to be refused"
    assert any(_v(v) < IIF_SINCE for v in loaded) and any(_v(v) >= REAL_SINCE and _shell(v) for v in loaded)
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    assert "needs SQLite %s or newer" % _text(lo) in readme
    install = open(os.path.join(ROOT, "docs", "install.md"), encoding="utf-8").read()
    for v, spec, _, _ in pins:
        assert re.search(r"\| %s \| `%s` \|" % (re.escape(v), re.escape(spec)), install), \
            "docs/install.md's table of old SQLites lacks %s from %s" % (v, spec)
    _build()
    # Kept in dist/old-sqlite/: a second make builds nothing.
    built = sorted(os.path.join(d, f) for d, _, fs in os.walk(OLD) for f in fs
                   if f in ("sqlrun", "sqlite3", "sqlite3.o", "sqlite3.c"))
    t0 = [os.path.getmtime(f) for f in built]
    p = rel._ok(eco.run(["make", "-s", "--no-print-directory", "old-sqlite"]), "make old-sqlite")
    assert p.stdout.strip() == "" and [os.path.getmtime(f) for f in built] == t0, \
        "a second make old-sqlite built again:\n" + p.stdout
    # Each runner is of its pinned amalgamation (linked in, not Debian's).
    for v in versions:
        h = open(os.path.join(OLD, v, "sqlite3.h"), encoding="utf-8").read()
        source_id = re.search(r'#define SQLITE_SOURCE_ID\s+"([^"]+)"', h).group(1)
        got = rel._version_of([_sqlrun(v)]).split("\n")[0]
        assert got == v, (v, got)
        with tempfile.NamedTemporaryFile("w", suffix=".sql", dir=OLD, delete=False) as f:
            f.write("SELECT sqlite_version(), sqlite_source_id();\n")
        try:
            out = rel._ok(eco.run([_sqlrun(v), f.name]), "sqlrun").stdout.strip()
            assert out == "%s|%s" % (v, source_id), (v, out, source_id)
            if _shell(v):
                out = rel._ok(eco.run([_shell(v), "-batch", ":memory:"], input=open(f.name).read()),
                              "shell").stdout.strip()
                assert out == "%s|%s" % (v, source_id), (v, out)
        finally:
            os.unlink(f.name)
    return "%d SQLites: %s (shells of %s)" % (len(versions), " ".join(versions),
                                               " ".join(v for v in versions if _shell(v)))


def test_fetch_checks_the_pins():
    """fetch.sh keeps nothing from a tarball or a file that is not the one pinned."""
    _build()
    v, spec, integrity, member = _pins()[0]
    tmp = tempfile.mkdtemp(prefix="gg-old-sqlite-")
    try:
        lock = os.path.join(tmp, "sqlite.lock")
        sums = os.path.join(tmp, "sqlite3.sha256")
        # Another integrity: refused before anything is unpacked.
        bad = integrity[:10] + ("A" if integrity[10] != "A" else "B") + integrity[11:]
        with open(lock, "w") as f:
            f.write("%s %s %s %s\n" % (v, spec, bad, member))
        shutil.copy(SUMS, sums)
        env = dict(OLD_SQLITE_LOCK=lock, OLD_SQLITE_SUMS=sums, OLD_SQLITE_DIR=os.path.join(tmp, "out"))
        p = eco.run(["sh", FETCH, "--offline"], **env)
        assert p.returncode == 1 and "is not the tarball pinned" in p.stderr, (p.returncode, p.stderr)
        assert not os.path.exists(os.path.join(tmp, "out", v)), os.listdir(os.path.join(tmp, "out"))
        # The right tarball, but a file that is not the one pinned: nothing kept.
        with open(lock, "w") as f:
            f.write("%s %s %s %s\n" % (v, spec, integrity, member))
        lines = re.sub(r"^[0-9a-f]{64}(  %s/sqlite3\.h)$" % re.escape(v), "0" * 64 + r"\1",
                       open(SUMS).read(), flags=re.M)
        with open(sums, "w") as f:
            f.write(lines)
        p = eco.run(["sh", FETCH, "--offline"], **env)
        assert p.returncode == 1 and "do not match" in p.stderr, (p.returncode, p.stderr)
        assert not os.path.exists(os.path.join(tmp, "out", v))
        # As pinned: the files, as make old-sqlite has them.
        shutil.copy(SUMS, sums)
        p = rel._ok(eco.run(["sh", FETCH, "--offline"], **env), "fetch.sh")
        for name in _sums()[v]:
            assert open(os.path.join(tmp, "out", v, name), "rb").read() == \
                open(os.path.join(OLD, v, name), "rb").read(), name
    finally:
        shutil.rmtree(tmp)


# --- the examples in each SQLite ---------------------------------------------

def _shell_run(v, lib, ex):
    """An example through SQLite's own shell of version v, as
    test_release.py runs the sqlite3 CLI: stdin, -batch -bail, .load LIB."""
    script = open(ex, encoding="utf-8").read()
    script = re.sub(r"^\.load \S+", lambda m: ".load " + lib, script, flags=re.M)
    return subprocess.run([_shell(v), "-batch", "-bail", ":memory:"], input=script.encode(),
                          cwd=ROOT, capture_output=True, timeout=600)


def _examples_in(v):
    """Every example in SQLite v: by sqlrun and by its shell, against the reference."""
    _build()
    lib = _lib()
    ref = rel._reference()
    old_iif = _v(v) < IIF_SINCE
    notes = []
    for kind in ("sqlrun", "shell"):
        if kind == "shell" and not _shell(v):
            continue
        got = {}
        for ex in rel.EXAMPLES:
            name = os.path.basename(ex)
            if kind == "sqlrun":
                p = subprocess.run([_sqlrun(v), "-load", lib, os.path.relpath(ex, ROOT)], cwd=ROOT,
                                   capture_output=True, timeout=600)
            else:
                p = _shell_run(v, lib, ex)
            rel._ok(p, "%s of SQLite %s on %s" % (kind, v, name))
            assert not p.stderr, (v, kind, name, p.stderr)
            got[name] = p.stdout
        if old_iif:       # the examples write CASE, not iif (3.32), so they run here as they are
            assert not [ex for ex in rel.EXAMPLES if _uses_iif(ex)], "an example uses iif"
        what = "linux-x86_64 in SQLite %s's %s" % (v, "sqlrun" if kind == "sqlrun" else "own shell")
        reals = 0
        if kind == "shell" and _v(v) >= REAL_SINCE:
            got, reals = _reals_as_reference(got, ref)
            assert reals, "%s: no REAL printed with 17 digits: drop the difference" % what
        rel._same(what, got)
        notes.append("%s%s" % (kind, " (%d REALs in 17 digits)" % reals if reals else ""))
    return "%d examples byte for byte: %s" % (len(rel.EXAMPLES), ", ".join(notes))


def _reals_as_reference(got, ref):
    """got with each field that is the reference's REAL in more digits
    (the same number to 15 significant digits) replaced by the reference's
    text; and how many were."""
    out, n = {}, 0
    for name, text in got.items():
        lines, want = text.split(b"\n"), ref.get(name, b"").split(b"\n")
        if len(lines) == len(want):
            for i, (g, w) in enumerate(zip(lines, want)):
                gf, wf = g.split(b"|"), w.split(b"|")
                if g == w or len(gf) != len(wf):
                    continue
                for k, (a, b) in enumerate(zip(gf, wf)):
                    if a != b and re.fullmatch(rb"-?\d+\.\d{16,}", a) and re.fullmatch(rb"-?\d+\.\d+", b) \
                            and float(b"%.15g" % float(a)) == float(b):
                        gf[k] = b
                        n += 1
                lines[i] = b"|".join(gf)
        out[name] = b"\n".join(lines)
    return out, n


def _refused_in(v):
    """A SQLite older than the minimum refuses the library, saying why."""
    _build()
    lib = _lib()
    want = "graphgame: needs SQLite %s or newer, this is %s" % (_text(_min_sqlite()), v)
    ex = os.path.relpath(rel.EXAMPLES[0], ROOT)
    p = subprocess.run([_sqlrun(v), "-load", lib, ex], cwd=ROOT, capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 1 and want in p.stderr, (p.returncode, p.stderr)
    assert p.stdout == "", p.stdout
    if _shell(v):
        p = _shell_run(v, lib, rel.EXAMPLES[0])
        assert p.returncode == 1 and want.encode() in p.stderr, (p.returncode, p.stderr)
    return "refused: %s" % want


def _case(v):
    def case():
        return _refused_in(v) if _v(v) < _min_sqlite() else _examples_in(v)
    case.__name__ = "test_sqlite_" + v.replace(".", "_")
    case.__doc__ = "The release's x86-64 library in SQLite %s." % v
    return case


for _ver in VERSIONS:
    globals()["test_sqlite_" + _ver.replace(".", "_")] = _case(_ver)
del _ver


def test_real_printing_changed_in_3_52():
    """Why sqlrun prints REALs itself: the shells of both sides of 3.52."""
    _build()
    before = [v for v in VERSIONS if _shell(v) and _min_sqlite() <= _v(v) < REAL_SINCE]
    after = [v for v in VERSIONS if _shell(v) and _v(v) >= REAL_SINCE]
    assert before and after, (before, after)
    sql = "SELECT 0.15 * 3, 1e100 / 3, 45.0;\n"
    for v in before + after:
        out = rel._ok(eco.run([_shell(v), "-batch", ":memory:"], input=sql), "shell").stdout
        want = "0.45|3.33333333333333e+99|45.0\n" if v in before else \
            "0.44999999999999996|3.3333333333333332e+99|45.0\n"
        assert out == want, (v, out)
        path = os.path.join(OLD, "real.sql")
        with open(path, "w") as f:
            f.write(sql)
        out = rel._ok(eco.run([_sqlrun(v), path]), "sqlrun").stdout
        assert out == "0.45|3.33333333333333e+99|45.0\n", (v, out)
    return "shells of %s print 0.45; of %s 0.44999999999999996; sqlrun 0.45 in all" % (
        " ".join(before), " ".join(after))


DIFF_SQL = """.load LIB
CREATE TABLE edges(graph_id, src, dst);
INSERT INTO edges VALUES (2,0,1),(2,0,3),(2,2,3);
SELECT (SELECT count(*) FROM cops_states(2, 1) WHERE cops IN ('[1]')),
       (SELECT count(*) FROM cops_states(2, 1) WHERE cops IN ('[1]', ' [ 1 ] ')),
       (SELECT count(*) FROM cops_states(2, 2) WHERE cops IN ('[1,2]', '[2,1]'));
SELECT count(*) FROM graph6_read('/dev/null');
"""


def test_what_the_extension_does_differently_before_3_38():
    """docs/install.md's differences of the extension itself: before 3.38
    (no sqlite3_vtab_in) an IN list on cops_states' cops hands the table one
    value at a time, so a place named twice in two spellings gives its rows
    twice; before 3.31 (no SQLITE_VTAB_DIRECTONLY) graph6_read is not
    registered."""
    _build()
    lib = _lib()
    path = os.path.join(OLD, "differences.sql")
    with open(path, "w") as f:
        f.write(DIFF_SQL)
    seen = []
    for v in VERSIONS + ["debian"]:
        if v != "debian" and _v(v) < _min_sqlite():
            continue
        argv = [os.path.join(rel.RC, "sqlrun")] if v == "debian" else [_sqlrun(v)]
        if v == "debian":
            v = rel._version_of(argv)
        p = subprocess.run(argv + ["-load", lib, path], capture_output=True, text=True, timeout=600)
        once = "8|8|8\n" if _v(v) >= (3, 38, 0) else "8|16|16\n"
        if _v(v) >= (3, 31, 0):
            assert p.returncode == 0 and p.stdout == once + "0\n" and not p.stderr, (v, p.stdout, p.stderr)
        else:
            assert p.returncode == 1 and p.stdout == once and "no such table: graph6_read" in p.stderr, \
                (v, p.stdout, p.stderr)
        seen.append(v)
    assert any(_v(v) < (3, 31, 0) for v in seen) and any((3, 31, 0) <= _v(v) < (3, 38, 0) for v in seen) \
        and any(_v(v) >= (3, 38, 0) for v in seen), seen
    return "in " + " ".join(seen)


# --- APIs newer than the oldest SQLite loaded ---------------------------------

# Names of the SQLite API newer than the minimum that are safe without a
# version check where they appear, and why.
SAFE_NEWER = {
    "SQLITE_INNOCUOUS": "a flag of sqlite3_create_function_v2 (registry.h's GG_PURE): SQLite 3.30 keeps "
                        "DETERMINISTIC, DIRECTONLY and SUBTYPE of the flags and ignores the rest",
    "sqlite3_vtab_in_first": "states_place.c's gg_place0_list runs only for ST_IN_P0, which stInList "
                             "(states.c) sets from SQLite 3.38 on",
    "sqlite3_vtab_in_next": "as sqlite3_vtab_in_first",
    "sqlite3_graphgame_init": "the extension's own entry point",
    "SQLITE_CORE": "a build option, not SQLite's API",
    "SQLITE_VTAB_DIRECTONLY": "graph6_read's xConnect: the module is registered from SQLite 3.31 on only "
                              "(gg_register_graph6_read)",
}


def _strip_c(src):
    """C source with comments and string literals blanked (lines kept)."""
    out, i = [], 0
    pat = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    for m in pat.finditer(src):
        out.append(src[i:m.start()])
        out.append(re.sub(r"[^\n]", " ", m.group(0)))
        i = m.end()
    out.append(src[i:])
    return "".join(out)


def _known_names():
    """{version: the names sqlite3_* and SQLITE_* of its headers} for every
    version loaded; and the oldest of them."""
    def names(v):
        h = open(os.path.join(OLD, v, "sqlite3.h"), encoding="utf-8").read() + \
            open(os.path.join(OLD, v, "sqlite3ext.h"), encoding="utf-8").read()
        return set(re.findall(r"\b(sqlite3_\w+|SQLITE_\w+)", h))      # functions, types, constants
    known = {v: names(v) for v in VERSIONS if _v(v) >= _min_sqlite()}
    return known, min(known, key=_v)


def _unguarded(sources, known, lo):
    """Uses in sources ({path: C text}) of names that SQLite lo lacks, but
    for SAFE_NEWER's, with no sqlite3_libversion_number() check before them
    in their function that leaves out every version pinned that lacks them:
    ([messages], {names of SAFE_NEWER seen}, how many were guarded)."""
    defines = {}
    for text in sources.values():
        for name, num in re.findall(r"#define\s+(\w+)\s+(\d{7})\b", text):
            defines[name] = int(num)
    bad, seen, guarded = [], set(), 0
    for path in sorted(sources):
        lines = _strip_c(sources[path]).split("\n")
        for k, line in enumerate(lines):
            if re.match(r"\s*#\s*(if|ifdef|ifndef|elif|endif)\b", line):
                continue
            for m in re.finditer(r"\b(sqlite3_[a-z0-9_]+|SQLITE_[A-Z0-9_]+)\b", line):
                name = m.group(1)
                if name in known[lo] or name.startswith("SQLITE_EXTENSION_INIT"):
                    continue
                if name in SAFE_NEWER:
                    seen.add(name)
                    continue
                # The newest version pinned that lacks it: the check must leave it out.
                lacking = max((v for v in known if name not in known[v]), key=_v)
                need = _v(lacking)[0] * 1000000 + _v(lacking)[1] * 1000 + _v(lacking)[2]
                # Its function: from the line after the last that ends one, to here.
                j = k
                while j > 0 and not lines[j - 1].startswith("}"):
                    j -= 1
                body = "\n".join(lines[j:k]) + "\n" + line[:m.start()]
                ok = False
                for op, num in re.findall(r"sqlite3_libversion_number\(\)\s*(>=|<|>)\s*(\w+)", body):
                    n = int(num) if num.isdigit() else defines.get(num, 0)
                    ok = ok or (op in (">=", "<") and n > need) or (op == ">" and n >= need)
                if ok:
                    guarded += 1
                else:
                    bad.append("%s:%d %s (SQLite %s has none): no sqlite3_libversion_number() check "
                               "before it in its function" % (path, k + 1, name, lacking))
    return bad, seen, guarded


def test_newer_api_is_behind_a_version_check():
    _build()
    known, lo = _known_names()
    sources = {}
    for d, _, fs in os.walk(os.path.join(ROOT, "ext")):
        for f in fs:
            if f.endswith((".c", ".h")):
                path = os.path.join(d, f)
                sources[os.path.relpath(path, ROOT)] = open(path, encoding="utf-8").read()
    bad, seen, guarded = _unguarded(sources, known, lo)
    assert not bad, "APIs newer than SQLite %s without a version check:\n  %s" % (lo, "\n  ".join(bad))
    stale = sorted(set(SAFE_NEWER) - seen - {"sqlite3_graphgame_init", "SQLITE_CORE"})
    assert not stale, "SAFE_NEWER lists names ext/ no longer uses: %s" % stale
    return "%d uses of newer APIs behind a version check, %d listed as safe" % (guarded, len(seen))


def test_newer_api_check_finds_a_call_without_a_check():
    """The check above on states.c's stConsOp as it was (it crashed SQLite
    3.30.1), and as it is."""
    _build()
    known, lo = _known_names()
    head = "static char stConsOp(sqlite3_index_info *pInfo, int i){\n  const struct sqlite3_index_constraint *c = &pInfo->aConstraint[i];\n"
    was = head + "  if( c->op==SQLITE_INDEX_CONSTRAINT_EQ && sqlite3_vtab_in(pInfo, i, -1) ) return 0;\n  return 1;\n}\n"
    now = head + "  if( c->op==SQLITE_INDEX_CONSTRAINT_EQ && sqlite3_libversion_number()>=3038000\n" \
        "   && sqlite3_vtab_in(pInfo, i, -1) ) return 0;\n  return 1;\n}\n"
    early = head.replace("{\n", "{\n  if( sqlite3_libversion_number()<3038000 ) return 0;\n", 1) + \
        "  return sqlite3_vtab_in(pInfo, i, -1);\n}\n"
    low = now.replace("3038000", "3035000")          # 3.35.2 is pinned and lacks it
    comment = head + "  /* sqlite3_vtab_in() came in 3.38 */\n  return 1;\n}\n"
    bad, _, _ = _unguarded({"was.c": was, "now.c": now, "early.c": early, "low.c": low,
                            "comment.c": comment, "next.c": "}\nint f(void){ return sqlite3_vtab_in(0, 0, 0); }\n"},
                           known, lo)
    assert [b.split(" (")[0] for b in bad] == ["low.c:4 sqlite3_vtab_in", "next.c:2 sqlite3_vtab_in",
                                              "was.c:3 sqlite3_vtab_in"], bad
