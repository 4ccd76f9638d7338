// graphgame for Node.js: the compiled SQLite extension, and how to load it.
//
//   const Database = require("better-sqlite3");
//   const graphgame = require("graphgame");
//   const db = new Database(":memory:");
//   graphgame.load(db);
//   db.prepare("SELECT catmouse_json(?) AS o").get("[[1,3],[0],[3],[0,2]]");  // { o: 1 }
//
// getLoadablePath() is the file itself, for any client that loads SQLite
// extensions by path (the sqlite3 CLI's .load, sqlite-utils).
"use strict";
const fs = require("fs");
const path = require("path");

// The platforms this package serves: package.json's "os" and "cpu" (npm
// refuses to install it elsewhere, unless forced), which are those of the
// library it holds (lib/build.json, written by prepack.js).
function getLoadablePath() {
  const lib = path.join(__dirname, "lib");
  const build = JSON.parse(fs.readFileSync(path.join(lib, "build.json"), "utf8"));
  if (build.platform !== process.platform || build.arch !== process.arch) {
    throw new Error(`graphgame: this package serves ${build.platform}-${build.arch} only (the extension ` +
      `it holds was built there), not ${process.platform}-${process.arch}.  Build the extension from ` +
      `source: in a clone of graphgame's repository, make (a C compiler and SQLite's headers), then ` +
      `db.loadExtension("<clone>/dist/graphgame"); or pip install the sdist and use ` +
      `python3 -c "import graphgame; print(graphgame.loadable_path())"`);
  }
  return path.join(lib, "graphgame.so");
}

// Load graphgame into a better-sqlite3 Database (or anything with a
// loadExtension(path) method).
function load(db) {
  db.loadExtension(getLoadablePath());
}

module.exports = { load, getLoadablePath };
