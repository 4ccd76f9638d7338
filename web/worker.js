// worker.js: the playground's database, in a Web Worker so that solving
// never blocks the page.  It loads the WebAssembly build (SQLite with
// graphgame compiled in) and answers messages from app.js:
//
//   { id, op: "exec", sql, params, limit } -> { id, results: [{ columns, rows }], ms }
//       every statement of sql in turn (params bound to the first one);
//       with limit, under graphgame_limit('max_positions', limit), the
//       database's own limit restored afterwards (a game's limit for the tab)
//   { id, op: "script", text, fresh } -> { id, items: [{ print } | { result }], ms }
//       a sqlite3 CLI script (dot-commands .print, .read, .load), for the
//       SQL console, in the playground's database or (fresh) a new one;
//       .read fetches the file from the server (sql/...)
//
// or { id, error, items } when a statement fails.  While a message is
// being handled, { id, busy: true } is posted first, so the page can show
// that a solve is running.
/* global GraphgameSQLite, GGScript */
"use strict";
importScripts("graphgame-sqlite.js", "script.js");

let SQL = null, db = null;
const ready = GraphgameSQLite().then((m) => {
  SQL = m;
  db = new SQL.Database();
  postMessage({ ready: true, sqlite: SQL.sqliteVersion() });
});

function readFile(name) {
  const xhr = new XMLHttpRequest();          // synchronous: allowed in a worker
  xhr.open("GET", name, false);
  xhr.send(null);
  if (xhr.status !== 200) throw new GGScript.Failure(`cannot read ${name} (${xhr.status})`);
  return xhr.responseText;
}

onmessage = async (ev) => {
  await ready;
  const msg = ev.data, t0 = performance.now();
  postMessage({ id: msg.id, busy: true });
  const items = [];
  try {
    if (msg.op === "exec") {
      const results = [];
      const old = msg.limit ? db.query("SELECT graphgame_limit('max_positions')").rows[0][0] : 0;
      if (old) db.query(`SELECT graphgame_limit('max_positions', ${Math.trunc(msg.limit)})`);
      try {
        db.each(msg.sql, msg.params || null, {}, (r) => results.push(r));
      } finally {
        if (old) db.query(`SELECT graphgame_limit('max_positions', ${old})`);
      }
      postMessage({ id: msg.id, results, ms: performance.now() - t0 });
    } else if (msg.op === "script") {
      const target = msg.fresh ? new SQL.Database() : db;
      try {
        GGScript.run(SQL, target, msg.text, {
          print: (line) => items.push({ print: line }),
          result: (r) => items.push({ result: r }),
          readFile,
          valueOpts: { text: true },
        });
      } finally {
        if (target !== db) target.close();
      }
      postMessage({ id: msg.id, items, ms: performance.now() - t0 });
    } else {
      throw new Error("worker: unknown op " + msg.op);
    }
  } catch (e) {
    postMessage({ id: msg.id, error: e.message, items, ms: performance.now() - t0 });
  }
};
