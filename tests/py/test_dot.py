"""catmouse_dot(): the DOT text has every node once, coloured and labelled
with the brute force's outcome for the mouse there (cat fixed, mouse to
move), the hole and the cat marked, every edge once; the committed
picture docs/catmouse.svg still shows what docs/catmouse.sql prints.
Graphviz is not needed: the tests read the DOT and SVG text."""
import html
import json
import os
import random
import re
import sqlite3
import subprocess

import gg
from run import EXT, SQLITE3, cli_env

ROOT = gg.ROOT
STR = r'"((?:[^"\\]|\\.)*)"'           # a DOT string: \" and \\ inside
ID = r'(-?[0-9]+|"(?:[^"\\]|\\.)*")'  # a DOT id: a numeral, or a string
NODE = re.compile(r'^  %s \[label="((?:[^"\\]|\\.)*)\\n([^"\\]*)"(.*), fillcolor="(#[0-9a-f]{6})"\];$'
                  % ID)
EDGE = re.compile(r"^  %s -- %s;$" % (ID, ID))
FILL = {1: "#8fd18f", 2: "#f4a3a3", 0: "#d9d9d9"}


def undot(s):
    return re.sub(r"\\(.)", r"\1", s)


def dot_id(label):
    """A label as catmouse_dot writes it, read back: an integer as its
    numeral, a text as itself, a text that spells a numeral inside
    apostrophes (so that 1 and '1' stay two nodes)."""
    if isinstance(label, int):
        return str(label)
    return "'%s'" % label if re.fullmatch(r"-?([0-9]+(\.[0-9]*)?|\.[0-9]+)", label) else label


def ident(s):
    """A DOT id as text: a numeral as it is, a string unquoted."""
    return undot(s[1:-1]) if s.startswith('"') else s


def parse(dot):
    """({node text: (role text, attributes, fill)}, [(a, b) edges])."""
    lines = dot.rstrip("\n").split("\n")
    assert lines[0] == "graph catmouse {" and lines[-1] == "}", dot
    nodes, edges = {}, []
    for line in lines[1:-1]:
        m = NODE.match(line)
        if m:
            key, text = ident(m.group(1)), undot(m.group(2))
            assert key in (text, "'%s'" % text), line     # the id is the label
            assert key not in nodes
            nodes[key] = (m.group(3), m.group(4), m.group(5))
            continue
        m = EDGE.match(line)
        if m:
            edges.append((ident(m.group(1)), ident(m.group(2))))
            continue
        assert line.startswith(("  label=", "  node [", "  fontname=")), line
    return nodes, edges


def check(db, gid, rows, cat, rules=None, holes=(0,), extra=(0, 1, 2)):
    present = {x for r in rows for x in r}
    iso = [x for x in gg.sqlite_order(set(extra) | set(holes) | {cat}) if x not in present]
    if iso:                       # the nodes that no row has, declared isolated
        rules = json.dumps(dict(json.loads(rules or "{}"), isolated=iso))
    nodes, edges = parse(db.execute("SELECT catmouse_dot(?, ?, 'edges', ?)",
                                    (gid, cat, rules)).fetchone()[0])
    brute = gg.catmouse_brute(rows, holes, extra=tuple(extra) + (cat,))
    adj = gg.adjacency(rows, tuple(extra) + tuple(holes) + (cat,))
    order = {u: i for i, u in enumerate(gg.sqlite_order(adj))}
    assert sorted(nodes) == sorted(dot_id(u) for u in adj)
    # every edge once, its ends in SQLite's order of the labels
    assert sorted(edges) == sorted({tuple(dot_id(x) for x in sorted((a, b), key=order.get))
                                    for a, b in rows})
    assert len(edges) == len(set(edges))
    for u in adj:
        text, attrs, fill = nodes[dot_id(u)]
        outcome, plies = brute[(u, cat, "mouse")]
        assert fill == FILL[outcome], (rows, u, cat)
        if u in holes:
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
        rules = None if 0 in gg.adjacency(rows) else '{"hole": 0}'
        for cat in sorted(gg.adjacency(rows, (0, 1, 2)))[1:4]:
            # 1 and 2 are nodes in the brute force (extra): name them when the rows lack them
            check(db, gid, rows, cat, gg.phantom_rules(rows, (("hole", 0), ("mouse", 1))),
                  extra=(0, 1) + ((2,) if 2 in gg.adjacency(rows) or cat == 2 else ()))
            if rules is None:
                check(db, gid, rows, cat, None, extra=(0,))


def test_text_labels_and_isolated_nodes():
    """Text labels escaped for DOT, a hole that is a text, a cat on a node
    that no row touches."""
    db = gg.connect()
    rows = [("Valjean", "Javert"), ("Javert", 'say "hi"'), ('say "hi"', "back\\slash"),
            ("back\\slash", "Valjean"), ("Valjean", "door"), (3, "Javert"), (3, 3)]
    gg.store(db, 1, rows)
    for cat in ["Javert", 'say "hi"', 3, "nobody", -7]:
        check(db, 1, rows, cat, '{"hole": "door"}', holes=("door",), extra=())


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
    check(db, 1, rows, 10**12, '{"hole": -5}', holes=(-5,))


def test_errors():
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2), (2, 3)])
    cases = [
        ("SELECT catmouse_dot(1, 0)", "graphgame: catmouse_dot: the cat may not start on a hole"),
        ("SELECT catmouse_dot(1, 3, 'edges', '{\"hole\": 3}')",
         "graphgame: catmouse_dot: the cat may not start on a hole"),
        ("SELECT catmouse_dot(1, '2')",
         "graphgame: catmouse_dot: cat '2' is not a node of graph 1 in table \"edges\" (the rows"
         " have 2, an integer: 1 and '1' are different nodes; store labels as integers, see"
         " sql/schema.sql, or CAST them)"),
        ("SELECT catmouse_dot(5, 2)", "graphgame: catmouse_dot: graph 5 has no rows in table \"edges\""),
        ("SELECT catmouse_dot(1, 2, 'nope')",
         "graphgame: catmouse_dot: no such table or view: \"nope\" (a WITH name cannot be read: use a view)"),
    ]
    for sql, msg in cases:
        try:
            db.execute(sql).fetchone()
        except sqlite3.Error as e:
            assert str(e) == msg, (sql, str(e))
        else:
            raise AssertionError("no error for " + sql)
    assert db.execute("SELECT catmouse_dot(NULL, 2), catmouse_dot(1, NULL)").fetchone() == (None, None)
    # a cat on a node that no row touches: an isolated node when declared
    check(db, 1, [(0, 1), (1, 2), (2, 3)], 9)


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
        svg_nodes[title] = (texts, fill)
    assert {u: ([u, t], f) for u, (t, a, f) in nodes.items()} == svg_nodes
    svg_edges = re.findall(r'<title>(-?\d+)&#45;&#45;(-?\d+)</title>', svg)
    assert sorted(svg_edges) == sorted(edges)
    page = open(os.path.join(ROOT, "docs", "reference", "catmouse.md")).read()
    assert "docs/catmouse.svg" in page and "SELECT catmouse_dot(1, 2);" in page


def test_several_holes():
    """Fails until the engine plays several holes: each hole is drawn as
    one, and the outcomes count every hole."""
    db = gg.connect()
    rows = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (2, 6)]
    gg.store(db, 1, rows)
    for holes in [(0, 3), (3, 0), (0, 4, 6)]:
        check(db, 1, rows, 1 if 1 not in holes else 2, '{"hole": %s}' % list(holes),
              holes=holes, extra=())
