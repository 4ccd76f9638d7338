"""The symbols of the shipped library, dist/graphgame.so: it exports
sqlite3_graphgame_init and nothing else (SQLite loads an extension with
RTLD_GLOBAL, where any other exported name could clash with the host's or
another extension's), and the reference solvers of the tests
(tests/engine/ref/) and the removed dead functions are not linked into it.
Reads the symbol tables with binutils' nm."""
import os
import re
import subprocess

import gg

SO = os.path.join(gg.ROOT, "dist", "graphgame.so")     # always the shipped build
# Only the tests have these (tests/engine/ref/: the reference solvers,
# and shortcuts.c, the short forms that only tests and benches call);
# gg_graph_copy and gg_retro_best were called nowhere and are gone.
TEST_ONLY = re.compile(r"^(gg_cm_ref_|gg_race_ref_|gg_retro_solve$|gg_retro_best$|gg_graph_copy$"
                       r"|gg_graph_adjacent$|gg_cops_solve$|gg_cops_small$|gg_graph_find$"
                       r"|gg_graph_build$|gg_explicit_get$|gg_race_solve$|gg_race_solve_threads$)")


def nm(*args):
    assert os.path.exists(SO), "not built: %s (run make)" % SO
    p = subprocess.run(["nm"] + list(args) + [SO], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return [line.split() for line in p.stdout.splitlines() if line.strip()]


def test_exports_only_the_entry_point():
    """nm -D --defined-only lists exactly one symbol, the entry point, as a
    function in the text section."""
    rows = nm("-D", "--defined-only")
    names = [r[-1] for r in rows]
    assert names == ["sqlite3_graphgame_init"], names
    assert rows[0][-2] == "T", rows


def test_the_engines_are_inside_but_hidden():
    """The full symbol table still has the engine's functions (so the next
    test reads a real table, not a stripped one), as local symbols."""
    rows = nm("--defined-only")
    kind = {r[-1]: r[-2] for r in rows if len(r) >= 2}
    for name in ("gg_cm_solve", "gg_race_solve_kept", "gg_graph_build_stop", "gg_explicit_solve"):
        assert name in kind, "%s missing from the symbol table of %s" % (name, SO)
        assert kind[name] == "t", (name, kind[name])


def test_no_reference_solver_in_the_library():
    """No symbol of the reference solvers, their generic retrograde solver
    or the test-only helpers is in the library, defined or undefined."""
    found = sorted({r[-1] for r in nm() if TEST_ONLY.match(r[-1])})
    assert not found, "test-only symbols in %s: %s" % (SO, found)


def test_every_function_of_the_library_is_reached():
    """Every function in the library's symbol table (nm, local ones
    included) is reached from the entry point: the Makefile links the same
    sources with each function in a section of its own and lets the linker
    drop the sections that nothing reaches (--gc-sections), and none of
    the functions it drops may be in the shipped library.  (Before issue
    28, five that only tests and benches called were: gg_cops_solve,
    gg_cops_small, gg_graph_find, gg_graph_build, gg_explicit_get.)"""
    p = subprocess.run(["make", "-s", "--no-print-directory", "dist/gc/unreached.txt"],
                       cwd=gg.ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    with open(os.path.join(gg.ROOT, "dist", "gc", "unreached.txt")) as f:
        dropped = set(re.findall(r"removing unused section '\.text\.(\w+)", f.read()))
    funcs = {r[-1] for r in nm("--defined-only") if len(r) >= 2 and r[-2] in ("t", "T")}
    assert "sqlite3_graphgame_init" in funcs and len(funcs) > 300, len(funcs)
    unreached = sorted(dropped & funcs)
    assert not unreached, "functions no library code reaches, in %s: %s" % (SO, unreached)


def test_no_reference_solver_in_ext():
    """No source file of ext/ defines, declares or calls them (comments
    may name them): they live in tests/engine/ref/, which the Makefile
    links into test programs only."""
    import glob
    bad = []
    files = sorted(glob.glob(os.path.join(gg.ROOT, "ext", "**", "*.[ch]"), recursive=True))
    assert len(files) > 100, files
    for path in files:
        text = open(path, encoding="utf-8").read()
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)       # the code, not the comments
        for m in re.finditer(r"\b(gg_\w+)\s*\(", text):
            if TEST_ONLY.match(m.group(1)):
                bad.append("%s: %s" % (os.path.relpath(path, gg.ROOT), m.group(1)))
    assert not bad, bad
    ref = os.path.join(gg.ROOT, "tests", "engine", "ref")
    for f in ("catmouse_ref.c", "race_ref.c", "retro.c", "ref.h"):
        assert os.path.exists(os.path.join(ref, f)), f


def test_no_two_files_of_ext_call_each_other():
    """Issue 20: helpers live in the file that the others call, so no two
    source files of ext/ call each other (read from the built objects:
    the functions each object defines and the ones it needs; the shared
    sqlite3_api pointer and data tables are not calls).  The objects are
    the library's: ext/<layer>/<folder>/x.c is dist/obj/<layer>/<folder>/x.o."""
    import collections
    import glob
    import subprocess
    srcs = glob.glob(os.path.join(gg.ROOT, "ext", "**", "*.c"), recursive=True)
    objs = sorted(os.path.join(gg.ROOT, "dist", "obj", os.path.relpath(s, os.path.join(gg.ROOT, "ext")))[:-2] + ".o"
                  for s in srcs if os.path.basename(s) != "alloc_libc.c")
    assert len(objs) > 40, objs
    missing = [o for o in objs if not os.path.exists(o)]
    assert not missing, "not built (make): %s" % missing
    defs, uses = {}, collections.defaultdict(set)
    for o in objs:
        out = subprocess.run(["nm", o], capture_output=True, text=True, check=True).stdout
        for parts in (line.split() for line in out.splitlines()):
            if len(parts) == 3 and parts[1] == "T":
                defs[parts[2]] = o
            elif len(parts) == 2 and parts[0] == "U":
                uses[o].add(parts[1])
    calls = collections.defaultdict(set)
    for o, names in uses.items():
        calls[o] |= {defs[s] for s in names if s in defs and defs[s] != o}
    both = sorted({tuple(sorted((a, b))) for a in list(calls) for b in calls[a]
                   if a in calls.get(b, ())})
    assert not both, ["%s <-> %s" % (os.path.basename(a), os.path.basename(b)) for a, b in both]


def test_needs_only_the_c_library():
    """The library's dynamic needs are the C library's alone (readelf's
    NEEDED): nauty is loaded at run time when present (cops_aut.c), so the
    extension loads on a machine without it, as a download must."""
    p = subprocess.run(["readelf", "-d", SO], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    needed = set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", p.stdout))
    allowed = re.compile(r"^(libc|libm|libpthread|libdl|ld-linux[-\w]*)\.so(\.\d+)*$")
    assert needed and all(allowed.match(x) for x in needed), needed
