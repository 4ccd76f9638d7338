"""graphgame_debug() (ext/sqlite/core/debug.c): one `key: value` line a
fact, in a fixed order, each value what the rest of the extension and
SQLite say: the version, the SQLite it runs in, nauty's library, this
connection's limits (after graphgame_limit changes them), the
platform."""
import ctypes.util
import platform

import gg

KEYS = ["version", "sqlite built against", "sqlite running", "nauty", "threads", "limits",
        "platform", "compiler", "flags"]


def debug(db):
    lines = db.execute("SELECT graphgame_debug()").fetchone()[0].split("\n")
    pairs = [ln.split(": ", 1) for ln in lines]
    assert [k for k, _ in pairs] == KEYS, lines
    return dict(pairs)


def test_debug_says_what_the_extension_and_sqlite_say():
    db = gg.connect()
    d = debug(db)
    assert d["version"] == db.execute("SELECT graphgame_version()").fetchone()[0]
    assert d["sqlite running"].startswith(db.execute("SELECT sqlite_version()").fetchone()[0] + " (")
    assert d["sqlite running"].endswith(db.execute("SELECT sqlite_source_id()").fetchone()[0] + ")")
    assert d["limits"] == "max_positions 1000000000, max_certificate_rows 10000000"
    db.execute("SELECT graphgame_limit('max_positions', 77), graphgame_limit('max_certificate_rows', 5)")
    assert debug(db)["limits"] == "max_positions 77, max_certificate_rows 5"
    machine = {"x86_64": "x86_64", "AMD64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}
    assert d["platform"] == "%s %s, 64-bit" % (platform.system().lower(),
                                               machine.get(platform.machine(), "?"))
    assert d["flags"].split(", ")[:2] == ["optimized", "loadable"]
    # nauty: loaded exactly when the system has the library
    has = ctypes.util.find_library("nauty") is not None
    assert d["nauty"].startswith("libnauty.so.2 loaded" if has else "libnauty.so.2 not found") \
        or d["nauty"].startswith("not in this build"), d["nauty"]
