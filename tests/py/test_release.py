"""The release downloads (`make release`: dist/release/, mk/release.mk),
each loaded in a real SQLite, with every examples/*.sql run through it;
`make release-check` runs this file, and make check (so CI) runs it too.

The runner is tests/tools/sqlrun.c, a stand-in for the sqlite3 CLI built
five ways (mk/release.mk, mk/musl.mk, into dist/release-check/).  The
reference is its x86-64 build on Debian's libsqlite3 with the library of
the Linux x86-64 archive, and it prints what the sqlite3 CLI prints for
the same scripts.  Every other artifact must print the same bytes:

    linux-x86_64 archive    also in SQLite's newest amalgamation (the one
                            better-sqlite3 ships), compiled into the runner
    linux-aarch64 archive   64-bit ARM, under qemu-user, in Debian's arm64
                            libsqlite3 (multiarch)
    windows-x86_64 zip      the runner built with MinGW-w64 on the
                            amalgamation, under Wine (a prefix of its own
                            in dist/release-check/wine)
    linux-x86_64-musl       the runner built with musl-gcc on the
      archive               amalgamation, run by musl's loader; readelf: it
                            needs musl's libc.so only, no GLIBC_ version
                            (tests/py/test_musl.py: more)
    the amalgamation        its graphgame.c compiled by gcc -shared -fPIC,
      archive               as its README.txt says (tests/py/
                            test_amalgamation.py: clang, SQLITE_CORE)
    the wheel               in a fresh venv of Debian's python3: imported,
                            graphgame.load(conn), the scripts' statements
                            run through Python's sqlite3 module
    the aarch64 wheel       the same in a venv of Debian's arm64 python3
                            under qemu-user (unpacked, not installed:
                            mk/arm64-python.sh), whose pip refuses the
                            x86-64 wheel and installs this one
    the sdist               compiled by pip (gcc) in a fresh venv, then
                            the same (tests/py/test_sdist.py: clang too)
    both wheels' tags       manylinux_2_X_<arch>: X the highest GLIBC_2.X
                            that objdump -T finds in the library
    the npm tarball         installed offline into a fresh project next to
                            the pinned better-sqlite3: require("graphgame")
                            .load(db), the same statements
    the WebAssembly bundle  its own shell (shell.js) under Node

The Python and Node runners take the scripts as sqlrun -steps cuts them
(one statement at a time, .read inlined), and print REALs with SQLite's
printf("%!.15g"), as sqlrun does on every SQLite (SQLite 3.52 changed the
text of a REAL to 17 digits, was 15: 0.15*3 is 0.44999999999999996, was
0.45; test_old_sqlite.py shows it in the shells of 3.44 and 3.52).
"""
import glob
import json
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import zipfile

import ecosystem as eco
import examples_ref

SUITE = "check"     # make check only (tests/README.md): cross builds, qemu, Wine

ROOT = eco.ROOT
VERSION = open(os.path.join(ROOT, "VERSION"), encoding="utf-8").read().strip()
REL = os.path.join(ROOT, "dist", "release")
RC = os.path.join(ROOT, "dist", "release-check")
PYTHON = "/usr/bin/python3"      # Debian's: its sqlite3 module loads extensions
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "*.sql")))
ARCHIVES = {
    "linux-x86_64": ("graphgame-%s-linux-x86_64.tar.gz" % VERSION, "graphgame.so"),
    "linux-aarch64": ("graphgame-%s-linux-aarch64.tar.gz" % VERSION, "graphgame.so"),
    "windows-x86_64": ("graphgame-%s-windows-x86_64.zip" % VERSION, "graphgame.dll"),
    "wasm": ("graphgame-%s-wasm.tar.gz" % VERSION, "graphgame-sqlite.wasm"),
    "linux-x86_64-musl": ("graphgame-%s-linux-x86_64-musl.tar.gz" % VERSION, "graphgame.so"),
    "amalgamation": ("graphgame-%s-amalgamation.tar.gz" % VERSION, "graphgame.c"),
}
# The wheels' names carry the glibc their library needs (setup.py reads
# it with readelf -V; test_wheels_are_tagged_for_the_glibc_they_need reads
# it again with objdump -T).
WHEEL_RE = re.compile(r"^graphgame-%s-py3-none-manylinux_2_(\d+)_(x86_64|aarch64)\.whl$" % re.escape(VERSION))
SDIST = "graphgame-%s.tar.gz" % VERSION
NPM = "graphgame-%s.tgz" % VERSION

