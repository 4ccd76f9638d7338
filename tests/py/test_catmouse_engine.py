"""Cat and mouse on large graphs: the fast engine (ext/engine/catmouse/)
against the reference solve on the generic engine
(tests/engine/ref/catmouse_ref.c), every position, undirected and directed, with 0 to 3 holes, with the default
(the small-graph path up to 64 nodes), one thread, two, and the split of two
run by one thread (tests/engine/cm_check.c), with games of thousands of
plies and every tier of plies; and stopping a large solve with
sqlite3_interrupt().  Nothing here uses the Python brute force of gg.py."""
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import gg

ROOT = gg.ROOT
ASAN = bool(os.environ.get("GG_PRELOAD"))


def build_check(defines=()):
    """Compile tests/engine/cm_check.c with the engine (with the sanitizers
    under `make asan`); returns the program's path."""
    out = os.path.join(tempfile.mkdtemp(prefix="gg_cm_check"), "cm_check")
    flags = ["-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"] \
        if ASAN else ["-O2"]
    flags += ["-D" + d for d in defines]
    gg.engine_prog("tests/engine/cm_check.c", out, flags)
    return out


def run_check(seed, count, maxn, defines=(), extra=()):
    prog = build_check(defines)
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    try:
        p = subprocess.run([prog, str(seed), str(count), str(maxn)] + list(extra), capture_output=True,
                           text=True, env=env, timeout=600)
    finally:
        shutil.rmtree(os.path.dirname(prog), ignore_errors=True)
    assert p.returncode == 0 and p.stdout.startswith("ok "), p.stdout + p.stderr
    return p.stdout


def tiers(out):
    """(blocks with bases, wide words, side-table entries) from cm_check's
    "ok" line: how often each tier of plies (catmouse.h) was used."""
    m = re.search(r"bases (\d+), wide words (\d+), side table (\d+)", out)
    assert m, out
    return tuple(int(x) for x in m.groups())


@gg.sweep
def test_engine_matches_reference_many_graphs():
    """Many graphs of up to 300 nodes of every shape in cm_check.c (make
    test: 60 of them)."""
    run_check(913, 40 if ASAN else 120 if gg.FULL else 60, 300)


@gg.sweep
def test_engine_matches_reference_large_graphs():
    """A few graphs of up to 1600 nodes (5 million positions each; 2 to
    4 bands of 512 columns, so both threads have bands): 21 of them, the
    first 6 in make test (22 million positions)."""
    out = run_check(5, 7 if ASAN else 21 if gg.FULL else 6, 1600)
    assert int(out.split()[1]) > 2 * 10**7 or ASAN, out


def test_engine_matches_reference_small_graphs():
    """Many graphs of at most 64 nodes: the small-graph path (one word per
    row) against the reference, next to the general engine."""
    run_check(14, 300 if ASAN else 3000, 64)


# Every tier of plies at a few plies (catmouse.h): bases from ply 3, windows
# of 4 and 3 plies, base 1 at most 20 and base 2 at most 40 and 10 plies
# after base 1, side table from 30 plies.
SMALL_TIERS = ["GG_CM_PLY_BASED=3", "GG_CM_WIN1=4", "GG_CM_WIN2=3", "GG_CM_BASE1_MAX=20",
               "GG_CM_BASE2_MAX=40", "GG_CM_BASE2_GAP=10", "GG_CM_PLY_BIG=30"]


@gg.sweep
def test_engine_plies_in_every_tier():
    """Plies past the ply byte go to a base and an offset in the byte, then
    to a wide word, then (65,535 or more) to the side table: built with each
    limit at a few plies, every position still matches the reference, on
    graphs of every shape and on long games, and every tier was used
    (make test: fewer graphs, as under the sanitizers)."""
    small = ASAN or not gg.FULL
    out = run_check(77, 8 if small else 50, 400, SMALL_TIERS)
    based, wide, big = tiers(out)
    assert based > 0 and wide > 0 and big > 0, out
    out = run_check(32, 2 if small else 8, 1000, SMALL_TIERS, extra=["long"])
    based, wide, big = tiers(out)
    assert based > 0 and wide > 0 and big > 0, out


