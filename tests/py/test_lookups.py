"""The lookups a stranger gets wrong (issue 34): a node named by a call
that is not a node of the graph (a typo, a wrong case, a missing node), a
graph id stored as text, a source word in the wrong case, a limit that no
solve meets, a rules list that names nothing, a graph of no nodes.  Each is
an error asserted verbatim, never a confident answer; the declared
isolated nodes (the rules' "isolated") are the one way to play on a node
that no row touches, and they are checked against a brute force.

The graphs are not ours: NetworkX's Les Miserables and Florentine families,
and examples/karate.csv loaded with the CLI's .import.
"""
import json
import random

import ecosystem as eco
import gg

try:
    import networkx as nx
except ImportError:             # make test installs python3-networkx
    nx = None


def named_db():
    """Les Miserables' co-appearance graph as text labels, graph 1 of
    table "named"; the Florentine families as graph 2."""
    db = gg.connect()
    db.execute("CREATE TABLE named(graph_id, src, dst)")
    db.executemany("INSERT INTO named VALUES (1, ?, ?)", nx.les_miserables_graph().edges())
    db.executemany("INSERT INTO named VALUES (2, ?, ?)", nx.florentine_families_graph().edges())
    return db


def message(db, sql, args=()):
    try:
        db.execute(sql, args).fetchall()
    except gg.sqlite3.Error as e:
        return str(e)
    raise AssertionError("no error from %s %r" % (sql, args))


def test_typos_in_named_nodes_are_errors_with_suggestions():
    db = named_db()
    cases = [
        ("SELECT catmouse(1, 'named', '{\"hole\": \"Valjan\", \"mouse\": \"Cosette\","
         " \"cat\": \"Javert\"}')",
         "graphgame: catmouse: the hole 'Valjan' is not a node of graph 1 in table \"named\""
         " (did you mean 'Valjean'?)"),
        ("SELECT catmouse(1, 'named', '{\"hole\": \"Valjean\", \"mouse\": \"cosette\","
         " \"cat\": \"Javert\"}')",
         "graphgame: catmouse: the mouse's start 'cosette' is not a node of graph 1 in table"
         " \"named\" (did you mean 'Cosette'?)"),
        ("SELECT race_game(1, 'Cosette', 'Javert', 'Napolean', 'named')",
         "graphgame: race_game: z 'Napolean' is not a node of graph 1 in table \"named\""
         " (did you mean 'Napoleon'?)"),
        ("SELECT * FROM catmouse_play(1, 'named', '{\"hole\": \"Valjean\", \"mouse\":"
         " \"Cosette\", \"cat\": \"Javret\"}')",
         "graphgame: catmouse_play: the cat's start 'Javret' is not a node of graph 1 in table"
         " \"named\" (did you mean 'Javert'?)"),
        ("SELECT * FROM race_play(1, 'Cosete', 'Javert', 'Valjean', 'named')",
         "graphgame: race_play: x 'Cosete' is not a node of graph 1 in table \"named\""
         " (did you mean 'Cosette'?)"),
        ("SELECT count(*) FROM race_states(1, 'valjean', 'named')",
         "graphgame: race_states: z 'valjean' is not a node of graph 1 in table \"named\""
         " (did you mean 'Valjean'?)"),
        ("SELECT count(*) FROM catmouse_states(1, 'named', '{\"hole\": \"MlleBaptistin\"}')",
         "graphgame: catmouse_states: the hole 'MlleBaptistin' is not a node of graph 1 in"
         " table \"named\" (did you mean 'MlleBaptistine'?)"),
        # three near labels at most, nearest first, then in the graph's order
        ("SELECT catmouse(2, 'named', '{\"hole\": \"Medic\", \"mouse\": \"Strozzi\","
         " \"cat\": \"Pazzi\"}')",
         "graphgame: catmouse: the hole 'Medic' is not a node of graph 2 in table \"named\""
         " (did you mean 'Medici'?)"),
        ("SELECT catmouse_dot(2, 'Strozi', 'named', '{\"hole\": \"Medici\", \"mouse\":"
         " \"Pazzi\"}')",
         "graphgame: catmouse_dot: cat 'Strozi' is not a node of graph 2 in table \"named\""
         " (did you mean 'Strozzi'?)"),
        # nothing near: how to declare the node isolated
        ("SELECT race_game(1, 'Cosette', 'Javert', 'Paris', 'named')",
         "graphgame: race_game: z 'Paris' is not a node of graph 1 in table \"named\" (no row"
         " touches it; an isolated node is declared in the rules: '{\"isolated\": [\"Paris\"]}')"),
        ("SELECT race_game(1, 'Cosette', 'Javert', 'O''Hara \"Jr\"', 'named')",
         "graphgame: race_game: z 'O''Hara \"Jr\"' is not a node of graph 1 in table \"named\""
         " (no row touches it; an isolated node is declared in the rules:"
         " '{\"isolated\": [\"O''Hara \\\"Jr\\\"\"]}')"),
    ]
    for sql, want in cases:
        assert message(db, sql) == want, (sql, message(db, sql))


