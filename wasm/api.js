// api.js: the JavaScript face of the WebAssembly build (appended to the
// emcc output with --post-js, so it runs inside the module factory).
//
//   const SQL = await GraphgameSQLite();          // require("./graphgame-sqlite.js")
//   const db = new SQL.Database();                // ":memory:"; graphgame is in it
//   db.query("SELECT catmouse_json(?) AS o", ["[[1,3],[0],[3],[0,2]]"]);
//       // -> { columns: ["o"], rows: [[1]] }
//   db.exec("CREATE TABLE t(x); SELECT 1; SELECT 2");   // every statement, in order
//       // -> [{ columns, rows, sql }, ...] for the statements that return columns
//   SQL.complete(text)                            // sqlite3_complete
//   db.close();
//
// Values: INTEGER and REAL are numbers, TEXT strings, NULL null, BLOB a
// Uint8Array; with { text: true } every non-NULL value is SQLite's own
// text for it (sqlite3_column_text, as the sqlite3 CLI prints it); and
// { real: f } formats every REAL as f(number) returns it.
// Errors are thrown as Error(sqlite3_errmsg).
/* global Module, cwrap, UTF8ToString, stringToUTF8, lengthBytesUTF8, getValue, setValue */
(function () {
  "use strict";
  const SQLITE_ROW = 100, SQLITE_DONE = 101;
  const T_INTEGER = 1, T_FLOAT = 2, T_BLOB = 4, T_NULL = 5;
  let C = null;            // the C functions, wrapped on first use

  function api() {
    if (C) return C;
    C = {
      init: cwrap("gg_wasm_init", "number", []),
      open: cwrap("sqlite3_open", "number", ["string", "number"]),
      close: cwrap("sqlite3_close_v2", "number", ["number"]),
      prepare: cwrap("sqlite3_prepare_v2", "number", ["number", "number", "number", "number", "number"]),
      step: cwrap("sqlite3_step", "number", ["number"]),
      finalize: cwrap("sqlite3_finalize", "number", ["number"]),
      ncol: cwrap("sqlite3_column_count", "number", ["number"]),
      name: cwrap("sqlite3_column_name", "string", ["number", "number"]),
      type: cwrap("sqlite3_column_type", "number", ["number", "number"]),
      text: cwrap("sqlite3_column_text", "string", ["number", "number"]),
      double: cwrap("sqlite3_column_double", "number", ["number", "number"]),
      bytes: cwrap("sqlite3_column_bytes", "number", ["number", "number"]),
      blob: cwrap("sqlite3_column_blob", "number", ["number", "number"]),
      bindText: cwrap("sqlite3_bind_text", "number", ["number", "number", "string", "number", "number"]),
      bindDouble: cwrap("sqlite3_bind_double", "number", ["number", "number", "number"]),
      bindNull: cwrap("sqlite3_bind_null", "number", ["number", "number"]),
      nparam: cwrap("sqlite3_bind_parameter_count", "number", ["number"]),
      errmsg: cwrap("sqlite3_errmsg", "string", ["number"]),
      complete: cwrap("sqlite3_complete", "number", ["string"]),
      version: cwrap("sqlite3_libversion", "string", []),
    };
    if (C.init() !== 0) throw new Error("graphgame: sqlite3_auto_extension failed");
    return C;
  }

  function value(stmt, i, opts) {
    const t = C.type(stmt, i);
    if (t === T_NULL) return null;
    if (opts && opts.real && t === T_FLOAT) return opts.real(C.double(stmt, i));
    if (opts && opts.text) return C.text(stmt, i);
    if (t === T_INTEGER || t === T_FLOAT) return C.double(stmt, i);
    if (t === T_BLOB) {
      const p = C.blob(stmt, i), n = C.bytes(stmt, i);
      return Module.HEAPU8.slice(p, p + n);
    }
    return C.text(stmt, i);
  }

  class Database {
    constructor(filename) {
      api();
      const pp = Module._malloc(4);
      try {
        const rc = C.open(filename || ":memory:", pp);
        this.db = getValue(pp, "i32");
        if (rc !== 0) {
          const msg = this.db ? C.errmsg(this.db) : "out of memory";
          if (this.db) C.close(this.db);
          throw new Error(msg);
        }
      } finally {
        Module._free(pp);
      }
    }

    // Run every statement of sql in turn; onStatement(result) is called
    // after each one that has columns (rows may be empty).  params are
    // bound to the first statement only.
    each(sql, params, opts, onStatement) {
      const n = lengthBytesUTF8(sql) + 1;
      const buf = Module._malloc(n), pp = Module._malloc(8);
      stringToUTF8(sql, buf, n);
      let p = buf, first = true;
      try {
        while (getValue(p, "i8") !== 0) {
          if (C.prepare(this.db, p, -1, pp, pp + 4) !== 0) throw new Error(C.errmsg(this.db));
          const stmt = getValue(pp, "i32"), tail = getValue(pp + 4, "i32");
          const text = UTF8ToString(p, tail - p);
          p = tail;
          if (!stmt) continue;                        // only a comment or spaces
          try {
            if (first && params) this._bind(stmt, params);
            first = false;
            const nc = C.ncol(stmt), columns = [], rows = [];
            for (let i = 0; i < nc; i++) columns.push(C.name(stmt, i));
            let rc;
            while ((rc = C.step(stmt)) === SQLITE_ROW) {
              const row = new Array(nc);
              for (let i = 0; i < nc; i++) row[i] = value(stmt, i, opts);
              rows.push(row);
            }
            if (rc !== SQLITE_DONE) throw new Error(C.errmsg(this.db));
            if (nc > 0) onStatement({ columns, rows, sql: text.trim() });
          } finally {
            C.finalize(stmt);
          }
        }
      } finally {
        Module._free(buf);
        Module._free(pp);
      }
    }

    _bind(stmt, params) {
      if (params.length !== C.nparam(stmt)) {
        throw new Error(`graphgame wasm: ${params.length} parameters given, the statement has ${C.nparam(stmt)}`);
      }
      params.forEach((v, i) => {
        const rc = v === null || v === undefined ? C.bindNull(stmt, i + 1)
          : typeof v === "number" ? C.bindDouble(stmt, i + 1, v)
          : C.bindText(stmt, i + 1, String(v), -1, -1);     // -1: SQLITE_TRANSIENT
        if (rc !== 0) throw new Error(C.errmsg(this.db));
      });
    }

    exec(sql, opts) {
      const out = [];
      this.each(sql, null, opts, (r) => out.push(r));
      return out;
    }

    // One statement with parameters: { columns, rows }.
    query(sql, params, opts) {
      let res = { columns: [], rows: [] };
      this.each(sql, params || [], opts, (r) => { res = r; });
      return res;
    }

    close() {
      if (this.db) C.close(this.db);
      this.db = 0;
    }
  }

  Module.Database = Database;
  Module.complete = (sql) => api().complete(sql) !== 0;
  Module.sqliteVersion = () => api().version();
})();
