// games.js: the games of the playground, each described once so that
// app.js can draw, colour and play any of them the same way.  A position
// is { a, b, turn }: player 0 on a, player 1 on b, turn 0 or 1; for cops
// and robbers a is the array of the k cops' nodes, ascending.
//
// To add a game: add an entry with its roles (`params`: the inputs of the
// page), its states table and how a position is found in it, the outcome
// codes, the moves of each player, and `needs`, the table or function the
// build must register (the playground lists only the games the loaded
// build has).  A move of the human is `parts(pos)` clicks (one a cop for
// the cops, one otherwise); `sel` is the index of the piece being moved.
"use strict";
const GREEN = "#8fd18f", RED = "#f4a3a3", GREY = "#d9d9d9";
const COLOUR_NAMES = { [GREEN]: "green", [RED]: "red", [GREY]: "grey" };

// The parts common to games of two pieces on nodes (cat and mouse, the
// race): the columns cols[0] and cols[1] of the states table hold a and b.
function twoPieces(game) {
  const [c0, c1] = game.cols, pl = game.players;
  return {
    limit: 0,                             // 0: the database's own limit
    start: (p) => ({ a: p.a, b: p.b, turn: 0 }),
    where: (pos) => `${c0} = ${pos.a} AND ${c1} = ${pos.b} AND turn = '${pl[pos.turn]}'`,
    // The rows of the mover standing on each node, the other where it is.
    around: (pos, sel, T) => ({
      sql: `SELECT ${pos.turn ? c1 : c0}, outcome, plies, move FROM ${T}
            WHERE ${pos.turn ? c0 : c1} = ${pos.turn ? pos.a : pos.b} AND turn = '${pl[pos.turn]}'`,
      nodeOf: (x) => x,
    }),
    moverAt: (pos) => (pos.turn === 0 ? pos.a : pos.b),
    who: (pos) => [`the ${pl[pos.turn]}`, `${pl[1 - pos.turn]} on ${pos.turn ? pos.a : pos.b}`],
    parts: () => 1,
    moveOf: (pos, picks) => picks[0],
    parseMove: (pos, m) => m,
    apply: (pos, v) => (pos.turn === 0 ? { a: v, b: pos.b, turn: 1 } : { a: pos.a, b: v, turn: 0 }),
    pieces: (pos) => [{ node: pos.a, name: pl[0], cls: "p0" }, { node: pos.b, name: pl[1], cls: "p1" }],
    text: (pos) => `${pl[0]} on ${pos.a}, ${pl[1]} on ${pos.b}`,
    normalize: (p) => p,
    ...game,
  };
}

