"""graphgame: exact solutions of pursuit and race games on graphs, as a
SQLite extension.  This package carries the compiled extension.

    import sqlite3, graphgame
    db = sqlite3.connect(":memory:")
    graphgame.load(db)
    db.execute("SELECT catmouse_json('[[1,3],[0],[3],[0,2]]')").fetchone()   # (1,)

load() needs a Python whose sqlite3 module can load extensions
(Debian's and Ubuntu's python3 can); on one that cannot, it raises
sqlite3.NotSupportedError saying what to use instead (NO_LOADING).
"""
import os
import sqlite3
import sys

__all__ = ["load", "loadable_path"]

# The suffix SQLite adds to a path without one (its SHARED_LIB_SUFFIX),
# which is the name the package's setup.py gives the library here.
SUFFIX = ".dll" if sys.platform in ("win32", "cygwin", "msys") else \
    ".dylib" if sys.platform == "darwin" else ".so"


def loadable_path():
    """Path of the extension without its suffix, as SQLite's
    load_extension() and the CLI's .load take it (graphgame.so on Linux and
    the BSDs, graphgame.dylib on macOS, graphgame.dll on Windows).  A
    library under another of these names (a build copied in by hand) is
    given with its suffix, which SQLite then takes as it is."""
    base = os.path.join(os.path.dirname(os.path.abspath(__file__)), "graphgame")
    if not os.path.isfile(base + SUFFIX):
        for other in (".so", ".dylib", ".dll"):
            if os.path.isfile(base + other):
                return base + other
    return base


# The message of load() on a connection that cannot load extensions.
NO_LOADING = (
    "graphgame.load: this Python's sqlite3 module cannot load extensions"
    " (its connections have no enable_load_extension: Python was built"
    " without --enable-loadable-sqlite-extensions, as pyenv's Pythons and"
    " many on macOS are).  Use a Python built with"
    " --enable-loadable-sqlite-extensions (pyenv:"
    " PYTHON_CONFIGURE_OPTS=--enable-loadable-sqlite-extensions pyenv install"
    " <version>), Debian's or Ubuntu's /usr/bin/python3, or a drop-in sqlite3"
    " module that can load extensions (such as pysqlite3: import pysqlite3"
    " as sqlite3).")


def load(conn):
    """Load graphgame into the sqlite3 connection conn.  Extension loading
    is enabled for the load only, and left off afterwards.  A connection
    that cannot load extensions gets sqlite3.NotSupportedError (NO_LOADING)."""
    if not callable(getattr(conn, "enable_load_extension", None)) or \
            not callable(getattr(conn, "load_extension", None)):
        raise sqlite3.NotSupportedError(NO_LOADING)
    conn.enable_load_extension(True)
    try:
        conn.load_extension(loadable_path())
    finally:
        conn.enable_load_extension(False)
