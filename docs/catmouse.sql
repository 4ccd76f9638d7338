-- The picture in docs/reference/catmouse.md: cat and mouse on LeetCode 913's example 1,
-- the cat on node 2, the mouse to move.  `make svg` renders every
-- docs/*.sql like this one (its output is one DOT graph) to docs/*.svg.
.load dist/graphgame
CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER);
INSERT INTO edges SELECT 1, a.key, b.value
  FROM json_each('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]') a, json_each(a.value) b;
SELECT catmouse_dot(1, 2);
