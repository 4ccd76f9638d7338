// prepack of the graphgame npm package (run by `npm pack` and `npm publish`):
// builds the extension with the repository's Makefile when needed, copies
// dist/graphgame.so into lib/, and records the platform it was built for
// in lib/build.json (index.js refuses to load it anywhere else), and copies
// the repository's LICENSE beside package.json, where npm always packs it.
// The version in package.json must be the repository's file VERSION.
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

const repo = path.resolve(__dirname, "..", "..");
const version = fs.readFileSync(path.join(repo, "VERSION"), "utf8").trim();
const pkg = require("./package.json");
if (pkg.version !== version) {
  console.error(`bindings/node/package.json has version ${pkg.version}, the file VERSION says ${version}`);
  process.exit(1);
}
const so = process.env.GRAPHGAME_SO || path.join(repo, "dist", "graphgame.so");
if (!process.env.GRAPHGAME_SO) execFileSync("make", ["-s", "-C", repo, "dist/graphgame.so"], { stdio: "inherit" });
fs.copyFileSync(path.join(repo, "LICENSE"), path.join(__dirname, "LICENSE"));
fs.mkdirSync(path.join(__dirname, "lib"), { recursive: true });
fs.copyFileSync(so, path.join(__dirname, "lib", "graphgame.so"));
fs.writeFileSync(path.join(__dirname, "lib", "build.json"),
  JSON.stringify({ platform: process.platform, arch: process.arch, version }) + "\n");
