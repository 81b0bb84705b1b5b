// The table page: one WebSocket per seat token this browser holds (one seat, all hot-seat seats, or none
// for a spectator). Everything drawn comes from the frames the server filtered for that seat.
import { cardChip } from "./cards.js";
import { fixedDealNote } from "./deal.js";
import { lang, langButton, t, verbName, zoneName } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.hash.slice(1));
const hotseat = params.get("hotseat");
const tokens = hotseat ? hotseat.split(",").filter(Boolean) : [params.get("seat")];

let game = null;           // the game module (static/games/<id>.js, else generic.js)
let games = [];            // GET /api/games, for names
const conns = tokens.map((token) => ({ token, ws: null, frame: null, delay: 500 }));
let active = conns[0];     // the connection whose frame is drawn
let revealedSeat = null;   // hot-seat: whose cards are uncovered
let playable = new Map();  // card code → verbs whose legal tokens start with it (those cards are clickable)
let dialogFor = null;      // the legal tokens a choice dialog was opened for

async function loadGame(id) {
  try {
    return (await import(`./games/${id}.js`)).default;
  } catch {
    return (await import("./games/generic.js")).default;
  }
}

function showError(message, rule) {
  const b = $("banner");
  b.textContent = rule ? `${t("illegal")} (${t("rule")} ${rule}): ${message}` : `${t("error")}: ${message}`;
  b.hidden = false;
}

/** The entries of `log` up to event `n`: the first n moves, each with the round entry that may follow it. */
function firstEvents(log, n) {
  let moves = 0;
  const end = log.findIndex((entry) => entry.kind !== "round" && moves++ === n);
  return end < 0 ? log : log.slice(0, end);
}