_state = {}


_ok = examples_ref.ok        # a command that must succeed, its output in the failure


def _build():
    """make release and the runners, once per run of the suite."""
    if "built" in _state:
        return
    eco.need_node()               # better-sqlite3's amalgamation and the npm check
    for prog, pkg in (("aarch64-linux-gnu-gcc", "gcc-aarch64-linux-gnu"),
                      ("x86_64-w64-mingw32-gcc-posix", "gcc-mingw-w64-x86-64-posix"),
                      ("emcc", "emscripten"), ("zip", "zip"), ("npm", "npm"),
                      ("musl-gcc", "musl-tools")):
        eco.need_program(prog, pkg)
    _ok(eco.run(["make", "-s", "--no-print-directory", "release"], timeout=1800), "make release")
    _ok(eco.run(["make", "-s", "--no-print-directory", "-j2", "release-runners"], timeout=1800),
        "make release-runners")
    _state["built"] = True


def _wheel(arch):
    """The path of the release's one wheel for arch (x86_64, aarch64)."""
    found = [n for n in os.listdir(REL) if WHEEL_RE.match(n) and WHEEL_RE.match(n).group(2) == arch]
    assert len(found) == 1, "not one %s wheel in dist/release/: %s" % (arch, sorted(os.listdir(REL)))
    return os.path.join(REL, found[0])


def _safe(archive, names):
    bad = [n for n in names if n.startswith("/") or ".." in n.split("/")]
    assert not bad, "%s holds paths outside its folder: %s" % (archive, bad)


def _unpack(kind):
    """The archive of kind unpacked afresh into dist/release-check/unpacked/;
    the path of its one folder."""
    _build()
    name = ARCHIVES[kind][0]
    dest = os.path.join(RC, "unpacked", kind)
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    path = os.path.join(REL, name)
    # Files and folders under one top folder only (Debian 12's Python 3.11.2
    # has no extraction filter).
    if name.endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            _safe(name, names)
            z.extractall(dest)
    else:
        with tarfile.open(path) as t:
            members = t.getmembers()
            assert all(m.isfile() or m.isdir() for m in members), (name, [m.name for m in members])
            _safe(name, [m.name for m in members])
            t.extractall(dest)
    tops = os.listdir(dest)
    assert tops == [name.rsplit(".tar.gz", 1)[0].rsplit(".zip", 1)[0]], (name, tops)
    return os.path.join(dest, tops[0])


def _run_examples(argv, lib, what, env=None, timeout=600):
    """Every example through a sqlrun build (argv), .load giving lib; the
    outputs by example name, as bytes."""
    outs = {}
    for ex in EXAMPLES:
        p = subprocess.run(argv + ["-load", lib, os.path.relpath(ex, ROOT)], cwd=ROOT,
                           capture_output=True, timeout=timeout, env=env)
        _ok(p, "%s on %s" % (what, os.path.basename(ex)))
        outs[os.path.basename(ex)] = p.stdout
    return outs


def _run_steps(tmp, argv, cwd, what):
    """Each example as steps (tmp/steps.jsonl) through a runner argv + [steps]
    in cwd: its outputs by example name, as bytes."""
    got = {}
    for ex in EXAMPLES:
        steps = os.path.join(tmp, "steps.jsonl")
        with open(steps, "w", encoding="utf-8") as f:
            f.write(_steps(ex))
        p = _ok(subprocess.run(argv + [steps], cwd=cwd, capture_output=True, timeout=600),
                "%s on %s" % (what, ex))
        got[os.path.basename(ex)] = p.stdout
    return got


def _reference():
    """The x86-64 runner on Debian's SQLite with the x86-64 archive's library."""
    if "ref" not in _state:
        lib = os.path.join(_unpack("linux-x86_64"), "graphgame.so")
        _state["ref"] = _run_examples([os.path.join(RC, "sqlrun")], lib, "sqlrun (x86-64)")
        assert len(_state["ref"]) >= 5 and all(len(v) > 100 for v in _state["ref"].values()), _state["ref"]
    return _state["ref"]