const json = (v) => JSON.stringify(v).replace(/'/g, "''");
const sorted = (l) => [...l].sort((x, y) => x - y);

const GAMES = {
  catmouse: twoPieces({
    title: "Cat and mouse (LeetCode 913)",
    needs: "catmouse_states",
    players: ["mouse", "cat"],
    cols: ["mouse", "cat"],
    params: [{ key: "hole", label: "holes", def: "0", kind: "nodes" },
      { key: "a", label: "mouse starts on", def: 1 }, { key: "b", label: "cat starts on", def: 2 }],
    holes: (p) => p.hole,
    // outcome code -> [text, winner (0, 1 or null), colour]
    outcomes: { 1: ["the mouse wins", 0, GREEN], 2: ["the cat wins", 1, RED], 0: ["a draw", null, GREY] },
    // catmouse_states needs only the holes; catmouse the starts too
    states: (gid, table, p) => `catmouse_states(${gid}, '${table}', '${json({ hole: p.hole })}')`,
    solve: (gid, table, p) => `SELECT catmouse(${gid}, '${table}', '${json({ hole: p.hole, mouse: p.a, cat: p.b })}') AS outcome`,
    requiredNodes: (p) => [...p.hole, p.a, p.b],
    moves(pos, adj, p) {                  // the cat may not move into a hole
      const from = pos.turn === 0 ? pos.a : pos.b;
      return [...(adj.get(from) || [])].filter((v) => pos.turn === 0 || !p.hole.includes(v));
    },
    // Can the mover stand on v with the other player where it is?
    listed: (pos, v, p) => !(pos.turn === 1 && p.hole.includes(v)),
  }),
  race: twoPieces({
    title: "Race to z (HDU 6963)",
    needs: "race_states",
    players: ["alice", "bob"],
    cols: ["alice", "bob"],
    params: [{ key: "a", label: "Alice starts on", def: 1 }, { key: "b", label: "Bob starts on", def: 2 },
      { key: "z", label: "goal z", def: 0 }],
    holes: (p) => [p.z],
    outcomes: { 1: ["Alice wins", 0, GREEN], 3: ["Bob wins", 1, RED], 2: ["a draw", null, GREY] },
    states: (gid, table, p) => `race_states(${gid}, ${p.z}, '${table}')`,
    solve: (gid, table, p) => `SELECT count(*) AS positions FROM race_states(${gid}, ${p.z}, '${table}')`,
    requiredNodes: (p) => [p.a, p.b, p.z],
    moves(pos, adj, p) {
      const from = pos.turn === 0 ? pos.a : pos.b, other = pos.turn === 0 ? pos.b : pos.a;
      return [from, ...(adj.get(from) || [])].filter((v, i, l) => l.indexOf(v) === i && (v !== other || v === p.z));
    },
    listed: () => true,
  }),
  cops: {
    title: "Cops and robbers (k cops)",
    needs: "cops_states",
    players: ["cops", "robber"],
    params: [{ key: "k", label: "cops (k)", def: 1 }, { key: "a", label: "the cops start on", def: "1", kind: "nodes" },
      { key: "b", label: "the robber starts on", def: 2 }],
    // cops_states solves on every query, and C(n+k-1, k)·n·2 positions grow
    // fast with k: past this the engine refuses (SQLITE_TOOBIG), and the
    // page says so, instead of keeping the tab busy for seconds a click.
    limit: 2000000,
    holes: () => [],
    // outcome code -> [text, winner (0 the cops, 1 the robber), colour, a node's note]
    outcomes: { 1: ["the cops catch the robber", 0, RED], 0: ["the robber escapes", 1, GREEN, "escapes"] },
    // k starts: fewer repeat the last one, more are dropped
    normalize(p) {
      if (!(p.k >= 1)) throw new Error("k, the number of cops, is at least 1");
      const a = p.a.slice(0, p.k);
      while (a.length < p.k) a.push(a.length ? a[a.length - 1] : 0);
      return { ...p, a: sorted(a) };
    },
    states: (gid, table, p) => `cops_states(${gid}, ${p.k}, '${table}')`,
    solve: (gid, table, p) => `SELECT count(*) AS positions FROM cops_states(${gid}, ${p.k}, '${table}')
                               WHERE robber = ${p.b} AND turn = 'cops'`,
    requiredNodes: (p) => [...p.a, p.b],
    start: (p) => ({ a: p.a, b: p.b, turn: 0 }),
    where: (pos) => `cops = '${json(pos.a)}' AND robber = ${pos.b} AND turn = '${pos.turn ? "robber" : "cops"}'`,
    // The cops' turn: cop sel on each node, the other cops where they are;
    // the robber's: the robber on each node.
    around(pos, sel, T, nodes) {
      if (pos.turn === 1) {
        return { sql: `SELECT robber, outcome, plies, move FROM ${T} WHERE turn = 'robber' AND cops = '${json(pos.a)}'`,
          nodeOf: (x) => x };
      }
      const key = new Map(nodes.map((v) => [JSON.stringify(sorted(pos.a.map((c, i) => (i === sel ? v : c)))), v]));
      return { sql: `SELECT cops, outcome, plies, move FROM ${T} WHERE robber = ${pos.b} AND turn = 'cops'`,
        nodeOf: (x) => key.get(x) };
    },
    moverAt: (pos, sel) => (pos.turn === 0 ? pos.a[sel] : pos.b),
    who(pos, sel) {
      if (pos.turn === 1) return ["the robber", `cop${pos.a.length > 1 ? "s" : ""} on ${pos.a.join(", ")}`];
      if (pos.a.length === 1) return ["the cop", `robber on ${pos.b}`];
      const rest = pos.a.filter((c, i) => i !== sel);
      return [`cop ${sel + 1}`, `the other cop${rest.length > 1 ? "s" : ""} on ${rest.join(", ")}, robber on ${pos.b}`];
    },
    moves(pos, adj, p, sel) {             // stay, or go to a neighbour
      const from = pos.turn === 0 ? pos.a[sel] : pos.b;
      return [from, ...(adj.get(from) || [])].filter((v, i, l) => l.indexOf(v) === i);
    },
    // The cops' move is one click a cop, in the order of pos.a.
    parts: (pos) => (pos.turn === 0 ? pos.a.length : 1),
    moveOf: (pos, picks) => (pos.turn === 0 ? sorted(picks) : picks[0]),
    parseMove: (pos, m) => (pos.turn === 0 ? JSON.parse(m) : m),
    apply: (pos, m) => (pos.turn === 0 ? { a: m, b: pos.b, turn: 1 } : { a: pos.a, b: m, turn: 0 }),
    // one ring and tag a node: "cop", "cop 2", "cops 1+3"
    pieces(pos) {
      const at = new Map();
      pos.a.forEach((c, i) => at.set(c, [...(at.get(c) || []), i + 1]));
      const cops = [...at].map(([node, ids]) => ({ node, cls: "p0",
        name: pos.a.length === 1 ? "cop" : `cop${ids.length > 1 ? "s" : ""} ${ids.join("+")}` }));
      return [...cops, { node: pos.b, name: "robber", cls: "p1" }];
    },
    text: (pos) => `cop${pos.a.length > 1 ? "s" : ""} on ${pos.a.join(", ")}, robber on ${pos.b}`,
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

// A list of node numbers as typed: "0 4", "0, 4", "[0,4]".
function parseNodes(text, what) {
  const w = String(text).replace(/[[\]]/g, " ").split(/[\s,;]+/).filter(Boolean);
  if (!w.every((x) => /^-?\d+$/.test(x))) throw new Error(`${what}: "${text}" is not a list of node numbers`);
  return w.map(Number);
}

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