/** Open the socket of `conn` in the page's language (its frames' texts come in it). */
function connect(conn) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${lang()}`);
  conn.ws = ws;
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({ type: "auth", token: conn.token }));
    conn.delay = 500;
  });
  ws.addEventListener("message", async (ev) => {
    if (conn.ws !== ws) return;  // a socket replaced after a language switch
    const msg = JSON.parse(ev.data);
    if (msg.type === "error") {
      showError(msg.error, msg.rule);
      return;
    }
    if (msg.type !== "state") return;
    // socket frames carry the log from event log_start on (the first frame: all of it)
    msg.log = firstEvents(conn.frame?.log ?? [], msg.log_start).concat(msg.log);
    if (conn.frame && msg.n !== conn.frame.n) $("banner").hidden = true;  // an error about an older position
    conn.frame = msg;
    conn.endAt = msg.countdown === null ? null : performance.now() + msg.countdown * 1000;
    if (!game) game = await loadGame(msg.game);
    $("status").textContent = "";
    render();
  });
  ws.addEventListener("close", (ev) => {
    if (conn.ws !== ws) return;
    if (ev.code >= 4400 && ev.code < 4500 && ev.code !== 4408) {
      $("status").textContent = t("error");
      return;  // a refused token or table: reconnecting cannot help
    }
    $("status").textContent = t("reconnecting");
    setTimeout(() => connect(conn), conn.delay);
    conn.delay = Math.min(conn.delay * 2, 5000);
  });
}

async function send(conn, token) {
  $("banner").hidden = true;
  if (conn.ws && conn.ws.readyState === WebSocket.OPEN) {
    // n: the position this choice was made on; if this seat has acted since, the table refuses it (no double moves)
    conn.ws.send(JSON.stringify({ type: "action", action: token, n: conn.frame?.n ?? null }));
    return;
  }
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/actions?lang=${lang()}`, {
    method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${conn.token}` },
    body: JSON.stringify({ action: token, n: conn.frame?.n ?? null }) });
  const data = await res.json();
  if (!res.ok) showError(data.error ?? JSON.stringify(data), data.rule);
}

// ------------------------------------------------------------------ drawing helpers
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function seatName(frame, s) {
  const seat = frame.seats[s];
  return seat ? `${seat.name}` : `${t("seat")} ${s + 1}`;
}

function chipOrText(code) {
  const face = typeof code === "string" ? game.card(code) : null;
  return face ? cardChip(face) : el("span", "value", code === null ? "—" : String(code));
}

/** A card on the table; clickable when a legal token of this seat starts with `verb:<card>`. */
function playableChip(code) {
  const chip = cardChip(game.card(code));
  const verbs = playable.get(code);
  if (!verbs) return chip;
  chip.classList.add("playable");
  chip.dataset.code = code;
  chip.tabIndex = 0;
  chip.addEventListener("click", () => {
    const all = groups(active.frame.legal);
    if (verbs.length === 1) choose(active, all.get(verbs[0]), [verbs[0], code]);
    else chooseVerb(active, all, verbs, code);
  });
  return chip;
}

function chooseVerb(conn, all, verbs, code) {
  const dialog = $("choice");
  $("choice-title").textContent = t("choose");
  $("choice-path").replaceChildren(chipOrText(code));
  const box = $("choice-options");
  box.replaceChildren();
  for (const verb of verbs) {
    const b = el("button", "choice", verbName(verb));
    b.type = "button";
    b.addEventListener("click", () => { dialog.close(); choose(conn, all.get(verb), [verb, code]); });
    box.append(b);
  }
  openDialog(dialog);
}

/** Open the choice dialog for the active seat's current legal tokens (closed again if they change). */
function openDialog(dialog) {
  dialogFor = JSON.stringify(active.frame.legal);
  if (!dialog.open) dialog.showModal();
}

function playableCards(legal) {
  const out = new Map();
  for (const token of legal) {
    const [verb, first] = token.split(":");
    if (first === undefined || !game.card(first)) continue;
    if (!out.has(first)) out.set(first, []);
    if (!out.get(first).includes(verb)) out.get(first).push(verb);
  }
  return out;
}

function allCards(list) {
  return list.length > 0 && list.every((x) => typeof x === "string" && game.card(x));
}

function renderValue(value, frame, depth) {
  if (value === null || typeof value !== "object") return chipOrText(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", "empty", "—");
    if (allCards(value)) {
      if (value.length > 4 && value.every((x) => x === "?")) {
        const back = cardChip({ back: true, label: `×${value.length}` });
        return back;
      }
      const row = el("span", "cards");
      for (const c of value) row.append(playableChip(c));
      return row;
    }
    const perSeat = depth === 0 && value.length === frame.view.players && value.some((x) => x && typeof x === "object");
    const box = el("div", Array.isArray(value[0]) ? "rows" : "list");
    value.forEach((item, i) => {
      const part = el("div", perSeat ? "seat-zone" : "item");
      if (perSeat) {
        part.append(el("span", "label", seatName(frame, i) + (i === frame.seat ? ` (${t("you")})` : "")));
        part.dataset.seat = i;
      }
      part.append(renderValue(item, frame, depth + 1));
      box.append(part);
    });
    return box;
  }
  const dl = el("dl", "zone-map");
  for (const [k, v] of Object.entries(value)) {
    if (game.hidden.has(k)) continue;
    dl.append(el("dt", "", zoneName(k, game.labels)));
    const dd = el("dd");
    dd.append(renderValue(v, frame, depth));
    dl.append(dd);
  }
  return dl;
}

// ------------------------------------------------------------------ moves: verbs, then arguments
function groups(legal) {
  const out = new Map();
  for (const token of legal) {
    const verb = token.split(":")[0];
    if (!out.has(verb)) out.set(verb, []);
    out.get(verb).push(token);
  }
  return out;
}

/** Distinct next argument after `prefix` (a list of parts) among `tokens`; "" marks a complete token. */
function nextParts(tokens, prefix) {
  const seen = new Map();
  for (const token of tokens) {
    const parts = token.split(":");
    if (prefix.some((p, i) => parts[i] !== p)) continue;
    const next = parts.length > prefix.length ? parts[prefix.length] : "";
    if (!seen.has(next)) seen.set(next, token);
  }
  return seen;
}

function choose(conn, tokens, prefix) {
  const next = nextParts(tokens, prefix);
  if (next.size === 1 && next.has("")) {
    send(conn, prefix.join(":"));
    return;
  }
  const dialog = $("choice");
  $("choice-title").textContent = `${t("choose")}: ${verbName(prefix[0])}`;
  const path = $("choice-path");
  path.replaceChildren(...prefix.slice(1).map((p) => chipOrText(p)));
  const box = $("choice-options");
  box.replaceChildren();
  for (const part of next.keys()) {
    const b = el("button", "choice");
    b.type = "button";
    b.dataset.part = part;
    if (part === "") b.textContent = "✓";
    else b.append(chipOrText(part));
    b.addEventListener("click", () => {
      dialog.close();
      if (part === "") send(conn, prefix.join(":"));
      else choose(conn, tokens, [...prefix, part]);
    });
    box.append(b);
  }
  openDialog(dialog);
}

function renderMoves(conn, frame) {
  const box = $("moves");
  box.replaceChildren();
  if (!frame.legal.length) {
    const waiting = frame.view.to_act.map((s) => seatName(frame, s)).join(", ");
    if (waiting && frame.seat !== null) box.append(el("p", "waiting", `${t("waiting")}: ${waiting}`));
  } else {
    box.append(el("h2", "", t("yourMove")));
    if (conn.endAt !== null) box.append(el("p", "countdown", ""));
    for (const [verb, list] of groups(frame.legal)) {
      const group = el("div", "verb");
      group.dataset.verb = verb;
      group.append(el("span", "label", verbName(verb)));
      for (const part of nextParts(list, [verb]).keys()) {
        const b = el("button", "move");
        b.dataset.part = part;
        if (part === "") b.textContent = verbName(verb);
        else b.append(chipOrText(part));
        b.addEventListener("click", () => (part === "" ? send(conn, verb) : choose(conn, list, [verb, part])));
        group.append(b);
      }
      box.append(group);
    }
  }
  if (frame.seat !== null) {
    const form = el("form", "token-form");
    const input = Object.assign(el("input"), { placeholder: t("tokenInput"), name: "token" });
    form.append(input, Object.assign(el("button", "", t("send")), { type: "submit" }));
    form.addEventListener("submit", (ev) => { ev.preventDefault(); if (input.value.trim()) send(conn, input.value.trim()); });
    box.append(form);
  }
}

function renderScores(frame) {
  const v = frame.view;
  const tbl = el("table", "scores");
  const head = el("tr");
  head.append(el("th", "", t("round")));
  for (let s = 0; s < v.players; s++) head.append(el("th", "", seatName(frame, s)));
  tbl.append(head);
  (v.scores || []).forEach((row, i) => {
    const tr = el("tr");
    tr.append(el("td", "", String(i + 1)));
    for (const x of row) tr.append(el("td", "num", String(x)));
    tbl.append(tr);
  });
  const tot = el("tr", "totals");
  tot.append(el("th", "", t("totals")));
  for (const x of v.totals || []) tot.append(el("th", "num", String(x)));
  tbl.append(tot);
  $("scores").replaceChildren(el("h2", "", t("scores")), tbl);
}

/** The move log as sentences for this seat (the server tells each move from the seat's own view); a round's
 * end is a separator with its scores. The token stays in `data-token` for developers. */
function renderLog(frame) {
  const ol = el("ol", "log");
  for (const entry of frame.log) {
    const li = el("li", entry.kind === "round" ? "round-end" : "move", entry.text);
    if (entry.kind !== "round") Object.assign(li.dataset, { seat: entry.seat, token: entry.token });
    ol.append(li);
  }
  $("log").replaceChildren(el("h2", "", t("log")), ol);
  ol.scrollTop = ol.scrollHeight;
}

async function rematch() {
  const fresh = [];
  for (const conn of conns.filter((c) => c.token)) {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
      method: "POST", headers: { Authorization: `Bearer ${conn.token}` } });
    const data = await res.json();
    if (!res.ok) { showError(data.error); return; }
    fresh.push(data);
  }
  const id = fresh[0].id;
  location.href = hotseat ? `/t/${id}#hotseat=${fresh.map((d) => d.token).join(",")}` : fresh[0].url;
}