def test_several_suggestions_at_most_three():
    db = gg.connect()
    db.execute("CREATE TABLE t(graph_id, src, dst)")
    db.executemany("INSERT INTO t VALUES (1, ?, ?)",
                   [("ab1", "ab2"), ("ab2", "ab3"), ("ab3", "AB"), ("AB", "xyz"), ("xyz", "ab4")])
    got = message(db, "SELECT race_game(1, 'xyz', 'ab1', 'ab', 't')")
    # 'AB' differs only by case: first; then distance 1 in the graph's order
    assert got == ("graphgame: race_game: z 'ab' is not a node of graph 1 in table \"t\""
                   " (did you mean 'AB', 'ab1' or 'ab2'?)"), got
    got = message(db, "SELECT race_game(1, 'xyz', 'ab1', 'ab9', 't')")
    assert got == ("graphgame: race_game: z 'ab9' is not a node of graph 1 in table \"t\""
                   " (did you mean 'ab1', 'ab2' or 'ab3'?)"), got


def test_integer_nodes_that_are_not_there():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
    db.executemany("INSERT INTO edges VALUES (1, ?, ?)", [(0, 1), (1, 2), (2, 3), (3, 0)])
    hint = " (no row touches it; an isolated node is declared in the rules: '{\"isolated\": [99]}')"
    assert message(db, "SELECT catmouse(1, 'edges', '{\"hole\": 99}')") == \
        "graphgame: catmouse: the hole 99 is not a node of graph 1 in table \"edges\"" + hint
    assert message(db, "SELECT catmouse_dot(1, 99)") == \
        "graphgame: catmouse_dot: cat 99 is not a node of graph 1 in table \"edges\"" + hint
    assert message(db, "SELECT * FROM catmouse_play(1, 'edges', '{\"mouse\": 99}')") == \
        "graphgame: catmouse_play: the mouse's start 99 is not a node of graph 1 in table" \
        " \"edges\"" + hint
    # declared, it is an isolated node: the mouse in the hole's island cannot be reached
    assert db.execute("SELECT catmouse(1, 'edges', '{\"hole\": 99, \"isolated\": [99]}')"
                      ).fetchone()[0] == 0
    # a declared node that a row touches is simply a node
    assert db.execute("SELECT catmouse(1, 'edges', '{\"isolated\": [0, 1, 2]}')").fetchone()[0] == \
        db.execute("SELECT catmouse(1)").fetchone()[0]
    # a declared node of the other type than the rows' is the typo it looks like
    assert message(db, "SELECT cop_number(1, 'edges', '{\"isolated\": \"1\"}')") == (
        "graphgame: cop_number: the isolated node '1' is not a node of graph 1 in table"
        " \"edges\" (the rows have 1, an integer: 1 and '1' are different nodes; store labels"
        " as integers, see sql/schema.sql, or CAST them)")


