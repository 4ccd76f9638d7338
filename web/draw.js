// draw.js: the playground's picture of a graph, in SVG, with a layout of
// its own (no Graphviz): a grid for graph_grid, rings for graph_cycle and
// graph_petersen, and otherwise a spring layout (Fruchterman-Reingold)
// started from a circle, so the same graph is drawn the same way each time.
//
//   const pos = GGDraw.layout(nodes, edges, hint)   // Map node -> {x, y} in [0, 1]
//   GGDraw.render(svg, { nodes, edges, pos, fill(v), note(v), holes, pieces, pending, movable, onClick })
"use strict";
const GGDraw = (() => {
  const NS = "http://www.w3.org/2000/svg";

  function ring(list, pos, r, phase) {
    list.forEach((v, i) => {
      const a = phase + (2 * Math.PI * i) / list.length;
      pos.set(v, { x: 0.5 + r * Math.sin(a), y: 0.5 - r * Math.cos(a) });
    });
  }

  function spring(nodes, edges, pos) {
    const n = nodes.length, k = 1 / Math.sqrt(n), idx = new Map(nodes.map((v, i) => [v, i]));
    const P = nodes.map((v) => ({ ...pos.get(v) }));
    for (let it = 0, t = 0.1; it < 300; it++, t *= 0.985) {
      const D = P.map(() => ({ x: 0, y: 0 }));
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          const dx = P[i].x - P[j].x, dy = P[i].y - P[j].y, d2 = Math.max(dx * dx + dy * dy, 1e-6);
          const f = (k * k) / d2;
          D[i].x += dx * f; D[i].y += dy * f; D[j].x -= dx * f; D[j].y -= dy * f;
        }
      }
      for (const [a, b] of edges) {
        const i = idx.get(a), j = idx.get(b);
        if (i === j) continue;
        const dx = P[i].x - P[j].x, dy = P[i].y - P[j].y, d = Math.sqrt(dx * dx + dy * dy) || 1e-3;
        const f = d / k;
        D[i].x -= dx * f; D[i].y -= dy * f; D[j].x += dx * f; D[j].y += dy * f;
      }
      for (let i = 0; i < n; i++) {
        const d = Math.sqrt(D[i].x * D[i].x + D[i].y * D[i].y) || 1;
        P[i].x += (D[i].x / d) * Math.min(d, t);
        P[i].y += (D[i].y / d) * Math.min(d, t);
      }
    }
    // fit into [0.05, 0.95]
    const xs = P.map((p) => p.x), ys = P.map((p) => p.y);
    const x0 = Math.min(...xs), y0 = Math.min(...ys);
    const s = Math.max(Math.max(...xs) - x0, Math.max(...ys) - y0) || 1;
    nodes.forEach((v, i) => pos.set(v, { x: 0.05 + (0.9 * (P[i].x - x0)) / s, y: 0.05 + (0.9 * (P[i].y - y0)) / s }));
  }

  function layout(nodes, edges, hint) {
    const pos = new Map();
    if (hint && hint.kind === "grid") {
      const { rows, cols } = hint, m = Math.max(rows, cols) - 1 || 1;
      nodes.forEach((v) => pos.set(v, { x: 0.05 + (0.9 * (v % cols)) / m, y: 0.05 + (0.9 * Math.floor(v / cols)) / m }));
      return pos;
    }
    if (hint && hint.kind === "petersen") {
      ring([0, 1, 2, 3, 4], pos, 0.45, 0);
      ring([5, 6, 7, 8, 9], pos, 0.22, 0);
      if (nodes.every((v) => pos.has(v))) return pos;
    }
    ring(nodes, pos, 0.45, 0);
    if (hint && hint.kind === "cycle") return pos;
    if (nodes.length <= 300) spring(nodes, edges, pos);
    return pos;
  }

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  // view: fill(v) -> colour, note(v) -> second line (plies), holes (the
  // nodes ringed: holes, z), pieces: [{ node, name, cls }], pending: the
  // nodes picked so far of a move of several pieces (dashed rings),
  // movable: Set of clickable nodes.
  function render(svg, view) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const W = 640, H = 640, n = view.nodes.length;
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const r = Math.max(7, Math.min(24, 260 / Math.sqrt(n + 1)));
    const xy = (v) => { const p = view.pos.get(v); return [p.x * W, p.y * H]; };
    const gE = el("g", { class: "edges" }, svg);
    for (const [a, b] of view.edges) {
      if (a === b) continue;
      const [x1, y1] = xy(a), [x2, y2] = xy(b);
      el("line", { x1, y1, x2, y2 }, gE);
    }
    const holes = new Set(view.holes || []), pending = view.pending || [];
    const gN = el("g", { class: "nodes" }, svg);
    for (const v of view.nodes) {
      const [x, y] = xy(v);
      const g = el("g", { class: "node" + (view.movable.has(v) ? " movable" : ""), "data-node": v,
        transform: `translate(${x},${y})` }, gN);
      const fill = view.fill(v);
      if (holes.has(v)) el("circle", { r: r + 4, class: "hole-ring" }, g);
      el("circle", { r, fill, class: "disc" }, g);
      for (const p of view.pieces) {
        if (p.node === v) el("circle", { r: r + 2, class: "piece " + p.cls }, g);
      }
      if (pending.includes(v)) el("circle", { r: r + 7, class: "piece pending" }, g);
      const label = el("text", { class: "label", y: n > 60 ? 4 : -2, "font-size": Math.max(8, r * 0.7) }, g);
      label.textContent = String(v);
      if (n <= 60) {
        const note = el("text", { class: "note", y: r * 0.55, "font-size": Math.max(7, r * 0.45) }, g);
        note.textContent = view.note(v);
      }
      const title = el("title", {}, g);
      title.textContent = `node ${v}: ${view.note(v) || "-"}`;
      if (view.movable.has(v)) g.addEventListener("click", () => view.onClick(v));
    }
    const gP = el("g", { class: "tags" }, svg);
    for (const p of view.pieces) {
      if (!view.pos.has(p.node)) continue;
      const [x, y] = xy(p.node);
      const t = el("text", { class: "tag " + p.cls, x, y: y - r - 6 }, gP);
      t.textContent = p.name;
    }
  }

  return { layout, render };
})();