function renderSummary(frame) {
  const box = $("summary");
  const v = frame.view;
  box.hidden = !v.game_over;
  if (!v.game_over) return;
  const winners = v.winners.map((s) => seatName(frame, s)).join(", ");
  box.replaceChildren(el("h2", "", t("over")), el("p", "winners", `${t("winners")}: ${winners}`));
  const order = [...Array(v.players).keys()].sort((a, b) => v.totals[b] - v.totals[a]);
  const ul = el("ul");
  for (const s of order) ul.append(el("li", "", `${seatName(frame, s)}: ${v.totals[s]}`));
  box.append(ul);
  if (frame.seat !== null) {
    const b = el("button", "rematch", t("rematch"));
    b.addEventListener("click", rematch);
    box.append(b);
  }
}

// ------------------------------------------------------------------ the page
function pickActive() {
  if (conns.length === 1) return conns[0];
  const ready = conns.filter((c) => c.frame);
  const acting = ready.find((c) => c.frame.legal.length);
  return acting ?? (ready.includes(active) ? active : ready[0] ?? conns[0]);
}

function render() {
  active = pickActive();
  const frame = active.frame;
  if (!frame) return;
  const v = frame.view;
  const dialog = $("choice");
  if (dialog.open && dialogFor !== JSON.stringify(frame.legal)) dialog.close();  // opened for another position
  const g = games.find((x) => x.id === frame.game);
  $("game-name").textContent = g ? g.names[lang()] ?? g.id : frame.game;
  document.title = `kartentisch · ${$("game-name").textContent}`;
  const covered = hotseat && frame.seat !== revealedSeat;
  $("cover").hidden = !covered;
  $("table").hidden = covered;
  document.body.dataset.phase = v.phase;
  document.body.dataset.n = frame.n;
  document.body.dataset.acting = !covered && frame.legal.length ? "1" : "0";
  document.body.dataset.gameOver = v.game_over ? "1" : "0";
  if (covered) {
    $("cover-text").textContent = `${t("passTo")} ${seatName(frame, frame.seat)}`;
    $("cover-show").textContent = t("show");
    $("cover-show").onclick = () => { revealedSeat = frame.seat; render(); };
    return;
  }
  const who = frame.seat === null ? t("spectator") : `${seatName(frame, frame.seat)} (${t("seat")} ${frame.seat + 1})`;
  $("info").replaceChildren(el("span", "", `${who} · ${t("round")} ${v.round} · ${t("phase")}: ${frame.phase_text}`));
  const deal = fixedDealNote(frame, lang());  // a chosen seed: every seat is told (issue 22)
  if (deal) $("info").append(deal);
  const bar = $("seats-bar");
  bar.replaceChildren();
  for (let s = 0; s < v.players; s++) {
    const chip = el("span", "seat-chip", `${seatName(frame, s)}: ${v.totals?.[s] ?? 0}`);
    if (v.to_act.includes(s)) chip.classList.add("to-act");
    if (s === frame.seat) chip.classList.add("me");
    if (s === v.dealer) chip.append(el("small", "", ` (${t("dealer")})`));
    bar.append(chip);
  }
  playable = playableCards(frame.legal);
  $("zones").replaceChildren(game.render ? game.render(v, tableContext(active, frame)) : renderValue(v.zones, frame, 0));
  renderMoves(active, frame);
  tick();
  renderScores(frame);
  renderLog(frame);
  renderSummary(frame);
}

