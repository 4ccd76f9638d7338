"""examples/leetcode1728.sql: LeetCode 1728 "Cat and Mouse II" built as
positions and moves in SQL and solved exactly by game_solve.

- The example, run by the sqlite3 CLI as `make demo` runs it, prints
  LeetCode's published answers, and the winner and plies that a brute force
  written here finds, for every grid it holds.
- Its views, fed random grids, give every position the brute force's
  outcome and plies, and a legal, optimal move.
- A capped search written the way the widely copied solutions are (a
  memoised search that gives up after a number of plies) answers true
  exactly when the mouse wins within its cap: so it is wrong on the
  example's last two grids, which is what the example's cap columns say.
- The manual (docs/reference/game_solve.md) shows the example's first table
  as it prints it.

The brute force is plain value iteration over (mouse, cat, turn): for each
player, the positions it can force a win from within k plies, for k = 0,
1, 2, ... until nothing is added.  It reads the grid strings itself and
shares nothing with the SQL but the rules.
"""
import os
import random
import subprocess
import sys
import tempfile
import time
from functools import lru_cache

import gg
from run import EXT, SQLITE3, cli_env

EXAMPLE = os.path.join(gg.ROOT, "examples", "leetcode1728.sql")

# LeetCode's published examples: (grid, catJump, mouseJump, answer).
PUBLISHED = [
    (["####F", "#C...", "M...."], 1, 2, True),
    (["M.C...F"], 1, 4, True),
    (["M.C...F"], 1, 3, False),
    (["C...#", "...#F", "....#", "M...."], 2, 5, False),
    ([".M...", "..#..", "#..#.", "C#.#.", "...#F"], 3, 1, True),
]
# Grids from LeetCode-Feedback issues 7385 and 24500, where accepted
# solutions capped at 72 and 74 plies answer false.
FEEDBACK = [
    (["CM......", "#######.", "........", ".#######", "........", "#######.",
      "F.#...#.", "#...#..."], 1, 1),
    (["C#......", "M..####.", "###.....", "....####", ".####...", "......#.",
      "#######.", "F......."], 1, 1),
]

DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def find(grid, ch):
    return next((r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if x == ch)


def jumps(grid, cell, jump):
    """Cells reachable in one move of up to `jump` cells: staying put, and
    every cell of the four rays until a wall, the edge, or the jump."""
    out = [cell]
    for dr, dc in DIRS:
        r, c = cell
        for _ in range(jump):
            r, c = r + dr, c + dc
            if not (0 <= r < len(grid) and 0 <= c < len(grid[r])) or grid[r][c] == "#":
                break
            out.append((r, c))
    return out


def brute(grid, cat_jump, mouse_jump):
    """{(mouse, cat, turn): (winner, plies)}; turn 0 the mouse, 1 the cat;
    winner 'mouse', 'cat' or 'draw' (plies None); plies as game_solve
    counts them (the winner hurries, the loser delays)."""
    cells = [(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if x != "#"]
    food = find(grid, "F")
    pos = [(m, c, t) for m in cells for c in cells for t in (0, 1)]

    def over(p):
        m, c, _ = p
        if m == c or c == food:
            return "cat"
        if m == food:
            return "mouse"
        return None

    succ = {}
    for p in pos:
        m, c, t = p
        if over(p) is None:
            succ[p] = ([(x, c, 1) for x in jumps(grid, m, mouse_jump)] if t == 0 else
                       [(m, x, 0) for x in jumps(grid, c, cat_jump)])
    out = {}
    for who, turn in (("mouse", 0), ("cat", 1)):
        won = {p: 0 for p in pos if over(p) == who}
        k = 0
        while True:
            k += 1
            new = [p for p in succ if p not in won and
                   (any if p[2] == turn else all)(s in won for s in succ[p])]
            if not new:
                break
            for p in new:
                won[p] = k
        for p, n in won.items():
            out[p] = (who, n)
    for p in pos:
        out.setdefault(p, ("draw", None))
    return out, succ


def capped(grid, cat_jump, mouse_jump, cap):
    """The widely copied solution: a search memoised on (ply, mouse, cat)
    that calls the game lost for the mouse once `cap` plies are used up."""
    food = find(grid, "F")

    @lru_cache(maxsize=None)
    def mouse_wins(ply, m, c):
        if m == c or c == food:
            return False
        if m == food:
            return True
        if ply >= cap:
            return False
        if ply % 2 == 0:
            return any(mouse_wins(ply + 1, x, c) for x in jumps(grid, m, mouse_jump))
        return all(mouse_wins(ply + 1, m, x) for x in jumps(grid, c, cat_jump))

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 4 * cap + 100))
    try:
        return mouse_wins(0, find(grid, "M"), find(grid, "C"))
    finally:
        sys.setrecursionlimit(old)


