// games.js: the games of the playground, each described once so that
// app.js can draw, colour and play any of them the same way.  A position
// is { a, b, turn }: player 0 on a, player 1 on b, turn 0 or 1.
//
// To add a game: add an entry
// with its states table, the names of its columns and outcome codes, the
// moves of each player, and `needs`, the table or function the build must
// register (the playground lists only the games the loaded build has).
"use strict";
const GREEN = "#8fd18f", RED = "#f4a3a3", GREY = "#d9d9d9", NONE = "#ffffff";

const GAMES = {
  catmouse: {
    title: "Cat and mouse (LeetCode 913)",
    needs: "catmouse_states",
    players: ["mouse", "cat"],
    cols: ["mouse", "cat"],
    params: [{ key: "a", label: "mouse starts on", def: 1 }, { key: "b", label: "cat starts on", def: 2 }],
    hole: () => 0,
    // outcome code -> [text, winner (0, 1 or null), colour]
    outcomes: { 1: ["the mouse wins", 0, GREEN], 2: ["the cat wins", 1, RED], 0: ["a draw", null, GREY] },
    states: (gid, table) => `catmouse_states(${gid}, '${table}')`,
    solve: (gid, table) => `SELECT catmouse(${gid}, '${table}') AS outcome`,
    requiredNodes: () => [0, 1, 2],
    moves(pos, adj) {
      const from = pos.turn === 0 ? pos.a : pos.b;
      return [...(adj.get(from) || [])].filter((v) => pos.turn === 0 || v !== 0);
    },
    apply: (pos, v) => (pos.turn === 0 ? { a: v, b: pos.b, turn: 1 } : { a: pos.a, b: v, turn: 0 }),
    // Can the mover stand on v with the other player where it is?
    listed: (pos, v) => !(pos.turn === 1 && v === 0),
  },
  race: {
    title: "Race to z (HDU 6963)",
    needs: "race_states",
    players: ["alice", "bob"],
    cols: ["alice", "bob"],
    params: [{ key: "a", label: "Alice starts on", def: 1 }, { key: "b", label: "Bob starts on", def: 2 },
      { key: "z", label: "goal z", def: 0 }],
    hole: (p) => p.z,
    outcomes: { 1: ["Alice wins", 0, GREEN], 3: ["Bob wins", 1, RED], 2: ["a draw", null, GREY] },
    states: (gid, table, p) => `race_states(${gid}, ${p.z}, '${table}')`,
    solve: (gid, table, p) => `SELECT count(*) AS positions FROM race_states(${gid}, ${p.z}, '${table}')`,
    requiredNodes: (p) => [p.a, p.b, p.z],
    moves(pos, adj, p) {
      const from = pos.turn === 0 ? pos.a : pos.b, other = pos.turn === 0 ? pos.b : pos.a;
      return [from, ...(adj.get(from) || [])].filter((v, i, l) => l.indexOf(v) === i && (v !== other || v === p.z));
    },
    apply: (pos, v) => (pos.turn === 0 ? { a: v, b: pos.b, turn: 1 } : { a: pos.a, b: v, turn: 0 }),
    listed: () => true,
  },
  cops: {
    title: "Cops and robbers (one cop)",
    needs: "cops_states",
    players: ["cops", "robber"],
    cols: ["cop", "robber"],
    params: [{ key: "a", label: "the cop starts on", def: 1 }, { key: "b", label: "the robber starts on", def: 2 }],
    hole: () => null,
    // outcome code -> [text, winner (0 the cop, 1 the robber), colour]
    outcomes: { 1: ["the cop catches the robber", 0, RED], 0: ["the robber escapes", 1, GREEN] },
    // cops_states with k = 1, its JSON cop and move as plain nodes
    states: (gid, table) => `(SELECT json_extract(cops, '$[0]') AS cop, robber, turn, outcome, plies,
      CASE WHEN turn = 'cops' THEN json_extract(move, '$[0]') ELSE move END AS move
      FROM cops_states(${gid}, 1, '${table}'))`,
    solve: (gid, table) => `SELECT count(*) AS positions FROM cops_states(${gid}, 1, '${table}')`,
    requiredNodes: (p) => [p.a, p.b],
    moves(pos, adj) {                     // stay, or go to a neighbour
      const from = pos.turn === 0 ? pos.a : pos.b;
      return [from, ...(adj.get(from) || [])].filter((v, i, l) => l.indexOf(v) === i);
    },
    apply: (pos, v) => (pos.turn === 0 ? { a: v, b: pos.b, turn: 1 } : { a: pos.a, b: v, turn: 0 }),
    listed: () => true,
  },
};

// Graphs to start from: LeetCode 913's examples and the generators.
const SOURCES = {
  lc1: { title: "LeetCode 913 example 1", json: "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]" },
  lc2: { title: "LeetCode 913 example 2", json: "[[1,3],[0],[3],[0,2]]" },
  grid: { title: "grid", params: [["rows", 4], ["cols", 5]], sql: (p) => `graph_grid(${p.rows}, ${p.cols})`,
    hint: (p) => ({ kind: "grid", rows: p.rows, cols: p.cols }) },
  cycle: { title: "cycle", params: [["n", 9]], sql: (p) => `graph_cycle(${p.n})`, hint: () => ({ kind: "cycle" }) },
  petersen: { title: "Petersen graph", params: [], sql: () => "graph_petersen()", hint: () => ({ kind: "petersen" }) },
  random: { title: "random G(n, p)", params: [["n", 12], ["p", 0.3], ["seed", 1]],
    sql: (p) => `graph_random(${p.n}, ${p.p}, ${p.seed})` },
  edges: { title: "edge list (paste)", text: "0 1\n1 2\n2 3\n3 0\n1 3" },
  adjacency: { title: "JSON adjacency list (paste)", text: "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]" },
};

// Pasted text -> [[src, dst], ...]: a JSON adjacency list ([[1,3],[0],...],
// list i holding the neighbours of node i) or lines of two integers.
function parseGraphText(text) {
  const t = text.trim();
  if (t.startsWith("[")) {
    const adj = JSON.parse(t);
    if (!Array.isArray(adj)) throw new Error("a JSON adjacency list is a list of lists");
    const out = [];
    adj.forEach((l, i) => {
      if (!Array.isArray(l)) throw new Error(`entry ${i} is not a list`);
      for (const v of l) {
        if (!Number.isInteger(v)) throw new Error(`entry ${i} has ${JSON.stringify(v)}, not a node number`);
        out.push([i, v]);
      }
    });
    return out;
  }
  return t.split(/\n/).map((l) => l.replace(/#.*/, "").trim()).filter(Boolean).map((l, i) => {
    const w = l.replace(/(\d)\s*-+>?\s*(?=-?\d)/g, "$1 ").split(/[\s,;]+/).filter(Boolean);
    if (w.length !== 2 || !w.every((x) => /^-?\d+$/.test(x))) {
      throw new Error(`line ${i + 1}: "${l}" is not two node numbers`);
    }
    return [Number(w[0]), Number(w[1])];
  });
}
