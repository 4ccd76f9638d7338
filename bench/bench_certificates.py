#!/usr/bin/python3
"""The certificates of the docs' claims (docs/reference/certificates.md):
for each, the seconds to solve the game (a fresh connection, the solve of
every position that the certificate reads: cops_play's), to write the
certificate once the solve is cached, and to check it with the Python
checker (bindings/python/graphgame/check.py, a process of its own); its
rows and bytes.  The target of the 12-cage's 5 cops: the certificate
made (solve and walk) in at most 2x the solve, checked in under a minute.

    python3 bench/bench_certificates.py              # the quick ones
    BENCH_BIG=1 python3 bench/bench_certificates.py  # the Foster and Biggs-Smith graphs too (minutes)
    python3 bench/bench_certificates.py --write docs/data/certificates   # (re)writes the files

Each time is the median of BENCH_REPEAT runs (default 3) with the spread
(min-max).  --write writes each certificate (gzip'd past 100 kB) and
MANIFEST.txt (what each proves, its rows, bytes and times); the test
tests/py/test_certificate_data.py checks the files and, in make check,
writes the quick ones again and compares them byte for byte.
"""
import gzip
import os
import sqlite3
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "py"))
import named_graphs as N  # noqa: E402

EXT = os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame"))
CHECK = os.path.join(ROOT, "bindings", "python", "graphgame", "check.py")
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
BIG = os.environ.get("BENCH_BIG") == "1"

# (file stem, named graph, k): what each proves is the checker's line.
COPS = [
    ("petersen-3-win", "Petersen", 3), ("petersen-2-lose", "Petersen", 2),
    ("robertson-4-win", "Robertson", 4), ("robertson-3-lose", "Robertson", 3),
    ("hoffman-singleton-7-win", "Hoffman-Singleton", 7),
    ("tutte-12-cage-5-win", "Tutte 12-cage", 5),
    ("q6-4-win", "Q6", 4),        # (3 lose: 1.0e8 bytes, 66 s: not kept)
] + [("%s-%d-%s" % (stem, k, "win" if k == 3 else "lose"), name, k)
     for stem, name in (("heawood", "Heawood"), ("dodecahedron", "dodecahedron"),
                        ("tutte-coxeter", "Tutte-Coxeter"), ("q4", "Q4"), ("q5", "Q5"),
                        ("gp-7-2", "GP(7,2)"), ("gp-8-3", "GP(8,3)"), ("nauru", "Nauru GP(12,5)"),
                        ("desargues", "Desargues GP(10,3)"))
     for k in (3, 2)]
COPS_BIG = [("foster-4-win", "Foster", 4), ("biggs-smith-4-win", "Biggs-Smith", 4)]
# The starts of the 8-node graphs on which the 2n-capped cat-and-mouse
# search is wrong (docs/reference/census.md): graph6, hole, mouse, cat.
CAPPED_QUERY = """
SELECT g6.g, holes.h, s.mouse, s.cat FROM g6, holes,
       catmouse_states(g6.g, 'graph6', json_object('hole', holes.h)) s
 WHERE s.turn = 'mouse' AND s.outcome <> 0 AND s.mouse <> s.cat
   AND s.mouse <> holes.h AND s.cat <> holes.h AND s.plies >= 16
 ORDER BY 1, 2, 3, 4"""


def connect():
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    db.execute("SELECT graphgame_limit('max_positions', 100000000000)")
    return db


def cops_run(name, k):
    """(solve seconds, walk seconds, certificate) on a fresh connection."""
    db = connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.executemany("INSERT INTO edges VALUES (1, ?, ?)", N.NAMED[name][0]())
    t0 = time.perf_counter()
    db.execute("SELECT count(*) FROM cops_play(1, ?)", (k,)).fetchall()
    t1 = time.perf_counter()
    cert = db.execute("SELECT cops_certificate(1, ?)", (k,)).fetchone()[0]
    t2 = time.perf_counter()
    db.close()
    return t1 - t0, t2 - t1, cert