def ply_kinds(out):
    """(thin plies, plies on lanes, dense plies, most switches in a solve)
    from cm_check's "ok" line (catmouse_ply.c: sparse and dense plies, one
    thread or two)."""
    m = re.search(r"thin plies (\d+), plies on lanes (\d+), dense plies (\d+),"
                  r" most switches in a solve (\d+)", out)
    assert m, out
    return tuple(int(x) for x in m.groups())


@gg.sweep
def test_engine_tiers_on_both_paths():
    """Every tier of plies crossed on the dense path alone (no sparse list:
    every word found again by its mark, plies on lanes), and on long games
    with lists of 3 words (most plies mixed), thin plies and plies on
    lanes: exact on every position (make test: the dense path; the mixed
    plies, a build of its own, in make check)."""
    out = run_check(78, 4 if ASAN else 8, 400, SMALL_TIERS + ["GG_CM_LIST=0", "GG_CM_THIN=1"])
    assert min(tiers(out)) > 0, out
    thin, lanes, dense, _ = ply_kinds(out)
    assert thin == 0 and lanes > 0 and dense > 0, out
    if not gg.FULL:
        return
    out = run_check(33, 2, 600, SMALL_TIERS + ["GG_CM_LIST=3", "GG_CM_THIN=40"],
                    extra=["long"])
    assert min(tiers(out)) > 0, out
    thin, lanes, dense, _ = ply_kinds(out)
    assert thin > 0 and lanes > 0 and dense > 0, out


def test_engine_switches_sparse_and_dense():
    """Long games whose plies go between thin ones (one thread, no
    barrier, sparse lists) and ones on two lanes, several times in one
    solve, with lists short enough that many plies are dense: exact on
    every position (GG_CM_THIN and GG_CM_LIST lowered; the pull on every
    ply of the engine's own solves, GG_CM_CHAIN=0: the chains would take
    the long games that suit them).  The fused turn is chosen each ply
    (catmouse_int.h, CM_FUSED): both turns are fused in some plies; and
    the bands are dealt to the lanes each ply (CM_OWNER): some change
    lanes."""
    out = run_check(31, 3, 1500, ["GG_CM_LIST=40", "GG_CM_THIN=300", "GG_CM_CHAIN=0"],
                    extra=["long"])
    thin, lanes, dense, switches = ply_kinds(out)
    assert thin > 0 and lanes > 0 and dense > 0 and switches >= 3, out
    assert 0 < cat_fused(out) < thin + lanes, out
    m = re.search(r"bands moved to another lane (\d+) times", out)
    assert m and int(m.group(1)) > 0, out


def cat_fused(out):
    """Plies in which the cat's turn was the fused one, from cm_check's "ok"
    line (catmouse_int.h, CM_FUSED)."""
    m = re.search(r"the cat's turn fused in (\d+) plies", out)
    assert m, out
    return int(m.group(1))


@gg.sweep
def test_engine_fused_turn_either_or_none():
    """The fused turn fixed (catmouse_int.h, GG_CM_FUSED): the mouse's, the
    cat's (make check), or neither (both applied after the passes, each
    turn with lists of its own; make check): exact on every position
    either way, on graphs of every shape and on long games, with lists of 3
    words and thin plies from 40 words (sparse, dense, thin and on lanes)
    and every tier of plies (one build a choice)."""
    for fused in ("0", "1", "-1") if gg.FULL else ("0",):
        d = ["GG_CM_FUSED=" + fused] + SMALL_TIERS + ["GG_CM_LIST=3", "GG_CM_THIN=40"]
        run_check(916, 6 if ASAN else 25 if gg.FULL else 12, 300, d)
        out = run_check(39, 2 if ASAN else 4 if gg.FULL else 2, 600, d, extra=["long"])
        thin, lanes, dense, _ = ply_kinds(out)
        assert min(tiers(out)) > 0 and thin > 0 and lanes > 0 and dense > 0, out
        assert (cat_fused(out) == 0) == (fused != "1"), out


def test_engine_hub_broadcast():
    """With every row of 3 in-arcs or more a hub (GG_CAND_HUB=3), the rows
    with a move into changed hubs get the OR of the hubs' changed words
    (a superset of the candidate words) whenever that is less work: still
    exact on every position, on graphs of every shape."""
    run_check(914, 6 if ASAN else 15, 300, ["GG_CAND_HUB=3"])


