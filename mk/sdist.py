#!/usr/bin/env python3
"""mk/sdist.py, run by `make sdist` (mk/python.mk): the Python source
distribution, OUT_DIR/graphgame-VERSION.tar.gz.

It stages, in a folder of its own under dist/python/ (removed after), the Python package of
bindings/python/ (setup.py, pyproject.toml, MANIFEST.in, README.md,
build_library.py, graphgame/*.py) with what setup.py compiles the
extension from when it finds no repository around it: the C sources as
the Makefile finds them (ext/engine/*/*.[ch], ext/sqlite/*.[ch],
ext/sqlite/*/*.[ch]), VERSION, LICENSE, and include/ with SQLite's
sqlite3.h and sqlite3ext.h (SQLITE_INCLUDE's, the headers the release's
libraries are built against: SQLite is public domain).  setuptools writes
the archive there (setuptools.build_meta.build_sdist, with PKG-INFO);
then it is packed again with sorted names, owner 0 and every time
SOURCE_DATE_EPOCH (else the last commit's), so that the same tree gives
the same bytes.

    python3 mk/sdist.py OUT_DIR [SQLITE_INCLUDE]     (default /usr/include)
"""
import glob
import gzip
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PKG = os.path.join(ROOT, "bindings", "python")
PACKAGE_FILES = ["setup.py", "pyproject.toml", "MANIFEST.in", "README.md", "build_library.py"]
SOURCES = ["ext/engine/*/*.[ch]", "ext/sqlite/*.[ch]", "ext/sqlite/*/*.[ch]"]


def epoch():
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return int(os.environ["SOURCE_DATE_EPOCH"])
    p = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True)
    return int(p.stdout.strip()) if p.returncode == 0 and p.stdout.strip() else 315532800


def copy(src, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    shutil.copyfile(src, dest)


def stage(dest, sqlite_include):
    for name in PACKAGE_FILES:
        copy(os.path.join(PKG, name), os.path.join(dest, name))
    for f in sorted(glob.glob(os.path.join(PKG, "graphgame", "*.py"))):
        copy(f, os.path.join(dest, "graphgame", os.path.basename(f)))
    for name in ("VERSION", "LICENSE"):
        copy(os.path.join(ROOT, name), os.path.join(dest, name))
    n = 0
    for pattern in SOURCES:
        for f in sorted(glob.glob(os.path.join(ROOT, pattern))):
            copy(f, os.path.join(dest, os.path.relpath(f, ROOT)))
            n += 1
    if n == 0:
        sys.exit("mk/sdist.py: no C sources under ext/")
    for name in ("sqlite3.h", "sqlite3ext.h"):
        src = os.path.join(sqlite_include, name)
        if not os.path.isfile(src):
            sys.exit("mk/sdist.py: no %s (SQLite's headers: apt-get install -y libsqlite3-dev)" % src)
        copy(src, os.path.join(dest, "include", name))


def repack(path, when):
    """path again, with sorted members, owner 0, mode 644 or 755 and every
    time `when` (the gzip header's too)."""
    members = []
    with tarfile.open(path) as t:
        for m in t.getmembers():
            data = t.extractfile(m).read() if m.isfile() else None
            members.append((m, data))
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as out:
        for m, data in sorted(members, key=lambda md: md[0].name):
            if not (m.isfile() or m.isdir()):
                continue
            info = tarfile.TarInfo(m.name)
            info.mtime = when
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            if m.isdir():
                info.type, info.mode = tarfile.DIRTYPE, 0o755
                out.addfile(info)
            else:
                info.mode, info.size = 0o644, len(data)
                out.addfile(info, io.BytesIO(data))
    with open(path, "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=when, compresslevel=9) as z:
            z.write(buf.getvalue())


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out = os.path.abspath(sys.argv[1])
    sqlite_include = sys.argv[2] if len(sys.argv) == 3 else "/usr/include"
    version = open(os.path.join(ROOT, "VERSION"), encoding="utf-8").read().strip()
    os.makedirs(out, exist_ok=True)
    name = "graphgame-%s.tar.gz" % version
    # A folder of its own (two builds at once do not meet), the archive
    # moved into out only when whole.
    work = tempfile.mkdtemp(prefix=".sdist-", dir=out)
    try:
        staged = os.path.join(work, "stage")
        os.makedirs(staged)
        stage(staged, sqlite_include)
        code = "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))"
        p = subprocess.run([sys.executable, "-c", code, work], cwd=staged, capture_output=True, text=True)
        built = os.path.join(work, name)
        if p.returncode != 0 or not os.path.isfile(built):
            sys.exit("mk/sdist.py: setuptools' build_sdist failed (%d):\n%s%s" % (
                p.returncode, p.stdout[-3000:], p.stderr[-3000:]))
        repack(built, epoch())
        os.replace(built, os.path.join(out, name))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(os.path.relpath(os.path.join(out, name), os.getcwd()))


if __name__ == "__main__":
    main()
