"""examples/explore.sql: its output is the committed examples/explore.out
(so the example cannot go stale), and its figures are recomputed here
without the extension: the graphs by the Python copy of graph_random
(test_graphgen.ref_random), the outcomes by the brute force, the capped
search by its Python copy."""
import os
import random
import subprocess

import gg
from run import EXT, SQLITE3, cli_env
from test_graphgen import ref_random

ROOT = gg.ROOT
OUT = os.path.join(ROOT, "examples", "explore.out")


def run_example():
    """The example's output, as `make demo` prints it."""
    sql = open(os.path.join(ROOT, "examples", "explore.sql")).read()
    assert ".load dist/graphgame\n" in sql
    sql = sql.replace(".load dist/graphgame\n", ".load %s\n" % EXT)
    p = subprocess.run([SQLITE3, "-header", "-column", ":memory:"], input=sql, cwd=ROOT,
                       capture_output=True, text=True, env=cli_env(), timeout=300)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    return p.stdout


def tables(text):
    """{section number: [table, ...]}, each table a list of dicts."""
    out, sec, lines, i = {}, None, text.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("-- ") and line[3:4].isdigit():
            sec = int(line[3:line.index(".")])
            out[sec] = []
        elif i + 1 < len(lines) and lines[i + 1].startswith("---") and sec is not None:
            head, rows = line.split(), []
            i += 2
            while (i < len(lines) and lines[i].strip() and not lines[i].startswith("--")
                   and not (i + 1 < len(lines) and lines[i + 1].startswith("---"))):
                rows.append(dict(zip(head, lines[i].split())))
                i += 1
            out[sec].append(rows)
            continue
        i += 1
    return out


def test_output_is_the_committed_one():
    got = run_example()
    want = open(OUT).read()
    assert got == want, "examples/explore.out is stale: regenerate it with\n" \
        "  sqlite3 -header -column :memory: < examples/explore.sql > examples/explore.out"


def spec():
    for i in range(2700):
        yield i, 6 + 3 * (i % 3), 0.15 * (1 + (i // 3) % 3)


def test_figures_recomputed_independently():
    t = tables(open(OUT).read())
    # the random graphs, solved by the brute force
    res = {}
    for i, nodes, p in spec():
        rows = ref_random(nodes, p, i)
        if rows:
            o, pl = gg.catmouse_brute(rows)[(1, 2, "mouse")]
            res[i] = (nodes, p, rows, o, pl, len(gg.adjacency(rows, (0, 1, 2))))
    # 1: shares by size and density
    sec1 = t[1][0]
    assert len(sec1) == 9
    for row in sec1:
        nodes, p = int(row["nodes"]), float(row["p"])
        cell = [i for i, nd, pp in spec() if nd == nodes and "%g" % pp == "%g" % p]
        got = [res[i] for i in cell if i in res]
        k = len(got)
        assert int(row["graphs"]) == len(cell) and int(row["no_edges"]) == len(cell) - k
        for col, pred in (("mouse", lambda r: r[3] == 1), ("cat", lambda r: r[3] == 2),
                          ("draw", lambda r: r[3] == 0),
                          ("stuck", lambda r: r[3] == 2 and r[4] == 0)):
            assert row[col] == "%.1f" % (100.0 * sum(map(pred, got)) / k), (row, col)
    # 2: the longest forced win, and its line
    best = max((r[4], -i) for i, r in res.items() if r[3] != 0)
    bid = -best[1]
    head = t[2][0][0]
    assert (int(head["id"]), int(head["outcome"]), int(head["plies"])) == (bid, res[bid][3], best[0])
    line = t[2][1]
    assert len(line) == best[0]
    brute = gg.catmouse_brute(res[bid][2])
    adj = gg.adjacency(res[bid][2], (0, 1, 2))
    m, c = 1, 2
    for r in line:
        frm, to = int(r["from_node"]), int(r["to_node"])
        if r["mover"] == "mouse":
            assert frm == m and to in adj[m]
            m, turn = to, "cat"
        else:
            assert frm == c and to in adj[c] and to != 0
            c, turn = to, "mouse"
        assert (int(r["mouse"]), int(r["cat"])) == (m, c)
        assert brute[(m, c, turn)] == (res[bid][3], int(r["plies"]))
    # 3: the capped search's mistakes, by its Python copy
    wrong2 = sum(gg.catmouse_capped(r[2]) != r[3] for r in res.values())
    wrong1 = sum(gg.catmouse_capped(r[2], r[5]) != r[3] for r in res.values())
    long1 = sum(r[3] != 0 and r[4] >= r[5] for r in res.values())
    assert [(r["cap"], int(r["wrong"]), int(r["wins_of_cap_plies_or_more"])) for r in t[3][0]] == \
        [("2n", wrong2, wrong2), ("n", wrong1, long1)], t[3]


def test_capped_breakers_recomputed():
    t = tables(open(OUT).read())
    listed = [int(r["id"]) - 10000 for r in t[4][0]]
    assert len(listed) >= 3
    for i in listed:                       # each: the brute force and the capped search differ
        rows = [e for e in ref_random(12, 0.3, i) if e[0] > 0]
        exact = gg.catmouse_brute(rows)[(1, 2, "mouse")][0]
        assert exact == 2 and gg.catmouse_capped(rows) == 0, i
    rng = random.Random(1)                 # a sample of the others: they agree
    for i in rng.sample([i for i in range(2000) if i not in listed], 60):
        rows = [e for e in ref_random(12, 0.3, i) if e[0] > 0]
        if rows:
            assert gg.catmouse_brute(rows)[(1, 2, "mouse")][0] == gg.catmouse_capped(rows), i
    five = t[5][0][0]
    import json
    adj = json.loads(five["graph"])
    rows = [(a, b) for a, lst in enumerate(adj) for b in lst]
    assert sorted({(min(a, b), max(a, b)) for a, b in rows}) == \
        [e for e in ref_random(12, 0.3, listed[0]) if e[0] > 0]
    plies = gg.catmouse_brute(rows)[(1, 2, "mouse")][1]
    assert int(five["cat_wins_in"]) == plies
    assert (int(five["capped_at_plies"]), int(five["capped_at_plies_1"])) == \
        (gg.catmouse_capped(rows, plies), gg.catmouse_capped(rows, plies + 1)) == (0, 2)
