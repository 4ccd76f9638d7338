#!/usr/bin/env python3
"""The checker of graphgame's certificates (docs/reference/certificates.md).

A certificate proves the value of one position of a game: cat and mouse,
the race to z, cops and robbers (plain or lazy, on a directed or undirected
graph), or a game given as rows (game_solve).  This file decides whether it
proves what it claims.  It shares no code with graphgame's engine: Python's
standard library only, and every legal move computed here from the
certificate's own node and edge lines and the rules of that page.

    python3 -m graphgame.check FILE [FILE...] [--graph GRAPHFILE]

One line a certificate: `verified: <the claim in words> on the graph with
sha256 <hex> (<n> nodes)`, or `rejected: line N: <why>`.  The format is read
first, strictly, and its first broken line is named; then the rules are
checked, the start first, then the rows in the file's order.  A cops win
starting at place-cops with PLIES p: the cops place (a ply), the robber
places (a ply), then a round is a cops' move and a robber's move, so the
robber is caught within ceil((p - 2) / 2) rounds; from another start (a
position the rules named) the claim counts plies.  A cops win of k and an escape from
k - 1 cops on one graph (sha256, directedness, variant) add `verified: the
cop number is k ...`.  --graph compares the referee's own graph (a graph6 or
digraph6 line, or an edge list: `u v` or `u,v` lines, one label on a line an
isolated node, `#` comments, integer-looking labels integers) with each
certificate's canonical node and edge lines.  Exit status 0 if every
certificate is verified (and the graph is the same), 1 if not, 2 for a
usage error or a file that cannot be read.  A FILE ending in .gz is read
through gzip.
"""
import argparse
import gzip
import hashlib
import itertools
import json
import re
import sys

NUM = r"(0|[1-9][0-9]*)"
NAMES = {"catmouse": ("the mouse", "the cat"), "race": ("Alice", "Bob"),
         "cops": ("the cops", "the robber"), "game_solve": ("player 0", "player 1")}
MOVER = {"mouse": 0, "cat": 1, "alice": 0, "bob": 1, "cops": 0, "robber": 1, "place-cops": 0, "place-robber": 1}
OTHER = {"mouse": "cat", "cat": "mouse", "alice": "bob", "bob": "alice"}
TURNS = {"catmouse": ("mouse", "cat"), "race": ("alice", "bob"), "cops": ("cops", "robber")}
PARAMS = {"catmouse": ("hole",), "race": ("goal",), "cops": ("cops", "variant"), "game_solve": ()}
WANTS = {"catmouse": "'hole NODE' lines, at least one, no node twice", "race": "one 'goal NODE' line",
         "cops": "one 'cops K' line and one 'variant plain|lazy' line", "game_solve": "no parameter line"}
DRAW = 2                    # the result of a drawn game-over position (0 and 1: that player has won)


class Bad(Exception):
    """The first line that fails (1-based) and why."""
    def __init__(self, line, why):
        super().__init__(why)
        self.line, self.why = line, why


class G:
    """What a certificate declares: its game, parameters and graph (or game_solve's rows)."""
    sha, graph_read, k, lazy, directed = None, False, 1, False, True


# ---- the rules: a function a game for the moves, one for the end ----

def catmouse_moves(g, pos):
    t, m, c = pos
    if t == "mouse":
        return [("cat", x, c) for x in g.adj[m]]
    return [("mouse", m, x) for x in g.adj[c] if x not in g.holes]


def catmouse_over(g, pos):
    """The winner (0 or 1), DRAW, or None while the game goes on."""
    t, m, c = pos
    if m in g.holes or m == c:
        return 0 if m in g.holes else 1
    return None if catmouse_moves(g, pos) else 1 - MOVER[t]


def race_moves(g, pos):
    t, a, b = pos
    me, other = (a, b) if t == "alice" else (b, a)
    to = [me] + [x for x in g.adj[me] if x != other or x == g.goal]     # staying is always allowed
    return [("bob", x, b) if t == "alice" else ("alice", a, x) for x in to]


