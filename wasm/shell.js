#!/usr/bin/env node
// shell.js: a small sqlite3 command-line shell on the WebAssembly build,
// for Node, that prints what the sqlite3 CLI prints (copied to dist/wasm/).
//
//     node dist/wasm/shell.js [-header] [-column | -list] [-real15] [:memory:] < script.sql
//
// Input is read as the CLI reads it (script.js: dot-commands .load, which
// does nothing, .read, .print, .mode list|column, .headers on|off).  -column prints like the CLI's column mode: each column
// as wide as its widest value or its name, left-aligned, two spaces apart,
// names underlined with dashes, nothing for a statement with no rows;
// -list joins values with "|".  NULL prints as an empty string, and values
// are SQLite's own text for them.  SQLite 3.52 changed the text of a REAL
// to 17 significant digits, was 15 (0.15*3 is 0.44999999999999996,
// was 0.45); -real15 prints REALs as older ones did (printf "%!.15g"), to
// compare with a CLI on an older SQLite.  An error prints "Error: near line N:
// message" on stderr and ends the run with status 1 (the CLI's -bail).
"use strict";
const fs = require("fs");
const path = require("path");
const factory = require(path.join(__dirname, "graphgame-sqlite.js"));
const GGScript = require(path.join(__dirname, "script.js"));

const opts = { header: false, mode: "list" };
let dbName = ":memory:";
for (const a of process.argv.slice(2)) {
  if (a === "-header") opts.header = true;
  else if (a === "-noheader") opts.header = false;
  else if (a === "-column" || a === "-list") opts.mode = a.slice(1);
  else if (a === "-real15") opts.real = real15;
  else if (!a.startsWith("-")) dbName = a;
  else { console.error(`shell.js: unknown option ${a}`); process.exit(2); }
}

// SQLite's "%!.15g": 15 significant digits, trailing zeros dropped, but
// always a digit after the point; an exponent (two digits at least) below
// 1e-4 or from 1e15.
function real15(x) {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "" : x > 0 ? "Inf" : "-Inf";
  const trim = (s) => (s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, ".0") : s + ".0");
  const [mant, ex] = x.toExponential(14).split("e");
  const e = Number(ex);
  if (e < -4 || e >= 15) return trim(mant) + "e" + (e < 0 ? "-" : "+") + String(Math.abs(e)).padStart(2, "0");
  return trim(x.toFixed(14 - e));
}

const out = [];
const print = (line) => out.push(line);
// Characters, not UTF-16 units: what the CLI counts for a column's width.
const width = (s) => [...s].length;

function printResult(r) {
  const rows = r.rows.map((row) => row.map((v) => (v === null ? "" : v)));
  if (opts.mode === "list") {
    if (opts.header && rows.length) print(r.columns.join("|"));
    for (const row of rows) print(row.join("|"));
    return;
  }
  if (!rows.length) return;
  const w = r.columns.map((c, i) => rows.reduce((m, row) => Math.max(m, width(row[i])), width(c)));
  const line = (cells) => cells.map((c, i) => c + " ".repeat(w[i] - width(c))).join("  ");
  if (opts.header) {
    print(line(r.columns));
    print(w.map((n) => "-".repeat(n)).join("  "));
  }
  for (const row of rows) print(line(row));
}

function setOption(name, v) {
  if (name === ".mode" && (v === "list" || v === "column")) opts.mode = v;
  else if (name === ".header") opts.header = v === "on";
  else throw new GGScript.Failure(`shell.js knows .mode list and column only, not ${v}`);
}

factory().then((SQL) => {
  const db = new SQL.Database(dbName);
  let status = 0;
  try {
    GGScript.run(SQL, db, fs.readFileSync(0, "utf8"), {
      print, result: printResult, setOption, readFile: (f) => fs.readFileSync(f, "utf8"),
      valueOpts: { text: true, real: opts.real },
    });
  } catch (e) {
    if (!(e instanceof GGScript.Failure)) throw e;
    process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
    out.length = 0;
    console.error("Error: " + e.message);
    status = 1;
  }
  db.close();
  if (out.length) process.stdout.write(out.join("\n") + "\n");
  process.exitCode = status;
});
