// script.js: runs a sqlite3 CLI script on the WebAssembly build, statement
// by statement, as the CLI reads it; shared by shell.js (Node) and the
// playground's worker (web/worker.js, through importScripts).
//
//   GGScript.run(SQL, db, text, { print(line), result({ columns, rows }),
//                                 readFile(name), valueOpts, setOption(k, v) })
//
// A line starting with "." when no SQL is pending is a dot-command; other
// lines gather until sqlite3_complete() says a statement is complete
// (lines of only spaces and comments between statements are skipped, as
// the CLI's _all_whitespace() does).  Dot-commands: .load (graphgame is
// built in: nothing to do), .read FILE, .print ARGS, .mode, .headers.
// An error throws GGScript.Failure("near line N: message").
(function (root) {
  "use strict";

  class Failure extends Error {}

  // Arguments of a dot-command: 'single quoted' as is, "double quoted" with
  // backslash escapes, else words split at spaces.
  function args(line) {
    const res = [];
    const re = /'([^']*)'?|"((?:[^"\\]|\\.)*)"?|(\S+)/g;
    let m;
    while ((m = re.exec(line))) {
      if (m[1] !== undefined) res.push(m[1]);
      else if (m[2] !== undefined) res.push(m[2].replace(/\\(.)/g, (_, c) => ({ n: "\n", t: "\t" })[c] || c));
      else res.push(m[3]);
    }
    return res;
  }

  const allWhitespace = (line) => /^(?:\s|--[^\n]*|\/\*[\s\S]*?\*\/)*$/.test(line);

  function run(SQL, db, text, io, where) {
    let pending = "", startLine = 0;
    const exec = (sql) => {
      try {
        db.each(sql, null, io.valueOpts || {}, io.result);
      } catch (e) {
        throw new Failure(`near line ${startLine}: ${e.message}`);
      }
    };
    const lines = text.split("\n");
    if (lines.length && lines[lines.length - 1] === "") lines.pop();
    lines.forEach((raw, i) => {
      if (!pending && raw.trimStart().startsWith(".")) {
        const [cmd, ...a] = args(raw.trim());
        if (cmd === ".load") return;
        if (cmd === ".print") io.print(a.join(" "));
        else if (cmd === ".read") run(SQL, db, io.readFile(a[0]), io, a[0]);
        else if (cmd === ".mode" || cmd === ".headers" || cmd === ".header") {
          if (io.setOption) io.setOption(cmd.replace(/s$/, ""), a[0]);
        } else throw new Failure(`${where || "line"} ${i + 1}: no dot-command ${cmd} here`);
        return;
      }
      if (!pending && allWhitespace(raw)) return;
      if (!pending) startLine = i + 1;
      pending += raw + "\n";
      if (SQL.complete(pending)) {
        const sql = pending;
        pending = "";
        exec(sql);
      }
    });
    if (pending.trim()) exec(pending);
  }

  const api = { run, Failure, args };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.GGScript = api;
})(typeof self !== "undefined" ? self : this);
