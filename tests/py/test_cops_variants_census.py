"""The variants' census (docs/reference/census.md, "Variants") checked on
every connected graph nauty's geng makes: on n <= 5 nodes the cop number
of each variant (distance 1, robber_speed 2, surround) equals the least
k for which the brute force gg.cops_variant_brute (ordered cop tuples,
written apart from the engine) says the cops win; on n <= 7 the facts
the census rests on:

- sigma(G) >= the minimum degree (Burgess et al., "Cops that surround a
  robber", 2020): the cops must stand on every neighbour;
- sigma(G) = n - 1 exactly for K_n (n >= 2): on any other graph n - 2
  cops on all nodes but the ends of a non-edge u v surround the robber
  wherever he starts;
- sigma(G) = 1 exactly for the stars (and K_1, K_2): in any other
  connected graph every node of degree >= 2 has a neighbour of degree
  >= 2, and a robber who keeps to those nodes is never surrounded by
  one cop (she covers one neighbour); he leaves only when she steps onto
  him, and then to such a neighbour, free because she is on his node;
- c_1(G) <= c(G) <= c_{speed 2}(G) (Bonato, Chiniforooshan and Pralat
  2010; Fomin, Golovach, Kratochvil, Nisse and Suchan 2010): a wider
  capture zone helps the cops, a faster robber helps the robber;
- c_1(C_6) = 2 and c_1 = 1 on every graph of at most 5 nodes (one cop
  wins at distance d on C_n iff n <= 2d + 3, Bonato et al.);
- one cop catches a robber of speed 2 exactly on the dually chordal
  graphs (Chalopin, Chepoi, Nisse and Vaxes, "Cop and robber games when
  the robber can hide and ride", SIAM J. Discrete Math. 25 (2011)), and
  the cop-win graphs against speeds 3, 4, ... are all the same class
  (the same paper).  Dually chordal is decided here by its own test:
  the hypergraph of closed neighbourhoods is a hypertree (Brandstadt,
  Dragan, Chepoi and Voloshin, "Dually chordal graphs", SIAM J. Discrete
  Math. 11 (1998)); that hypergraph is its own dual, so it is a hypertree
  iff it is alpha-acyclic, which the GYO reduction decides.

Needs nauty (nauty-geng); without it a case fails, saying so."""
import json
import shutil
import subprocess

import gg

VARIANTS = ({"distance": 1}, {"robber_speed": 2}, {"surround": True})


def geng(args):
    if shutil.which("nauty-geng") is None:
        raise AssertionError("this test needs nauty-geng (Debian: apt-get install nauty)")
    out = subprocess.run(["nauty-geng", "-q"] + args.split(), capture_output=True,
                         text=True, check=True)
    return out.stdout.split()


def edges_of(db, g):
    return [tuple(r) for r in db.execute("SELECT src, dst FROM graph6_edges(?)", (g,))]


def number(db, g, rules):
    return db.execute("SELECT cop_number(?, 'graph6', ?)", (g, json.dumps(rules))).fetchone()[0]


def alpha_acyclic(edges):
    """GYO: drop nodes in one edge only and edges inside another (or
    empty, or repeated); alpha-acyclic iff nothing is left."""
    E = [set(e) for e in edges]
    while E:
        count = {}
        for e in E:
            for v in e:
                count[v] = count.get(v, 0) + 1
        lone = {v for v, c in count.items() if c == 1}
        for e in E:
            e -= lone
        keep = [e for i, e in enumerate(E)
                if e and not any(e < f or (e == f and j < i) for j, f in enumerate(E) if j != i)]
        if not lone and len(keep) == len(E):
            return False
        E = keep
    return True


def dually_chordal(n, rows):
    nbr = {v: {v} for v in range(n)}
    for a, b in rows:
        nbr[a].add(b)
        nbr[b].add(a)
    return alpha_acyclic(nbr.values())


def brute_number(rows, n, rules):
    """The least k whose brute-force capture time is not None."""
    br = gg.cops_variant_rules(**rules)
    for k in range(1, n + 1):
        if gg.cops_variant_time(gg.cops_variant_brute(rows, k, **br), rows, k, **br) is not None:
            return k
    raise AssertionError("no k <= n wins on %r: n cops always win" % (rows,))


def test_small_graphs_against_brute_force():
    db = gg.connect()
    seen = 0
    for n in range(2, 6):
        for g in geng("-c %d" % n):
            rows = edges_of(db, g)
            for rules in VARIANTS:
                got, want = number(db, g, rules), brute_number(rows, n, rules)
                assert got == want, (g, rules, got, want)
                seen += 1
    assert seen == 3 * (1 + 2 + 6 + 21), seen


