// The table display (issue 34): the shared screen in the middle of the room — a TV or a laptop — while every person
// plays with their phone (the table page's hand view). It is a spectator of the table: its socket signs in without
// a token (never a seat's, even in the browser that holds one), so every frame it receives is the spectator's,
// public information only. It draws the public table large with the game's own module, whose turn it is and their
// clock (when the frame has one), the log in words and the scores; before the start the invite as a QR code.
import { Chooser } from "./choose.js";
import { inviteLink, qrSrc, td } from "./displaywords.js";
import { movedCards, wholeLog } from "./framelog.js";
import { clockTime, lang, listing, points, t, toggleLang } from "./i18n.js";
import { resultName } from "./seatwords.js";
import { html, loadGame, ownWord, render } from "./ui.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const INVITE_KEY = `kartentisch.invite.${tableId}`;
const HOST_KEY = `kartentisch.host.${tableId}`;
const NO_CHOICE = new Chooser([], () => {});   // the display never chooses: nothing is offered on its table
const S = { ws: null, frame: null, game: null, games: [], moved: new Set(), status: td("connecting"), delay: 500,
  at: 0 };

function seatName(frame, s) {
  return frame.seats[s]?.name ?? `${t("seat")} ${s + 1}`;
}

/** Seat `s` as a sentence names an owner ("Bot Ida's turn", the frame's `short_name`; kit.js `owner`). */
function ownerName(frame, s) {
  return frame.seats[s]?.short_name ?? seatName(frame, s);
}