def race_over(g, pos):
    t, a, b = pos
    if t == "bob" or g.goal not in (a, b):
        return None
    return DRAW if a == b else (0 if a == g.goal else 1)


def cop_confs(g, conf):
    """Every CONF the cops can move to from conf (cached: many rows share a CONF)."""
    if conf not in g.cache:
        if g.lazy:
            g.cache[conf] = {conf} | {tuple(sorted(conf[:i] + (x,) + conf[i + 1:]))
                                      for i in range(g.k) for x in g.adj[conf[i]]}
        else:
            g.cache[conf] = {tuple(sorted(p)) for p in itertools.product(*(g.stay[c] for c in conf))}
    return g.cache[conf]


def cops_moves(g, pos):
    t = pos[0]
    if t == "place-cops":
        return [("place-robber", c) for c in itertools.combinations_with_replacement(range(g.n), g.k)]
    if t == "place-robber":
        return [("cops", pos[1], r) for r in range(g.n)]
    if t == "robber":
        return [("cops", pos[1], r) for r in g.stay[pos[2]]]
    return [("robber", c, pos[2]) for c in cop_confs(g, pos[1])]


def cops_over(g, pos):
    return 0 if len(pos) == 3 and pos[2] in pos[1] else None        # caught, whoever is to move


def solve_moves(g, pos):
    return [(q,) for q in g.adj[pos[0]]]


def solve_over(g, pos):
    p = pos[0]
    if g.result[p] == "-":
        return None if g.adj[p] else 1 - g.player[p]
    return {"win": g.player[p], "loss": 1 - g.player[p], "draw": DRAW}[g.result[p]]


MOVES = {"catmouse": catmouse_moves, "race": race_moves, "cops": cops_moves, "game_solve": solve_moves}
OVER = {"catmouse": catmouse_over, "race": race_over, "cops": cops_over, "game_solve": solve_over}


def mover(g, pos):
    return g.player[pos[0]] if g.game == "game_solve" else MOVER[pos[0]]


def play(g, pos, mv, no):
    """The position that the mover's MOVE mv leads to, if it is legal."""
    t = pos[0]
    if t in ("place-robber", "robber"):
        r = node(g, mv, no)
        if t == "robber" and r not in g.stay[pos[2]]:
            raise Bad(no, "illegal move: the robber cannot go from node %d to node %d" % (pos[2], r))
        return ("cops", pos[1], r)
    if t == "place-cops":
        return ("place-robber", conf(g, mv, no))
    if t == "cops":                 # the k new nodes, cop i from the i-th node of CONF
        new = conf(g, mv, no, ordered=False)
        for i, (a, b) in enumerate(zip(pos[1], new)):
            if b not in g.stay[a]:
                raise Bad(no, "illegal move: cop %d cannot go from node %d to node %d" % (i + 1, a, b))
        if g.lazy and sum(a != b for a, b in zip(pos[1], new)) > 1:
            raise Bad(no, "illegal move: more than one lazy cop moves")
        return ("robber", tuple(sorted(new)), pos[2])
    x = node(g, mv, no)
    kid = (x,) if g.game == "game_solve" else (OTHER[t], x, pos[2]) if MOVER[t] == 0 else (OTHER[t], pos[1], x)
    if kid not in MOVES[g.game](g, pos):
        raise Bad(no, "illegal move: %s has no move %s from '%s'" % (NAMES[g.game][mover(g, pos)], mv, text(pos)))
    return kid


def text(pos):
    """A position as the certificate writes it."""
    return " ".join(",".join(map(str, x)) if isinstance(x, tuple) else str(x) for x in pos)


# ---- the format ----

def number(s, what, no):
    if not re.fullmatch(NUM, s):
        raise Bad(no, "%s must be a number, not %r" % (what, s))
    return int(s)