def _same(what, got):
    """got (example name -> bytes) equals the reference byte for byte."""
    want = _reference()
    bad = []
    for name in sorted(want):
        w, g = want[name], got.get(name)
        if g == w:
            continue
        if g is None:
            bad.append("%s: not run" % name)
            continue
        wl, gl = w.split(b"\n"), g.split(b"\n")
        i = next((k for k in range(max(len(wl), len(gl)))
                  if k >= len(wl) or k >= len(gl) or wl[k] != gl[k]), None)
        bad.append("%s: %d bytes, the reference %d; line %s: %r, the reference %r" % (
            name, len(g), len(w), i + 1 if i is not None else "?",
            gl[i] if i is not None and i < len(gl) else None,
            wl[i] if i is not None and i < len(wl) else None))
    assert not bad, "%s differs from the x86-64 build:\n  %s" % (what, "\n  ".join(bad))


def _version_of(argv, env=None):
    """sqlite_version() as a sqlrun build sees it."""
    with tempfile.NamedTemporaryFile("w", suffix=".sql", dir=RC, delete=False) as f:
        f.write("SELECT sqlite_version();\n")
    try:
        p = _ok(subprocess.run(argv + [os.path.relpath(f.name, ROOT)], cwd=ROOT, capture_output=True,
                               text=True, timeout=600, env=env), "sqlite_version()")
        return p.stdout.strip()
    finally:
        os.unlink(f.name)


def _amalgamation_version():
    h = open(os.path.join(RC, "src", "sqlite3.h"), encoding="utf-8").read()
    return re.search(r'#define SQLITE_VERSION\s+"([^"]+)"', h).group(1)


def test_release_holds_every_download_and_its_checksum():
    _build()
    names = sorted(os.listdir(REL))
    wheels = [os.path.basename(_wheel(arch)) for arch in ("x86_64", "aarch64")]
    want = sorted([a for a, _ in ARCHIVES.values()] + wheels + [SDIST, NPM, "SHA256SUMS"])
    assert names == want, names
    p = _ok(subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=REL, capture_output=True,
                           text=True), "sha256sum -c SHA256SUMS")
    assert p.stdout.count(": OK\n") == len(want) - 1, p.stdout
    sizes = {}
    for kind, (name, lib) in ARCHIVES.items():
        top = _unpack(kind)
        files = sorted(os.path.relpath(os.path.join(d, f), top)
                       for d, _, fs in os.walk(top) for f in fs)
        assert lib in files and "LICENSE" in files and "README.txt" in files, (name, files)
        assert "sql/schema.sql" in files and "check.py" in files, (name, files)
        assert open(os.path.join(top, "LICENSE"), "rb").read() == \
            open(os.path.join(ROOT, "LICENSE"), "rb").read(), name
        readme = open(os.path.join(top, "README.txt"), encoding="utf-8").read()
        assert VERSION in readme and "sha256sum -c SHA256SUMS --ignore-missing" in readme, name
        sizes[name] = os.path.getsize(os.path.join(REL, name))
    # No path of the machine that built it.
    for kind in ("linux-x86_64", "linux-aarch64", "windows-x86_64", "linux-x86_64-musl",
                 "amalgamation"):
        lib = os.path.join(RC, "unpacked", kind, os.listdir(os.path.join(RC, "unpacked", kind))[0],
                           ARCHIVES[kind][1])
        assert ROOT.encode() not in open(lib, "rb").read(), "%s holds %s" % (lib, ROOT)


def test_reference_runner_prints_what_the_sqlite3_cli_prints():
    eco.need_program(eco.SQLITE3, "sqlite3")
    lib = os.path.join(_unpack("linux-x86_64"), "graphgame.so")
    got = {}
    for ex in EXAMPLES:
        script = open(ex, encoding="utf-8").read()
        script = re.sub(r"^\.load \S+", lambda m: ".load " + lib, script, flags=re.M)
        p = _ok(subprocess.run([eco.SQLITE3, "-batch", "-bail", ":memory:"], input=script.encode(),
                               cwd=ROOT, capture_output=True, timeout=600), "sqlite3 " + ex)
        assert not p.stderr, p.stderr
        got[os.path.basename(ex)] = p.stdout
    version = _ok(eco.run([eco.SQLITE3, "-batch", ":memory:"], input="SELECT sqlite_version();\n"),
                  "sqlite3").stdout.strip()
    _same("the sqlite3 CLI (SQLite %s)" % version, got)