/** Open the spectator socket in the page's language; reconnects after a lost connection. */
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${lang()}`);
  S.ws = ws;
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({ type: "auth", token: null }));
    S.delay = 500;
  });
  ws.addEventListener("message", async (ev) => {
    if (S.ws !== ws) return;
    const msg = JSON.parse(ev.data);
    if (msg.type !== "state") return;
    if (msg.rematch_table) {  // the rematch exists: the shared screen shows it (its phones moved there already)
      location.href = `/display/${encodeURIComponent(msg.rematch_table)}`;
      return;
    }
    msg.log = wholeLog(S.frame, msg);
    S.frame = msg;
    S.at = performance.now();
    S.moved = movedCards(msg);
    if (!S.game) S.game = await loadGame(msg.game);
    S.status = "";
    redraw();
  });
  ws.addEventListener("close", (ev) => {
    if (S.ws !== ws) return;
    if (ev.code >= 4400 && ev.code < 4500 && ev.code !== 4408) {
      S.status = td("error");
      redraw();
      return;
    }
    S.status = td("reconnecting");
    redraw();
    setTimeout(connect, S.delay);
    S.delay = Math.min(S.delay * 2, 5000);
  });
}

/** Seconds left on seat `s`'s clock, counted down from the frame's arrival; null without a clock. */
function clockOf(frame, s) {
  const left = frame.seats[s]?.clock;
  return typeof left === "number" ? Math.max(0, Math.ceil(left - (performance.now() - S.at) / 1000)) : null;
}

/** Whose turn it is, large, with their clocks: the game's own line when it names them all ("It is Cem's turn."),
 * else their names. Nothing before the start (nobody acts while seats are free) or after the end. */
function Turn({ frame, status }) {
  const v = frame.view;
  if (v.game_over || !v.to_act.length) return null;   // the frame names nobody while seats are free
  const names = listing(v.to_act.map((s) => seatName(frame, s)));
  const named = status && v.to_act.every((s) => status.includes(ownerName(frame, s)));
  const clocks = v.to_act.map((s) => [s, clockOf(frame, s)]).filter(([, left]) => left !== null);
  return html`<section class="turn" data-zone="turn" aria-live="polite">
    <span class="who">▶ ${named ? status : v.to_act.length === 1 ? td("turn", ownerName(frame, v.to_act[0])) : td("turnMany", names)}</span>
    ${clocks.map(([s, left]) => html` <span class="clock" role="timer" data-seat=${s}>◷ ${v.to_act.length > 1
      ? `${seatName(frame, s)}: ` : ""}${td("clock", clockTime(left))}</span>`)}
  </section>
  ${status && !named && html`<p class="game-status">${status}</p>`}`;
}

/** Before the start: the invite as a large QR code with its link, who sits down, and the host's bot buttons. */
function Invite({ frame }) {
  const open = frame.waiting_for_seats ?? [];
  if (!open.length) return null;
  const code = localStorage.getItem(INVITE_KEY)?.split("/").pop();
  const host = localStorage.getItem(HOST_KEY);
  const fill = async (s) => {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats/${s}`, { method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${host}` }, body: JSON.stringify({ kind: "bot", bot: "heuristic" }) });
    S.status = res.ok ? "" : t("refusedOther", res.status);   // a seat taken meanwhile: the next frame shows by whom
    redraw();
  };
  return html`<section class="invite-big" data-zone="invite">
    ${code && html`<figure><img class="qr" src=${qrSrc(code, true)} alt=${td("qr")} />
      <figcaption><strong>${td("scan")}</strong><code class="invite-url">${inviteLink(code, true)}</code></figcaption></figure>`}
    <div><h2>${td("joined")}</h2><ul class="seat-list">${frame.seats.map((seat, s) => html`<li data-seat=${s}
        class=${open.includes(s) ? "open" : "taken"}>${open.includes(s) ? `${t("seat")} ${s + 1}: ${td("free")}` : seatName(frame, s)}
        ${host && open.includes(s) && html` <button type="button" class="fill-bot" data-seat=${s} onClick=${() => fill(s)}>${t("fillBot", s + 1)}</button>`}</li>`)}</ul></div>
  </section>`;
}

/** "Round 2" in the game's own terms (chips: "Partie 2", chips D1; ui.js ownWord), else the display's. */
function roundWord(round) {
  const own = ownWord(S.game, lang(), "round");
  return own === null ? td("round", round) : `${own} ${round}`;
}

/** The totals per seat (best first at the end), the winners marked. */
function Scores({ frame }) {
  const v = frame.view;
  const seats = [...Array(v.players).keys()];
  const order = v.game_over && frame.round_summary?.standings ? frame.round_summary.standings : seats;
  return html`<section class="display-scores" data-zone="scores" aria-labelledby="scores-title">
    <h2 id="scores-title">${v.game_over ? ownWord(S.game, lang(), "matchOver") ?? td("over") : td("scores")}</h2>
    <ol class="totals">${order.map((s) => html`<li data-seat=${s} class=${`${v.to_act.includes(s) ? "to-act" : ""}${v.winners?.includes(s) ? " winner" : ""}`}>
      <span class=${`name${frame.seats[s]?.bot_moves ? " helped" : ""}`}>${resultName(frame.seats[s], seatName(frame, s))}</span> <span class="total">${points(v.totals?.[s] ?? 0)}</span>
      ${v.winners?.includes(s) && html`<span class="mark"> ★ ${td("winner")}</span>`}</li>`)}</ol>
  </section>`;
}

/** The newest entries of the log in words, newest last. */
function Log({ frame }) {
  const entries = frame.log.slice(-8);
  return html`<section class="display-log" data-zone="log" aria-labelledby="log-title"><h2 id="log-title">${td("log")}</h2>
    <ol class="log">${entries.map((e, i) => html`<li class=${e.kind === "round" ? "round-end" : i === entries.length - 1 ? "last" : ""}>${e.text}</li>`)}</ol>
  </section>`;
}

function Display() {
  const frame = S.frame;
  const g = S.games.find((x) => x.id === frame?.game);
  const name = g ? g.names[lang()] ?? g.id : "";
  const header = html`<header><h1>${td("display")}${name && html` · <span id="game-name">${name}</span>`}</h1>
    ${frame && html`<span class="round">${roundWord(frame.view.round)} · ${frame.phase_text}</span>`}
    <span id="status" role="status">${S.status}</span>
    <span id="lang"><button type="button" class="lang" lang=${lang() === "de" ? "en" : "de"} onClick=${relang}>${t("lang")}</button></span></header>`;
  if (!frame || !S.game) return html`${header}<main id="display"><p>${S.status}</p></main>`;
  const v = frame.view;
  Object.assign(document.body.dataset, { n: frame.n, gameOver: v.game_over ? "1" : "0", game: frame.game });
  document.title = `${td("display")} · ${name} · kartentisch`;
  const ctx = { seat: null, frame, view: v, lang: lang(), t, moved: S.moved, chooser: NO_CHOICE,
    seatName: (s) => seatName(frame, s), face: (code) => faceOf(frame, code),
    cardName: (code) => faceOf(frame, code)?.name ?? String(code), offer: () => null };
  const status = S.game.status?.(v, ctx);
  return html`${header}<main id="display" class=${`game-${frame.game}`}>
    <div class="stage">
      <${Turn} frame=${frame} status=${status} />
      <${Invite} frame=${frame} />
      ${v.game_over && status && html`<p class="game-status">${status}</p>`}
      <section id="zones" aria-label=${name}><${S.game.Table} view=${v} ctx=${ctx} /></section>
    </div>
    <aside class="side"><${Scores} frame=${frame} /><${Log} frame=${frame} /></aside>
  </main>`;
}

/** The face of card `code` as the game draws it, named as the server names it (a card the spectator's frame does
 * not name is a hidden one). */
function faceOf(frame, code) {
  const named = frame.card_names?.[code];
  const face = S.game.card(code, lang(), named);
  if (!face) return null;
  return { ...face, name: named ?? face.name ?? (face.back ? t("hiddenCard") : code) };
}

const root = document.getElementById("app");

function redraw() {
  render(html`<${Display} />`, root);
  const log = root.querySelector(".display-log ol");
  if (log) log.scrollTop = log.scrollHeight;
}

/** After a language switch: the page's words at once, the server's (log, names, phase) with a new socket. */
function relang() {
  toggleLang();
  document.documentElement.lang = lang();
  const old = S.ws;
  S.frame = null;
  connect();
  old?.close();
  redraw();
}

async function main() {
  document.documentElement.lang = lang();
  redraw();
  S.games = await (await fetch("/api/games")).json();
  connect();
  setInterval(() => { if (S.frame?.seats.some((s) => typeof s.clock === "number")) redraw(); }, 250);
}

main();
