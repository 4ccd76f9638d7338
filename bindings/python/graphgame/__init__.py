"""graphgame: exact solutions of pursuit and race games on graphs, as a
SQLite extension.  This package carries the compiled extension.

    import sqlite3, graphgame
    db = sqlite3.connect(":memory:")
    graphgame.load(db)
    db.execute("SELECT catmouse_json('[[1,3],[0],[3],[0,2]]')").fetchone()   # (1,)

load() needs a Python whose sqlite3 module can load extensions
(Debian's and Ubuntu's python3 can; see the project README).
"""
import os

__all__ = ["load", "loadable_path"]


def loadable_path():
    """Path of the extension without its suffix, as SQLite's
    load_extension() and the CLI's .load take it."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "graphgame")


def load(conn):
    """Load graphgame into the sqlite3 connection conn.  Extension loading
    is enabled for the load only, and left off afterwards."""
    conn.enable_load_extension(True)
    try:
        conn.load_extension(loadable_path())
    finally:
        conn.enable_load_extension(False)