def node(g, s, no):
    """A node's index (game_solve: a position's), in range."""
    if s not in g.index:
        raise Bad(no, "%r is not a %s (0 to %d)" % (s, g.what, g.n - 1))
    return g.index[s]


def conf(g, s, no, ordered=True):
    """k nodes joined by commas: a CONF (ascending), or a cops' move (in the order of the CONF)."""
    if (s, ordered) not in g.confs:
        got = tuple(node(g, x, no) for x in s.split(","))
        if len(got) != g.k or ordered and list(got) != sorted(got):
            raise Bad(no, "%r is not %d nodes joined by commas%s" % (s, g.k, " in ascending order" * ordered))
        g.confs[s, ordered] = got
    return g.confs[s, ordered]


def label(s, no):
    """A label or an id: a JSON integer or string; and its key in SQLite's order."""
    try:
        v = json.loads(s)
        if s == s.strip() and type(v) in (int, str):
            return v, ((0, v) if type(v) is int else (1, v.encode("utf-8")))
    except (ValueError, UnicodeEncodeError):
        pass
    raise Bad(no, "%r is not a JSON integer or string" % s)


def position(g, f, no):
    """The position that the fields f begin with, and how many fields it takes."""
    f = f + ["", "", ""]
    t = f[0]
    if g.game == "game_solve":
        return (node(g, t, no),), 1
    if g.game == "cops" and t in ("place-cops", "place-robber"):
        return ((t,), 1) if t == "place-cops" else ((t, conf(g, f[1], no)), 2)
    if t not in TURNS[g.game]:
        raise Bad(no, "%r is not a turn of %s" % (t, g.game))
    return (t, conf(g, f[1], no) if g.game == "cops" else node(g, f[1], no), node(g, f[2], no)), 3


def read_block(take, g, no, t):
    """The graph block (game_solve: its positions and moves), checked against its sha256."""
    solve = g.game == "game_solve"
    m = re.fullmatch((r"positions %s moves %s" if solve else r"graph (directed|undirected) nodes %s edges %s")
                     % (NUM, NUM) + r" sha256 ([0-9a-f]{64})", t)
    if not m:
        raise Bad(no, "expected '%s sha256 HEX64'" % ("positions N moves N" if solve else
                                                      "graph directed|undirected nodes N edges N"))
    g.directed = solve or m[1] == "directed"          # game_solve's moves go one way
    g.n, npairs, g.sha = int(m.groups()[-3]), int(m.groups()[-2]), m.groups()[-1]
    g.index, sha_no, h = {str(i): i for i in range(g.n)}, no, hashlib.sha256()
    for p_no, v in g.param_nodes:                      # the hole and goal lines, above
        node(g, v, p_no)
    word, pair, shape = ("position", "move", "PLAYER RESULT ID") if solve else ("node", "edge", "LABEL")
    g.texts, g.labels, g.node_lines, g.player, g.result, seen, prev = [], [], [], [], [], set(), None
    for i in range(g.n):
        no, t = take("%s %d" % (word, i))
        f = t.split(" ", 4 if solve else 2)
        if f[:2] != [word, str(i)] or len(f) != (5 if solve else 3) or \
                solve and (f[2] not in ("0", "1") or f[3] not in ("-", "win", "loss", "draw")):
            raise Bad(no, "expected %s %d of the %d of line %d ('%s %d %s')" % (word, i, g.n, sha_no, word, i, shape))
        v, key = label(f[-1], no)
        if key in seen or not solve and prev is not None and key < prev:
            raise Bad(no, "the %s %s is not after the one before in SQLite's order (integers ascending, then"
                      " texts by their UTF-8 bytes, no label twice)" % ("id" if solve else "label", f[-1]))
        seen.add(key)
        prev = key
        g.texts.append(f[-1])
        g.labels.append(v)
        g.node_lines.append(no)
        if solve:
            g.player.append(int(f[2]))
            g.result.append(f[3])
        h.update(t.encode("utf-8") + b"\n")
    g.edges, g.edge_lines, g.adj = [], [], [set() for _ in range(g.n)]
    for j in range(npairs):
        no, t = take("%s %d" % (pair, j + 1))
        f = t.split(" ")
        if len(f) != 3 or f[0] != pair:
            raise Bad(no, "expected %s %d of the %d of line %d ('%s U V')" % (pair, j + 1, npairs, sha_no, pair))
        u, v = node(g, f[1], no), node(g, f[2], no)
        if not g.directed and u > v:
            raise Bad(no, "an undirected edge is written with u <= v")
        if g.edges and (u, v) <= g.edges[-1]:
            raise Bad(no, "the %ss are not sorted by (u, v), or one is repeated" % pair)
        g.edges.append((u, v))
        g.edge_lines.append(no)
        g.adj[u].add(v)
        if not g.directed:
            g.adj[v].add(u)
        h.update(t.encode("utf-8") + b"\n")
    if h.hexdigest() != g.sha:
        raise Bad(sha_no, "the sha256 of the %s and %s lines is %s, not the one written here"
                  % (word, pair, h.hexdigest()))
    g.stay, g.graph_read = [sorted(a | {u}) for u, a in enumerate(g.adj)], not solve


