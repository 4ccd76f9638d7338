// app.js: the playground page.  It keeps the picture, the game being
// played and the SQL console; every question goes as SQL to the database
// in worker.js, so the page stays responsive while the engine solves.
//
// Flow: pick a graph (SOURCES, games.js) -> rows into the table `playground`
// under a new graph id -> pick a game (GAMES) -> solve -> draw every node
// coloured by the outcome with the player to move standing there -> click
// a node to move; the engine answers with the `move` of its states table.
/* global GGDraw, GAMES, SOURCES, parseGraphText */
"use strict";
const $ = (id) => document.getElementById(id);
const TABLE = "playground";

// ---- the worker -------------------------------------------------------
const worker = new Worker("worker.js");
const waiting = new Map();
let nextId = 1, busySince = 0;
worker.onmessage = (ev) => {
  const m = ev.data;
  if (m.ready) { $("engine").textContent = `SQLite ${m.sqlite} + graphgame (WebAssembly, in a worker)`; return; }
  if (m.busy) { busySince = performance.now(); return; }
  busySince = 0;
  const w = waiting.get(m.id);
  waiting.delete(m.id);
  if (m.error !== undefined) w.reject(Object.assign(new Error(m.error), { items: m.items }));
  else w.resolve(m);
};
function ask(msg) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, ...msg });
  });
}
const sql = async (text, params) => (await ask({ op: "exec", sql: text, params })).results;
const rowsOf = async (text, params) => { const r = await sql(text, params); return r.length ? r[r.length - 1].rows : []; };
// A running solve shows how long it has taken.
setInterval(() => {
  $("busy").textContent = busySince ? `working… ${((performance.now() - busySince) / 1000).toFixed(1)} s` : "";
}, 100);

// ---- state ------------------------------------------------------------
const S = {
  gid: 0, nodes: [], edges: [], adj: new Map(), pos: null, hint: null,
  game: "catmouse", params: {}, human: 0, history: [], over: false, layout: null,
};
const G = () => GAMES[S.game];

function status(text, cls) {
  const e = $("status");
  e.textContent = text;
  e.className = cls || "";
}

// ---- graphs -----------------------------------------------------------
function sourceParams() {
  const src = SOURCES[$("source").value], p = {};
  for (const [k] of src.params || []) p[k] = Number($("sp-" + k).value);
  return p;
}

function showSourceParams() {
  const src = SOURCES[$("source").value], box = $("source-params");
  box.innerHTML = "";
  for (const [k, def] of src.params || []) {
    box.insertAdjacentHTML("beforeend", `<label>${k} <input id="sp-${k}" type="number" value="${def}" step="any"></label>`);
  }
  $("graph-text").hidden = !src.text;
  if (src.text) $("graph-text").value = src.text;
}

async function loadGraph() {
  const key = $("source").value, src = SOURCES[key];
  const gid = S.gid + 1;
  await sql(`CREATE TABLE IF NOT EXISTS ${TABLE}(graph_id INTEGER, src INTEGER, dst INTEGER);
             DELETE FROM ${TABLE};`);
  if (src.json) {
    await sql(`INSERT INTO ${TABLE} SELECT ${gid}, a.key, b.value FROM json_each(?) a, json_each(a.value) b`, [src.json]);
  } else if (src.sql) {
    const p = sourceParams();
    for (const [k, v] of Object.entries(p)) if (!Number.isFinite(v)) throw new Error(`${k} must be a number`);
    await sql(`INSERT INTO ${TABLE} SELECT ${gid}, src, dst FROM ${src.sql(p)}`);
    S.hint = src.hint ? src.hint(p) : null;
  } else {
    const pairs = parseGraphText($("graph-text").value);
    await sql(`INSERT INTO ${TABLE} SELECT ${gid}, value ->> 0, value ->> 1 FROM json_each(?)`, [JSON.stringify(pairs)]);
  }
  if (!src.sql) S.hint = null;
  S.gid = gid;
  S.edges = await rowsOf(`SELECT DISTINCT min(src, dst), max(src, dst) FROM ${TABLE} WHERE graph_id = ${gid}`);
  S.nodes = (await rowsOf(`SELECT src FROM ${TABLE} WHERE graph_id = ${gid} UNION SELECT dst FROM ${TABLE}
                           WHERE graph_id = ${gid} ORDER BY 1`)).map((r) => r[0]);
  S.adj = new Map(S.nodes.map((v) => [v, new Set()]));
  for (const [a, b] of S.edges) { S.adj.get(a).add(b); S.adj.get(b).add(a); }
  S.layout = S.nodes.length <= 2000 ? GGDraw.layout(S.nodes, S.edges, S.hint) : null;
  $("graph-info").textContent = `${src.title}: ${S.nodes.length} nodes, ${S.edges.length} edges (graph ${gid} in table ${TABLE})`;
  $("sql").value = `SELECT * FROM ${G().states(gid, TABLE, gameParams())} LIMIT 20;`;
}

