// The analysis board: draws a position from its text (docs/NOTATION.md), asks the server's
// JSON API (docs/SERVE.md) for the moves and their values, and keeps the game's history.
"use strict";

const $ = (id) => document.getElementById(id);

// The page's state: the game options, the positions played (history, at) and what the
// server said of the current one.
const S = {
  variants: [],
  game: null,          // {variant, width, seeds, counters, rules}
  history: [],         // position texts
  at: 0,
  state: null,         // play's answer for the current position
  moves: [],           // legal move names
  movesNote: "",       // why the moves are not listed
  values: null,        // analyze's answer for the current position
  pv: [],              // the perfect line still to step through
  pvFrom: null,        // the position it starts at
  flipped: false,
  busy: 0,
  token: 0,            // the current position's number, to drop late answers
};

async function api(name, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  S.busy++;
  document.body.dataset.busy = S.busy;
  try {
    const res = await fetch("/api/" + name, init);
    const json = await res.json();
    if (!res.ok) throw new Error(json.error || res.statusText);
    return json;
  } finally {
    S.busy--;
    document.body.dataset.busy = S.busy;
  }
}

function showError(message) {
  const e = $("error");
  e.textContent = message ? "error: " + message : "";
  e.hidden = !message;
}

const here = () => S.history[S.at];
const request = (extra) => Object.assign({}, S.game, { position: here() }, extra || {});
const seconds = () => Math.max(0.1, parseFloat($("time").value) || 5);

// ---- the game options ------------------------------------------------------------------

function variantInfo(id) {
  return S.variants.find((v) => v.id === id);
}

const isMorris = (id) => /morris/.test((variantInfo(id) || {}).board || "");

function showOptions(id, chosen) {
  const v = variantInfo(id);
  const morris = isMorris(id);
  document.querySelectorAll("label.size").forEach((l) => {
    l.hidden = (l.dataset.for === "morris") !== morris;
  });
  const box = $("rule-options");
  box.textContent = "";
  for (const r of v.rules) {
    const label = document.createElement("label");
    label.title = r.help;
    label.append(r.name + " ");
    const sel = document.createElement("select");
    sel.dataset.rule = r.name;
    for (const value of r.values) {
      const o = document.createElement("option");
      o.value = o.textContent = value;
      sel.append(o);
    }
    sel.value = (chosen && chosen[r.name]) || r.default;
    label.append(sel);
    box.append(label);
  }
  $("rules-link").href = "/rules/" + id;
  $("about").textContent = `${v.people}. Source: ${v.source}. Default board: ${v.board}.`;
}

function readOptions() {
  const id = $("variant").value;
  const num = (el) => (el.value === "" || el.closest("label").hidden ? undefined : Number(el.value));
  const rules = [];
  document.querySelectorAll("#rule-options select").forEach((s) => {
    rules.push(s.dataset.rule + "=" + s.value);
  });
  return { variant: id, width: num($("width")), seeds: num($("seeds")), counters: num($("counters")), rules };
}

function writeUrl() {
  const p = new URLSearchParams();
  const g = S.game;
  p.set("variant", g.variant);
  for (const k of ["width", "seeds", "counters"]) if (g[k] !== undefined) p.set(k, g[k]);
  for (const r of g.rules) p.append("rule", r);
  if (here()) p.set("position", here());
  history.replaceState(null, "", "?" + p.toString());
}

// ---- the position ----------------------------------------------------------------------

// Rows, side to move and fields of a position text.
function parsePosition(text) {
  const [rows, side, ...fields] = text.trim().split(/\s+/);
  const kv = {};
  for (const f of fields) {
    const i = f.indexOf("=");
    if (i > 0) kv[f.slice(0, i)] = f.slice(i + 1);
  }
  const list = rows.split("/");
  const morris = !list[0].includes(",") && /^[.SN]+$/.test(list[0]);
  return {
    morris,
    side,
    fields: kv,
    rows: morris ? list.map((r) => r.split("")) : list.map((r) => r.split(",").map(Number)),
  };
}