def read(data, g):
    """Read a certificate strictly: (claim, start, the start's line, sections)."""
    raw, items = data.split(b"\n"), []
    for no, b in enumerate(raw, 1):
        try:
            s = b.decode("utf-8")
        except UnicodeDecodeError:
            raise Bad(no, "the line is not UTF-8")
        if no == len(raw) and s:
            raise Bad(no, "the last line does not end with a newline")
        if s.strip() and not s.startswith("#"):                # comments and blank lines are ignored
            items.append((no, s))
    lines = iter(items)

    def take(what):
        got = next(lines, None)
        if got is None:
            raise Bad(len(raw), "the file ends where %s should be" % what)
        return got
    no, t = take("'graphgame-certificate 1'")
    if t != "graphgame-certificate 1":
        raise Bad(no, "expected 'graphgame-certificate 1'")
    no, t = take("the game line")
    m = re.fullmatch(r"game (catmouse|race|cops|game_solve)", t)
    if not m:
        raise Bad(no, "expected 'game catmouse|race|cops|game_solve'")
    g.game, g.what, g.cache, g.confs, params = m[1], "position" if m[1] == "game_solve" else "node", {}, {}, {}
    no, t = take("the graph line")
    if t.startswith("rules "):
        try:
            json.loads(t[6:])
        except ValueError:
            raise Bad(no, "the rules are not JSON")
        no, t = take("the graph line")
    while t.split(" ")[0] in ("hole", "goal", "cops", "variant"):
        word, _, v = t.partition(" ")
        if word not in PARAMS[g.game] or word in params and (word != "hole" or v in [x for _, x in params[word]]):
            raise Bad(no, "a %s certificate has %s, not this line" % (g.game, WANTS[g.game]))
        params.setdefault(word, []).append((no, v))
        no, t = take("the graph line")
    if len(params) != len(PARAMS[g.game]):
        raise Bad(no, "a %s certificate has %s before this line" % (g.game, WANTS[g.game]))
    if g.game == "cops":
        (k_no, k), (v_no, variant) = params["cops"][0], params["variant"][0]
        g.k, g.lazy = number(k, "the number of cops", k_no), variant == "lazy"
        if g.k < 1 or variant not in ("plain", "lazy"):
            raise Bad(k_no if g.k < 1 else v_no, "a cops certificate has %s, K >= 1" % WANTS["cops"])
    g.param_nodes = params.get("hole", []) + params.get("goal", [])
    read_block(take, g, no, t)
    g.holes = {int(v) for _, v in params.get("hole", [])}
    g.goal = int(params["goal"][0][1]) if "goal" in params else None
    no, t = take("the claim line")
    m = re.fullmatch(r"claim (?:(win|safe) ([01])|draw)", t)
    if not m:
        raise Bad(no, "expected 'claim win P', 'claim draw' or 'claim safe P'")
    claim, t_claim = (m[1], int(m[2])) if m[1] else ("draw", None), t[6:]
    if g.game == "cops" and claim not in (("win", 0), ("safe", 1)):
        raise Bad(no, "a cops certificate claims 'win 0' (the cops win) or 'safe 1' (the robber escapes)")
    need = [("safe", 0), ("safe", 1)] if claim[0] == "draw" else [("reach" if claim[0] == "win" else "safe", claim[1])]
    start_no, t = take("the start line")
    f = t.split(" ")
    start, used = position(g, f[1:], start_no) if f[0] == "start" else (None, -1)
    if used != len(f) - 1:
        raise Bad(start_no, "expected 'start POSITION'")
    g.from_start = start == ("place-cops",)     # a cops certificate of the whole game
    sections, last = [], ""
    while True:
        no, t = take("'strategy' or 'end'")
        if t == "end":
            break
        m = re.fullmatch(r"strategy ([01]) (reach|safe) rows %s" % NUM, t)
        if not m:
            raise Bad(no, "expected 'strategy P reach|safe rows N' or 'end'" + last)
        P, kind, nrows, S, head = int(m[1]), m[2], int(m[3]), {}, no
        if (kind, P) not in need:
            raise Bad(no, "the claim '%s' needs %s, not this section" % (
                t_claim, " and ".join("'strategy %d %s'" % (p, k) for k, p in need) or "no other section"))
        need.remove((kind, P))
        for i in range(nrows):
            no, t = take("row %d of the %d of line %d" % (i + 1, nrows, head))
            f = t.split(" ")
            if t == "end" or f[0] == "strategy":
                raise Bad(no, "the strategy of line %d has %d rows, not %d" % (head, i, nrows))
            pos, used = position(g, f, no)
            if len(f) - used not in (1, 2):
                raise Bad(no, "expected a row 'POSITION PLIES [MOVE]'")
            plies = number(f[used], "PLIES of a reach row", no) if kind == "reach" else f[used]
            if kind == "safe" and plies != "-":
                raise Bad(no, "PLIES of a safe row is '-'")
            if pos in S:
                raise Bad(no, "the position '%s' is listed twice (line %d)" % (text(pos), S[pos][0]))
            S[pos] = (no, plies, f[used + 1] if len(f) > used + 1 else None)
        sections.append((P, kind, S, head))
        last = " (the strategy of line %d has %d rows)" % (head, nrows)
    if need:
        raise Bad(no, "the claim needs a section 'strategy %d %s'" % (need[0][1], need[0][0]))
    extra = next(lines, None)
    if extra:
        raise Bad(extra[0], "nothing but comments may follow 'end'")
    return claim, start, start_no, sections


