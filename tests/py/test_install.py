"""`make install`: the extension into $(PREFIX)/lib, the SQL scripts into
$(PREFIX)/share/graphgame, under $(DESTDIR) when given; the installed
extension loads and reports the version of the file VERSION."""
import filecmp
import glob
import os
import shutil
import sqlite3
import stat
import tempfile

import ecosystem as eco


def _install(*args):
    p = eco.run(["make", "-s", "--no-print-directory", "install"] + list(args))
    if p.returncode != 0:
        raise AssertionError("make install %s failed:\n%s%s" % (" ".join(args), p.stdout, p.stderr))


def _check_tree(prefix):
    lib = os.path.join(prefix, "lib", "graphgame.so")
    assert os.path.isfile(lib), lib
    assert os.stat(lib).st_mode & stat.S_IXUSR, "graphgame.so is not executable"
    share = os.path.join(prefix, "share", "graphgame")
    want = sorted(os.path.basename(f) for f in glob.glob(os.path.join(eco.ROOT, "sql", "*.sql")))
    got = sorted(os.listdir(share))
    assert got == want, (got, want)
    for f in want:
        assert filecmp.cmp(os.path.join(share, f), os.path.join(eco.ROOT, "sql", f), shallow=False), f
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(os.path.join(prefix, "lib", "graphgame"))
    version = open(os.path.join(eco.ROOT, "VERSION"), encoding="utf-8").read().strip()
    assert db.execute("SELECT graphgame_version()").fetchone()[0] == version
    db.executescript(open(os.path.join(share, "schema.sql"), encoding="utf-8").read())
    db.execute("INSERT INTO edges VALUES (1, 1, 0), (1, 2, 3)")
    assert db.execute("SELECT catmouse(1)").fetchone()[0] == 1
    db.close()


def test_make_install_to_a_prefix():
    tmp = tempfile.mkdtemp(prefix="gg-install-")
    try:
        prefix = os.path.join(tmp, "prefix")
        _install("PREFIX=" + prefix)
        _check_tree(prefix)
        _install("PREFIX=" + prefix)          # again, over the old files
        _check_tree(prefix)
    finally:
        shutil.rmtree(tmp)


def test_make_install_honours_destdir():
    tmp = tempfile.mkdtemp(prefix="gg-install-")
    try:
        _install("DESTDIR=" + tmp, "PREFIX=/opt/graphgame")
        _check_tree(os.path.join(tmp, "opt", "graphgame"))
        assert sorted(os.listdir(tmp)) == ["opt"], os.listdir(tmp)
    finally:
        shutil.rmtree(tmp)