// The board cell (row, column as drawn from South's seat) a move starts at, or null.
function cellOf(move, p) {
  if (p.morris) {
    const m = /^([a-g][1-7])/.exec(move);
    return m ? m[1] : null;
  }
  const width = p.rows[0].length;
  const south = p.side === "S";
  if (p.rows.length === 2) {
    const m = /^(\d+)/.exec(move);
    if (!m) return null;
    const pit = Number(m[1]);
    return south ? `1,${pit - 1}` : `0,${width - pit}`;
  }
  // A setup removal (kanotta's xB3) is played on the opponent's hole it empties, whose
  // column is counted from the mover's left like his own.
  const x = /^x([BF])(\d+)$/.exec(move);
  if (x) {
    const n = Number(x[2]);
    const row = south ? (x[1] === "F" ? 1 : 0) : (x[1] === "F" ? 2 : 3);
    return `${row},${south ? n - 1 : width - n}`;
  }
  const m = /^([bf])(\d+)/.exec(move);
  if (!m) return null;
  const col = Number(m[2]);
  const row = south ? (m[1] === "f" ? 2 : 3) : (m[1] === "f" ? 1 : 0);
  return `${row},${south ? col - 1 : width - col}`;
}

// The name a player gives the hole at (row, col): his own rows only.
function holeName(p, r, c) {
  const width = p.rows[0].length;
  if (p.rows.length === 2) return r === 1 ? `S${c + 1}` : `N${width - c}`;
  const letter = r === 0 || r === 3 ? "b" : "f";
  return r >= 2 ? `S ${letter}${c + 1}` : `N ${letter}${width - c}`;
}

// ---- values ----------------------------------------------------------------------------

function valueOf(move) {
  const a = S.values;
  if (!a || !a.moves || !(move in a.moves)) return { known: false, text: "" };
  const v = a.moves[move];
  const plies = a.move_plies ? a.move_plies[move] : null;
  if (v === null || v === undefined) return { known: true, proven: false, text: "not proven", cls: "unknown", plies: null };
  const cls = v > 0 ? "win" : v < 0 ? "loss" : "draw";
  if (a.metric === "margin") {
    return { known: true, proven: true, text: (v > 0 ? "+" : "") + v, cls, value: v, plies };
  }
  const word = v > 0 ? "win" : v < 0 ? "loss" : "draw";
  return { known: true, proven: true, text: word, cls, value: v, plies };
}

function badgeFor(moves) {
  const vals = moves.map(valueOf).filter((v) => v.proven);
  if (!vals.length) {
    return moves.some((m) => valueOf(m).known) ? { text: "?", cls: "unknown" } : null;
  }
  const best = vals.reduce((a, b) => (b.value > a.value ? b : a));
  const short = S.values.metric === "margin" ? best.text : best.text[0].toUpperCase();
  return { text: short + (moves.length > 1 ? "…" : ""), cls: best.cls };
}

// ---- drawing ---------------------------------------------------------------------------

function movesByCell(p) {
  const by = {};
  for (const m of S.moves) {
    const c = cellOf(m, p);
    if (c !== null) (by[c] = by[c] || []).push(m);
  }
  return by;
}

function pitButton(p, r, c, count, moves) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pit";
  b.dataset.cell = `${r},${c}`;
  b.dataset.name = holeName(p, r, c);
  b.title = `${holeName(p, r, c)}: ${count} seed${count === 1 ? "" : "s"}`;
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = holeName(p, r, c).replace("S ", "").replace("N ", "");
  b.append(name);
  const n = document.createElement("span");
  n.className = "count";
  n.textContent = count;
  b.append(n);
  if (count > 0 && count <= 15) {
    const dots = document.createElement("span");
    dots.className = "dots";
    for (let i = 0; i < count; i++) {
      const d = document.createElement("span");
      d.className = "dot";
      dots.append(d);
    }
    b.append(dots);
  }
  if (moves && moves.length) {
    b.classList.add("movable");
    b.dataset.moves = moves.join(" ");
    const badge = badgeFor(moves);
    if (badge) {
      const s = document.createElement("span");
      s.className = "badge " + badge.cls;
      s.textContent = badge.text;
      b.append(s);
    }
    b.addEventListener("click", () => chooseFrom(moves));
  }
  return b;
}