# ---- the rules, checked ----

def verify(g, start, start_no, sections):
    for P, kind, S, head in sections:
        if start not in S:
            raise Bad(start_no, "the start is not a row of the strategy of line %d" % head)
    for P, kind, S, head in sections:
        name, other = NAMES[g.game][P], NAMES[g.game][1 - P]
        for pos, (no, plies, mv) in S.items():
            res = OVER[g.game](g, pos)
            if res is not None:
                if mv is not None:
                    raise Bad(no, "the game is over here: the row has no MOVE")
                if res == 1 - P or kind == "reach" and res != P:
                    raise Bad(no, "the game is over here and %s has %s" % (name, "lost" if res == 1 - P else "not won"))
                continue
            if mover(g, pos) == P:
                if mv is None:
                    raise Bad(no, "%s moves here: the row needs a MOVE" % name)
                kids = [play(g, pos, mv, no)]
            elif mv is not None:
                raise Bad(no, "%s moves here: the row has no MOVE (each of their moves is checked)" % other)
            else:
                kids = MOVES[g.game](g, pos)
            for kid in kids:
                got = S.get(kid)
                if got is None:
                    raise Bad(no, "the move to '%s' leaves the strategy: no row has that position" % text(kid))
                if kind == "reach" and got[1] >= plies:
                    raise Bad(no, "the plies do not fall: %d here, %d at '%s' (line %d)"
                              % (plies, got[1], text(kid), got[0]))


