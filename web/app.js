// app.js: the playground page.  It keeps the picture, the game being
// played and the SQL console; every question goes as SQL to the database
// in worker.js, so the page stays responsive while the engine solves.
//
// Flow: pick a graph (SOURCES, games.js) -> rows into the table `playground`
// under a new graph id -> pick a game (GAMES) and its roles (holes, starts,
// z, k) -> solve -> draw every node coloured by the outcome with the player
// to move standing there -> click a node to move (the cops: one click a
// cop); the engine answers with the `move` of its states table.
/* global GGDraw, GAMES, SOURCES, COLOUR_NAMES, parseGraphText, parseNodes */
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
  game: "catmouse", params: {}, human: 0, history: [], picks: [], over: false, layout: null,
};
const G = () => GAMES[S.game];
// A game's SQL, under the game's own position limit if it has one (cops
// and robbers): over it the engine's SQLITE_TOOBIG message is shown.
async function gameRows(text) {
  try {
    const r = (await ask({ op: "exec", sql: text, limit: G().limit })).results;
    return r.length ? r[r.length - 1].rows : [];
  } catch (e) {
    if (G().limit && /over the limit of/.test(e.message)) {
      e.message += `. The playground solves this game up to ${G().limit.toLocaleString("en")} positions, ` +
        "to keep the page responsive; the SQL console has the build's own limit.";
    }
    throw e;
  }
}

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
  consoleHint(gid);
}

// The console starts with a query of the game's states table.
function consoleHint(gid) {
  let p;
  try { p = gameParams(); } catch (e) { return; }
  $("sql").value = `SELECT * FROM ${G().states(gid, TABLE, p)} LIMIT 20;`;
}

// ---- games ------------------------------------------------------------
// The roles of the game (games.js `params`): a node, a list of nodes
// ("nodes": the holes, the cops' starts) or a number (k).
function showGameParams() {
  const box = $("game-params");
  box.innerHTML = "";
  for (const p of G().params) {
    const type = p.kind === "nodes" ? "text" : "number";
    box.insertAdjacentHTML("beforeend", `<label>${p.label} <input id="gp-${p.key}" type="${type}" value="${p.def}"></label>`);
  }
  $("side").innerHTML = G().players.map((n, i) => `<option value="${i}">${n}</option>`).join("");
  $("side").value = String(S.human);
}

function gameParams() {
  const p = {};
  for (const q of G().params) {
    const text = ($("gp-" + q.key) || {}).value ?? String(q.def);
    if (q.kind === "nodes") p[q.key] = parseNodes(text, q.label);
    else {
      p[q.key] = Math.trunc(Number(text));
      if (!/^\s*-?\d+\s*$/.test(text)) throw new Error(`${q.label}: "${text}" is not a whole number`);
    }
  }
  return G().normalize(p);
}

async function newGame() {
  const g = G(), p = gameParams();
  // show the lists as the game reads them (the cops' starts padded to k)
  for (const q of g.params) if (q.kind === "nodes" && $("gp-" + q.key)) $("gp-" + q.key).value = p[q.key].join(" ");
  const missing = [...new Set(g.requiredNodes(p).filter((v) => !S.adj.has(v)))];
  if (missing.length) throw new Error(`${g.title} needs node${missing.length > 1 ? "s" : ""} ${missing.join(", ")} in the graph`);
  S.params = p;
  const t0 = performance.now();
  status("solving…");
  consoleHint(S.gid);
  try {
    await gameRows(g.solve(S.gid, TABLE, p));
  } catch (e) {                           // no game: no board to click on
    S.pos = null;
    $("board").innerHTML = "";
    $("outcome").textContent = "…";
    $("position").textContent = "";
    $("solve-info").textContent = "";
    throw e;
  }
  $("solve-info").textContent = `solved in ${Math.round(performance.now() - t0)} ms`;
  S.pos = g.start(p);
  S.history = [];
  S.picks = [];
  S.human = Number($("side").value);
  await show();
  await maybeEngine();
}

// The states row of one position: { outcome, plies, move } or null.
async function stateOf(pos) {
  const r = await gameRows(`SELECT outcome, plies, move FROM ${G().states(S.gid, TABLE, S.params)} WHERE ${G().where(pos)}`);
  return r.length ? { outcome: r[0][0], plies: r[0][1], move: r[0][2] } : null;
}

function describe(st) {
  const [text] = G().outcomes[st.outcome];
  if (st.plies === 0) return `over: ${text}`;
  return st.plies === null ? text : `${text} in ${st.plies} ${st.plies === 1 ? "ply" : "plies"}`;
}

const fmt = (m) => (Array.isArray(m) ? m.join(", ") : String(m));