function drawPits(p) {
  const width = p.rows[0].length;
  const by = movesByCell(p);
  const grid = document.createElement("div");
  grid.className = "board";
  grid.style.gridTemplateColumns = `auto repeat(${width}, 64px)`;
  const order = [...p.rows.keys()];
  if (S.flipped) order.reverse();
  const half = p.rows.length / 2;
  order.forEach((r, i) => {
    if (i === half) grid.append(Object.assign(document.createElement("div"), { className: "divider" }));
    const label = document.createElement("span");
    label.className = "side-label";
    label.textContent = r < half ? "North" : "South";
    grid.append(label);
    const cols = [...Array(width).keys()];
    if (S.flipped) cols.reverse();
    for (const c of cols) grid.append(pitButton(p, r, c, p.rows[r][c], by[`${r},${c}`]));
  });
  return grid;
}

const MORRIS_RINGS = [
  ["a1", "a4", "a7", "d7", "g7", "g4", "g1", "d1"],
  ["b2", "b4", "b6", "d6", "f6", "f4", "f2", "d2"],
  ["c3", "c4", "c5", "d5", "e5", "e4", "e3", "d3"],
];

function drawMorris(p) {
  const NS = "http://www.w3.org/2000/svg";
  const step = 60, pad = 30;
  const at = (pt) => {
    let x = pt.charCodeAt(0) - 97, y = 7 - Number(pt[1]);
    if (S.flipped) { x = 6 - x; y = 6 - y; }
    return [pad + x * step, pad + y * step];
  };
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "morris");
  svg.setAttribute("width", 2 * pad + 6 * step);
  svg.setAttribute("height", 2 * pad + 6 * step);
  const line = (a, b) => {
    const [x1, y1] = at(a), [x2, y2] = at(b);
    const l = document.createElementNS(NS, "line");
    Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => l.setAttribute(k, v));
    svg.append(l);
  };
  for (const ring of MORRIS_RINGS) ring.forEach((pt, i) => line(pt, ring[(i + 1) % 8]));
  for (const i of [1, 3, 5, 7]) { line(MORRIS_RINGS[0][i], MORRIS_RINGS[1][i]); line(MORRIS_RINGS[1][i], MORRIS_RINGS[2][i]); }
  const rules = (S.state && S.state.rules) || [];
  if (rules.includes("diagonals=on")) {
    for (const i of [0, 2, 4, 6]) { line(MORRIS_RINGS[0][i], MORRIS_RINGS[1][i]); line(MORRIS_RINGS[1][i], MORRIS_RINGS[2][i]); }
  }
  const by = movesByCell(p);
  MORRIS_RINGS.forEach((ring, r) => ring.forEach((pt, i) => {
    const [x, y] = at(pt);
    const who = p.rows[r][i];
    const c = document.createElementNS(NS, "circle");
    c.setAttribute("cx", x);
    c.setAttribute("cy", y);
    c.setAttribute("r", who === "." ? 9 : 17);
    c.setAttribute("class", who === "." ? "point" : who);
    c.dataset.cell = pt;
    const moves = by[pt];
    if (moves) {
      c.classList.add("movable");
      c.dataset.moves = moves.join(" ");
      c.addEventListener("click", () => chooseFrom(moves));
    }
    svg.append(c);
    const t = document.createElementNS(NS, "text");
    t.setAttribute("x", x + 10);
    t.setAttribute("y", y - 10);
    t.textContent = pt;
    svg.append(t);
    const badge = moves && badgeFor(moves);
    if (badge) {
      const b = document.createElementNS(NS, "text");
      b.setAttribute("x", x - 14);
      b.setAttribute("y", y + 26);
      b.setAttribute("class", "badge-text " + badge.cls);
      b.style.fill = badge.cls === "win" ? "#2e7d32" : badge.cls === "loss" ? "#c62828" : "#555";
      b.textContent = badge.text;
      svg.append(b);
    }
  }));
  return svg;
}

function drawBoard() {
  const box = $("board");
  box.textContent = "";
  if (!here()) return;
  const p = parsePosition(here());
  box.append(p.morris ? drawMorris(p) : drawPits(p));
  const st = S.state;
  if (!st) return;
  const side = (s) => (s === "S" ? "South" : "North");
  let text = `${side(st.to_move)} to move. Captured: South ${st.captured.S}, North ${st.captured.N}.`;
  if (p.fields.hand) text += ` In hand (S,N): ${p.fields.hand}.`;
  if (p.fields.phase) text += ` Phase: ${p.fields.phase}.`;
  if (st.game_over) {
    const r = st.result;
    text = `Game over: ${r && r.winner ? side(r.winner) + " wins" : "a draw"}` +
      (r ? ` (South ${r.score.S}, North ${r.score.N}).` : ".");
  }
  $("status").textContent = text;
  $("status").dataset.toMove = st.to_move;
  $("status").dataset.over = st.game_over;
}