/**
 * What a game module's optional `render(view, ctx)` gets to draw its own table layout (it returns one
 * element): `ctx.seat` (viewer, null for a spectator), `ctx.frame`, `ctx.card(code)` (a card chip, clickable
 * when a legal move starts with it), `ctx.text(value)` (a chip or plain text), `ctx.el(tag, cls, text)`,
 * `ctx.seatName(s)`, `ctx.t(key)` and `ctx.lang` (texts of i18n.js), `ctx.generic(value)` (the generic drawing),
 * `ctx.send(token)` (sends a move for the seat of `conn`, the one drawn, like the page's move form; errors show
 * in the banner).
 */
function tableContext(conn, frame) {
  return { seat: frame.seat, frame, card: playableChip, text: chipOrText, el, seatName: (s) => seatName(frame, s),
           t, lang: lang(), generic: (value) => renderValue(value, frame, 1), send: (token) => send(conn, token) };
}

function tick() {
  const out = document.querySelector("#moves .countdown");
  if (out && active.endAt !== null) {
    const left = Math.max(0, Math.ceil((active.endAt - performance.now()) / 1000));
    out.textContent = `◷ ${left} s · ${t("autoPass")}`;
  }
}

/** After a language switch: draw the page's own words at once, and open each socket again in the new language
 * (the log's sentences, the seat names and the phase come from the server in it). */
function relang() {
  render();
  for (const conn of conns) {
    const old = conn.ws;
    connect(conn);
    old?.close();
  }
}

async function main() {
  setInterval(tick, 250);
  langButton($("lang"), relang);
  $("choice-cancel").textContent = t("cancel");
  $("status").textContent = t("connecting");
  games = await (await fetch("/api/games")).json();
  conns.forEach(connect);
}

main();