def capped_starts():
    """The capped search's wrong starts on 8 nodes, from nauty's geng."""
    g = subprocess.run(["nauty-geng", "-q", "8"], capture_output=True, text=True, check=True)
    db = connect()
    db.execute("CREATE TABLE g6(g TEXT)")
    db.executemany("INSERT INTO g6 VALUES (?)", [(ln,) for ln in g.stdout.split()])
    db.execute("CREATE TABLE holes(h INTEGER)")
    db.executemany("INSERT INTO holes VALUES (?)", [(h,) for h in range(8)])
    return db.execute(CAPPED_QUERY).fetchall()


def capped_run(g6, hole, mouse, cat):
    db = connect()
    rules = '{"hole": %d, "mouse": %d, "cat": %d}' % (hole, mouse, cat)
    t0 = time.perf_counter()
    db.execute("SELECT catmouse(?, 'graph6', ?)", (g6, rules)).fetchall()
    t1 = time.perf_counter()
    cert = db.execute("SELECT catmouse_certificate(?, 'graph6', ?)", (g6, rules)).fetchone()[0]
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, cert


def check_seconds(path):
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, CHECK, path], capture_output=True, text=True)
    t = time.perf_counter() - t0
    assert p.returncode == 0, p.stdout
    return t, p.stdout.strip()


def spread(xs):
    return "%.3f (%.3f-%.3f)" % (statistics.median(xs), min(xs), max(xs))


def write(out, stem, cert):
    data = cert.encode()
    path = os.path.join(out, stem + (".cert.gz" if len(data) > 100000 else ".cert"))
    if path.endswith(".gz"):
        with gzip.GzipFile(path, "wb", mtime=0) as f:     # the same bytes every time
            f.write(data)
    else:
        with open(path, "wb") as f:
            f.write(data)
    return path


def main():
    out = sys.argv[sys.argv.index("--write") + 1] if "--write" in sys.argv else None
    tmp = out or os.path.join(ROOT, "dist", "bench", "certificates")
    os.makedirs(tmp, exist_ok=True)
    print("load average before: %s" % (os.getloadavg(),))
    jobs = [(stem, lambda name=name, k=k: cops_run(name, k)) for stem, name, k in
            COPS + (COPS_BIG if BIG else [])]
    for i, (g6, hole, mouse, cat) in enumerate(capped_starts()):
        stem = "capped8-%s-hole%d-mouse%d-cat%d" % (g6.replace("?", "q").replace("`", "b"),
                                                    hole, mouse, cat)
        jobs.append((stem, lambda a=(g6, hole, mouse, cat): capped_run(*a)))
    manifest = []
    print("| certificate | rows | bytes | solve s | walk s | made / solve | check s | proves |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for stem, run in jobs:
        solves, walks, checks, cert, line = [], [], [], None, ""
        for _ in range(REPEAT if not stem.startswith("capped8") else 1):
            s, w, cert = run()
            solves.append(s)
            walks.append(w)
        path = write(tmp, stem, cert)
        for _ in range(REPEAT if not stem.startswith("capped8") else 1):
            t, line = check_seconds(path)
            checks.append(t)
        rows = sum(int(ln.split()[-1]) for ln in cert.split("\n") if ln.startswith("strategy "))
        ratio = (statistics.median(solves) + statistics.median(walks)) / statistics.median(solves)
        print("| %s | %d | %d | %s | %s | %.2f | %s | %s |" % (
            os.path.basename(path), rows, len(cert), spread(solves), spread(walks), ratio,
            spread(checks), line.split(" on the graph")[0]))
        manifest.append("%s\t%d rows\t%d bytes\t%s" % (os.path.basename(path), rows, len(cert),
                                                       line))
        if not out:
            os.remove(path)
    if out:
        with open(os.path.join(out, "MANIFEST.txt"), "w") as f:
            f.write("# Written by: python3 bench/bench_certificates.py --write %s%s\n"
                    % (out, " (BENCH_BIG=1)" if BIG else ""))
            f.write("# file\trows\tbytes\twhat python3 -m graphgame.check says of it\n")
            f.write("".join(m + "\n" for m in manifest))
    print("load average after: %s" % (os.getloadavg(),))


if __name__ == "__main__":
    main()
