"""The certificate checker (bindings/python/graphgame/check.py) on
certificates made by hand here from docs/reference/certificates.md: one
that verifies for each game (cat and mouse, the race, cops plain, lazy and
directed, game_solve), then mutations of them, each rejected at the line
that breaks the format or the rules; --graph (same and differing, edge
lists and graph6) and the cop number of two certificates.  The checker
runs as a program, as a referee runs it."""
import ast
import hashlib
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK = os.path.join(ROOT, "bindings", "python", "graphgame", "check.py")


def graph_block(labels, edges, directed=False):
    """The graph line, node lines and edge lines, with their sha256."""
    body = "".join("node %d %s\n" % (i, json.dumps(v)) for i, v in enumerate(labels))
    body += "".join("edge %d %d\n" % e for e in edges)
    return "graph %s nodes %d edges %d sha256 %s\n" % (
        "directed" if directed else "undirected", len(labels), len(edges),
        hashlib.sha256(body.encode()).hexdigest()) + body


def solve_block(positions, moves):
    """game_solve's block: positions are (player, result, id)."""
    body = "".join("position %d %d %s %s\n" % (i, p, r, json.dumps(x))
                   for i, (p, r, x) in enumerate(positions))
    body += "".join("move %d %d\n" % m for m in moves)
    return "positions %d moves %d sha256 %s\n" % (
        len(positions), len(moves), hashlib.sha256(body.encode()).hexdigest()) + body


def cert(game, params, block, claim, start, sections):
    """A certificate's text; sections are (player, kind, [row text])."""
    out = "graphgame-certificate 1\ngame %s\n" % game + "".join(p + "\n" for p in params)
    out += block + "claim %s\nstart %s\n" % (claim, start)
    for p, kind, rows in sections:
        out += "strategy %d %s rows %d\n" % (p, kind, len(rows)) + "".join(r + "\n" for r in rows)
    return out + "end\n"