@gg.sweep
def test_engine_long_forced_wins():
    """Paths, cycles, lollipops, ladders, grids and spiders of up to 2000
    nodes (forced wins of up to 2 plies a node, thousands of plies), with
    one lane and two: exact on every position, and the bases and wide words
    of catmouse.h at their real sizes were used.  (Plies of 65,535 or more
    take paths of some 33,000 nodes, 2e9 positions: the side table is
    tested with a lowered limit above.)  Make test: 3 of the shapes."""
    out = run_check(31, 3 if ASAN or not gg.FULL else 10, 2000, extra=["long"])
    based, wide, big = tiers(out)
    assert based > 0 and wide > 0, out


def solves_with(what, out):
    """How many solves cm_check's "ok" line counts with `what` ("chains":
    the chains ran, catmouse_chain.c; "balls": numbered in balls,
    catmouse_order.c)."""
    m = re.search(r"%s in (\d+) solves" % what, out)
    assert m, out
    return int(m.group(1))


def balls_run(out):
    return solves_with("balls", out)


@gg.sweep
def test_engine_numbered_in_balls():
    """The pull on nodes numbered in balls (catmouse_order.c) instead of
    reverse Cuthill-McKee: forced on every solve whose pull runs every ply
    (GG_CM_ORDER=2, from 1 node: GG_CM_ORDER_MIN=1), with balls of 7 nodes
    (across the words' edges; make check: and of 128): every position's
    outcome and plies as the reference's, on graphs of every shape,
    directed and with 0 to 3 holes, on long games, with every tier of plies
    (lowered: one build for all), and after the chains' choice (they keep
    RCM).  And the choice itself: the 100x100 grid with its labels
    shuffled takes balls, a random tree and a random graph keep RCM, and
    the grid numbered row by row keeps its labels' order and runs the
    chains (engine_families)."""
    force = ["GG_CM_ORDER=2", "GG_CM_ORDER_MIN=1"] + SMALL_TIERS
    for ball in ("7", "128") if gg.FULL else ("7",):
        d = force + ["GG_CM_BALL=" + ball]
        out = run_check(915, 8 if ASAN else 30 if gg.FULL else 15, 300, d)
        assert balls_run(out) > (20 if ASAN else 40), out
        out = run_check(34, 2 if ASAN else 4 if gg.FULL else 2, 800, d, extra=["long"])
        assert balls_run(out) > 0 and min(tiers(out)) > 0, out
        out = run_check(37, 10 if ASAN else 12, 400, d, extra=["chase"])
        assert balls_run(out) > 0 and chains_run(out) > 0, out
    if ASAN:
        return
    with tempfile.TemporaryDirectory() as d:
        prog = os.path.join(d, "families")
        gg.engine_prog("bench/engine_families.c", prog)
        rng = random.Random(35)
        side = 100
        grid = [(r * side + c, r * side + c + 1) for r in range(side) for c in range(side - 1)] \
            + [(r * side + c, (r + 1) * side + c) for r in range(side - 1) for c in range(side)]
        lab = list(range(side * side))
        rng.shuffle(lab)
        lab[lab.index(0)], lab[0] = lab[0], 0       # the hole stays node 0
        cases = [("grid", [(lab[u], lab[v]) for u, v in grid], 1),
                 ("grid in order", grid, 0),
                 ("tree", [(rng.randrange(v), v) for v in range(1, 3000)], 0),
                 ("random", [(rng.randrange(v), v) for v in range(1, 3000)]
                  + [(rng.randrange(3000), rng.randrange(3000)) for _ in range(9000)], 0)]
        for name, rows, want in cases:
            path = os.path.join(d, name + ".txt")
            with open(path, "w") as f:
                f.write("".join("1 %d %d\n" % e for e in rows))
            out = subprocess.run([prog, "cm", path], capture_output=True, text=True, check=True).stdout
            assert re.search(r" balls %d " % want, out), (name, out)
            assert re.search(r" chains %d " % (name == "grid in order"), out), (name, out)