async function show() {
  if (!S.pos) return;
  const g = G(), pos = S.pos, mover = pos.turn, pl = g.players;
  const mine = mover === S.human, sel = mine ? S.picks.length : 0;
  // Colour: the mover (the cop being moved) standing on v, the others
  // where they are.  The row of its own node is the position itself.
  const at = new Map();
  let st;
  if (S.layout) {
    const q = g.around(pos, sel, g.states(S.gid, TABLE, S.params), S.nodes);
    for (const r of await gameRows(q.sql)) {
      const v = q.nodeOf(r[0]);
      if (v !== undefined) at.set(v, r);
    }
    const r = at.get(g.moverAt(pos, sel));
    st = r ? { outcome: r[1], plies: r[2], move: r[3] } : null;
  } else {
    st = await stateOf(pos);
  }
  S.state = st;
  S.over = !st || st.plies === 0;
  const canMove = !S.over && mine ? new Set(g.moves(pos, S.adj, S.params, sel)) : new Set();
  const shown = (v) => at.has(v) && g.listed(pos, v, S.params);
  // Second line of a node, as catmouse_dot writes it: "mouse in 3", "draw"
  // (the robber's escape: "escapes").
  const note = (v) => {
    if (!shown(v)) return "";
    const r = at.get(v), [, winner, , endless] = g.outcomes[r[1]];
    if (r[2] === null) return endless || "draw";
    return r[2] === 0 ? `${pl[winner]} won` : `${pl[winner]} in ${r[2]}`;
  };
  $("position").dataset.a = Array.isArray(pos.a) ? JSON.stringify(pos.a) : pos.a;
  $("position").dataset.b = pos.b;
  $("position").dataset.turn = pl[mover];
  $("position").textContent = `${g.text(pos)}, ${pl[mover]} to move` + (mine ? " (you)" : " (engine)");
  $("outcome").textContent = st ? describe(st) : "not a position of this game";
  $("outcome").className = st ? "o-" + COLOUR_NAMES[g.outcomes[st.outcome][2]] : "";
  const [who, rest] = g.who(pos, sel);
  const key = Object.values(g.outcomes).sort((x, y) => (x[1] ?? 2) - (y[1] ?? 2))   // player 0's win first
    .map(([text, , colour]) => `${COLOUR_NAMES[colour]}: ${text}`).join(", ");
  $("legend").textContent = `Each node: the outcome with ${who} there (${rest}, ${pl[mover]} to move), ` +
    `and plies left. ${key[0].toUpperCase() + key.slice(1)}.`;
  $("undo").disabled = !S.history.length && !S.picks.length;
  if (!S.layout) { $("board").innerHTML = ""; status("too many nodes to draw: use the SQL console"); return; }
  GGDraw.render($("board"), {
    nodes: S.nodes, edges: S.edges, pos: S.layout, holes: g.holes(S.params),
    fill: (v) => (shown(v) ? g.outcomes[at.get(v)[1]][2] : "#ffffff"),
    note, movable: canMove, onClick: (v) => humanMove(v).catch(fail),
    pieces: g.pieces(pos), pending: S.picks,
  });
  if (S.over) status(st ? `Game over: ${g.outcomes[st.outcome][0]}.` : "", "over");
  else if (!mine) status("The engine is thinking…");
  else if (g.parts(pos) === 1) status(`Your move (${pl[mover]}): click a highlighted node.`);
  else {
    const done = S.picks.map((v, i) => `cop ${i + 1} → ${v}`).join(", ");
    status(`Your move (cops): cop ${sel + 1} of ${g.parts(pos)}, on ${g.moverAt(pos, sel)}: click where it goes ` +
      `(its own node: it stays)${done ? "; " + done : ""}.`);
  }
}

// A click of the human: one node, or for the cops one cop's node at a
// time; the move is made when every part of it is picked.
async function humanMove(v) {
  const g = G();
  if (!S.pos || S.over || S.pos.turn !== S.human) return;
  S.picks.push(v);
  if (S.picks.length < g.parts(S.pos)) { await show(); return; }
  const from = S.pos, move = g.moveOf(from, S.picks);
  S.picks = [];
  S.history.push(from);
  S.pos = g.apply(from, move, S.params);
  $("last-move").textContent = Array.isArray(move) ? `you: ${fmt(from.a)} → ${fmt(move)}` : `you: ${v}`;
  await show();
  await maybeEngine();
}

async function maybeEngine() {
  const g = G();
  while (S.pos && !S.over && S.pos.turn !== S.human) {
    const st = S.state;
    if (st.move === null) break;
    const cur = S.pos.turn === 0 ? S.pos.a : S.pos.b;
    const move = g.parseMove(S.pos, st.move);
    S.history.push(S.pos);
    S.pos = g.apply(S.pos, move, S.params);
    $("last-move").textContent = `engine (${g.players[1 - S.pos.turn]}): ${fmt(cur)} → ${fmt(move)}`;
    $("last-move").dataset.move = st.move;
    await show();
  }
}

async function undo() {
  if (!S.pos) return;
  if (S.picks.length) {                   // a cops' move half picked: start it again
    S.picks = [];
    await show();
    return;
  }
  // back to the last position where it was the human's move
  while (S.history.length) {
    S.pos = S.history.pop();
    if (S.pos.turn === S.human) break;
  }
  $("last-move").textContent = "undone";
  await show();
}

async function swap() {
  if (!S.pos) return;
  S.human = 1 - S.human;
  S.picks = [];
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
  // the engine's messages and bad input are the user's news; anything
  // else (a TypeError) is a bug of the page
  if (e.constructor === Error) console.warn(e.message);
  else console.error(e);
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
  $("game").onchange = () => {
    S.game = $("game").value;
    S.pos = null;                         // the old game's position means nothing here
    $("board").innerHTML = "";
    showGameParams();
    newGame().catch(fail);
  };
  $("load").onclick = () => reload().catch(fail);
  $("restart").onclick = () => newGame().catch(fail);
  $("undo").onclick = () => undo().catch(fail);
  $("swap").onclick = () => swap().catch(fail);
  $("side").onchange = () => { S.human = Number($("side").value); S.picks = []; show().then(maybeEngine).catch(fail); };
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