def run(*texts, graph=None, module=False):
    """Check the certificates in one run: (exit code, output lines)."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, t in enumerate(texts):
            paths.append(os.path.join(tmp, "c%d.cert" % i))
            with open(paths[-1], "w", encoding="utf-8", newline="") as f:
                f.write(t)
        args = []
        if graph is not None:
            args = ["--graph", os.path.join(tmp, "g.txt")]
            with open(args[1], "w") as f:
                f.write(graph)
        cmd = [sys.executable, "-m", "graphgame.check"] if module else [sys.executable, CHECK]
        p = subprocess.run(cmd + paths + args, capture_output=True, text=True, timeout=60,
                           cwd=os.path.join(ROOT, "bindings", "python") if module else ROOT)
    assert p.stderr == "", p.stderr
    return p.returncode, p.stdout.splitlines()


def line_of(text, line, nth=1):
    """The 1-based number of the nth line that is exactly `line`."""
    found = [i + 1 for i, x in enumerate(text.split("\n")) if x == line]
    assert len(found) >= nth, (line, text)
    return found[nth - 1]


def sub(text, old, new):
    """text with its one line `old` replaced by `new`."""
    assert text.split("\n").count(old) == 1, (old, text)
    return "\n".join(new if x == old else x for x in text.split("\n"))


def rejected(texts_lines_words):
    """Check mutated certificates in one run: each (text, line, words) is
    rejected at that line, with the words in the reason."""
    rc, out = run(*[t for t, _, _ in texts_lines_words])
    assert rc == 1 and len(out) == len(texts_lines_words), out
    for (t, line, words), got in zip(texts_lines_words, out):
        assert got.startswith("rejected: line %d: " % line) and words in got, (got, line, words, t)


def sha_of(text):
    return [x for x in text.split("\n") if x.startswith(("graph ", "positions "))][0].split()[-1]


# ---- the certificates ----

# Cat and mouse on the path 5 - 10 - 20 - "c", the hole on 5 (index 0):
# the mouse on 20 steps to 10, the cat follows to 20, the mouse escapes.
CM_ROWS = ["mouse 2 3 3 1", "cat 1 3 2", "mouse 1 2 1 0", "cat 0 2 0"]
CM_GRAPH = graph_block([5, 10, 20, "c"], [(0, 1), (1, 2), (2, 3)])


def cm(rows=CM_ROWS, claim="win 0", start="mouse 2 3", kind="reach", block=CM_GRAPH):
    return cert("catmouse", ["hole 0"], block, claim, start, [(0, kind, rows)])


# Race to 0 on the path 0 - 1 - 2 - 3: Alice on 1 steps onto 0.
RACE_ROWS = ["alice 1 3 2 0", "bob 0 3 1", "alice 0 3 0", "alice 0 2 0"]
RACE = cert("race", ["goal 0"], graph_block([0, 1, 2, 3], [(0, 1), (1, 2), (2, 3)]),
            "win 0", "alice 1 3", [(0, "reach", RACE_ROWS)])

# Cops on the 4-cycle: two win (from 0 and 2), one loses.
C4 = [(0, 1), (0, 3), (1, 2), (2, 3)]
COPS2_ROWS = ["place-cops 3 0,2", "place-robber 0,2 2", "cops 0,2 0 0", "cops 0,2 1 1 1,2",
              "cops 0,2 2 0", "cops 0,2 3 1 3,2", "robber 1,2 1 0", "robber 2,3 3 0"]


def cops2(rows=COPS2_ROWS, variant="plain"):
    return cert("cops", ["cops 2", "variant " + variant], graph_block([0, 1, 2, 3], C4),
                "win 0", "place-cops", [(0, "reach", rows)])


def escape_rows(n, away, step):
    """The robber's rows against one cop on a cycle of n nodes: it keeps
    `away` steps ahead; step(cop, robber) is its move from (cop, robber)."""
    rows = ["place-cops -"] + ["place-robber %d - %d" % (c, (c + away) % n) for c in range(n)]
    rows += ["cops %d %d -" % (c, (c + away) % n) for c in range(n)]
    return rows + ["robber %d %d - %d" % (c, r, step(c, r)) for c in range(n) for r in range(n) if c != r]


COPS1_ROWS = escape_rows(4, 2, lambda c, r: r if c == (r + 2) % 4 else (c + 2) % 4)
COPS1 = cert("cops", ["cops 1", "variant plain"], graph_block([0, 1, 2, 3], C4),
             "safe 1", "place-cops", [(1, "safe", COPS1_ROWS)])
# One cop on the directed 3-cycle 0 -> 1 -> 2 -> 0: the robber stays behind it.
DIRECTED = cert("cops", ["cops 1", "variant plain"],
                graph_block([0, 1, 2], [(0, 1), (1, 2), (2, 0)], directed=True), "safe 1", "place-cops",
                [(1, "safe", escape_rows(3, 2, lambda c, r: r if r == (c + 2) % 3 else (r + 1) % 3))])

# game_solve: the example of docs/reference/game_solve.md.
GS = solve_block([(0, "-", "start"), (1, "-", "left"), (1, "-", "right"), (0, "loss", "trap"),
                  (0, "-", "loop")], [(0, 1), (0, 2), (1, 3), (1, 4), (2, 4), (4, 2)])
GS_WIN = cert("game_solve", [], GS, "win 1", "1", [(1, "reach", ["1 1 3", "3 0"])])
GS_DRAW = cert("game_solve", [], GS, "draw", "0",
               [(0, "safe", ["0 - 2", "2 -", "4 - 2"]), (1, "safe", ["0 -", "1 - 4", "2 - 4", "4 -"])])

# Cat and mouse drawn: each stays on its loop, far from the other.
CM_DRAW = cert("catmouse", ["hole 0"], graph_block([0, 1, 2], [(1, 1), (2, 2)]), "draw", "mouse 1 2",
               [(0, "safe", ["mouse 1 2 - 1", "cat 1 2 -"]), (1, "safe", ["mouse 1 2 -", "cat 1 2 - 2"])])


# ---- the cases ----

def test_valid_certificates_verify():
    rc, out = run(cm(), CM_DRAW, RACE, cops2(), cops2(variant="lazy"), COPS1, DIRECTED, GS_WIN, GS_DRAW)
    on = lambda t, n, more="": " on the graph with sha256 %s (%d nodes%s)" % (sha_of(t), n, more)
    assert out == [
        'verified: the mouse wins from mouse 20, cat "c", mouse to move within 3 plies' + on(cm(), 4),
        "verified: a draw from mouse 1, cat 2, mouse to move" + on(CM_DRAW, 3),
        "verified: Alice wins the race to 0 from Alice on 1, Bob on 3, Alice to move within 2 plies"
        + on(RACE, 4),
        "verified: 2 cops win%s from their start [0,2] within 1 round" % on(cops2(), 4),
        "verified: 2 lazy cops win%s from their start [0,2] within 1 round" % on(cops2(), 4),
        "verified: the robber escapes 1 cop" + on(COPS1, 4),
        "verified: the robber escapes 1 cop" + on(DIRECTED, 3, ", directed"),
        'verified: player 1 wins from position 1 (id "left") within 1 ply on the game with sha256'
        ' %s (5 positions)' % sha_of(GS_WIN),
        'verified: a draw from position 0 (id "start") on the game with sha256 %s (5 positions)'
        % sha_of(GS_DRAW),
        "verified: the cop number is 2" + on(COPS1, 4),
    ], out
    assert rc == 0


def test_safe_claims_in_words():
    mouse = CM_DRAW.split("strategy 1")[0].replace("claim draw", "claim safe 0") + "end\n"
    player1 = cert("game_solve", [], GS, "safe 1", "0", [(1, "safe", ["0 -", "1 - 4", "2 - 4", "4 -"])])
    rc, out = run(mouse, player1, graph="0\n1 1\n2,2\n")
    assert out == [
        "verified: the mouse never loses from mouse 1, cat 2, mouse to move on the graph with sha256 %s (3 nodes)"
        % sha_of(CM_DRAW), "graph: same as the certificate's (sha256 %s)" % sha_of(CM_DRAW),
        'verified: player 1 never loses from position 0 (id "start") on the game with sha256 %s (5 positions)'
        % sha_of(GS), "graph: not compared: no graph block was read"], out
    assert rc == 0


def test_comments_and_blank_lines_are_ignored_anywhere():
    t = cm().replace("\nedge", "\n# a comment\n\nedge").replace("\nend", "\n#\nend") + "# after\n"
    t = sub(t, "game catmouse", 'game catmouse\nrules {"hole": 5}')
    rc, out = run(t)
    assert rc == 0 and out[0].startswith("verified: the mouse wins"), out


def test_runs_as_a_module():
    rc, out = run(cm(), module=True)
    assert rc == 0 and out[0].startswith("verified: the mouse wins"), out


def test_wrong_and_illegal_moves():
    t = cm()
    rejected([
        (sub(t, "mouse 2 3 3 1", "mouse 2 3 3 3"), line_of(t, "mouse 2 3 3 1"), "'cat 3 3' leaves the strategy"),
        (sub(t, "mouse 2 3 3 1", "mouse 2 3 3 0"), line_of(t, "mouse 2 3 3 1"), "illegal move"),
        (sub(t, "mouse 2 3 3 1", "mouse 2 3 3 7"), line_of(t, "mouse 2 3 3 1"), "'7' is not a node"),
        (sub(t, "mouse 2 3 3 1", "mouse 2 3 3"), line_of(t, "mouse 2 3 3 1"), "needs a MOVE"),
        (sub(t, "cat 1 3 2", "cat 1 3 2 2"), line_of(t, "cat 1 3 2"), "the cat moves here: the row has no MOVE"),
        (sub(t, "cat 0 2 0", "cat 0 2 0 1"), line_of(t, "cat 0 2 0"), "the game is over here"),
        (sub(sub(RACE, "start alice 1 3", "start alice 2 3"), "alice 1 3 2 0", "alice 2 3 2 3"),
         line_of(RACE, "alice 1 3 2 0"), "illegal move: Alice has no move 3 from 'alice 2 3'"),
        (sub(cops2(), "cops 0,2 3 1 3,2", "cops 0,2 3 1 2,3"), line_of(cops2(), "cops 0,2 3 1 3,2"),
         "cop 1 cannot go from node 0 to node 2"),
        (sub(cops2(variant="lazy"), "cops 0,2 1 1 1,2", "cops 0,2 1 1 1,1"),
         line_of(cops2(), "cops 0,2 1 1 1,2"), "more than one lazy cop moves"),
        (sub(cops2(), "cops 0,2 1 1 1,2", "cops 0,2 1 1 1,1"), line_of(cops2(), "cops 0,2 1 1 1,2"),
         "'robber 1,1 1' leaves the strategy"),
        (sub(COPS1, "robber 0 1 - 2", "robber 0 1 - 3"), line_of(COPS1, "robber 0 1 - 2"),
         "the robber cannot go from node 1 to node 3"),
        (sub(GS_DRAW, "0 - 2", "0 - 3"), line_of(GS_DRAW, "0 - 2"), "illegal move"),
    ])


def test_missing_replies():
    rows = list(COPS2_ROWS)
    rows.remove("cops 0,2 3 1 3,2")
    rows1 = list(COPS1_ROWS)
    rows1.remove("place-robber 1 - 3")
    t1 = cert("cops", ["cops 1", "variant plain"], graph_block([0, 1, 2, 3], C4), "safe 1", "place-cops",
              [(1, "safe", rows1)])
    rejected([
        (cm(CM_ROWS[:2] + CM_ROWS[3:]), line_of(cm(), "cat 1 3 2"), "'mouse 1 2' leaves the strategy"),
        (cops2(rows), line_of(cops2(), "place-robber 0,2 2"), "'cops 0,2 3' leaves the strategy"),
        (t1, line_of(t1, "place-cops -"), "'place-robber 1' leaves the strategy"),
        (sub(GS_DRAW, "4 -", "4 - 2"), line_of(GS_DRAW, "4 -"), "player 0 moves here: the row has no MOVE"),
    ])


def test_plies_must_fall():
    t = cm()
    rejected([
        (sub(t, "cat 1 3 2", "cat 1 3 1"), line_of(t, "cat 1 3 2"), "the plies do not fall: 1 here, 1 at"),
        (sub(t, "mouse 2 3 3 1", "mouse 2 3 2 1"), line_of(t, "mouse 2 3 3 1"), "2 here, 2 at 'cat 1 3'"),
        (sub(cops2(), "place-robber 0,2 2", "place-robber 0,2 1"), line_of(cops2(), "place-robber 0,2 2"),
         "the plies do not fall"),
        (sub(t, "cat 1 3 2", "cat 1 3 -"), line_of(t, "cat 1 3 2"), "PLIES of a reach row must be a number"),
        (cm(kind="safe", claim="safe 0"),
         line_of(t, "mouse 2 3 3 1"), "PLIES of a safe row is '-'"),
    ])


def test_safe_sets_hold_no_lost_position():
    # With the edge 1 - 2 the cat may step onto the mouse.
    g = graph_block([0, 1, 2], [(1, 1), (1, 2), (2, 2)])
    t = cert("catmouse", ["hole 0"], g, "safe 0", "mouse 1 2",
             [(0, "safe", ["mouse 1 2 - 1", "cat 1 2 -", "mouse 1 1 -"])])
    bad_draw = cert("game_solve", [], GS, "draw", "0",       # left may go to the trap: player 0 loses
                    [(0, "safe", ["0 - 1", "1 -", "3 -", "4 - 2", "2 -"]), (1, "safe", ["0 -"])])
    lost = cert("game_solve", [], GS, "safe 0", "3", [(0, "safe", ["3 -"])])
    rejected([
        (t, line_of(t, "mouse 1 1 -"), "the game is over here and the mouse has lost"),
        (cm(CM_ROWS + ["cat 2 2 5"]), line_of(cm(), "end"), "over here and the mouse has lost"),
        (bad_draw, line_of(bad_draw, "3 -"), "the game is over here and player 0 has lost"),
        (lost, line_of(lost, "3 -"), "player 0 has lost"),
    ])


def test_the_graph_and_the_rows_are_read_strictly():
    t = cm()
    swapped = cm(block=graph_block(["c", 5, 10, 20], [(0, 1), (1, 2), (2, 3)]))
    texts = graph_block(["b", "a"], [])
    triangle = DIRECTED.replace("graph directed", "graph undirected")
    rejected([
        (sub(t, "edge 1 2", "edge 1 3"), line_of(t, CM_GRAPH.split("\n")[0]), "the sha256 of the node and edge"),
        (swapped, line_of(swapped, "node 1 5"), "not after the one before in SQLite's order"),
        (cm(block=texts), line_of(cm(block=texts), 'node 1 "a"'), "SQLite's order"),
        (cm(block=graph_block([5, 5, 10, 20], [])), 6, "no label twice"),
        (cm(block=graph_block([0, 1, 2, 3], [(0, 1), (0, 1)])), 10, "or one is repeated"),
        (cm(block=graph_block([0, 1, 2, 3], [(1, 2), (0, 1)])), 10, "not sorted"),
        (triangle, line_of(triangle, "edge 2 0"), "u <= v"),
        (cm(block=graph_block([0, 1.5, 2, 3], [])), 6, "not a JSON integer or string"),
        (sub(t, "strategy 0 reach rows 4", "strategy 0 reach rows 5"), line_of(t, "end"), "has 4 rows, not 5"),
        (sub(t, "strategy 0 reach rows 4", "strategy 0 reach rows 3"), line_of(t, "cat 0 2 0"),
         "expected 'strategy P reach|safe rows N' or 'end'"),
        (t.replace(" nodes 4 ", " nodes 5 "), line_of(t, "edge 0 1"), "expected node 4"),
        (t.replace(" edges 3 ", " edges 4 "), line_of(t, "claim win 0"), "expected edge 4"),
        (cm(CM_ROWS + ["cat 1 3 2"]), line_of(t, "end"), "'cat 1 3' is listed twice (line %d)"
         % line_of(t, "cat 1 3 2")),
        (sub(t, "mouse 1 2 1 0", "mouse 1  2 1 0"), line_of(t, "mouse 1 2 1 0"), "'' is not a node"),
        (sub(t, "cat 1 3 2", "cat 1 3 02"), line_of(t, "cat 1 3 2"), "must be a number"),
        (sub(t, "hole 0", "hole 4"), 3, "'4' is not a node"),
        (sub(t, "game catmouse", "game catmouse\ngoal 1"), 3, "a catmouse certificate has 'hole NODE' lines, at least one, no node twice, not this line"),
        (t[:-1], line_of(t, "end"), "does not end with a newline"),
        (t + "end\n", line_of(t, "end") + 1, "nothing but comments may follow 'end'"),
        (sub(t, "start mouse 2 3", "start mouse 1 3"), line_of(t, "start mouse 2 3"), "the start is not a row"),
        (sub(GS_WIN, "move 0 2", "move 0 3"), line_of(GS_WIN, "positions 5 moves 6 sha256 " + sha_of(GS_WIN)),
         "the sha256 of the position and move lines"),
        (sub(COPS1, "cops 0 2 -", "cops 2,0 2 -"), line_of(COPS1, "cops 0 2 -"), "not 1 nodes"),
        (sub(cops2(), "place-robber 0,2 2", "place-robber 2,0 2"), line_of(cops2(), "place-robber 0,2 2"),
         "in ascending order"),
    ])


def test_the_claim_needs_the_right_sections():
    t = cm()
    one = GS_DRAW.split("strategy 1")[0] + "end\n"
    rejected([
        (cm(kind="safe"), line_of(t, "strategy 0 reach rows 4"), "the claim 'win 0' needs 'strategy 0 reach', not this section"),
        (sub(t, "claim win 0", "claim win 1"), line_of(t, "strategy 0 reach rows 4"), "'strategy 1 reach'"),
        (sub(t, "claim win 0", "claim safe 0"), line_of(t, "strategy 0 reach rows 4"), "'strategy 0 safe'"),
        (one, line_of(one, "end"), "the claim needs a section 'strategy 1 safe'"),
        (sub(GS_DRAW, "strategy 1 safe rows 4", "strategy 0 safe rows 4"),
         line_of(GS_DRAW, "strategy 1 safe rows 4"), "the claim 'draw' needs 'strategy 1 safe'"),
        (sub(COPS1, "claim safe 1", "claim draw"), line_of(COPS1, "claim safe 1"), "a cops certificate claims"),
        (sub(COPS1, "start place-cops", "start cops 0 0"), line_of(COPS1, "start place-cops"), "the start is not a row"),
        (sub(t, "graphgame-certificate 1", "graphgame-certificate 2"), 1, "expected 'graphgame-certificate 1'"),
    ])


def test_cop_number_needs_both_certificates_of_one_graph():
    rc, out = run(COPS1)
    assert rc == 0 and len(out) == 1
    other = cops2(variant="lazy")               # the lazy cop number is another number
    rc, out = run(COPS1, other)
    assert rc == 0 and len(out) == 2, out
    rc, out = run(cops2(), sub(COPS1, "robber 0 1 - 2", "robber 0 1 - 3"))
    assert rc == 1 and len(out) == 2 and out[1].startswith("rejected:"), out


def test_graph_option():
    cycle = "# the 4-cycle\n0 1\n1,2\n\n2 3\n3 0\n"
    rc, out = run(cops2(), graph=cycle)
    assert rc == 0 and out[1] == "graph: same as the certificate's (sha256 %s)" % sha_of(cops2()), out
    rc, out = run(cops2(), graph=">>graph6<<Cl\n")                   # graph6 of the 4-cycle
    assert rc == 0 and out[1].startswith("graph: same"), out
    rc, out = run(cm(), graph="5 10\n10 20\n20 c\n")
    assert rc == 0 and out[1].startswith("graph: same"), out
    rc, out = run(cops2(), graph="0 1\n1 2\n2 3\n")
    assert rc == 1 and out[0].startswith("verified:"), out
    assert out[1] == "graph: differs from the certificate's: the certificate has the edge 0 - 3 (line %d)," \
        " the graph file has not" % line_of(cops2(), "edge 0 3"), out
    rc, out = run(cops2(), graph=cycle + "7\n")
    assert rc == 1 and out[1] == "graph: differs from the certificate's: the graph file has the node 7," \
        " the certificate has not", out
    rc, out = run(cm(), graph="5 10\n10 20\n20 d\n")
    assert rc == 1 and out[1] == 'graph: differs from the certificate\'s: the certificate has the node "c"' \
        ' (line %d), the graph file has not' % line_of(cm(), 'node 3 "c"'), out
    rc, out = run(DIRECTED, graph="0 1\n1 2\n0 2\n")                # directedness from the certificate
    assert rc == 1 and out[1] == "graph: differs from the certificate's: the graph file has the edge 0 -> 2," \
        " the certificate has not", out
    rc, out = run(DIRECTED, graph="&BP_\n")                          # digraph6 of 0 -> 1 -> 2 -> 0
    assert rc == 0 and out[1].startswith("graph: same"), out


def test_usage_errors():
    p = subprocess.run([sys.executable, CHECK], capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout == ""
    p = subprocess.run([sys.executable, CHECK, os.path.join(ROOT, "no-such.cert")], capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout.startswith("rejected: cannot read"), p.stdout


def test_the_checker_uses_the_standard_library_only():
    tree = ast.parse(open(CHECK, encoding="utf-8").read())
    imports = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert imports <= set(sys.stdlib_module_names), imports
    assert not any(isinstance(n, ast.ImportFrom) for n in ast.walk(tree))
    assert ast.get_docstring(tree).split("\n")[0].startswith("The checker of graphgame's certificates")


def test_the_cat_may_not_enter_a_hole():
    g = graph_block([0, 1, 2], [(0, 1), (1, 2)])
    t = cert("catmouse", ["hole 0"], g, "win 1", "cat 2 1", [(1, "reach", ["cat 2 1 1 2", "mouse 2 2 0"])])
    rc, out = run(t)
    assert rc == 0 and out[0].startswith("verified: the cat wins from mouse 2, cat 1, cat to move within 1 ply")
    rejected([(sub(t, "cat 2 1 1 2", "cat 2 1 1 0"), line_of(t, "cat 2 1 1 2"), "illegal move: the cat has no move 0")])
