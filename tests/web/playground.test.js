// The playground in a real browser: Debian's headless chromium, driven by
// puppeteer-core (pinned by package.json and its lock; it downloads no
// browser).  Run by tests/py/test_web.py:
//
//     node tests/web/playground.test.js WEBDIR SCREENSHOT EXTENSION
//
// WEBDIR is `make web-build`'s dist/web, served here on a free port of
// 127.0.0.1.  The engine's answers in the page are checked against the
// native extension (EXTENSION, loaded into better-sqlite3 from
// tests/clients), with the same rules: the default roles first, then
// holes, starts, z and k set in the page.  Prints "ok: ..." lines; a failed
// check throws, and the exit status is 1.
"use strict";
const fs = require("fs");
const http = require("http");
const os = require("os");
const path = require("path");
const puppeteer = require("puppeteer-core");
const Database = require(path.join(__dirname, "..", "clients", "node_modules", "better-sqlite3"));

const [webDir, shot, ext] = process.argv.slice(2);
const EXAMPLE1 = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
  ".json": "application/json", ".sql": "text/plain" };

function check(cond, what, detail) {
  if (!cond) throw new Error(`FAILED: ${what}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`);
  console.log("ok: " + what);
}

function serve(dir) {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "") || "index.html";
    const file = path.join(dir, rel);
    if (!file.startsWith(path.resolve(dir)) || !fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// The native answers: catmouse_states of LeetCode example 1.
const native = new Database(":memory:");
native.loadExtension(ext);
native.exec("CREATE TABLE edges(graph_id, src, dst)");
native.prepare("INSERT INTO edges SELECT 1, a.key, b.value FROM json_each(?) a, json_each(a.value) b").run(EXAMPLE1);
const stateOf = native.prepare("SELECT outcome, plies, move FROM catmouse_states(1) WHERE mouse = ? AND cat = ? AND turn = ?");

async function main() {
  const server = await serve(path.resolve(webDir));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "gg-chromium-"));
  // The browser gets no sanitizer runtime (make asan preloads it for this
  // process, whose better-sqlite3 loads the sanitized extension).
  const env = { ...process.env };
  delete env.LD_PRELOAD;
  delete env.ASAN_OPTIONS;
  delete env.UBSAN_OPTIONS;
  const browser = await puppeteer.launch({
    executablePath: "/usr/bin/chromium",
    env,
    headless: true,
    userDataDir: profile,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const errors = [];
  try {
    const page = await browser.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    await page.setViewport({ width: 1400, height: 860 });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForSelector("body[data-ready='1']", { timeout: 60000 });
    const text = (sel) => page.$eval(sel, (e) => e.textContent);
    const data = (sel) => page.$eval(sel, (e) => ({ ...e.dataset }));

    // 1. LeetCode example 1 (the default graph): a draw from the start.
    check(await page.$eval("#source", (e) => e.value) === "lc1", "LeetCode example 1 is loaded");
    const outcome = await text("#outcome");
    check(/^a draw$/.test(outcome), "the outcome shown for example 1 is a draw", outcome);
    // Every node coloured as catmouse_states says (cat on 2, mouse to move).
    const colour = { 1: "#8fd18f", 2: "#f4a3a3", 0: "#d9d9d9" };
    const fills = await page.$$eval("#board .node", (gs) => gs.map((g) => [Number(g.dataset.node),
      g.querySelector(".disc").getAttribute("fill")]));
    check(fills.length === 6, "six nodes are drawn", fills);
    const wrong = fills.filter(([v, f]) => { const s = stateOf.get(v, 2, "mouse"); return !s || colour[s.outcome] !== f; });
    check(wrong.length === 0, "each node is coloured by catmouse_states(mouse = node, cat = 2, 'mouse')", wrong);

    // 2. A move: the mouse (you) 1 -> 3; the engine's reply is the cat's move of catmouse_states.
    const movable = await page.$$eval("#board .node.movable", (gs) => gs.map((g) => Number(g.dataset.node)));
    check(JSON.stringify(movable) === "[3]", "the mouse on 1 may move to 3 only", movable);
    await page.click("#board .node[data-node='3']");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "mouse" &&
      document.querySelector("#last-move").dataset.move !== undefined, { timeout: 30000 });
    const pos = await data("#position");
    const want = stateOf.get(3, 2, "cat").move;
    check(Number(pos.a) === 3 && Number(pos.b) === want,
      `the engine's reply is catmouse_states' move for (mouse 3, cat 2, cat to move): cat to ${want}`, pos);
    const after = stateOf.get(3, want, "mouse");
    const shown = await text("#outcome");
    const plies = after.plies === null ? "" : ` in ${after.plies} pl`;
    check(shown.startsWith({ 1: "the mouse wins", 2: "the cat wins", 0: "a draw" }[after.outcome] + plies),
      "the outcome shown after the reply is catmouse_states'", [shown, after]);

    // Undo goes back to the start; swapping sides makes the engine move the mouse.
    await page.click("#undo");
    await page.waitForFunction(() => document.querySelector("#position").dataset.a === "1");
    check(JSON.stringify(await data("#position")) === JSON.stringify({ a: "1", b: "2", turn: "mouse" }),
      "undo goes back to the start");
    await page.click("#swap");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "cat");
    const swapped = await data("#position");
    check(Number(swapped.a) === stateOf.get(1, 2, "mouse").move && swapped.b === "2",
      "after swapping sides the engine plays the mouse's optimal move", swapped);

    // 3. One query in the SQL console.
    await page.$eval("#sql", (e) => { e.value = "SELECT catmouse_json('[[1,3],[0],[3],[0,2]]') AS outcome, graphgame_version() AS version;"; });
    await page.click("#run");
    await page.waitForSelector("#sql-output table", { timeout: 30000 });
    const cells = await page.$$eval("#sql-output td", (tds) => tds.map((td) => td.textContent));
    const version = fs.readFileSync(path.join(__dirname, "..", "..", "VERSION"), "utf8").trim();
    check(JSON.stringify(cells) === JSON.stringify(["1", version]), "the SQL console runs a query", cells);

    // 4. The picture, after swapping back: the engine plays the cat again.
    await page.click("#swap");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "mouse");
    check(Number((await data("#position")).b) === stateOf.get(Number(swapped.a), 2, "cat").move,
      "swapping back, the engine plays the cat's optimal move");
    await page.screenshot({ path: shot });
    check(fs.statSync(shot).size > 10000, "screenshot saved");
    // 5. The race to z on the same graph, then other graph sources.
    const settle = () => page.waitForFunction(() => !document.querySelector("#busy").textContent &&
      document.querySelector("#status").textContent !== "The engine is thinking…");
    const pick = (sel, value) => page.$eval(sel, (e, v) => { e.value = v; e.dispatchEvent(new Event("change")); }, value);
    await pick("#side", "0");
    await pick("#game", "race");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "alice");
    await settle();
    const race = native.prepare("SELECT outcome, plies FROM race_states(1, 0) WHERE alice = 1 AND bob = 2 AND turn = 'alice'").get();
    const raceText = { 1: "Alice wins", 2: "a draw", 3: "Bob wins" }[race.outcome];
    check((await text("#outcome")).startsWith(raceText), "the race from (1, 2) to 0 shows race_states' outcome",
      [await text("#outcome"), race]);
    // ... and cops and robbers, one cop on 1 against the robber on 2
    await pick("#game", "cops");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "cops");
    await settle();
    const cop = native.prepare("SELECT outcome FROM cops_states(1, 1) WHERE cops = '[1]' AND robber = 2 AND turn = 'cops'").get();
    const copText = { 1: "the cop catches the robber", 0: "the robber escapes" }[cop.outcome];
    check((await text("#outcome")).startsWith(copText), "cops and robbers from (1, 2) shows cops_states' outcome",
      [await text("#outcome"), cop]);
    await pick("#game", "catmouse");
    await pick("#source", "grid");
    await page.$eval("#sp-rows", (e) => { e.value = "3"; });
    await page.$eval("#sp-cols", (e) => { e.value = "4"; });
    await page.click("#load");
    await page.waitForFunction(() => /^grid: 12 nodes/.test(document.querySelector("#graph-info").textContent));
    await settle();
    native.exec("CREATE TABLE grid AS SELECT 1 AS graph_id, src, dst FROM graph_grid(3, 4)");
    const grid = native.prepare("SELECT catmouse(1, 'grid') AS o").get().o;
    check((await text("#outcome")).startsWith({ 1: "the mouse wins", 2: "the cat wins", 0: "a draw" }[grid]),
      "graph_grid(3, 4) shows catmouse's outcome", [await text("#outcome"), grid]);
    check((await page.$$("#board .node")).length === 12, "graph_grid(3, 4) draws 12 nodes");
    await pick("#source", "adjacency");
    await page.$eval("#graph-text", (e) => { e.value = "[[1,3],[0],[3],[0,2]]"; });
    await page.click("#load");
    await page.waitForFunction(() => /4 nodes/.test(document.querySelector("#graph-info").textContent));
    await settle();
    check((await text("#outcome")).startsWith("the mouse wins"), "a pasted adjacency list (example 2): the mouse wins",
      await text("#outcome"));

    // 6. The roles, on example 1 again: cat and mouse with two holes.
    await pick("#source", "lc1");
    await page.click("#load");
    await page.waitForFunction(() => /^LeetCode 913 example 1: 6 nodes/.test(document.querySelector("#graph-info").textContent));
    await settle();
    const restart = async (values, ready) => {
      await page.evaluate((v) => { for (const [id, x] of Object.entries(v)) document.getElementById(id).value = x; }, values);
      await page.click("#restart");
      await page.waitForFunction(ready, { timeout: 30000 });
      await settle();
    };
    const board = () => page.$$eval("#board .node", (gs) => gs.map((g) => ({ v: Number(g.dataset.node),
      fill: g.querySelector(".disc").getAttribute("fill"), note: g.querySelector(".note").textContent,
      hole: !!g.querySelector(".hole-ring"), movable: g.classList.contains("movable") })));
    // A node's note as the page writes it from a states row.
    const noteOf = (s, winner, endless) => (s.plies === null ? endless : s.plies === 0 ? `${winner} won` : `${winner} in ${s.plies}`);
    const holes = JSON.stringify({ hole: [0, 4] });
    const cm = native.prepare("SELECT outcome, plies, move FROM catmouse_states(1, 'edges', ?) WHERE mouse = ? AND cat = ? AND turn = ?");
    await restart({ "gp-hole": "0, 4", "gp-a": "1", "gp-b": "2" },
      () => document.querySelectorAll("#board .hole-ring").length === 2 && document.querySelector("#position").dataset.a === "1");
    const cmStart = cm.get(holes, 1, 2, "mouse");
    const cmText = (st) => ({ 1: "the mouse wins", 2: "the cat wins", 0: "a draw" }[st.outcome] +
      (st.plies === null ? "" : ` in ${st.plies} pl`));
    check((await text("#outcome")).startsWith(cmText(cmStart)),
      "holes 0 and 4: the outcome shown is catmouse_states' with rules {\"hole\": [0, 4]}", [await text("#outcome"), cmStart]);
    let nodes = await board();
    check(JSON.stringify(nodes.filter((n) => n.hole).map((n) => n.v)) === "[0,4]", "nodes 0 and 4 are ringed as holes");
    const cmWho = { 1: "mouse", 2: "cat", 0: null };
    let bad = nodes.filter(({ v, fill, note }) => {
      const st = cm.get(holes, v, 2, "mouse");
      return !st || colour[st.outcome] !== fill || note !== (st.outcome ? noteOf(st, cmWho[st.outcome]) : "draw");
    });
    check(bad.length === 0, "holes 0 and 4: each node's colour and plies are catmouse_states' (mouse = node, cat = 2)", bad);
    await page.click("#board .node[data-node='3']");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "mouse" &&
      document.querySelector("#position").dataset.a === "3");
    await settle();
    const cmReply = cm.get(holes, 3, 2, "cat").move;
    check(Number((await data("#position")).b) === cmReply, `holes 0 and 4: the cat's reply is catmouse_states' move (to ${cmReply})`);
    check((await text("#outcome")).startsWith(cmText(cm.get(holes, 3, cmReply, "mouse"))), "holes 0 and 4: the outcome after the reply");
    // Playing the cat: it may not move into a hole (2's neighbours are 0, 4 and 5).
    await page.click("#undo");
    await page.waitForFunction(() => document.querySelector("#position").dataset.a === "1");
    await page.click("#swap");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "cat");
    await settle();
    const mouseTo = cm.get(holes, 1, 2, "mouse").move;
    check(Number((await data("#position")).a) === mouseTo, "holes 0 and 4: the engine's mouse plays catmouse_states' move");
    nodes = await board();
    check(JSON.stringify(nodes.filter((n) => n.movable).map((n) => n.v)) === "[5]", "the cat on 2 may move to 5, not into the holes",
      nodes.filter((n) => n.movable));
    await page.click("#swap");
    await settle();
    await pick("#side", "0");
    await settle();

    // The race with other starts and goal: Alice on 0, Bob on 1, z = 3.
    await pick("#game", "race");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "alice");
    await settle();
    await restart({ "gp-a": "0", "gp-b": "1", "gp-z": "3" },
      () => document.querySelector("#position").dataset.a === "0" && document.querySelector("#position").dataset.b === "1");
    const rs = native.prepare("SELECT outcome, plies FROM race_states(1, 3) WHERE alice = ? AND bob = ? AND turn = 'alice'");
    const raceStart = rs.get(0, 1);
    const rsText = { 1: "Alice wins", 2: "a draw", 3: "Bob wins" }[raceStart.outcome] +
      (raceStart.plies === null ? "" : ` in ${raceStart.plies} pl`);
    check((await text("#outcome")).startsWith(rsText), "the race from (0, 1) to 3 shows race_states' outcome",
      [await text("#outcome"), raceStart]);
    nodes = await board();
    const rsColour = { 1: "#8fd18f", 3: "#f4a3a3", 2: "#d9d9d9" }, rsWho = { 1: "alice", 3: "bob" };
    bad = nodes.filter(({ v, fill, note }) => {
      const st = rs.get(v, 1);
      return rsColour[st.outcome] !== fill || note !== (st.outcome === 2 ? "draw" : noteOf(st, rsWho[st.outcome]));
    });
    check(bad.length === 0, "z = 3: each node's colour and plies are race_states' (alice = node, bob = 1)", bad);
    check(JSON.stringify(nodes.filter((n) => n.hole).map((n) => n.v)) === "[3]", "z = 3 is ringed");

    // Cops and robbers with k = 2 on the Petersen graph (cop number 3).
    native.exec("CREATE TABLE petersen AS SELECT 1 AS graph_id, src, dst FROM graph_petersen()");
    const cs = native.prepare("SELECT outcome, plies, move FROM cops_states(1, 2, 'petersen') WHERE cops = ? AND robber = ? AND turn = ?");
    await pick("#game", "cops");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "cops");
    await settle();
    await pick("#source", "petersen");
    await page.click("#load");
    await page.waitForFunction(() => /^Petersen graph: 10 nodes/.test(document.querySelector("#graph-info").textContent));
    await settle();
    await restart({ "gp-k": "2", "gp-a": "1 0", "gp-b": "7" },
      () => document.querySelector("#position").dataset.a === "[0,1]" && document.querySelector("#position").dataset.b === "7");
    check(await page.$eval("#gp-a", (e) => e.value) === "0 1", "the cops' starts are read as the multiset [0,1]");
    const csText = (st) => ({ 1: "the cops catch the robber", 0: "the robber escapes" }[st.outcome] +
      (st.plies === null ? "" : ` in ${st.plies} pl`));
    const copsStart = cs.get("[0,1]", 7, "cops");
    check((await text("#outcome")).startsWith(csText(copsStart)), "two cops on 0 and 1, the robber on 7: cops_states' outcome",
      [await text("#outcome"), copsStart]);
    const csColour = { 1: "#f4a3a3", 0: "#8fd18f" };
    const csBad = async (others) => (await board()).filter(({ v, fill, note }) => {
      const st = cs.get(JSON.stringify([v, others].sort((x, y) => x - y)), 7, "cops");
      return csColour[st.outcome] !== fill || note !== noteOf(st, "cops", "escapes");
    });
    check((await csBad(1)).length === 0, "k = 2: each node's colour and plies are cops_states' (cop 1 on the node, cop 2 on 1)",
      await csBad(1));
    // The cops' move, one cop a click: cop 1 (on 0) to 5, then cop 2 (on 1) stays.
    await page.click("#board .node[data-node='5']");
    await page.waitForFunction(() => /cop 2 of 2/.test(document.querySelector("#status").textContent));
    await settle();
    check((await csBad(0)).length === 0, "k = 2: picking cop 2, the colours are cops_states' (cop 2 on the node, cop 1 on 0)",
      await csBad(0));
    await page.click("#board .node[data-node='1']");
    await page.waitForFunction(() => document.querySelector("#position").dataset.turn === "cops" &&
      document.querySelector("#position").dataset.a === "[1,5]");
    await settle();
    const robberTo = cs.get("[1,5]", 7, "robber").move;
    check(Number((await data("#position")).b) === robberTo,
      `k = 2: the robber's reply to [0,1] -> [1,5] is cops_states' move (to ${robberTo})`);
    check((await text("#outcome")).startsWith(csText(cs.get("[1,5]", robberTo, "cops"))), "k = 2: the outcome after the reply");
    // Too many positions for the tab: the engine's SQLITE_TOOBIG message, and the console keeps its limit.
    await pick("#source", "grid");
    await page.$eval("#sp-rows", (e) => { e.value = "10"; });
    await page.$eval("#sp-cols", (e) => { e.value = "10"; });
    await page.click("#load");
    await page.waitForFunction(() => /^grid: 100 nodes/.test(document.querySelector("#graph-info").textContent));
    await settle();
    await page.evaluate(() => { document.getElementById("gp-k").value = "3"; });
    await page.click("#restart");
    await page.waitForFunction(() => document.querySelector("#status").className === "error", { timeout: 30000 });
    const big = await text("#status");
    check(/^graphgame: cops_states: .* over the limit of 2000000 \(see graphgame_limit\)\. The playground solves/.test(big),
      "k = 3 on a 10x10 grid: the engine refuses, over the page's limit", big);
    await page.$eval("#sql", (e) => { e.value = "SELECT graphgame_limit('max_positions') AS max_positions;"; });
    await page.$eval("#fresh", (e) => { e.checked = false; });
    await page.click("#run");
    await page.waitForFunction(() => /^\d+$/.test(document.querySelector("#sql-output td")?.textContent || ""));
    check(await text("#sql-output td") === "30000000", "the database's own limit is back after the cops' solve");
    check(errors.length === 0, "no errors in the page", errors);
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((e) => { console.log(e.message); process.exitCode = 1; });
