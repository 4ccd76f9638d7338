"""catmouse_dot(): the DOT text has every node once, coloured and labelled
with the brute force's outcome for the mouse there (cat fixed, mouse to
move), the hole and the cat marked, every edge once; the committed
picture docs/catmouse.svg still shows what docs/catmouse.sql prints.
Graphviz is not needed: the tests read the DOT and SVG text."""
import html
import os
import random
import re
import sqlite3
import subprocess

import gg
from run import EXT, SQLITE3, cli_env

ROOT = gg.ROOT
NODE = re.compile(r'^  (-?\d+) \[label="(-?\d+)\\n([^"]*)"(.*), fillcolor="(#[0-9a-f]{6})"\];$')
EDGE = re.compile(r"^  (-?\d+) -- (-?\d+);$")
FILL = {1: "#8fd18f", 2: "#f4a3a3", 0: "#d9d9d9"}


def parse(dot):
    lines = dot.rstrip("\n").split("\n")
    assert lines[0] == "graph catmouse {" and lines[-1] == "}", dot
    nodes, edges = {}, []
    for line in lines[1:-1]:
        m = NODE.match(line)
        if m:
            assert m.group(1) == m.group(2)
            assert int(m.group(1)) not in nodes
            nodes[int(m.group(1))] = (m.group(3), m.group(4), m.group(5))
            continue
        m = EDGE.match(line)
        if m:
            edges.append((int(m.group(1)), int(m.group(2))))
            continue
        assert line.startswith(("  label=", "  node [", "  fontname=")), line
    return nodes, edges


def check(db, gid, rows, cat):
    nodes, edges = parse(db.execute("SELECT catmouse_dot(?, ?)", (gid, cat)).fetchone()[0])
    brute = gg.catmouse_brute(rows)
    adj = gg.adjacency(rows, (0, 1, 2))
    assert sorted(nodes) == sorted(adj)
    assert sorted(edges) == sorted({(min(a, b), max(a, b)) for a, b in rows})
    assert len(edges) == len(set(edges))
    for u, (text, attrs, fill) in nodes.items():
        outcome, plies = brute[(u, cat, "mouse")]
        assert fill == FILL[outcome], (rows, u, cat)
        if u == 0:
            assert text == "hole" and "doublecircle" in attrs
        elif u == cat:
            assert text == "cat" and "shape=box" in attrs and outcome == 2
        elif outcome == 0:
            assert text == "draw" and attrs == ""
        else:
            assert text == "%s in %d" % ("mouse" if outcome == 1 else "cat", plies), (rows, u)
            assert attrs == ""


def test_random_graphs():
    rng = random.Random(8)
    db = gg.connect()
    for gid in range(120):
        rows = gg.random_edges(rng, rng.randint(3, 10), rng.choice([0.2, 0.4, 0.7])) or [(0, 1)]
        gg.store(db, gid, rows)
        for cat in sorted(gg.adjacency(rows, (0, 1, 2)))[1:4]:
            check(db, gid, rows, cat)


def test_labels_and_table_names_are_quoted():
    db = gg.connect()
    rows = [(1, -5), (-5, 10**12), (10**12, 0), (2, -5), (2, 2)]
    db.execute('CREATE TABLE "odd ""name"""(graph_id, src, dst)')
    db.executemany('INSERT INTO "odd ""name""" VALUES (1, ?, ?)', rows)
    dot = db.execute("SELECT catmouse_dot(1, -5, 'odd \"name\"')").fetchone()[0]
    # the message form is graph 1 in table "odd ""name""" (SQL quoting),
    # and each " and \ inside a DOT string is escaped once more
    assert r'label="cat and mouse on graph 1 in table \"odd \"\"name\"\"\"\n' in dot, dot
    gg.store(db, 1, rows)
    check(db, 1, rows, -5)
    check(db, 1, rows, 2)


def test_errors():
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2), (2, 3)])
    cases = [
        ("SELECT catmouse_dot(1, 9)", "graphgame: catmouse_dot: cat = 9 is not a node of graph 1 in table \"edges\""),
        ("SELECT catmouse_dot(1, 0)", "graphgame: catmouse_dot: the cat may not be on the hole (node 0)"),
        ("SELECT catmouse_dot(1, '2')", "graphgame: catmouse_dot: cat must be an integer node label, got '2'"),
        ("SELECT catmouse_dot(5, 2)", "graphgame: graph 5 has no rows in table \"edges\""),
        ("SELECT catmouse_dot(1, 2, 'nope')", "graphgame: no such table or view: \"nope\""),
    ]
    for sql, msg in cases:
        try:
            db.execute(sql).fetchone()
        except sqlite3.Error as e:
            assert str(e) == msg, (sql, str(e))
        else:
            raise AssertionError("no error for " + sql)
    assert db.execute("SELECT catmouse_dot(NULL, 2), catmouse_dot(1, NULL)").fetchone() == (None, None)


def test_committed_picture_is_current():
    """docs/catmouse.svg was drawn from what docs/catmouse.sql prints now:
    the same node texts, fills and edges (read from the SVG's text)."""
    sql = open(os.path.join(ROOT, "docs", "catmouse.sql")).read()
    sql = sql.replace(".load dist/graphgame", ".load " + EXT)
    p = subprocess.run([SQLITE3, "-batch", "-noheader", "-list", ":memory:"], input=sql,
                       capture_output=True, text=True, env=cli_env(), cwd=ROOT)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    nodes, edges = parse(p.stdout)
    svg = open(os.path.join(ROOT, "docs", "catmouse.svg")).read()
    svg_nodes = {}
    for title, body in re.findall(r'<g id="node\d+" class="node">\s*<title>(-?\d+)</title>(.*?)</g>',
                                  svg, re.S):
        texts = [html.unescape(t) for t in re.findall(r">([^<]*)</text>", body)]
        fill = re.search(r'fill="(#[0-9a-f]{6})"', body).group(1)
        svg_nodes[int(title)] = (texts, fill)
    assert {u: ([str(u), t], f) for u, (t, a, f) in nodes.items()} == svg_nodes
    svg_edges = re.findall(r'<title>(-?\d+)&#45;&#45;(-?\d+)</title>', svg)
    assert sorted((int(a), int(b)) for a, b in svg_edges) == sorted(edges)
    readme = open(os.path.join(ROOT, "README.md")).read()
    assert "docs/catmouse.svg" in readme and "SELECT catmouse_dot(1, 2);" in readme