def test_linux_x86_64_in_the_newest_sqlite():
    lib = os.path.join(_unpack("linux-x86_64"), "graphgame.so")
    runner = [os.path.join(RC, "sqlrun-amalgamation")]
    newest, debian = _amalgamation_version(), _version_of([os.path.join(RC, "sqlrun")])
    assert _version_of(runner) == newest != debian, (newest, debian)
    _same("linux-x86_64 in SQLite %s" % newest, _run_examples(runner, lib, "sqlrun-amalgamation"))


def test_linux_aarch64_under_qemu():
    eco.need_program("qemu-aarch64", "qemu-user")
    lib = os.path.join(_unpack("linux-aarch64"), "graphgame.so")
    kind = _ok(subprocess.run(["file", "-b", lib], capture_output=True, text=True), "file").stdout
    assert kind.startswith("ELF 64-bit LSB shared object, ARM aarch64"), kind
    head = _ok(subprocess.run(["readelf", "-h", lib], capture_output=True, text=True), "readelf").stdout
    assert re.search(r"Class:\s+ELF64", head) and re.search(r"Machine:\s+AArch64", head), head
    runner = ["qemu-aarch64", os.path.join(RC, "sqlrun-aarch64")]
    version = _version_of(runner)        # Debian's arm64 SQLite: the x86-64 runner's version
    assert version == _version_of([os.path.join(RC, "sqlrun")]), version
    _same("linux-aarch64 under qemu-user in SQLite %s" % version,
          _run_examples(runner, lib, "sqlrun-aarch64 under qemu-aarch64"))


def test_windows_x86_64_under_wine():
    wine = shutil.which("wine") or shutil.which("wine64") or \
        ("/usr/lib/wine/wine64" if os.path.exists("/usr/lib/wine/wine64") else None)
    assert wine, "Wine is not installed: run .ci/run, or `apt-get install -y wine64`"
    dll = os.path.relpath(os.path.join(_unpack("windows-x86_64"), "graphgame.dll"), ROOT)
    kind = _ok(subprocess.run(["file", "-b", dll], cwd=ROOT, capture_output=True, text=True), "file").stdout
    assert kind.startswith("PE32+ executable (DLL)") and "x86-64" in kind, kind
    prefix = os.path.join(RC, "wine")
    env = dict(os.environ, WINEPREFIX=prefix, WINEDEBUG="-all", WINEDLLOVERRIDES="mscoree,mshtml=")
    env.pop("DISPLAY", None)
    runner = [wine, os.path.relpath(os.path.join(RC, "sqlrun.exe"), ROOT)]
    try:
        # The first run makes the prefix (wineboot), seconds to a minute.
        version = _version_of(runner, env=env)
        assert version == _amalgamation_version(), version
        _same("windows-x86_64 under Wine in SQLite %s" % version,
              _run_examples(runner, dll, "sqlrun.exe under Wine", env=env))
    finally:
        server = shutil.which("wineserver")
        if server:
            subprocess.run([server, "-k"], env=env, capture_output=True, timeout=60)


def test_linux_x86_64_musl_in_a_musl_sqlite():
    lib = os.path.join(_unpack("linux-x86_64-musl"), "graphgame.so")
    elf = _ok(subprocess.run(["readelf", "-W", "-d", "-V", "--dyn-syms", lib], capture_output=True,
                             text=True), "readelf").stdout
    assert re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", elf) == ["libc.so"], elf
    assert "GLIBC_" not in elf, sorted(set(re.findall(r"GLIBC_[0-9.]+", elf)))
    runner = [os.path.join(RC, "sqlrun-musl")]
    version = _version_of(runner)
    assert version == _amalgamation_version(), version
    _same("linux-x86_64-musl in a musl SQLite %s" % version,
          _run_examples(runner, lib, "sqlrun-musl (musl's loader)"))


def test_amalgamation_compiled_as_its_readme_says():
    top = _unpack("amalgamation")
    assert os.path.exists(os.path.join(top, "graphgame.h"))
    readme = open(os.path.join(top, "README.txt"), encoding="utf-8").read()
    cmd = "gcc -O2 -fPIC -shared graphgame.c -o graphgame.so -lpthread -lm"
    assert cmd in readme, readme
    _ok(subprocess.run(cmd.split(), cwd=top, capture_output=True, text=True, timeout=600), cmd)
    _same("the amalgamation archive's graphgame.c (gcc)",
          _run_examples([os.path.join(RC, "sqlrun")], os.path.join(top, "graphgame.so"),
                        "sqlrun with the amalgamation's library"))