// ---- games ------------------------------------------------------------
function showGameParams() {
  const box = $("game-params");
  box.innerHTML = "";
  for (const p of G().params) {
    box.insertAdjacentHTML("beforeend", `<label>${p.label} <input id="gp-${p.key}" type="number" value="${p.def}"></label>`);
  }
  $("side").innerHTML = G().players.map((n, i) => `<option value="${i}">${n}</option>`).join("");
  $("side").value = String(S.human);
}

function gameParams() {
  const p = {};
  for (const q of G().params) p[q.key] = Math.trunc(Number(($("gp-" + q.key) || {}).value ?? q.def));
  return p;
}

async function newGame() {
  S.params = gameParams();
  const missing = G().requiredNodes(S.params).filter((v) => !S.adj.has(v));
  if (missing.length) throw new Error(`${G().title} needs node${missing.length > 1 ? "s" : ""} ${missing.join(", ")} in the graph`);
  const t0 = performance.now(), n = S.nodes.length;
  status(`solving about ${(2 * n * n).toLocaleString("en")} positions…`);
  await rowsOf(G().solve(S.gid, TABLE, S.params));
  $("solve-info").textContent = `solved in ${Math.round(performance.now() - t0)} ms`;
  S.pos = { a: S.params.a, b: S.params.b, turn: 0 };
  S.history = [];
  S.human = Number($("side").value);
  await show();
  await maybeEngine();
}

// The states row of one position: { outcome, plies, move } or null.
async function stateOf(pos) {
  const [c0, c1] = G().cols;
  const r = await rowsOf(`SELECT outcome, plies, move FROM ${G().states(S.gid, TABLE, S.params)}
                          WHERE ${c0} = ${pos.a} AND ${c1} = ${pos.b} AND turn = '${G().players[pos.turn]}'`);
  return r.length ? { outcome: r[0][0], plies: r[0][1], move: r[0][2] } : null;
}

function describe(st) {
  const [text] = G().outcomes[st.outcome];
  if (st.plies === 0) return `over: ${text}`;
  return st.plies === null ? text : `${text} in ${st.plies} ${st.plies === 1 ? "ply" : "plies"}`;
}

async function show() {
  const g = G(), pos = S.pos, mover = pos.turn, st = await stateOf(pos);
  S.state = st;
  S.over = !st || st.plies === 0;
  // Colour: the mover standing on v, the other player where it is.
  const [c0, c1] = g.cols, fixedCol = mover === 0 ? c1 : c0, moverCol = mover === 0 ? c0 : c1;
  const fixed = mover === 0 ? pos.b : pos.a;
  const rows = S.nodes.length <= 2000 ? await rowsOf(`SELECT ${moverCol}, outcome, plies FROM ${g.states(S.gid, TABLE, S.params)}
      WHERE ${fixedCol} = ${fixed} AND turn = '${g.players[mover]}'`) : [];
  const at = new Map(rows.map((r) => [r[0], r]));
  const canMove = !S.over && mover === S.human ? new Set(g.moves(pos, S.adj, S.params)) : new Set();
  // Second line of a node, as catmouse_dot writes it: "mouse in 3", "draw".
  const note = (v) => {
    const r = at.get(v);
    if (!r || !g.listed(pos, v)) return "";
    const [, winner] = g.outcomes[r[1]];
    if (winner === null) return "draw";
    return r[2] === 0 ? `${g.players[winner]} won` : `${g.players[winner]} in ${r[2]}`;
  };
  const pl = g.players;
  $("position").dataset.a = pos.a;
  $("position").dataset.b = pos.b;
  $("position").dataset.turn = pl[mover];
  $("position").textContent = `${pl[0]} on ${pos.a}, ${pl[1]} on ${pos.b}, ${pl[mover]} to move` +
    (mover === S.human ? " (you)" : " (engine)");
  $("outcome").textContent = st ? describe(st) : "not a position of this game";
  $("outcome").className = st ? "o" + (g.outcomes[st.outcome][1] ?? "d") : "";
  $("legend").textContent = `Each node: the outcome with the ${pl[mover]} there (${pl[1 - mover]} on ${fixed}, ` +
    `${pl[mover]} to move), and plies left. Green: ${pl[0]} wins, red: ${pl[1]} wins, grey: draw.`;
  $("undo").disabled = !S.history.length;
  if (!S.layout) { $("board").innerHTML = ""; status("too many nodes to draw: use the SQL console"); return; }
  GGDraw.render($("board"), {
    nodes: S.nodes, edges: S.edges, pos: S.layout, hole: g.hole(S.params),
    fill: (v) => { const r = at.get(v); return r && g.listed(pos, v) ? g.outcomes[r[1]][2] : "#ffffff"; },
    note, movable: canMove, onClick: (v) => humanMove(v).catch(fail),
    pieces: [{ node: pos.a, name: pl[0], cls: "p0" }, { node: pos.b, name: pl[1], cls: "p1" }],
  });
  if (S.over) status(st ? `Game over: ${g.outcomes[st.outcome][0]}.` : "", "over");
  else status(mover === S.human ? `Your move (${pl[mover]}): click a highlighted node.` : "The engine is thinking…");
}

