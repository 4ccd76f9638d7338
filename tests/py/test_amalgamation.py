"""The amalgamation (`make amalgamation`: dist/amalgamation/graphgame.c and
graphgame.h, written by mk/amalgamation.py; mk/amalgamation.mk).

make test checks what the generator writes and what it refuses: every .c
of the library once, whole, each header once and before the files that
include it, each file's own macros undone after it; a clash of two files'
file-scope names, a .c redefining a header's macro, two defaults of one
macro and a header included under #if all stop it, naming the files.

make check (@gg.release) builds it as the release check builds its
runners (mk/amalgamation.mk, into dist/amalgamation-check/, -Werror) and
runs every examples/*.sql through each build with tests/tools/sqlrun.c,
byte for byte against the x86-64 library (dist/graphgame.so, the library
of the Linux x86-64 archive, in Debian's SQLite, as test_release.py's
reference; tests/py/examples_ref.py):

    gcc/graphgame.so      gcc -shared -fPIC, nauty off (the default)
    clang/graphgame.so    clang -shared -fPIC, -DGG_HAVE_NAUTY
    sqlrun-core           graphgame.c (-DSQLITE_CORE) and SQLite's
                          amalgamation in one program, registered with
                          sqlite3_auto_extension (tests/tools/sqlrun_core.c)
    sqlrun-extra-init     the same, registered by SQLite's SQLITE_EXTRA_INIT
                          (sqlite3_graphgame_extra_init)
    mingw/graphgame.dll   MinGW-w64's gcc -shared, run under Wine by the
                          release check's sqlrun.exe

The WebAssembly build compiles it too (the Makefile's wasm rules;
test_wasm.py runs that build).
"""
import glob
import importlib.util
import os
import re
import shutil
import subprocess
import tempfile

import ecosystem as eco
import examples_ref as ref
import gg

ROOT = gg.ROOT
VERSION = open(os.path.join(ROOT, "VERSION"), encoding="utf-8").read().strip()
AMALG = os.path.join(ROOT, "dist", "amalgamation")
AC = os.path.join(ROOT, "dist", "amalgamation-check")
RC = os.path.join(ROOT, "dist", "release-check")
GENERATOR = os.path.join(ROOT, "mk", "amalgamation.py")
PYTHON = "/usr/bin/python3"


_ok = ref.ok


def _generator():
    """mk/amalgamation.py as a module (its reader of C)."""
    spec = importlib.util.spec_from_file_location("gg_amalgamation", GENERATOR)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _lib_src():
    """The library's .c files, as the Makefile finds them (LIB_SRC)."""
    engine = [p for p in glob.glob(os.path.join(ROOT, "ext", "engine", "*", "*.c"))
              if not p.endswith("alloc_libc.c")]
    sql = glob.glob(os.path.join(ROOT, "ext", "sqlite", "*.c")) + \
        glob.glob(os.path.join(ROOT, "ext", "sqlite", "*", "*.c"))
    return sorted(os.path.relpath(p, ROOT) for p in engine + sql)


_make = ref.make


def _amalgamation():
    _make("amalgamation", timeout=300)
    return open(os.path.join(AMALG, "graphgame.c"), encoding="utf-8").read()


def _first_comment(path):
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    m = re.match(r"\s*(/\*.*?\*/)", text, re.S)
    return m.group(1) if m else None


def test_every_file_once_whole_in_dependency_order():
    """Each .c of LIB_SRC once, with its header comment and its last line;
    each header of ext/ that a file includes once, begun before the end of
    every file that includes it; the banner names the version."""
    c = _amalgamation()
    files = re.findall(r"^/\*{14} Begin file (\S+) ", c, re.M)
    assert sorted(files) == _lib_src(), sorted(set(files) ^ set(_lib_src()))
    headers = re.findall(r"^/\*{14} Begin header (\S+) ", c, re.M)
    assert len(headers) == len(set(headers)) and len(headers) >= 30, headers
    assert "graphgame %s: the amalgamation" % VERSION in c[:300], c[:300]
    assert '# define GG_VERSION "%s"' % VERSION in c, "no default version"
    gen = _generator()
    for path in files + headers:
        comment = _first_comment(path)
        assert comment and comment in c, "%s: its header comment is not in the amalgamation" % path
        last = open(os.path.join(ROOT, path), encoding="utf-8").read().rstrip("\n").split("\n")[-1]
        begin = c.index(" %s %s " % ("Begin file" if path.endswith(".c") else "Begin header", path))
        end = c.index("/************** End of %s " % path)
        assert last in c[begin:end], (path, last)
    # Dependency order: a header before the end of each file that includes it.
    for path in files:
        src = gen.Src(os.path.join(ROOT, path))
        end = c.index("/************** End of %s " % path)
        for _, name, _, quoted in src.includes:
            hp = [h for h in headers if os.path.basename(h) == name]
            if quoted and hp:
                assert c.index(" Begin header %s " % hp[0]) < end, (path, name)
    # No #include of a header of ext/ is left (only system headers and SQLite's).
    left = set(re.findall(r'^\s*#\s*include\s*"([^"]+)"', c, re.M))
    assert left <= {"sqlite3ext.h", "sqlite3.h"}, left
    assert not re.search(r"^\s*#\s*include\s*<sqlite3", c, re.M), "SQLite's headers as <...>"