def test_values_define_their_nodes():
    """graph6, sparse6, digraph6 and JSON name their nodes 0..n-1: a node
    out of range is an error, and "isolated" may only name nodes they have."""
    db = gg.connect()
    assert message(db, "SELECT catmouse('D?{', 'graph6', '{\"isolated\": [9]}')") == \
        "graphgame: catmouse: the isolated node 9 is not a node of the graph6 value 'D?{'"
    assert message(db, "SELECT catmouse('D?{', 'graph6', '{\"hole\": 9}')") == \
        "graphgame: catmouse: the hole 9 is not a node of the graph6 value 'D?{'"
    assert db.execute("SELECT catmouse('D?{', 'graph6', '{\"isolated\": [0, 4]}')").fetchone()[0] \
        == db.execute("SELECT catmouse('D?{', 'graph6')").fetchone()[0]


def test_declared_isolated_nodes_match_the_brute_force():
    """Random graphs whose roles may have no edge: with the roles' nodes
    declared isolated, every position of catmouse_states equals the brute
    force on the rows' nodes and 0, 1, 2 (under a random relabelling too),
    and an isolated node is a component of its own, which takes one more
    cop (the cop number of a disjoint union is the sum of its parts')."""
    rng = random.Random(34)
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    for gid in range(60):
        n = rng.randint(4, 8)
        rows = [(u, v) for u in range(3, n) for v in range(u + 1, n) if rng.random() < 0.5]
        rows += [(rng.randrange(3), rng.randrange(3, n)) for _ in range(rng.randrange(3))]
        rows = rows or [(3, 4)]
        labels = {x for r in rows for x in r} | {0, 1, 2}
        relabel = {u: "v%d" % x for u, x in zip(sorted(labels), rng.sample(range(100), len(labels)))}
        for g, rs, iso in ((2 * gid, rows, [0, 1, 2]),
                           (2 * gid + 1, [(relabel[a], relabel[b]) for a, b in rows],
                            [relabel[0], relabel[1], relabel[2]])):
            db.executemany("INSERT INTO edges VALUES (?, ?, ?)", [(g, a, b) for a, b in rs])
            rules = json.dumps({"hole": iso[0], "mouse": iso[1], "cat": iso[2], "isolated": iso})
            got = {(m, c, t): (o, p) for m, c, t, o, p in db.execute(
                "SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(?, 'edges', ?)",
                (g, rules))}
            want = gg.catmouse_brute(rs, holes=(iso[0],), extra=iso)
            assert got == want, (rs, iso)
        c = db.execute("SELECT cop_number(?)", (2 * gid,)).fetchone()[0]
        new_node = max(x for r in rows for x in r) + 1
        c_iso = db.execute("SELECT cop_number(?, 'edges', ?)",
                           (2 * gid, json.dumps({"isolated": [new_node]}))).fetchone()[0]
        assert c_iso == c + 1, (rows, c, c_iso)


def test_graph_ids_stored_as_text_say_so():
    """examples/karate.csv loaded with .import into a table without types
    stores graph ids as text: the error says so."""
    p = eco.run([eco.SQLITE3, "-batch", ":memory:"], input=(
        ".load dist/graphgame\n"
        "CREATE TABLE edges(graph_id, src, dst);\n"
        ".import --csv --skip 1 examples/karate.csv edges\n"
        "SELECT typeof(graph_id), count(*) FROM edges GROUP BY 1;\n"
        "SELECT catmouse(1, 'edges');\n"))
    assert eco.cli_lines(p) == [
        "text|78",
        "Runtime error: graphgame: catmouse: graph 1 has no rows in table \"edges\" (it has"
        " rows of graph '1', a text: 1 and '1' are different graph ids; store graph ids as"
        " integers, see sql/schema.sql, or CAST them)"], eco.cli_lines(p)
    db = gg.connect()
    db.execute("CREATE TABLE e(graph_id, src, dst)")     # no affinity: '7' is not 7
    db.execute("INSERT INTO e VALUES (7, 0, 1)")
    assert message(db, "SELECT catmouse('7', 'e')") == (
        "graphgame: catmouse: graph '7' has no rows in table \"e\" (it has rows of graph 7, an"
        " integer: 1 and '1' are different graph ids; store graph ids as integers, see"
        " sql/schema.sql, or CAST them)")
    assert message(db, "SELECT catmouse(8, 'e')") == \
        "graphgame: catmouse: graph 8 has no rows in table \"e\""