def count(n, word):
    return "%d %s" % (n, word if n == 1 else {"ply": "plies"}.get(word, word + "s"))


def words(g, claim, start, sections):
    """The claim in words; {} marks where the graph goes."""
    kind, P = claim
    row = sections[0][2][start]
    if g.game == "cops":
        cops = "%d %scop%s" % (g.k, "lazy " if g.lazy else "", "s" if g.k > 1 else "")
        where = ""
        if not g.from_start:                    # a position the rules named
            where = " from cops [%s], %s" % (",".join(g.texts[c] for c in start[1]), (
                "the robber to place" if start[0] == "place-robber" else "robber %s, %s to move"
                % (g.texts[start[2]], start[0])))
        if kind == "safe":
            return "the robber escapes %s{}%s" % (cops, where)
        if where:
            return "%s win%s{}%s within %s" % (cops, "" if g.k > 1 else "s", where, count(row[1], "ply"))
        return "%s win%s{} from their start [%s] within %s" % (cops, "" if g.k > 1 else "s", ",".join(
            g.texts[c] for c in conf(g, row[2], 0)), count(max(0, (row[1] - 1) // 2), "round"))
    if g.game == "game_solve":
        where = "position %d (id %s)" % (start[0], g.texts[start[0]])
    else:
        who = ("mouse %s, cat %s", "Alice on %s, Bob on %s")[g.game == "race"]
        where = who % (g.texts[start[1]], g.texts[start[2]]) + ", %s to move" % (
            start[0] if g.game == "catmouse" else start[0].capitalize())
    race = " the race to %s" % g.texts[g.goal] if g.game == "race" else ""
    if kind == "draw":
        return "a draw%s from %s{}" % (race.replace(" the", " in the"), where)
    if kind == "safe":
        return "%s never loses%s from %s{}" % (NAMES[g.game][P], race, where)
    return "%s wins%s from %s within %s{}" % (NAMES[g.game][P], race, where, count(row[1], "ply"))


def on_graph(g):
    if g.game == "game_solve":
        return " on the game with sha256 %s (%s)" % (g.sha, count(g.n, "position"))
    return " on the graph with sha256 %s (%s%s)" % (g.sha, count(g.n, "node"), "" if not g.directed else ", directed")


def check(data, g):
    """The verdict on a certificate's bytes, and its claim if verified; g is filled as it is read."""
    try:
        claim, start, start_no, sections = read(data, g)
        verify(g, start, start_no, sections)
    except Bad as e:
        return "rejected: line %d: %s" % (e.line, e.why), None
    return "verified: " + words(g, claim, start, sections).format(on_graph(g)), claim


# ---- the referee's graph ----

def decode6(s):
    """(nodes, rows) of a graph6 line or (with '&') a digraph6 line; None if s is not one."""
    directed = s.startswith("&")
    b = [ord(c) - 63 for c in s[directed:]]
    if not b or min(b) < 0 or max(b) > 63:
        return None
    if b[0] < 63:
        n, b = b[0], b[1:]
    elif len(b) >= 4 and b[1] < 63:
        n, b = (b[1] << 12) | (b[2] << 6) | b[3], b[4:]
    elif len(b) >= 8:
        n, b = sum(x << (30 - 6 * i) for i, x in enumerate(b[2:8])), b[8:]
    else:
        return None
    pairs = [(i, j) for i in range(n) for j in range(n)] if directed else [(i, j) for j in range(n) for i in range(j)]
    if len(b) != (len(pairs) + 5) // 6:
        return None
    return list(range(n)), [p for t, p in enumerate(pairs) if b[t // 6] >> (5 - t % 6) & 1]


def read_referee(path):
    """(labels, rows) of the referee's graph file; ValueError if it is not one."""
    lines = [(i, s.strip()) for i, s in enumerate(open(path, encoding="utf-8").read().split("\n"), 1)]
    lines = [(i, s) for i, s in lines if s and not s.startswith("#")]
    if len(lines) == 1:
        s = re.sub(r"^>>(di)?graph6<<", "", lines[0][1])
        got = decode6(s) if re.fullmatch(r"&?[?-~]+", s) else None
        if got:
            return got
    labels, rows = [], []
    for i, s in lines:
        f = [x.strip() for x in s.split(",")] if "," in s else s.split()
        if len(f) > 2 or "" in f:
            raise ValueError("line %d: expected 'u v', 'u,v' or one label" % i)
        f = [int(x) if re.fullmatch(r"[-+]?[0-9]+", x) else x for x in f]
        labels += f
        if len(f) == 2:
            rows.append(f)
    return labels, rows


def compare(g, labels, rows):
    """The graph line: whether the referee's graph is the certificate's."""
    key = lambda v: (0, v) if type(v) is int else (1, v.encode("utf-8"))
    show = lambda k: json.dumps(k[1] if k[0] == 0 else k[1].decode("utf-8"), ensure_ascii=False)
    arrow = " -> " if g.directed else " - "
    mine, theirs = sorted(set(map(key, labels))), [key(v) for v in g.labels]
    at = {k: i for i, k in enumerate(mine)}
    edges = sorted({(at[key(u)], at[key(v)]) if g.directed or key(u) <= key(v) else (at[key(v)], at[key(u)])
                    for u, v in rows})
    for what, a, b, lines, say in (("node", mine, theirs, g.node_lines, lambda k, ks: show(k)),
                                   ("edge", edges, g.edges, g.edge_lines,
                                    lambda e, ks: show(ks[e[0]]) + arrow + show(ks[e[1]]))):
        i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        if a[i:] == b[i:]:
            continue
        if i < len(b) and (i == len(a) or b[i] < a[i]):
            return "graph: differs from the certificate's: the certificate has the %s %s (line %d)," \
                " the graph file has not" % (what, say(b[i], theirs), lines[i])
        return "graph: differs from the certificate's: the graph file has the %s %s, the certificate" \
            " has not" % (what, say(a[i], mine))
    return "graph: same as the certificate's (sha256 %s)" % g.sha


def main(argv=None):
    ap = argparse.ArgumentParser(prog="graphgame.check", description="Check graphgame certificates.")
    ap.add_argument("files", nargs="+", metavar="FILE")
    ap.add_argument("--graph", metavar="GRAPHFILE", help="a graph6 line or an edge list to compare")
    args, rc, wins = ap.parse_intermixed_args(argv), 0, {}
    try:
        referee = read_referee(args.graph) if args.graph else None
    except (OSError, ValueError) as e:
        print("graphgame.check: cannot read the graph %s: %s" % (args.graph, e), file=sys.stderr)
        return 2
    for path in args.files:
        try:
            data = (gzip.open if path.endswith(".gz") else open)(path, "rb").read()
        except OSError as e:
            print("rejected: cannot read %s: %s" % (path, e.strerror))
            rc = 2
            continue
        g = G()
        line, claim = check(data, g)
        print(line)
        rc = rc or (0 if claim else 1)
        if claim and g.game == "cops" and g.from_start:
            wins[(g.sha, g.directed, g.lazy, g.k, claim[0])] = g
        if referee is not None:
            line = compare(g, *referee) if g.graph_read else "graph: not compared: no graph block was read"
            print(line)
            rc = rc or (0 if line.startswith("graph: same") or not g.graph_read else 1)
    for (sha, directed, lazy, k, kind), g in wins.items():
        if kind == "win" and (sha, directed, lazy, k - 1, "safe") in wins:
            print("verified: the %scop number is %d%s" % ("lazy " if lazy else "", k, on_graph(g)))
    return rc


if __name__ == "__main__":
    sys.exit(main())
