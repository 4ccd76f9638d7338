// Node.js client of the graphgame tests: better-sqlite3 (package.json).
//
//     node query.js EXTENSION DATABASE SQL...
//
// Loads the extension (path without suffix) into a connection to DATABASE,
// runs each SQL statement and prints each row as the sqlite3 CLI would in
// list mode: values joined by '|', NULL as an empty string.  Integers are
// read as BigInt, so 64-bit node labels print exactly.  A failing
// statement prints 'Error: message' and the run goes on.
"use strict";
const Database = require("better-sqlite3");

const [ext, path, ...queries] = process.argv.slice(2);
const db = new Database(path);
db.loadExtension(ext);
for (const sql of queries) {
  let rows;
  try {
    rows = db.prepare(sql).raw(true).safeIntegers(true).all();
  } catch (e) {
    console.log("Error: " + e.message);
    continue;
  }
  for (const row of rows) {
    console.log(row.map((v) => (v === null ? "" : String(v))).join("|"));
  }
}
db.close();
