"""Past 2^32 positions (issue 29): cat and mouse, the race and
catmouse_bounded count positions in 64 bits, and what is left of a limit
says why, with figures.  Nothing here needs more than a few MB: the
position arithmetic at n = 46,341 and n = 80,000 is checked in C without
a solve (tests/engine/pos_check.c), catmouse_bounded's memo is forced
into blocks of 8 positions at small n and compared with the one-block
build on every start (tests/engine/capped_blocks.c), and the messages of
solves past 2^32 positions are asserted verbatim: over max_positions,
over SQLite's hard heap limit (the CLI: Python's MemoryError drops the
message), and over the engines' own limit on nodes (131,071: one bitset
must fit in one allocation of SQLite).  The n = 80,000 solve itself is
in `make bench` (BENCH_HUGE=1 bench/bench_catmouse.py, 19 GB)."""
import os
import shutil
import subprocess
import tempfile

import ecosystem as eco
import gg


def run_prog(src, args=(), defines=()):
    out = os.path.join(tempfile.mkdtemp(prefix="gg_past232"), os.path.basename(src)[:-2])
    try:
        gg.engine_prog(src, out, ["-O2"] + ["-D" + d for d in defines])
        p = subprocess.run([out] + list(args), capture_output=True, text=True, timeout=300)
    finally:
        shutil.rmtree(os.path.dirname(out), ignore_errors=True)
    assert p.returncode == 0 and p.stdout.startswith("ok "), p.stdout + p.stderr
    return p.stdout


def test_position_helpers_at_46341_and_80000_without_a_solve():
    """Every index helper (GG_CM_BIT, GG_CM_PLYP, GG_RACE_BIT, GG_RACE_PLY,
    gg_race_ply_at, gg_board_key, GG_BOARD_NPOS) against 128-bit
    arithmetic at the corners and 400,000 random positions, GG_CM_BIT one
    to one over the whole board, at n = 46,341, 80,000 and 131,071; the
    node limits and the byte estimates."""
    out = run_prog("tests/engine/pos_check.c")
    assert "at n = 46341, 80000, 131071" in out, out


def test_bounded_memo_in_blocks_every_start():
    """catmouse_bounded's memo in blocks of 8 positions (as past 2^32
    positions, forced at small n) against the engine as built, every start
    of 400 random graphs with holes, caps 0 to 4n."""
    out = run_prog("tests/engine/capped_blocks.c", ["29", "400"])
    starts = int(out.split()[1])
    assert starts > 100000, out


def cli(sql):
    p = eco.run([eco.SQLITE3, "-batch", ":memory:"], input=".load dist/graphgame\n" + sql,
                cwd=eco.ROOT)
    return p.stdout, p.stderr


PATH = ("CREATE TABLE edges(graph_id, src, dst);\n"
        "INSERT INTO edges SELECT 1, src, dst FROM graph_path(%d);\n")


def test_messages_past_2_32_positions():
    """n = 60,000 (7.2e9 positions): over max_positions, the rows are read
    only up to the limit's nodes; with the limit raised, SQLite's hard
    heap limit stops each solve at its first blocks, and the message
    gives the positions, the memory and the limit."""
    out, err = cli("PRAGMA hard_heap_limit=200000000;\n" + PATH % 60000 +
                   "SELECT graphgame_limit('max_positions', 4000000000);\n"
                   "SELECT catmouse(1);\n"
                   "SELECT graphgame_limit('max_positions', 8000000000);\n"
                   "SELECT catmouse(1);\n"
                   "SELECT count(*) FROM race_states(1, 0) WHERE alice = 1;\n"
                   "SELECT catmouse_bounded(1, 2);\n"
                   "SELECT catmouse_json('[[1,3],[0],[3],[0,2]]');\n")
    want = [
        'Runtime error near line 6: graphgame: catmouse: graph 1 in table "edges" has at least'
        ' 44722 nodes and needs at least 4000114568 positions (2 turns x n mouse nodes x n cat'
        ' nodes, n = 44722; at least 5310 MB at the peak), over the limit of 4000000000 (see graphgame_limit) (18)',
        'Runtime error near line 8: graphgame: catmouse: solving graph 1 in table "edges" needs'
        ' about 9553 MB at its peak (7200000000 positions), and an allocation failed'
        " (SQLite's hard heap limit is 190 MB, sqlite3_hard_heap_limit64()) (7)",
        'Runtime error near line 9: graphgame: race_states: solving graph 1 in table "edges"'
        ' needs about 9491 MB at its peak (7200000000 positions), and an allocation failed'
        " (SQLite's hard heap limit is 190 MB, sqlite3_hard_heap_limit64()) (7)",
        'Runtime error near line 10: graphgame: catmouse_bounded: solving graph 1 in table'
        ' "edges" needs about 1717 MB at its peak (7200000000 positions), and an allocation'
        " failed (SQLite's hard heap limit is 190 MB, sqlite3_hard_heap_limit64()) (7)",
    ]
    assert err.strip().splitlines() == want, err
    assert out.split() == ["200000000", "1000000000", "4000000000", "1"], out  # still works


def test_message_over_the_engines_node_limit():
    """131,074 nodes (3.4e10 positions, 45 GB): over what one allocation
    of SQLite holds for one bitset; refused before any large allocation."""
    out, err = cli(PATH % 131074 +
                   "SELECT graphgame_limit('max_positions', 100000000000);\n"
                   "SELECT catmouse(1);\n"
                   "SELECT count(*) FROM race_states(1, 0) WHERE alice = 1;\n")
    tail = (" is too large to solve: 131074 nodes need 34360786952 positions, about %d MB at"
            " the peak, and the engine takes at most 131071 nodes (one bitset of its"
            " positions, n^2/8 bytes, must fit in one allocation of SQLite, under 2 GB) (18)")
    want = ['Runtime error near line 5: graphgame: catmouse: graph 1 in table "edges"'
            + tail % 45442,
            'Runtime error near line 6: graphgame: race_states: graph 1 in table "edges"'
            + tail % 45247]
    assert err.strip().splitlines() == want, err