def chains_run(out):
    return solves_with("chains", out)


@gg.sweep
def test_chains_long_chases():
    """The chains (catmouse_chain.c) on every long-chase family: paths with
    their labels in order and shuffled, cycles odd and even, ladders,
    lollipops, grids, spiders, random trees and random graphs, undirected
    with one hole; each solved by the engine's choice, from ply 1 and from
    a random switch ply on one thread and two: every position's outcome
    and plies as the reference's (make test: 40 graphs of up to 300 nodes
    and 6 of up to 1200; make check: 120 and 20 of up to 2000)."""
    out = run_check(35, 20 if ASAN else 120 if gg.FULL else 40, 300, extra=["chase"])
    assert chains_run(out) >= 60, out
    out = run_check(36, 3 if ASAN else 20 if gg.FULL else 6, 2000 if gg.FULL else 1200,
                    extra=["chase"])
    assert chains_run(out) > 0, out


@gg.sweep
def test_chains_every_tier():
    """Every tier of plies written by the chains (bases from ply 3, windows
    of 4 and 3, base 1 at most 20, base 2 at most 40, the side table from
    30 plies): exact on every position, and every tier was used; with the
    pull's lists and thin plies lowered too, so that the switch comes after
    sparse, dense, thin and wide plies (make check: that one is a build of
    its own, so make test leaves it to make check)."""
    out = run_check(7, 4 if ASAN else 10, 500, SMALL_TIERS, extra=["chase"])
    based, wide, big = tiers(out)
    assert based > 0 and wide > 0 and big > 0 and chains_run(out) > 0, out
    if not gg.FULL:
        return
    out = run_check(8, 3 if ASAN else 8, 600, SMALL_TIERS + ["GG_CM_LIST=3", "GG_CM_THIN=40"],
                    extra=["chase"])
    assert min(tiers(out)) > 0 and chains_run(out) > 0, out


def test_chains_on_two_threads_and_in_labels_order():
    """The chains' wide plies on two threads (catmouse_chain.c, chWidePly:
    every ply from the second wide, GG_CM_CHAIN_WIDE=1; each block written
    by one worker, the light closure's plies first), their thin plies
    written by worker 1 from logs (8 words a log, between wide plies from
    64 words), and the labels' own
    order where the stencils cover it and RCM's do not (grids numbered row
    by row, up to 100 columns: offsets past a word; GG_CM_LABELS_MIN=1 so
    that small graphs qualify): every position's outcome and plies as the
    reference's; with the tiers lowered too (wide tiles, the side table:
    make check, a build of its own)."""
    two = ["GG_CM_CHAIN_WIDE=1", "GG_CM_LABELS_MIN=1"]
    out = run_check(46, 4 if ASAN else 60 if gg.FULL else 20, 400, two, extra=["chase"])
    assert chains_run(out) > 0, out
    assert re.search(r"labels' order in [1-9]\d* solves", out), out
    assert int(re.search(r"chains' plies on two threads (\d+)", out).group(1)) > 1000, out
    if not gg.FULL:                    # (each run below is a build of its own)
        return
    # thin plies written by worker 1 from logs of 8 words, between wide ones
    mixed = ["GG_CM_CHAIN_WIDE=64", "GG_CM_LABELS_MIN=1", "CH_LOG=8"]
    out = run_check(48, 3 if ASAN else 16 if gg.FULL else 3, 900, mixed, extra=["chase"])
    assert int(re.search(r"chains' plies on two threads (\d+)", out).group(1)) > 0, out
    out = run_check(47, 3 if ASAN else 10, 600, two + SMALL_TIERS, extra=["chase"])
    based, wide, big = tiers(out)
    assert wide > 0 and big > 0 and chains_run(out) > 0, out
    assert int(re.search(r"chains' plies on two threads (\d+)", out).group(1)) > 100, out


@gg.sweep
def test_chains_first_ply_both_ways():
    """The chains' first ply takes the words decided so far as its lists
    (few: early switches) or sweeps every word (GG_CM_CHAIN_SEED=0: always;
    1: a node's worth, so switches late in a game sweep): both exact
    (make test: 1 alone, which takes both ways; each a build of its own)."""
    for seed_max in ("0", "1") if gg.FULL else ("1",):
        out = run_check(9, 3 if ASAN else 12, 400, SMALL_TIERS + ["GG_CM_CHAIN_SEED=" + seed_max],
                        extra=["chase"])
        assert chains_run(out) > 0, out


