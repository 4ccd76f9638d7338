"""Named symmetric graphs built from their definitions, as edge rows on
0..n-1, for the tests of the symmetric cops solve (test_cops_sym.py) and
its bench (bench/bench_cops_sym.py): LCF notation, generalized Petersen
graphs, products, Cayley graphs, and the constructions of the
Hoffman-Singleton and Biggs-Smith graphs.  NAMED lists each with the
order, size, degree and girth that the tests check and the order of its
automorphism group from the literature."""
import itertools


def lcf(shifts, repeat):
    """A Hamiltonian cycle 0..n-1 and a chord from v to v + shift."""
    seq = list(shifts) * repeat
    n = len(seq)
    rows = {tuple(sorted((v, (v + 1) % n))) for v in range(n)}
    rows |= {tuple(sorted((v, (v + s) % n))) for v, s in enumerate(seq)}
    return sorted(rows)


def gp(n, k):
    """The generalized Petersen graph GP(n, k): outer cycle u_i (i), spokes
    to v_i (n + i), inner edges v_i v_{i+k}."""
    rows = set()
    for i in range(n):
        rows.add(tuple(sorted((i, (i + 1) % n))))
        rows.add((i, n + i))
        rows.add(tuple(sorted((n + i, n + (i + k) % n))))
    return sorted(r for r in rows if r[0] != r[1])


def circulant(n, jumps):
    return sorted({tuple(sorted((i, (i + j) % n))) for i in range(n) for j in jumps
                   if (i + j) % n != i})


def product(rows_a, na, rows_b, nb):
    """The Cartesian product of two graphs on 0..na-1 and 0..nb-1."""
    rows = set()
    for a, b in rows_a:
        for y in range(nb):
            rows.add(tuple(sorted((a * nb + y, b * nb + y))))
    for a, b in rows_b:
        for x in range(na):
            rows.add(tuple(sorted((x * nb + a, x * nb + b))))
    return sorted(rows)


def path(n):
    return [(i, i + 1) for i in range(n - 1)]


def cycle(n):
    return circulant(n, [1])


def hypercube(d):
    return sorted((v, v ^ (1 << i)) for v in range(1 << d) for i in range(d)
                  if v < v ^ (1 << i))


def cayley(elements, mul, gens):
    """The Cayley graph of a group (its elements, a product) with the
    generators gens (and their inverses)."""
    idx = {e: i for i, e in enumerate(elements)}
    return sorted({tuple(sorted((idx[g], idx[mul(g, s)]))) for g in elements for s in gens
                   if idx[g] != idx[mul(g, s)]})


def symmetric_group(m):
    """S_m as tuples, with the product (p*q)(x) = p(q(x))."""
    return list(itertools.permutations(range(m))), lambda p, q: tuple(p[q[x]] for x in range(m))


def dihedral(m):
    """D_m as pairs (r, s): x -> s ? -x + r : x + r (mod m)."""
    els = [(r, s) for s in (0, 1) for r in range(m)]

    def mul(a, b):                      # a after b
        r1, s1 = a
        r2, s2 = b
        return ((r1 + (-r2 if s1 else r2)) % m, s1 ^ s2)
    return els, mul


def hoffman_singleton():
    """Robertson's construction: pentagons P_h and pentagrams Q_i (h, i in
    Z5); P_h,j ~ P_h,j+1, Q_i,j ~ Q_i,j+2, P_h,j ~ Q_i,hi+j."""
    def p(h, j):
        return 5 * h + j % 5

    def q(i, j):
        return 25 + 5 * i + j % 5
    rows = set()
    for h in range(5):
        for j in range(5):
            rows.add(tuple(sorted((p(h, j), p(h, j + 1)))))
            rows.add(tuple(sorted((q(h, j), q(h, j + 2)))))
            for i in range(5):
                rows.add(tuple(sorted((p(h, j), q(i, h * i + j)))))
    return sorted(rows)


def biggs_smith():
    """17 H shapes on (i, s), s in 1, 2, 4, 5, 8, 10: the centres 5 and 10
    joined, 5 to 1 and 4, 10 to 2 and 8; the ends s = 1, 2, 4, 8 on a
    17-cycle of step s."""
    shape = [1, 2, 4, 5, 8, 10]

    def v(i, s):
        return 6 * (i % 17) + shape.index(s)
    rows = set()
    for i in range(17):
        for a, b in ((5, 10), (5, 1), (5, 4), (10, 2), (10, 8)):
            rows.add(tuple(sorted((v(i, a), v(i, b)))))
        for s in (1, 2, 4, 8):
            rows.add(tuple(sorted((v(i, s), v(i + s, s)))))
    return sorted(rows)


def robertson():
    """The (4,5)-cage: a 19-cycle and a chord from v to v + c_v."""
    c = [8, 4, 7, 4, 8, 5, 7, 4, 7, 8, 4, 5, 7, 8, 4, 8, 4, 8, 4]
    return lcf(c, 1)


# name: (rows, nodes, edges, degree, girth, |Aut| from the literature)
NAMED = {
    "Petersen": (lambda: gp(5, 2), 10, 15, 3, 5, 120),
    "Heawood": (lambda: lcf([5, -5], 7), 14, 21, 3, 6, 336),
    "Robertson": (robertson, 19, 38, 4, 5, 24),
    "dodecahedron": (lambda: gp(10, 2), 20, 30, 3, 5, 120),
    "Tutte-Coxeter": (lambda: lcf([-13, -9, 7, -7, 9, 13], 5), 30, 45, 3, 8, 1440),
    "Q4": (lambda: hypercube(4), 16, 32, 4, 4, 384),
    "Q5": (lambda: hypercube(5), 32, 80, 5, 4, 3840),
    "Q6": (lambda: hypercube(6), 64, 192, 6, 4, 46080),
    "Hoffman-Singleton": (hoffman_singleton, 50, 175, 7, 5, 252000),
    "Foster": (lambda: lcf([17, -9, 37, -37, 9, -17], 15), 90, 135, 3, 10, 4320),
    "Biggs-Smith": (biggs_smith, 102, 153, 3, 9, 2448),
    "Tutte 12-cage": (lambda: lcf([17, 27, -13, -59, -35, 35, -11, 13, -53, 53, -27, 21, 57,
                                   11, -21, -57, 59, -17], 7), 126, 189, 3, 12, 12096),
    "GP(7,2)": (lambda: gp(7, 2), 14, 21, 3, 5, 14),
    "GP(8,3)": (lambda: gp(8, 3), 16, 24, 3, 6, 96),
    "Nauru GP(12,5)": (lambda: gp(12, 5), 24, 36, 3, 6, 144),
    "Desargues GP(10,3)": (lambda: gp(10, 3), 20, 30, 3, 6, 240),
}