function drawMoves(candidates) {
  const body = document.querySelector("#moves tbody");
  body.textContent = "";
  const best = new Set((S.values && S.values.best_moves) || []);
  const order = S.values && S.values.move_order ? S.values.move_order : S.moves;
  for (const m of order.length ? order : S.moves) {
    const v = valueOf(m);
    const tr = document.createElement("tr");
    tr.dataset.move = m;
    tr.dataset.value = v.known ? (v.proven ? String(v.value) : "null") : "";
    if (best.has(m)) tr.classList.add("best");
    if (candidates && candidates.includes(m)) tr.classList.add("candidate");
    const cell = (x) => { const td = document.createElement("td"); td.append(x); tr.append(td); return td; };
    cell(m);
    const val = document.createElement("span");
    val.className = v.cls || "";
    val.textContent = v.known ? v.text : "…";
    cell(val).className = "value";
    cell(v.plies === null || v.plies === undefined ? "" : String(v.plies));
    tr.addEventListener("click", () => playMove(m));
    body.append(tr);
  }
  let note = S.movesNote;
  if (S.values && S.values.failed) {
    note = "not proven: " + S.values.failed;
  } else if (S.values) {
    note = S.values.exact ? `exact, ${S.values.method || "search"}, ${S.values.seconds.toFixed(2)} s`
      : `not all proven in ${seconds()} s`;
  }
  $("analysis-note").textContent = note ? `(${note})` : "";
}

function draw(candidates) {
  drawBoard();
  drawMoves(candidates);
  $("position").value = here() || "";
  $("undo").disabled = S.at === 0;
  $("redo").disabled = S.at >= S.history.length - 1;
  $("step").disabled = !(S.pv.length && S.pvFrom === here());
  $("pv").textContent = S.pv.length && S.pvFrom === here() ? "line: " + S.pv.join(" ") : "";
}

// ---- actions ---------------------------------------------------------------------------

// Shows the current position: its state, moves and (when asked) their values; then lets the
// engine move if it is its turn, unless the position was reached by undo or redo.
async function refresh(engineMayMove = true) {
  const token = ++S.token;
  S.values = null;
  try {
    const [state, moves] = await Promise.all([
      api("play", request({ moves: [] })),
      api("moves", request()).catch((e) => ({ moves: [], note: e.message })),
    ]);
    if (token !== S.token) return;
    S.state = state;
    S.moves = state.game_over ? [] : moves.moves;
    S.movesNote = moves.note || "";
    showError("");
  } catch (e) {
    showError(e.message);
    return;
  }
  writeUrl();
  draw();
  document.body.dataset.ready = "position";
  if ($("auto").checked && S.moves.length) await analyze();
  else document.body.dataset.ready = "done";
  if (engineMayMove && token === S.token) maybeEngine();
}

async function analyze() {
  const token = S.token;
  document.body.dataset.ready = "analysing";
  $("analysis-note").textContent = "(analysing…)";
  try {
    const a = await api("analyze", request({ time: seconds() }));
    if (token !== S.token) return;
    S.values = a;
    draw();
  } catch (e) {
    if (token !== S.token) return;
    // A planner that gives up (an Isolo graph past the time) proves no move.
    S.values = { moves: Object.fromEntries(S.moves.map((m) => [m, null])), exact: false, failed: e.message };
    draw();
  }
  document.body.dataset.ready = "done";
}

function push(position) {
  S.history = S.history.slice(0, S.at + 1);
  S.history.push(position);
  S.at = S.history.length - 1;
}

async function playMove(name) {
  try {
    const after = await api("play", request({ moves: [name] }));
    push(after.position);
  } catch (e) {
    showError(e.message);
    return;
  }
  await refresh();
}

function chooseFrom(moves) {
  if (moves.length === 1) return playMove(moves[0]);
  draw(moves); // the candidates are marked in the move list; a click there plays one
}

async function engineMove() {
  if (!S.state || S.state.game_over) return;
  try {
    const r = await api("engine", request({
      engine: $("engine").value,
      time: seconds(),
      seed: Math.floor(Math.random() * 2 ** 31),
    }));
    push(r.after);
  } catch (e) {
    showError(e.message);
    return;
  }
  await refresh();
}