@gg.sweep
def test_chains_forced_by_default():
    """GG_CM_CHAIN set at build time (the default of gg_cm_solve_threads):
    the chains from ply 5 in every solve of a graph that suits them, the
    pull alone (0) in none: both exact on graphs of every shape (make
    test: the first; the second, a build of its own, in make check)."""
    out = run_check(915, 6 if ASAN else 20, 300, ["GG_CM_CHAIN=5"])
    assert chains_run(out) > 0, out
    if not gg.FULL:
        return
    out = run_check(916, 6 if ASAN else 20, 300, ["GG_CM_CHAIN=0"], extra=["chase"])
    assert chains_run(out) > 0, out     # (the three forcing solves still run them)


def random_connected(rng, n, deg):
    edges = set()
    for v in range(1, n):
        edges.add((rng.randrange(v), v))
    while len(edges) < n * deg // 2:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            edges.add((min(u, v), max(u, v)))
    return sorted(edges)


def test_interrupt_stops_a_large_solve():
    """sqlite3_interrupt() during a solve on both threads: the call fails
    with "interrupted", and the next call solves the graph correctly."""
    rng = random.Random(8)
    db = gg.connect()
    gg.store(db, 1, random_connected(rng, 3000, 8))
    done = threading.Event()

    def interrupter():
        while not done.wait(0.01):
            db.interrupt()
    th = threading.Thread(target=interrupter)
    th.start()
    try:
        db.execute("SELECT catmouse(1)").fetchone()
        raised = None
    except Exception as e:  # sqlite3.OperationalError
        raised = str(e)
    finally:
        done.set()
        th.join()
    # while reading the rows SQLite says "interrupted"; while solving, we do
    assert raised in ("interrupted", 'graphgame: catmouse: interrupted while solving'
                      ' graph 1 in table "edges"'), raised
    got = db.execute("SELECT catmouse(1)").fetchone()[0]
    other = gg.connect()
    rows = db.execute("SELECT src, dst FROM edges WHERE graph_id = 1").fetchall()
    gg.store(other, 1, rows)
    assert got == other.execute("SELECT catmouse(1)").fetchone()[0]
    assert got in (0, 1, 2)


def test_interrupt_stops_a_long_game():
    """sqlite3_interrupt() in the middle of a long game (a path of 3000
    nodes: 6000 plies, most past the ply byte, where the apply writes the
    bases and wide words of catmouse.h) stops it soon (gg.STOP_DEADLINE
    tells a hang; the latency is the note returned); the next call solves
    the graph correctly."""
    rng = random.Random(9)
    lab = list(range(3000))
    rng.shuffle(lab)
    rows = [(lab[i], lab[i + 1]) for i in range(2999)]
    db = gg.connect()
    gg.store(db, 1, rows)
    db.execute("SELECT count(*) FROM edges").fetchone()
    stamp = {}

    def interrupter():
        time.sleep(0.3)
        stamp["t"] = time.perf_counter()
        db.interrupt()
    th = threading.Thread(target=interrupter)
    th.start()
    try:
        db.execute("SELECT catmouse(1)").fetchone()
        raised = None
    except Exception as e:  # sqlite3.OperationalError
        raised = str(e)
        stopped = time.perf_counter() - stamp["t"]
    finally:
        th.join()
    note = "finished before the interrupt"
    if raised is not None:       # (a fast machine may finish first)
        assert raised == ('graphgame: catmouse: interrupted while solving'
                          ' graph 1 in table "edges"'), raised
        note = gg.stopped_in(stopped)
    got = db.execute("SELECT catmouse(1), (SELECT total(plies) FROM catmouse_states(1)"
                     " WHERE mouse = 5)").fetchone()
    other = gg.connect()
    gg.store(other, 1, rows)
    assert got == other.execute("SELECT catmouse(1), (SELECT total(plies) FROM"
                                " catmouse_states(1) WHERE mouse = 5)").fetchone()
    return note