def test_census_facts():
    db = gg.connect()
    for n in range(2, 8):
        stars = complete = 0
        for g in geng("-c %d" % n):
            rows = edges_of(db, g)
            deg = {v: 0 for v in range(n)}
            for a, b in rows:
                deg[a] += 1
                deg[b] += 1
            star = max(deg.values()) == n - 1 and len(rows) == n - 1
            full = len(rows) == n * (n - 1) // 2
            sigma = number(db, g, {"surround": True})
            assert min(deg.values()) <= sigma <= n - 1, (g, sigma)
            assert (sigma == 1) == star, (g, sigma)
            assert (sigma == n - 1) == full, (g, sigma)
            stars += star
            complete += full
            c, c1, c2 = number(db, g, {}), number(db, g, {"distance": 1}), \
                number(db, g, {"robber_speed": 2})
            assert c1 <= c <= c2, (g, c1, c, c2)
            if n <= 5:
                assert c1 == 1, g
            assert (c2 == 1) == dually_chordal(n, rows), (g, c2)
            if n <= 6:
                c3, c9 = number(db, g, {"robber_speed": 3}), number(db, g, {"robber_speed": 9})
                assert (c3 == 1) == (c9 == 1), (g, c3, c9)
        assert stars == 1 and complete == 1, (n, stars, complete)
    # C_6, the smallest cycle where one cop loses at distance 1
    assert number(db, cycle6(db), {"distance": 1}) == 2


def cycle6(db):
    db.execute("CREATE TABLE IF NOT EXISTS c6(graph_id INTEGER, src INTEGER, dst INTEGER)")
    db.execute("DELETE FROM c6")
    db.executemany("INSERT INTO c6 VALUES (0, ?, ?)", [(i, (i + 1) % 6) for i in range(6)])
    return db.execute("SELECT graph6(0, 'c6')").fetchone()[0]


def surround_wins(n, adj, k, reading):
    """Whether k cops surround the robber, by a brute force over cop
    multisets written for the comparison of readings of Burgess et al.:
    'graphgame' (cops may enter the robber's node, he may not end on a
    cop), 'no entry' (neither may enter the other's node) and 'robber
    enters' (he may move onto the cops: Jungeblut et al.'s other vertex
    version)."""
    import itertools
    confs = list(itertools.combinations_with_replacement(range(n), k))

    def caught(c, r):
        return all(v in c for v in adj[r])

    def cop_moves(c, r):
        out = set()
        for t in itertools.product(*[sorted(adj[x] | {x}) for x in c]):
            if reading != "no entry" or r not in t:
                out.add(tuple(sorted(t)))
        return out

    def robber_moves(c, r):
        return adj[r] | {r} if reading == "robber enters" else \
            {v for v in adj[r] | {r} if v not in c}
    won = {(c, r, t) for c in confs for r in range(n) for t in (0, 1) if caught(c, r)}
    cm = {(c, r): cop_moves(c, r) for c in confs for r in range(n)}
    rm = {(c, r): robber_moves(c, r) for c in confs for r in range(n)}
    grew = True
    while grew:
        grew = False
        for c in confs:
            for r in range(n):
                if (c, r, 0) not in won and any((d, r, 1) in won for d in cm[(c, r)]):
                    won.add((c, r, 0))
                    grew = True
                if (c, r, 1) not in won and all((c, s, 0) in won for s in rm[(c, r)]):
                    won.add((c, r, 1))
                    grew = True
    return any(all((c, r, 0) in won for r in range(n) if reading == "robber enters" or r not in c)
               for c in confs)


def test_surround_readings():
    """On every connected graph of at most 5 nodes, the engine's sigma is
    the multiset brute force's under graphgame's reading, and the same
    under 'no entry'; letting the robber onto the cops changes it (so the
    reading matters there, docs/reference/census.md)."""
    db = gg.connect()
    differ = 0
    for n in range(2, 6):
        for g in geng("-c %d" % n):
            adj = {v: set() for v in range(n)}
            for a, b in edges_of(db, g):
                adj[a].add(b)
                adj[b].add(a)
            sig = {rd: next(k for k in range(1, n + 1) if surround_wins(n, adj, k, rd))
                   for rd in ("graphgame", "no entry", "robber enters")}
            assert number(db, g, {"surround": True}) == sig["graphgame"] == sig["no entry"], (g, sig)
            differ += sig["robber enters"] != sig["graphgame"]
    assert differ > 0
