// pre.js: runs at the start of the emcc module factory (--pre-js).  This
// emscripten (3.1.6) fetches the .wasm with fetch() wherever fetch exists,
// and Node 18+ has one that cannot read a file path; so under Node the
// binary is read from the file next to this module, unless the caller
// passed wasmBinary.
/* global Module */
if (typeof process === "object" && process.versions && process.versions.node &&
    typeof window === "undefined" && typeof importScripts !== "function" && !Module.wasmBinary) {
  Module.wasmBinary = require("fs").readFileSync(require("path").join(__dirname, "graphgame-sqlite.wasm"));
}