# --- the example as `make demo` runs it

def run_example(db_path):
    sql = open(EXAMPLE, encoding="utf-8").read()
    assert ".load dist/graphgame\n" in sql
    sql = sql.replace(".load dist/graphgame\n", ".load %s\n" % EXT)
    t0 = time.monotonic()
    p = subprocess.run([SQLITE3, "-header", "-column", db_path], input=sql, cwd=gg.ROOT,
                       capture_output=True, text=True, env=cli_env(), timeout=300)
    took = time.monotonic() - t0
    assert p.returncode == 0 and p.stderr == "", p.stderr
    return p.stdout, took


def tables(text):
    """Every table of -column output, as lists of dicts (columns cut where
    the dashes under the header say)."""
    lines, out, i = text.split("\n"), [], 0
    while i + 1 < len(lines):
        if lines[i + 1].startswith("---") and not lines[i].startswith("--"):
            spans, at = [], 0
            for dash in lines[i + 1].split(" "):
                if dash:
                    spans.append((at, at + len(dash)))
                at += len(dash) + 1
            head = [lines[i][a:b].strip() for a, b in spans]
            rows, i = [], i + 2
            while i < len(lines) and lines[i] and not lines[i].startswith("-- "):
                rows.append({h: lines[i][a:b if j < len(spans) - 1 else None].strip()
                             for j, (h, (a, b)) in enumerate(zip(head, spans))})
                i += 1
            out.append(rows)
            continue
        i += 1
    return out


def example_games(db):
    games = {}
    for game, cj, mj, published in db.execute(
            "SELECT game, cat_jump, mouse_jump, published FROM lc_game ORDER BY game"):
        grid = [line for (line,) in db.execute(
            "SELECT line FROM lc_grid WHERE game = ? ORDER BY r", (game,))]
        games[game] = (grid, cj, mj, published)
    return games


def test_example_output():
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "lc.db")
        out, took = run_example(db_path)
        # make demo wants it fast (about a second on a quiet machine); on
        # a busy one only a hang is a failure.  The time is the note.
        assert took < 60, "the example takes %.1f s: a hang?" % took
        db = gg.connect(db_path)
        games = example_games(db)
    # The example holds LeetCode's examples as published, then the two grids.
    want_games = [(g, cj, mj, ("true" if a else "false")) for g, cj, mj, a in PUBLISHED] + \
                 [(g, cj, mj, None) for g, cj, mj in FEEDBACK]
    assert [games[k] for k in sorted(games)] == want_games, games
    summary, path, by_winner = tables(out)
    assert [int(r["game"]) for r in summary] == sorted(games)
    totals = {}
    for row in summary:
        grid, cj, mj, published = games[int(row["game"])]
        exact, _ = brute(grid, cj, mj)
        for w, _ in exact.values():
            totals[w] = totals.get(w, 0) + 1
        winner, plies = exact[(find(grid, "M"), find(grid, "C"), 0)]
        assert (row["winner"], row["plies"]) == (winner, "" if plies is None else str(plies)), (
            row, winner, plies)
        assert (int(row["cat_jump"]), int(row["mouse_jump"])) == (cj, mj)
        assert row["leetcode"] == ("true" if winner == "mouse" else "false"), row
        assert row["published"] == (published or ""), row
        if published is not None:
            assert row["leetcode"] == published, row
        for cap in (72, 74):
            assert row["cap_%d" % cap] == ("true" if capped(grid, cj, mj, cap) else "false"), (
                row, cap)
    # The counterexamples: the mouse wins, but not within the caps.
    last = {int(r["game"]): r for r in summary}
    assert (last[6]["leetcode"], last[6]["cap_72"], last[6]["cap_74"]) == ("true", "false", "true")
    assert (last[7]["leetcode"], last[7]["cap_72"], last[7]["cap_74"]) == ("true", "false", "false")
    assert last[4]["winner"] == "draw" and last[4]["leetcode"] == "false"
    # Game 7's optimal play: the mouse's cells, one legal jump at a time,
    # from 'M' to the food, one per mouse move.
    grid, cj, mj, _ = games[7]
    cells = [tuple(int(x) for x in cell.split(",")) for cell in path[0]["mouse_path"].split()]
    assert cells[0] == find(grid, "M") and cells[-1] == find(grid, "F"), cells
    assert len(cells) == (int(last[7]["plies"]) + 1) // 2 + 1, cells
    for a, b in zip(cells, cells[1:]):
        assert b in jumps(grid, a, mj) and b != a, (a, b)
    assert {r["winner"]: int(r["positions"]) for r in by_winner} == totals
    # The manual's copy of the first table is the one the example prints.
    printed = out.split("\n")
    at = next(i for i, line in enumerate(printed) if line.startswith("game "))
    printed = [line.rstrip() for line in printed[at:at + 2 + len(summary)]]
    readme = open(os.path.join(gg.ROOT, "docs", "reference", "game_solve.md"),
                  encoding="utf-8").read().split("\n")
    at = readme.index(next(line for line in readme if line.startswith("#### LeetCode 1728")))
    at = readme.index("```text", at) + 1
    assert readme[at:readme.index("```", at)] == printed, "docs/reference/game_solve.md's LeetCode 1728 table is stale"
    return "the example ran in %.1f s" % took


