-- graphgame: the recommended schema.  Any table or view with columns
-- graph_id, src and dst works; this one adds metadata and the index that
-- makes reading one graph fast.
CREATE TABLE IF NOT EXISTS graphs(
  id    INTEGER PRIMARY KEY,   -- the graph_id used by edges
  name  TEXT,                  -- what the graph is
  note  TEXT                   -- where it comes from
);
CREATE TABLE IF NOT EXISTS edges(
  graph_id INTEGER NOT NULL,   -- graphs.id
  src      INTEGER NOT NULL,   -- one end (any integer label)
  dst      INTEGER NOT NULL    -- the other end; each row is undirected
);
-- A covering index: one graph's rows are read from the index alone, about
-- twice as fast as with an index on graph_id only (bench/bench_calls.py).
CREATE INDEX IF NOT EXISTS edges_graph ON edges(graph_id, src, dst);