def _steps(ex):
    """An example cut into steps by sqlrun -steps (JSON lines)."""
    p = _ok(subprocess.run([os.path.join(RC, "sqlrun"), "-steps", os.path.relpath(ex, ROOT)],
                           cwd=ROOT, capture_output=True, text=True, timeout=60), "sqlrun -steps")
    return p.stdout


PY_RUNNER = r"""
import json, sqlite3, sys
import graphgame
assert graphgame.loadable_path().startswith(sys.prefix), graphgame.loadable_path()
db = sqlite3.connect(":memory:", isolation_level=None)
out = sys.stdout.buffer

def text(v):
    if v is None:
        return b""
    if isinstance(v, float):
        return db.execute("SELECT printf('%!.15g', ?)", (v,)).fetchone()[0].encode()
    if isinstance(v, bytes):
        return v.split(b"\0")[0]
    return str(v).encode()

for line in open(sys.argv[1], encoding="utf-8"):
    step = json.loads(line)
    if "load" in step:
        graphgame.load(db)
    elif "print" in step:
        out.write(step["print"].encode() + b"\n")
    else:
        for row in db.execute(step["sql"]):
            out.write(b"|".join(text(v) for v in row) + b"\n")
"""


def test_wheel_in_a_fresh_venv():
    _build()
    tmp = tempfile.mkdtemp(prefix="gg-release-venv-")
    try:
        venv = os.path.join(tmp, "venv")
        _ok(eco.run([PYTHON, "-m", "venv", venv], timeout=300), "python3 -m venv")
        py = os.path.join(venv, "bin", "python")
        _ok(eco.run([py, "-m", "pip", "install", "-q", "--no-index", "--no-deps",
                     _wheel("x86_64")], timeout=300), "pip install the wheel")
        with open(os.path.join(tmp, "run.py"), "w") as f:
            f.write(PY_RUNNER)
        # Not from the repository: the installed copy is imported.
        got = _run_steps(tmp, [py, os.path.join(tmp, "run.py")], tmp, "the wheel")
        version = _ok(eco.run([py, "-c", "import sqlite3; print(sqlite3.sqlite_version)"]), "version").stdout
        _same("the wheel in Python's sqlite3 (SQLite %s)" % version.strip(), got)
    finally:
        shutil.rmtree(tmp)


NODE_RUNNER = r"""
const fs = require("fs");
const Database = require("better-sqlite3");
const graphgame = require("graphgame");
if (!graphgame.getLoadablePath().startsWith(process.cwd())) throw new Error(graphgame.getLoadablePath());
const db = new Database(":memory:");
const real = db.prepare("SELECT printf('%!.15g', ?) AS t");
const bar = Buffer.from("|"), nl = Buffer.from("\n");
const cell = (v) => v === null ? Buffer.alloc(0)
  : Buffer.isBuffer(v) ? v.subarray(0, v.indexOf(0) < 0 ? v.length : v.indexOf(0))   // as the CLI: up to a NUL
  : Buffer.from(typeof v === "bigint" ? String(v) : typeof v === "number" ? real.get(v).t : v);
const out = [];
for (const line of fs.readFileSync(process.argv[2], "utf8").split("\n")) {
  if (!line) continue;
  const step = JSON.parse(line);
  if ("load" in step) graphgame.load(db);
  else if ("print" in step) out.push(Buffer.from(step.print), nl);
  else {
    const st = db.prepare(step.sql);
    if (!st.reader) { st.run(); continue; }
    st.safeIntegers(true).raw(true);
    for (const row of st.iterate()) row.forEach((v, i) => out.push(i ? bar : Buffer.alloc(0), cell(v))), out.push(nl);
  }
}
process.stdout.write(Buffer.concat(out));
"""


