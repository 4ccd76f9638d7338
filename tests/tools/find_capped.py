#!/usr/bin/python3
"""Search random graphs for ones where the widely copied 2n-capped search
(tests/py/gg.py catmouse_capped) disagrees with the exact answer, and print
them as JSON adjacency lists: the source of
tests/data/capped_counterexamples.json.

    /usr/bin/python3 tests/tools/find_capped.py SEED TRIALS [MAX_FOUND]
"""
import random
import sys

import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py"))
import gg  # noqa: E402


def main():
    seed, trials = int(sys.argv[1]), int(sys.argv[2])
    most = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    rng, db, found = random.Random(seed), gg.connect(), 0
    for _ in range(trials):
        n = rng.randint(6, 14)
        rows = [r for r in gg.random_edges(rng, n, rng.choice([0.15, 0.2, 0.25, 0.3, 0.4]), 0, 0)
                if r[0] != r[1]]
        if not rows:
            continue
        adj = gg.adjacency_json(rows)
        exact = db.execute("SELECT catmouse_json(?)", (adj,)).fetchone()[0]
        if gg.catmouse_capped(rows) != exact:
            print(adj, "exact", exact, "capped", gg.catmouse_capped(rows), flush=True)
            found += 1
            if found >= most:
                break


if __name__ == "__main__":
    main()