# --- the same views on random grids

def random_grid(rng):
    while True:
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        if rows * cols >= 3:
            break
    wall = rng.choice([0.0, 0.15, 0.3, 0.5])
    grid = [["#" if rng.random() < wall else "." for _ in range(cols)] for _ in range(rows)]
    for ch, (r, c) in zip("MCF", rng.sample([(r, c) for r in range(rows) for c in range(cols)], 3)):
        grid[r][c] = ch
    top = max(rows, cols)
    return ["".join(row) for row in grid], rng.randint(1, top), rng.randint(1, top)


def check_random_batch(db, grids):
    db.execute("DELETE FROM lc_grid")
    db.execute("DELETE FROM lc_game")
    db.executemany("INSERT INTO lc_game VALUES (?, ?, ?, ?, NULL)",
                   [(i, "random %d" % i, cj, mj) for i, (_, cj, mj) in enumerate(grids)])
    db.executemany("INSERT INTO lc_grid VALUES (?, ?, ?)",
                   [(i, r, line) for i, (g, _, _) in enumerate(grids) for r, line in enumerate(g)])
    key = {}
    for p, game, mr, mc, cr, cc, t in db.execute(
            "SELECT position, game, mouse_r, mouse_c, cat_r, cat_c, player FROM lc_state"):
        key[p] = (game, ((mr, mc), (cr, cc), t))
    got = {}
    for p, outcome, plies, move in db.execute(
            "SELECT position, outcome, plies, move FROM game_solve('lc_positions', 'lc_moves')"):
        t = key[p][1][2]
        winner = "draw" if outcome == "draw" else (
            "mouse" if (outcome == "win") == (t == 0) else "cat")
        got[key[p]] = (winner, plies, None if move is None else key[move])
    want_all = set()
    for i, (grid, cj, mj) in enumerate(grids):
        want, succ = brute(grid, cj, mj)
        for p, (w, k) in want.items():
            want_all.add((i, p))
            winner, plies, move = got[(i, p)]
            assert (winner, plies) == (w, k), (grid, cj, mj, p, (winner, plies), (w, k))
            if p not in succ:
                assert move is None, (grid, p, move)
                continue
            assert move[0] == i and move[1] in succ[p], (grid, p, move)
            child = want[move[1]]
            assert child[0] == w and (w == "draw" or child[1] == k - 1), (grid, p, move, child)
    assert set(got) == want_all


def test_views_on_random_grids_match_the_brute_force():
    rng = random.Random(1728)
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "lc.db")
        run_example(db_path)
        db = gg.connect(db_path)
        for _ in range(4):
            check_random_batch(db, [random_grid(rng) for _ in range(60)])


def test_capped_search_is_exact_within_its_cap():
    """capped(cap) is true exactly when the mouse wins in at most cap
    plies: it errs on every grid whose fastest win is longer than its cap."""
    rng = random.Random(70)
    wrong = 0
    for _ in range(150):
        grid, cj, mj = random_grid(rng)
        winner, plies = brute(grid, cj, mj)[0][(find(grid, "M"), find(grid, "C"), 0)]
        for cap in (1, 2, 3, 5, 8, 13, 30):
            got = capped(grid, cj, mj, cap)
            assert got == (winner == "mouse" and plies <= cap), (grid, cj, mj, cap, winner, plies)
            wrong += got != (winner == "mouse")
    assert wrong > 0
    for grid, cj, mj in FEEDBACK:
        winner, plies = brute(grid, cj, mj)[0][(find(grid, "M"), find(grid, "C"), 0)]
        assert winner == "mouse" and plies in (73, 75)
        assert not capped(grid, cj, mj, plies - 1) and capped(grid, cj, mj, plies)