def test_npm_tarball_in_a_fresh_project():
    _build()
    tmp = tempfile.mkdtemp(prefix="gg-release-npm-")
    try:
        proj = os.path.join(tmp, "project")
        os.mkdir(proj)
        with open(os.path.join(proj, "package.json"), "w") as f:
            json.dump({"name": "uses-graphgame", "version": "1.0.0", "private": True}, f)
        # The tarball has no dependencies, so the install asks no registry.
        _ok(eco.run(["npm", "install", "--offline", "--no-audit", "--no-fund",
                     os.path.join(REL, NPM)], cwd=proj, timeout=300), "npm install the tarball")
        # better-sqlite3 next to it: the copy pinned (and compiled) by tests/clients.
        os.symlink(os.path.join(eco.NODE_MODULES, "better-sqlite3"),
                   os.path.join(proj, "node_modules", "better-sqlite3"))
        with open(os.path.join(proj, "run.js"), "w") as f:
            f.write(NODE_RUNNER)
        got = _run_steps(tmp, ["node", "run.js"], proj, "the npm package")
        version = _ok(eco.run(["node", "-e", 'console.log(new (require("better-sqlite3"))(":memory:")'
                               '.prepare("SELECT sqlite_version() AS v").get().v)'], cwd=proj),
                      "version").stdout
        _same("the npm package in better-sqlite3 (SQLite %s)" % version.strip(), got)
    finally:
        shutil.rmtree(tmp)


def test_wasm_bundle_in_node():
    eco.need_program("node", "nodejs")
    top = _unpack("wasm")
    shell = os.path.join(top, "shell.js")
    got = {}
    for ex in EXAMPLES:
        with open(ex, "rb") as f:
            p = _ok(subprocess.run(["node", shell, "-list", "-real15"], stdin=f, cwd=ROOT,
                                   capture_output=True, timeout=600), "the wasm bundle on " + ex)
        assert not p.stderr, p.stderr
        got[os.path.basename(ex)] = p.stdout
    _same("the WebAssembly bundle's shell.js", got)


# What a manylinux wheel's library may take from the system (PEP 600: the
# libraries of glibc itself).
MANYLINUX_LIBS = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1",
                  "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}