def test_a_source_word_in_the_wrong_case_or_with_blanks():
    db = gg.connect()
    for word in ("GRAPH6", "graph6 ", " Sparse6", "JSON"):
        got = message(db, "SELECT cop_number('IheA@GUAo', ?)", (word,))
        want_src = word.strip().lower()
        assert got == ("graphgame: cop_number: no such table or view: \"%s\" (did you mean the"
                       " source '%s'?)" % (word, want_src)), got
    assert message(db, "SELECT cop_number(1, 'graph7')") == (
        "graphgame: cop_number: no such table or view: \"graph7\" (a WITH name cannot be read:"
        " use a view)")


def test_rules_lists_that_name_nothing_and_graphs_of_no_nodes():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("INSERT INTO edges VALUES (1, 0, 1), (1, 1, 2)")
    assert message(db, "SELECT catmouse(1, 'edges', '{\"hole\": []}')") == \
        "graphgame: catmouse: rules: \"hole\" must name at least 1 node, got []"
    assert message(db, "SELECT count(*) FROM catmouse_states(1, 'edges', '{\"hole\": []}')") == \
        "graphgame: catmouse_states: rules: \"hole\" must name at least 1 node, got []"
    # an empty "isolated" declares nothing, as a generated list may
    assert db.execute("SELECT catmouse(1, 'edges', '{\"isolated\": []}')").fetchone()[0] == \
        db.execute("SELECT catmouse(1)").fetchone()[0]
    for sql, want in [
        ("SELECT cop_number('?', 'graph6')",
         "graphgame: cop_number: the graph6 value '?' has no nodes; a game needs at least one"),
        ("SELECT capture_time('?', 1, 'graph6')",
         "graphgame: capture_time: the graph6 value '?' has no nodes; a game needs at least one"),
        ("SELECT count(*) FROM cops_states('?', 1, 'graph6')",
         "graphgame: cops_states: the graph6 value '?' has no nodes; a game needs at least one"),
        ("SELECT cop_number(':?', 'sparse6')",
         "graphgame: cop_number: the sparse6 value ':?' has no nodes; a game needs at least one"),
    ]:
        assert message(db, sql) == want, (sql, message(db, sql))
    # unknown keys list "isolated" with the game's own
    assert message(db, "SELECT race_game(1, 0, 1, 2, 'edges', '{\"holes\": 1}')") == \
        "graphgame: race_game: rules: unknown key \"holes\" (known keys: directed, isolated)"


def test_a_source_word_that_shadows_a_table():
    """A table named like a source stays readable as 'main.<name>', and the
    source's error says so (issue 36)."""
    db = gg.connect()
    db.execute("CREATE TABLE graph6(graph_id, src, dst)")
    db.execute("INSERT INTO graph6 VALUES (1, 0, 1), (1, 1, 2)")
    assert message(db, "SELECT cop_number(1, 'graph6')") == (
        "graphgame: cop_number: byte 0 is 0x31, not a graph6 character (63..126) (the edges"
        " argument 'graph6' names the source, not your table \"graph6\": name the table"
        " 'main.graph6')")
    assert db.execute("SELECT cop_number(1, 'main.graph6'), cop_number('Bw', 'graph6')"
                      ).fetchone() == (1, 1)