function maybeEngine() {
  const side = $("engine-side").value;
  if (side && S.state && !S.state.game_over && S.state.to_move === side) engineMove();
}

async function perfectLine() {
  try {
    document.body.dataset.ready = "solving";
    const r = await api("solve", request({ time: seconds() }));
    S.pv = r.pv || [];
    S.pvFrom = here();
    if (!S.pv.length && r.best_move) S.pv = [r.best_move];
    $("pv").textContent = S.pv.length ? "" : "no line proven in the time";
    draw();
    if (!S.pv.length) $("pv").textContent = r.exact ? "the game is over" : "no line proven in the time";
  } catch (e) {
    showError(e.message);
  }
  document.body.dataset.ready = "done";
}

async function stepLine() {
  if (!S.pv.length || S.pvFrom !== here()) return;
  const [next, ...rest] = S.pv;
  try {
    const after = await api("play", request({ moves: [next] }));
    push(after.position);
    S.pv = rest;
    S.pvFrom = after.position;
  } catch (e) {
    showError(e.message);
    return;
  }
  await refresh();
}

async function newGame(position) {
  S.game = readOptions();
  try {
    const start = position
      ? await api("play", Object.assign({}, S.game, { position, moves: [] }))
      : await api("start", S.game);
    S.history = [start.position];
    S.at = 0;
    S.pv = [];
  } catch (e) {
    showError(e.message);
    return;
  }
  await refresh();
}

async function loadPosition(text) {
  const game = readOptions();
  try {
    // A position read on its own carries its width (docs/NOTATION.md).
    delete game.width;
    const st = await api("play", Object.assign({}, game, { position: text, moves: [] }));
    S.game = game;
    push(st.position);
  } catch (e) {
    showError(e.message);
    return;
  }
  await refresh();
}

// The external engines of the server's engines file (docs/ENGINES.md), after the built-in ones.
async function listEngines() {
  let engines = [];
  try {
    ({ engines } = await api("engines"));
  } catch (e) {
    return; // a broken engines file leaves the built-in engines
  }
  for (const name of engines) {
    const o = document.createElement("option");
    o.value = name;
    o.textContent = name;
    $("engine").append(o);
  }
}

async function init() {
  await listEngines();
  const { variants } = await api("variants");
  S.variants = variants.filter((v) => v.status === "playable");
  const sel = $("variant");
  for (const v of S.variants) {
    const o = document.createElement("option");
    o.value = v.id;
    o.textContent = `${v.id} (${v.people.split(",")[0]})`;
    sel.append(o);
  }
  const q = new URLSearchParams(location.search);
  const id = variantInfo(q.get("variant")) ? q.get("variant") : "warri";
  sel.value = id;
  const chosen = {};
  for (const r of q.getAll("rule")) {
    const [k, v] = r.split("=");
    chosen[k] = v;
  }
  showOptions(id, chosen);
  for (const k of ["width", "seeds", "counters"]) if (q.has(k)) $(k).value = q.get(k);
  if (q.has("time")) $("time").value = q.get("time");
  if (q.get("auto") === "0") $("auto").checked = false;
  sel.addEventListener("change", () => {
    for (const k of ["width", "seeds", "counters"]) $(k).value = "";
    showOptions(sel.value);
    newGame();
  });
  $("game").addEventListener("submit", (e) => { e.preventDefault(); newGame(); });
  $("position-form").addEventListener("submit", (e) => { e.preventDefault(); loadPosition($("position").value); });
  $("move-form").addEventListener("submit", (e) => { e.preventDefault(); playMove($("move-text").value.trim()); });
  $("copy").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(here()));
  $("undo").addEventListener("click", () => { if (S.at > 0) { S.at--; refresh(false); } });
  $("redo").addEventListener("click", () => { if (S.at < S.history.length - 1) { S.at++; refresh(false); } });
  $("flip").addEventListener("click", () => { S.flipped = !S.flipped; draw(); });
  $("analyze").addEventListener("click", analyze);
  $("solve").addEventListener("click", perfectLine);
  $("step").addEventListener("click", stepLine);
  $("engine-move").addEventListener("click", engineMove);
  $("engine-side").addEventListener("change", maybeEngine);
  await newGame(q.get("position") || undefined);
}

init().catch((e) => showError(e.message));