def test_wheels_are_tagged_for_the_glibc_they_need():
    """Each wheel's tag (its file name and its WHEEL file) is
    manylinux_2_X_<arch>, with <arch> the ELF machine of its library and X
    the highest GLIBC_2.X among the versions of the symbols it takes
    (objdump -T, where setup.py read readelf -V); the library needs no
    other library than glibc's, and is the release archive's of its
    architecture (the same once its debug sections are stripped)."""
    _build()
    eco.need_program("aarch64-linux-gnu-objdump", "binutils-aarch64-linux-gnu")
    tmp = tempfile.mkdtemp(prefix="gg-release-tags-")
    notes, minors = [], []
    try:
        for arch, machine, objdump, strip, archive in (
                ("x86_64", "Advanced Micro Devices X86-64", "objdump", "strip", "linux-x86_64"),
                ("aarch64", "AArch64", "aarch64-linux-gnu-objdump", "aarch64-linux-gnu-strip",
                 "linux-aarch64")):
            whl = _wheel(arch)
            z = zipfile.ZipFile(whl)
            files = set(z.namelist())
            for f in ("graphgame/__init__.py", "graphgame/check.py", "graphgame/graphgame.so",
                      "graphgame-%s.dist-info/LICENSE" % VERSION):
                assert f in files, (whl, sorted(files))
            lib = os.path.join(tmp, arch + ".so")
            with open(lib, "wb") as f:
                f.write(z.read("graphgame/graphgame.so"))
            head = _ok(subprocess.run(["readelf", "-h", lib], capture_output=True, text=True), "readelf -h").stdout
            assert re.search(r"Machine:\s+%s\s*$" % re.escape(machine), head, re.M), (arch, head)
            syms = _ok(subprocess.run([objdump, "-T", lib], capture_output=True, text=True), objdump).stdout
            found = [int(m) for m in re.findall(r"\bGLIBC_2\.(\d+)", syms)]
            assert found, syms[:2000]
            tag = "manylinux_2_%d_%s" % (max(found), arch)
            assert os.path.basename(whl) == "graphgame-%s-py3-none-%s.whl" % (VERSION, tag), (whl, tag)
            meta = z.read("graphgame-%s.dist-info/WHEEL" % VERSION).decode().splitlines()
            assert "Tag: py3-none-" + tag in meta and "Root-Is-Purelib: false" in meta, meta
            dyn = _ok(subprocess.run(["readelf", "-d", lib], capture_output=True, text=True), "readelf -d").stdout
            needed = set(re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", dyn))
            assert needed and needed <= MANYLINUX_LIBS, (arch, needed - MANYLINUX_LIBS)
            stripped = os.path.join(tmp, arch + ".stripped.so")
            _ok(subprocess.run([strip, "--strip-debug", "-o", stripped, lib], capture_output=True), strip)
            shipped = os.path.join(_unpack(archive), "graphgame.so")
            assert open(stripped, "rb").read() == open(shipped, "rb").read(), \
                "the %s wheel's library is not the %s archive's" % (arch, archive)
            notes.append(tag)
            minors.append(max(found))
        # docs/install.md names the glibc the Linux downloads need.
        install = open(os.path.join(ROOT, "docs", "install.md"), encoding="utf-8").read()
        assert "glibc 2.%d or newer" % max(minors) in install, \
            "docs/install.md does not say glibc 2.%d or newer" % max(minors)
    finally:
        shutil.rmtree(tmp)
    return ", ".join(notes)


def _arm64_python():
    """Debian's arm64 python3 (make arm64-python), as an argv under qemu-user."""
    eco.need_program("qemu-aarch64", "qemu-user")
    p = _ok(eco.run(["make", "-s", "--no-print-directory", "arm64-python"], timeout=900), "make arm64-python")
    py = os.path.join(ROOT, p.stdout.strip().splitlines()[-1])
    return ["qemu-aarch64", "-L", os.path.join(ROOT, "dist", "arm64-python", "sysroot"), py]


def test_aarch64_wheel_under_qemu():
    """The aarch64 wheel in a venv of Debian's arm64 python3 under
    qemu-user: that Python's pip (this machine's pip, pure Python, run by
    it) refuses the x86-64 wheel and installs this one; then the examples,
    byte for byte."""
    _build()
    python = _arm64_python()
    tmp = tempfile.mkdtemp(prefix="gg-release-arm64-")
    try:
        venv = os.path.join(tmp, "venv")
        _ok(eco.run(python + ["-m", "venv", "--without-pip", venv], timeout=300), "arm64 python3 -m venv")
        py = python[:3] + [os.path.join(venv, "bin", "python")]
        machine = _ok(eco.run(py + ["-c", "import platform; print(platform.machine())"]), "platform")
        assert machine.stdout.strip() == "aarch64", machine.stdout
        pip_home = _ok(eco.run([PYTHON, "-c", "import os, pip; print(os.path.dirname(os.path.dirname(pip.__file__)))"]),
                       "pip's folder").stdout.strip()
        pip = py + ["-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-cache-dir",
                    "--disable-pip-version-check"]
        p = eco.run(pip + [_wheel("x86_64")], timeout=600, PYTHONPATH=pip_home)
        assert p.returncode != 0 and "is not a supported wheel on this platform" in p.stderr, p.stdout + p.stderr
        _ok(eco.run(pip + [_wheel("aarch64")], timeout=600, PYTHONPATH=pip_home), "arm64 pip install the wheel")
        with open(os.path.join(tmp, "run.py"), "w") as f:
            f.write(PY_RUNNER)
        got = _run_steps(tmp, py + [os.path.join(tmp, "run.py")], tmp, "the aarch64 wheel under qemu-user")
        version = _ok(eco.run(py + ["-c", "import sqlite3; print(sqlite3.sqlite_version)"]), "version").stdout
        _same("the aarch64 wheel in Debian's arm64 Python under qemu-user (SQLite %s)" % version.strip(), got)
    finally:
        shutil.rmtree(tmp)


def test_python_sdist_compiled_in_a_fresh_venv():
    """The sdist, compiled by pip (gcc, no make) in a fresh venv of
    Debian's python3 with Debian's setuptools, offline; then the examples,
    byte for byte."""
    _build()
    tmp = tempfile.mkdtemp(prefix="gg-release-sdist-")
    try:
        venv = os.path.join(tmp, "venv")
        _ok(eco.run([PYTHON, "-m", "venv", "--system-site-packages", venv], timeout=300), "python3 -m venv")
        py = os.path.join(venv, "bin", "python")
        _ok(eco.run([py, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-build-isolation",
                     "--no-cache-dir", os.path.join(REL, SDIST)], timeout=1200, CC="gcc"),
            "pip install the sdist")
        with open(os.path.join(tmp, "run.py"), "w") as f:
            f.write(PY_RUNNER)
        got = _run_steps(tmp, [py, os.path.join(tmp, "run.py")], tmp, "the sdist")
        _same("the sdist, built by pip with gcc", got)
    finally:
        shutil.rmtree(tmp)