def test_each_files_own_macros_are_undone():
    """A macro that a .c file defines (not a default) is #undef'd at the
    end of that file; GG_VERSION stays a default that -DGG_VERSION beats."""
    c = _amalgamation()
    gen = _generator()
    checked = 0
    for path in _lib_src():
        src = gen.Src(os.path.join(ROOT, path))
        own = [m for m, (_, dflt, _) in src.defines.items() if not dflt]
        end = c.index("/************** End of %s " % path)
        tail = c[c.rindex("\n/* %s's own macros" % path, 0, end):end] if own else ""
        for m in own:
            assert "#undef %s\n" % m in tail, (path, m)
            checked += 1
    assert checked >= 20, checked
    assert "#undef GG_VERSION" not in c


def _generate(tmp, files, expect_fail):
    """Run the generator on files {name: text} written into tmp (beside
    the real headers of ext/, found by name); its result."""
    paths = []
    for name, text in files.items():
        p = os.path.join(tmp, name)
        with open(p, "w") as f:
            f.write(text)
        paths.append(p)
    p = subprocess.run([PYTHON, GENERATOR, os.path.join(tmp, "out"), VERSION] + paths,
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    if expect_fail:
        assert p.returncode != 0, "the generator accepted %s" % sorted(files)
        return p.stderr
    _ok(p, "mk/amalgamation.py")
    return open(os.path.join(tmp, "out", "graphgame.c"), encoding="utf-8").read()


def test_the_generator_refuses_what_would_clash():
    tmp = tempfile.mkdtemp(prefix="gg-amalg-", dir=os.path.join(ROOT, "dist"))
    try:
        # Two tentative definitions would silently be one variable.
        err = _generate(tmp, {"a.c": "/* a */\nstatic int nSeen;\nint a(void){ return nSeen++; }\n",
                              "b.c": "/* b */\nstatic int nSeen;\nint b(void){ return nSeen--; }\n"},
                        True)
        assert "nSeen is a file-scope name of" in err and "a.c" in err and "b.c" in err, err
        # A static function, a typedef, a struct tag, an enum constant.
        for decl in ("static void helper(int x){ (void)x; }", "typedef int Helper;",
                     "struct Helper { int x; };", "enum { HELPER_ONE = 1 };"):
            err = _generate(tmp, {"a.c": decl + "\n", "b.c": decl + "\n"}, True)
            assert "is a file-scope name of" in err, (decl, err)
        # A static name that a header of ext/ declares (keymap.h: gg_keymap_find).
        err = _generate(tmp, {"a.c": '#include "keymap.h"\n',
                              "b.c": "static int gg_keymap_find;\n"}, True)
        assert "gg_keymap_find" in err and "keymap.h" in err, err
        # A .c redefining a header's macro (keymap.h: GG_KEY_INT).
        err = _generate(tmp, {"a.c": '#include "keymap.h"\n#undef GG_KEY_INT\n#define GG_KEY_INT 7\n'},
                        True)
        assert "GG_KEY_INT" in err and "keymap.h" in err, err
        # Two defaults of one macro that differ.
        err = _generate(tmp, {"a.c": "#ifndef GG_T_DEFAULT\n# define GG_T_DEFAULT 1\n#endif\n",
                              "b.c": "#ifndef GG_T_DEFAULT\n# define GG_T_DEFAULT 2\n#endif\n"}, True)
        assert "the default of GG_T_DEFAULT differs" in err, err
        # A header of ext/ included under #if.
        err = _generate(tmp, {"a.c": '#ifdef GG_T\n#include "keymap.h"\n#endif\n'}, True)
        assert "under #if" in err, err
    finally:
        shutil.rmtree(tmp)


def test_a_files_own_macros_and_statics_do_not_reach_the_next():
    """Two files each with its own macro of one name, and names that
    only look alike, compile as one file with -Werror."""
    tmp = tempfile.mkdtemp(prefix="gg-amalg-", dir=os.path.join(ROOT, "dist"))
    try:
        c = _generate(tmp, {
            "a.c": "/* a.c: the first */\n#include <stdint.h>\n#include \"keymap.h\"\n"
                   "#define STEP 1\n#define TWICE(x) ((x)*2)\nstatic int aN;\n"
                   "int a_next(void){ return TWICE(aN += STEP); }\n",
            "b.c": "/* b.c: the second */\n#include \"keymap.h\"\n#define STEP 2\n"
                   "#ifndef TWICE\nstatic int bTwice = 1;\n#endif\nstatic int bN;\n"
                   "int b_next(void){ return bTwice + (bN += STEP); }\n"}, False)
        assert c.count('Begin header ext/engine/core/keymap.h') == 1, c
        assert '/* #include "keymap.h": already above */' in c, c
        assert "/* a.c: the first */" in c and "/* b.c: the second */" in c
        out = os.path.join(tmp, "out", "graphgame.o")
        _ok(subprocess.run(["gcc", "-Wall", "-Wextra", "-Werror", "-c", "-o", out,
                            os.path.join(tmp, "out", "graphgame.c")], capture_output=True,
                           text=True, timeout=120), "gcc on the generated file")
    finally:
        shutil.rmtree(tmp)


def test_nauty_macros_reach_no_other_file():
    """With -DGG_HAVE_NAUTY, nauty.h (inlined by cops_aut.c) defines its
    macros for every file after it: none of them is a word of the code of
    any other file of ext/ (comments and strings aside)."""
    flags = subprocess.run(["pkg-config", "--cflags", "nauty"], capture_output=True, text=True)
    if flags.returncode != 0 or not flags.stdout.strip():
        return "nauty's headers not found: not checked"
    tmp = tempfile.mkdtemp(prefix="gg-amalg-", dir=os.path.join(ROOT, "dist"))
    try:
        base = "".join("#include <%s>\n" % h for h in (
            "stdio.h", "stdlib.h", "string.h", "stdint.h", "stddef.h", "limits.h", "unistd.h",
            "pthread.h", "dlfcn.h", "errno.h", "math.h", "time.h"))

        def macros(text):
            p = os.path.join(tmp, "m.c")
            with open(p, "w") as f:
                f.write(text)
            out = _ok(subprocess.run(["gcc", "-E", "-dM"] + flags.stdout.split() + [p],
                                     capture_output=True, text=True), "gcc -dM").stdout
            return {re.match(r"#define (\w+)", x).group(1) for x in out.splitlines()}
        nauty = macros(base + "#include <nauty.h>\n") - macros(base)
        assert len(nauty) > 50, nauty
        gen = _generator()
        hits = []
        for p in sorted(glob.glob(os.path.join(ROOT, "ext", "**", "*.[ch]"), recursive=True)):
            if p.endswith("cops_aut.c"):
                continue
            words = set(re.findall(r"[A-Za-z_]\w*", gen.strip_code(open(p, encoding="utf-8").read())))
            hits += ["%s: %s" % (os.path.relpath(p, ROOT), w) for w in sorted(words & nauty)]
        assert not hits, "words of nauty.h's macros in other files: %s" % hits
    finally:
        shutil.rmtree(tmp)
    return "%d macros of nauty.h" % len(nauty)


def test_header_declares_the_entry_point():
    _make("amalgamation", timeout=300)
    h = open(os.path.join(AMALG, "graphgame.h"), encoding="utf-8").read()
    for want in ("int sqlite3_graphgame_init(sqlite3 *db, char **pzErrMsg,",
                 "sqlite3_auto_extension((void(*)(void))sqlite3_graphgame_init);",
                 "-DSQLITE_EXTRA_INIT=sqlite3_graphgame_extra_init", "SQLITE_CORE", VERSION):
        assert want in h, want


# --- make check: built and run ------------------------------------------------

_state = {}


def _build():
    if "built" in _state:
        return
    eco.need_node()                       # better-sqlite3's sqlite3.c
    eco.need_program("clang", "clang")
    _make("-j2", "amalgamation-check-progs", "dist/release-check/sqlrun", "dist/graphgame.so")
    _state["built"] = True


def _exports(lib):
    p = _ok(subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True), "nm")
    return [line.split()[-1] for line in p.stdout.splitlines() if line.strip()]