async function humanMove(v) {
  if (S.over || S.pos.turn !== S.human) return;
  S.history.push(S.pos);
  S.pos = G().apply(S.pos, v, S.params);
  $("last-move").textContent = `you: ${v}`;
  await show();
  await maybeEngine();
}

async function maybeEngine() {
  while (!S.over && S.pos.turn !== S.human) {
    const st = S.state;
    if (st.move === null) break;
    const from = S.pos.turn === 0 ? S.pos.a : S.pos.b;
    S.history.push(S.pos);
    S.pos = G().apply(S.pos, st.move, S.params);
    $("last-move").textContent = `engine (${G().players[1 - S.pos.turn]}): ${from} → ${st.move}`;
    $("last-move").dataset.move = st.move;
    await show();
  }
}

async function undo() {
  // back to the last position where it was the human's move
  while (S.history.length) {
    S.pos = S.history.pop();
    if (S.pos.turn === S.human) break;
  }
  $("last-move").textContent = "undone";
  await show();
}

async function swap() {
  S.human = 1 - S.human;
  $("side").value = String(S.human);
  await show();
  await maybeEngine();
}

// ---- SQL console --------------------------------------------------------
function table(r) {
  const esc = (v) => String(v ?? "").replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
  return "<table><tr>" + r.columns.map((c) => `<th>${esc(c)}</th>`).join("") + "</tr>" +
    r.rows.map((row) => "<tr>" + row.map((v) => `<td>${esc(v === null ? "NULL" : v)}</td>`).join("") + "</tr>").join("") +
    "</table>";
}

async function runConsole() {
  const out = $("sql-output");
  out.innerHTML = "";
  const render = (items) => {
    for (const it of items) {
      if (it.print !== undefined) out.insertAdjacentHTML("beforeend", `<pre>${it.print.replace(/</g, "&lt;")}</pre>`);
      else out.insertAdjacentHTML("beforeend", it.result.rows.length ? table(it.result) : "<p class=dim>(no rows)</p>");
    }
  };
  try {
    const m = await ask({ op: "script", text: $("sql").value, fresh: $("fresh").checked });
    render(m.items);
    out.insertAdjacentHTML("beforeend", `<p class=dim>${Math.round(m.ms)} ms</p>`);
  } catch (e) {
    render(e.items || []);
    out.insertAdjacentHTML("beforeend", `<p class=error>Error: ${e.message.replace(/</g, "&lt;")}</p>`);
  }
}

async function loadExample() {
  const name = $("example").value;
  if (!name) return;
  const text = await (await fetch("examples/" + name)).text();
  // The examples make their own tables: run them in a fresh database.
  $("sql").value = text;
  $("fresh").checked = true;
}

// ---- wiring -----------------------------------------------------------
function fail(e) {
  status(e.message, "error");
  console.error(e);
}

async function reload() {
  await loadGraph();
  await newGame();
}

function init() {
  $("source").innerHTML = Object.entries(SOURCES).map(([k, s]) => `<option value="${k}">${s.title}</option>`).join("");
  $("game").innerHTML = Object.entries(GAMES).map(([k, g]) => `<option value="${k}">${g.title}</option>`).join("");
  showSourceParams();
  showGameParams();
  $("source").onchange = () => showSourceParams();
  $("game").onchange = () => { S.game = $("game").value; showGameParams(); newGame().catch(fail); };
  $("load").onclick = () => reload().catch(fail);
  $("restart").onclick = () => newGame().catch(fail);
  $("undo").onclick = () => undo().catch(fail);
  $("swap").onclick = () => swap().catch(fail);
  $("side").onchange = () => { S.human = Number($("side").value); show().then(maybeEngine).catch(fail); };
  $("run").onclick = () => runConsole();
  $("example").onchange = () => loadExample().catch(fail);
  fetch("examples/index.json").then((r) => r.json()).then((list) => {
    $("example").innerHTML = '<option value="">examples…</option>' + list.map((f) => `<option>${f}</option>`).join("");
  }).catch(() => {});
  // Games whose table this build lacks are not offered.
  rowsOf("SELECT name FROM pragma_module_list").then((mods) => {
    const have = new Set(mods.map((r) => r[0]));
    for (const opt of $("game").options) opt.disabled = !have.has(GAMES[opt.value].needs);
  });
  reload().then(() => { document.body.dataset.ready = "1"; }).catch(fail);
}

init();