@gg.release
def test_loadable_built_by_gcc_and_clang():
    """gcc -shared -fPIC (nauty off) and clang -shared -fPIC (nauty on):
    each exports the entry point only, and prints the reference's bytes."""
    _build()
    for cc in ("gcc", "clang"):
        lib = os.path.join(AC, cc, "graphgame.so")
        assert _exports(lib) == ["sqlite3_graphgame_init"], (cc, _exports(lib))
        ref.same("the amalgamation built by %s" % cc,
                 ref.run_examples([os.path.join(RC, "sqlrun"), "-load", lib], "sqlrun with " + lib))


@gg.release
def test_compiled_into_a_program_with_sqlite():
    """graphgame.c with -DSQLITE_CORE in one program with SQLite's
    amalgamation, nothing loaded: registered with sqlite3_auto_extension,
    and by SQLite's SQLITE_EXTRA_INIT; the reference's bytes from both."""
    _build()
    h = open(os.path.join(RC, "src", "sqlite3.h"), encoding="utf-8").read()
    newest = re.search(r'#define SQLITE_VERSION\s+"([^"]+)"', h).group(1)
    for prog in ("sqlrun-core", "sqlrun-extra-init"):
        exe = os.path.join(AC, prog)
        syms = _ok(subprocess.run(["nm", exe], capture_output=True, text=True), "nm").stdout
        assert re.search(r" T sqlite3_graphgame_init$", syms, re.M), prog
        assert re.search(r" T sqlite3_open_v2$", syms, re.M), prog
        with tempfile.NamedTemporaryFile("w", suffix=".sql", dir=AC, delete=False) as f:
            f.write("SELECT sqlite_version(), graphgame_version();\n")
        try:
            p = _ok(subprocess.run([exe, f.name], capture_output=True, text=True), prog)
            assert p.stdout.strip() == "%s|%s" % (newest, VERSION), p.stdout
        finally:
            os.unlink(f.name)
        ref.same("%s (SQLite %s, graphgame compiled in)" % (prog, newest),
                 ref.run_examples([exe], prog))


@gg.release
def test_windows_dll_built_by_mingw_under_wine():
    """MinGW-w64's gcc builds it into a DLL that exports the entry point
    only; the release check's sqlrun.exe (MinGW-w64, SQLite's amalgamation)
    prints the reference's bytes with it under Wine."""
    _build()
    eco.need_program("x86_64-w64-mingw32-gcc-posix", "gcc-mingw-w64-x86-64-posix")
    eco.need_program("x86_64-w64-mingw32-objdump", "binutils-mingw-w64-x86-64")
    wine = shutil.which("wine") or shutil.which("wine64") or \
        ("/usr/lib/wine/wine64" if os.path.exists("/usr/lib/wine/wine64") else None)
    assert wine, "Wine is not installed: run .ci/run, or `apt-get install -y wine64`"
    _make("dist/amalgamation-check/mingw/graphgame.dll", "dist/release-check/sqlrun.exe")
    dll = os.path.join("dist", "amalgamation-check", "mingw", "graphgame.dll")
    table = _ok(subprocess.run(["x86_64-w64-mingw32-objdump", "-p", dll], cwd=ROOT,
                               capture_output=True, text=True), "objdump -p").stdout
    names = re.findall(r"^\s*\[\s*\d+\] (\S+)$", table.split("[Ordinal/Name Pointer] Table", 1)[-1],
                       re.M)
    assert names == ["sqlite3_graphgame_init"], names
    env = dict(os.environ, WINEPREFIX=os.path.join(RC, "wine"), WINEDEBUG="-all",
               WINEDLLOVERRIDES="mscoree,mshtml=")
    env.pop("DISPLAY", None)
    runner = [wine, os.path.join("dist", "release-check", "sqlrun.exe"), "-load", dll]
    try:
        got = {}
        for ex in ref.EXAMPLES:
            p = subprocess.run(runner + [os.path.relpath(ex, ROOT)], cwd=ROOT, capture_output=True,
                               timeout=600, env=env)
            _ok(p, "sqlrun.exe under Wine on %s" % os.path.basename(ex))
            got[os.path.basename(ex)] = p.stdout
        ref.same("the amalgamation built by MinGW-w64, under Wine", got)
    finally:
        server = shutil.which("wineserver")
        if server:
            subprocess.run([server, "-k"], env=env, capture_output=True, timeout=60)
