// The table page: one WebSocket per seat token this browser holds (one seat, all hot-seat seats, or none for a
// spectator). Everything drawn comes from the frames the server filtered for that seat; the page draws them with
// Preact (ui.js) and lets the person play by clicking the table's objects (choose.js, the game's module).
import { Chooser, PANEL_KINDS, wordSteps } from "./choose.js";
import { COLOURS, colourName } from "./cards.js";
import { qrSrc, td } from "./displaywords.js";
import { movedCards, wholeLog } from "./framelog.js";
import { clockTime, lang, listing, points, t, toggleLang, withLang, word } from "./i18n.js";
import { html, loadGame, ownWord, render, useState } from "./ui.js";
import { who } from "./games/kit.js";
import { HintPanel } from "./hint.js";
import { LimitNote, NameField, fitted, rememberName, rememberedName } from "./namefield.js";
import { ReviewPanel } from "./review.js";
import { RematchOffer, SeatActions, SeatState, URGENT, clockThen } from "./seats.js";
import { resultName, st } from "./seatwords.js";
import { TurnPanel, notifyTurn } from "./turnbased.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const query = new URLSearchParams(location.search);
const DEV = query.get("dev") === "1";
// ?view=hand: a phone at a table with a display (issue 34) shows only its hand and its choices; every step that is
// not a card of its own seat (hand, help cards, grid cells) is offered as a button of the decision panel
const HAND_VIEW = query.get("view") === "hand";
const OWN_KINDS = new Set(["hand", "help", "cell"]);
const SEAT_KEY = `kartentisch.seat.${tableId}`;
const HOST_KEY = `kartentisch.host.${tableId}`;
const INVITE_KEY = `kartentisch.invite.${tableId}`;
const SOUND_KEY = "kartentisch.sound";
/** The longest chat message the server takes (characters; chat.py's MAX_TEXT). */
const CHAT_MAX = 200;

/** The seat tokens of this page: `#hotseat=a,b`, `#seat=<token>`, `?token=` (an invite's answer, moved out of the
 * address), else the token this browser keeps for the table, else none. A given token is kept in this browser
 * only once the table accepted it (`connect`): a mistyped or cut-off link must not replace the seat it holds.
 * `ask`: a friend's private link as the lobby hands it out (`#seat=<token>&ask=name`) opened in a browser that does
 * not keep this seat yet: its person is asked their name (NameAsk); a reload keeps the seat and asks no more. */
function seatTokens() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("hotseat")) return { hotseat: true, tokens: hash.get("hotseat").split(",").filter(Boolean) };
  const given = hash.get("seat") ?? query.get("token");
  if (given) {
    if (query.has("token")) {
      const url = new URL(location.href);
      url.searchParams.delete("token");
      url.searchParams.delete("seat");
      url.hash = `seat=${given}`;
      history.replaceState(history.state, "", url);
    }
    return { hotseat: false, tokens: [given], ask: hash.get("ask") === "name" && localStorage.getItem(SEAT_KEY) !== given };
  }
  return { hotseat: false, tokens: [localStorage.getItem(SEAT_KEY)], ask: false };
}

const { hotseat, tokens, ask } = seatTokens();
// the host's own seat link (lobby.js Links) carries the host's credential: kept in this browser like the lobby keeps
// it, so the host keeps filling seats and removing people who left on any device she opens her link on
const givenHost = new URLSearchParams(location.hash.slice(1)).get("host");
if (givenHost && !hotseat) localStorage.setItem(HOST_KEY, givenHost);
const S = {
  games: [],
  reactions: [],            // the chat's quick reactions (GET /api/chat/reactions): {id, words}
  game: null,               // the game module (/static/games/<id>.js, else generic.js)
  // hot-seat: one more socket without a token, whose words name every seat (no "you"): the end of the match
  conns: [...tokens, ...(hotseat ? [null] : [])].map((token) => ({ token, ws: null, frame: null, delay: 500, endAt: null, since: 0 })),
  active: null,             // the connection whose frame is drawn
  revealed: null,           // hot-seat: whose cards are uncovered
  chooser: null,            // the move being made (choose.js)
  chooserKey: "",
  chooserConn: null,        // the connection (seat) the chooser is for
  banner: null,
  removed: null,            // the host gave this page's seat to a bot for good (removed()): why, and a link to watch
  bannerKeep: false,        // the banner outlives the next new position (showError: a race of two pages of a seat)
  status: t("connecting"),
  summary: null,            // the last round summary seen, shown until dismissed
  dismissed: new Set(),     // rounds whose summary the person closed
  rematching: false,
  chatNote: "",
  sound: localStorage.getItem(SOUND_KEY) === "1",
  moved: new Set(),         // codes of the cards the last move concerned
  wasActing: false,
  copied: "",
  askName: ask,             // a friend's private link opened the first time: its person's name is asked (NameAsk)
  nameDraft: null,          // the name being typed (null: not yet prefilled from the first frame)
  nameNote: "",             // why the name was refused, in the page's language
};
S.active = S.conns[0];

/** The table's refusals the page knows (a pattern of the server's English message, the words to show instead). */
const REFUSALS = [
  [/has acted since/, () => t("refusedTwice")],
  [/came in at the same moment/, () => t("refusedRace")],
  [/rematch was made a moment ago/, () => t("refusedRematchMade")],
  [/has no decision now/, (frame) => t("refusedNotNow", seatList(frame, frame?.view.to_act ?? []))],
  [/^the match is over/i, () => t("refusedOver")],
  [/match starts once every seat is taken/, (frame) => t("waitingSeats", seatList(frame, frame?.waiting_for_seats ?? []))],
  [/rematch is possible once/, () => t("refusedRematch")],
  [/unknown seat token|seat token is needed|only the table's host/, () => t("refusedSeat")],
  [/expired after/, () => t("refusedExpired")],
  [/chat message has at most/, () => t("refusedChatLong")],
  [/is handed to a bot once|removes a person who is gone/, () => st("refusedHandOver")],
  [/a bot plays for .* already|plays this seat already/, () => st("refusedHandedAlready")],
  [/cannot hand their own seat/, () => st("refusedOwnSeat")],
  [/rematch has started already/, () => st("refusedRematchStarted")],
  [/spectators do not chat/, () => t("refusedChatSpectator")],
];

/** A refusal of the table (HTTP `status`, body `{error, rule, text}`) in the players' words and the page's language:
 * the server's `error` is English and may name seats from 0 or tokens, so the page says it its own way (a move the
 * rules forbid, a known refusal, else the server's `text` in the page's language, else the status); seat names come
 * from the frame drawn. */
function refusal(status, body) {
  if (body.rule) return body.text ?? t("refusedIllegal");  // the server's words say which rule, in the page's language
  if (status === 429) return t("refusedFast");
  const known = REFUSALS.find(([pattern]) => pattern.test(body.error ?? ""));
  return known ? known[1](S.active?.frame) : body.text ?? t("refusedOther", status);
}

/** The server's refusal of a seat the host gave to a bot for the rest of the match (LiveTable.removed). */
const REMOVED = /seat to a bot for the rest of the match/;

/** `conn`'s seat was given to a bot by the host (its link opened again, or its page was open): the page drops the
 * seat's frame (its cards), forgets the token in this browser and says so in the server's words (the reader's
 * language), with a link to watch the table as a spectator (a fresh user's friend got a bare "Error"). */
function removed(conn, msg) {
  S.removed = msg.text ?? t("refusedSeat");
  conn.frame = null;
  if (localStorage.getItem(SEAT_KEY) === conn.token) localStorage.removeItem(SEAT_KEY);
  S.status = "";
  S.banner = null;
  redraw();
}

/** Show a refusal above the table; with ?dev=1 the rule and the server's own message too. */
function showError(status, body) {
  const words = refusal(status, body);
  S.banner = DEV ? `${words} (${body.rule ? `${t("rule")} ${body.rule}: ` : ""}${body.error})` : words;
  // "this seat has acted since" (two pages of one seat at once): the refusal may come before the frame of the move
  // that won, which would clear it at once (the page showed nothing); it stays through that one frame
  S.bannerKeep = /has acted since/.test(body.error ?? "");
  redraw();
}

/** The chat messages of both lists, each once, in order. */
function mergeChat(old, fresh) {
  const byId = new Map([...old, ...fresh].map((m) => [m.id, m]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Open the socket of `conn` in the page's language (its frames' texts come in it). */
function connect(conn) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${lang()}`);
  conn.ws = ws;
  ws.addEventListener("open", () => {
    // arrive: false while the page asks the person's name: their clock starts once they named their seat
    ws.send(JSON.stringify({ type: "auth", token: conn.token, ...(S.askName ? { arrive: false } : {}) }));
    conn.delay = 500;
  });
  ws.addEventListener("message", async (ev) => {
    if (conn.ws !== ws) return;  // a socket replaced after a language switch
    const msg = JSON.parse(ev.data);
    if (msg.type === "error") {
      if (REMOVED.test(msg.error ?? "")) return removed(conn, msg);
      showError(msg.status, msg);
      return;
    }
    if (msg.type !== "state") return;
    // socket frames carry the log from event log_start on (the first frame: all of it), the chat likewise
    msg.log = wholeLog(conn.frame, msg);
    msg.chat = mergeChat(conn.frame?.chat ?? [], msg.chat ?? []);
    if (!hotseat && conn.token && !conn.frame) localStorage.setItem(SEAT_KEY, conn.token);  // accepted: keep it
    if (conn.frame && msg.n !== conn.frame.n) {  // an error about an older position (but see showError)
      if (!S.bannerKeep) S.banner = null;
      S.bannerKeep = false;
    }
    const fresh = !conn.frame || msg.n !== conn.frame.n;
    conn.frame = msg;
    conn.endAt = msg.countdown === null || msg.countdown === undefined ? null : performance.now() + msg.countdown * 1000;
    conn.since = performance.now();  // the seats' clocks and the rematch offer count from here
    const offer = msg.rematch_offer;
    if (offer && !offer.made) conn.offerSeen = true;
    // made: fetch the own new link, also where this page was opened again after its answer (a fresh user's friend
    // was left behind on the finished table and, a minute later, offered up to a bot at the new one)
    if (msg.rematch && (S.rematching === "waiting"
        || (!S.rematching && conn.offerSeen && offer?.answers[msg.seat] === "join"))) answerRematch(true);
    if (!S.game) S.game = await loadGame(msg.game);
    if (fresh) S.moved = movedCards(msg);
    if (msg.round_summary) S.summary = { ...msg.round_summary, lang: msg.lang };
    S.status = "";
    redraw();
  });
  ws.addEventListener("close", (ev) => {
    if (conn.ws !== ws) return;
    if (S.removed) return;  // removed(): the page says so and offers to watch
    if (ev.code >= 4400 && ev.code < 4500 && ev.code !== 4408) {
      // a refused token or table: reconnecting cannot help; say why (a bare "Error" was all a fresh user saw)
      S.status = t("error");
      S.banner = { 4404: t("refusedNoTable"), 4410: t("refusedExpired"), 4401: t("refusedSeat"),
        4403: t("refusedSeat") }[ev.code] ?? t("refusedOther", ev.code - 4000);
      redraw();
      return;
    }
    S.status = t("reconnecting");
    redraw();
    setTimeout(() => connect(conn), conn.delay);
    conn.delay = Math.min(conn.delay * 2, 5000);
  });
}

async function send(conn, token) {
  S.banner = null;
  if (conn.ws && conn.ws.readyState === WebSocket.OPEN) {
    // n: the position this choice was made on; if this seat has acted since, the table refuses it (no double moves)
    conn.ws.send(JSON.stringify({ type: "action", action: token, n: conn.frame?.n ?? null }));
    return;
  }
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/actions?lang=${lang()}`, {
    method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${conn.token}` },
    body: JSON.stringify({ action: token, n: conn.frame?.n ?? null }) });
  const data = await res.json();
  if (!res.ok) showError(res.status, data);
}

/** A seat's action at this table (`path` under /api/tables/<id>/: a hand-over, taking one's seat back, the host's
 * removal); a refusal is shown, the new state comes as a frame. */
async function seatCall(path, body, token) {
  const { res, data } = await post(`/api/tables/${encodeURIComponent(tableId)}/${path}?lang=${lang()}`, body, token);
  if (!res.ok) showError(res.status, data);
}

async function post(url, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  // ?lang=: a refusal's words come in this page's language (the chat's came in English on a German page)
  const res = await fetch(withLang(url), { method: "POST", headers,
    body: body === undefined ? undefined : JSON.stringify(body) });
  return { res, data: await res.json().catch(() => ({})) };
}

// ------------------------------------------------------------------ attention: title and sound
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch { /* no audio device: the title still tells */ }
}

function attention(frame, acting, gameName) {
  document.title = `${acting ? `${t("turnTitle")} · ` : ""}${gameName} · kartentisch`;
  if (acting && !S.wasActing && S.sound) beep();
  if (acting && !S.wasActing && !hotseat) notifyTurn(gameName, tableId);  // in the background only (issue 34)
  S.wasActing = acting;
}

// ------------------------------------------------------------------ the page's parts
function seatName(frame, s) {
  return frame.seats[s]?.name ?? `${t("seat")} ${s + 1}`;
}

/** The names of `seats` as a sentence says them ("Ana, Ben and Cem"). */
function seatList(frame, seats) {
  return listing(seats.map((s) => seatName(frame, s)));
}

function pickActive() {
  if (S.conns.length === 1) return S.conns[0];
  const ready = S.conns.filter((c) => c.frame);
  // hot-seat: the match over, the device belongs to everyone; "You win" would mean whoever moved last (issue 32)
  const everyone = hotseat && ready.find((c) => !c.token && c.frame.view.game_over);
  if (everyone) return everyone;
  const acting = ready.find((c) => c.frame.legal.length);
  return acting ?? (ready.includes(S.active) ? S.active : ready[0] ?? S.conns[0]);
}

/** The chooser of the drawn position, made again when the position or the seat changes. A new position of the same
 * seat (another seat's move, a language switch) keeps the move being made as far as it still leads to a legal
 * token (Chooser.carry); if part of it had to be dropped, the decision panel says so (`chooser.dropped`) until the
 * person's next click. The move is sent with the newest frame's `n` (send). */
function chooserFor(conn, frame) {
  const key = JSON.stringify([conn.token, frame.n, frame.legal, frame.lang]);
  if (S.chooserKey !== key) {
    const old = S.chooser;
    const sameSeat = old && S.chooserConn === conn;
    S.chooserKey = key;
    S.chooserConn = conn;
    const items = (frame.choices ?? []).map((c) => ({ token: c.token, ...wordSteps(c.path, c.steps) }));
    const chooser = new Chooser(items, (token) => {
      localStorage.removeItem(choiceKey(frame));
      send(conn, token);
    });
    chooser.dropped = sameSeat && chooser.carry(old);
    if (!sameSeat) restoreChoice(frame, chooser);
    keepChoice(frame, chooser);
    chooser.onChange = () => {
      chooser.dropped = false;
      keepChoice(frame, chooser);
      redraw();
      revealTargets();
    };
    S.chooser = chooser;
  }
  return S.chooser;
}

/** A move half made survives the page (a phone drops a page it keeps in the background; a fresh user's friend lost
 * two of the three cards of his pass; at a turn-based table one comes back in a new tab): this browser keeps the
 * steps chosen and cards picked for the seat's legal tokens until the move is sent, and a page opened again on the
 * very same tokens takes them over. */
const choiceKey = (frame) => `kartentisch.choice.${tableId}.${frame.seat}`;

function keepChoice(frame, chooser) {
  if (frame.seat === null) return;
  if (!chooser.started) localStorage.removeItem(choiceKey(frame));
  else localStorage.setItem(choiceKey(frame), JSON.stringify({ tokens: frame.legal, chosen: chooser.chosen,
    picked: chooser.picked }));
}

function restoreChoice(frame, chooser) {
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(choiceKey(frame)) ?? "null");
  } catch { /* not written by this page: nothing to take over */ }
  if (!Array.isArray(kept?.tokens) || kept.tokens.join(" ") !== frame.legal.join(" ")) return;
  chooser.carry({ sent: false, chosen: kept.chosen ?? [], picked: kept.picked ?? [], items: chooser.items });
}

/** After a step whose next objects lie on the table (chips' colour rows, grid's discard pile, the seats to aim at):
 * where the decision panel sticks to the foot of a narrow screen, the page scrolls them into the screen above it —
 * the highest of them first where not all fit (a helper's trial: the phone hid the own bottom colour row). */
function revealTargets() {
  const panel = document.getElementById("decision");
  const targets = [...document.querySelectorAll(".kt-target")].map((el) => el.getBoundingClientRect());
  if (!panel || !targets.length || getComputedStyle(panel).position !== "sticky") return;
  const top = Math.min(...targets.map((r) => r.top)) - 8;
  const below = Math.max(...targets.map((r) => r.bottom)) - panel.getBoundingClientRect().top + 8;
  const by = top < 0 ? top : Math.min(Math.max(below, 0), top);
  if (by !== 0) window.scrollBy({ top: by, behavior: "smooth" });
}

/** The face of card `code` as the game draws it, named as the server names it (the frame's card_names); a card
 * the frame does not name is a hidden one, or one the game names itself from its parts (chips' face-down cards). */
function faceOf(frame, code) {
  const named = frame.card_names?.[code];
  const face = S.game.card(code, lang(), named);
  if (!face) return null;
  return { ...face, name: named ?? face.name ?? (face.back ? t("hiddenCard") : code) };
}

function tableContext(frame, chooser) {
  return {
    seat: frame.seat, frame, view: frame.view, lang: lang(), t, moved: S.moved, chooser,
    seatName: (s) => seatName(frame, s),
    face: (code) => faceOf(frame, code),
    cardName: (code) => faceOf(frame, code)?.name ?? String(code),
    offer: (kind, value, index = null) => chooser.offer(kind, value, index),
  };
}

/** Words of one step: the server's (the frame's choices), else a seat's name, a colour or the cards' names. */
function stepWords(step, ctx) {
  if (step.words) return step.words;
  if (step.kind === "seat") return ctx.seatName(Number(step.value));
  if (step.kind === "wish" && COLOURS[step.value]) return colourName(step.value, ctx.lang);
  if (Array.isArray(step.value)) return step.value.map((c) => ctx.cardName(c)).join(", ");
  return ctx.cardName(step.value);
}

const HINTS = { hand: "chooseHand", help: "chooseHand", seat: "chooseSeat", table: "chooseTable", slot: "chooseTable",
  cell: "chooseCell", row: "chooseRow", pile: "choosePile", wish: "chooseWish" };

/** The viewer's own clock (the reaction timer or the table's clock: one clock) and what its running out does. */
function Countdown({ conn }) {
  if (conn.endAt === null) return null;
  const left = Math.max(0, Math.ceil((conn.endAt - performance.now()) / 1000));
  return html`<p class=${`countdown${left <= URGENT ? " urgent" : ""}`} role="timer" aria-live="off">◷ ${clockTime(left)} · ${clockThen(conn.frame.countdown_then)}</p>`;
}

/** A wish: a colour swatch with its symbol and name, or a number; the server's words of the step as its tooltip
 * (and a number's name for screen readers). */
function WishButton({ step, ctx, onPick }) {
  const c = COLOURS[step.value];
  const words = stepWords(step, ctx);
  if (!c) {
    return html`<button type="button" class="choice wish wish-number" data-step=${step.value} aria-label=${words}
      title=${words} onClick=${onPick}>${step.value}</button>`;
  }
  return html`<button type="button" class="choice wish swatch" data-step=${step.value} style=${{ "--card": c.css }}
      title=${words} onClick=${onPick}><span class="sym" aria-hidden="true">${c.sym}</span> ${colourName(step.value, ctx.lang)}</button>`;
}

/** How many cards a set step asks for and how many are chosen ("Choose 2 cards (1 chosen)"): Chooser.setSize(). */
function setSizeWords({ low, high, picked }) {
  if (low !== high) return t("chooseCardsRange", low, high, picked);
  return t(high === 1 ? "chooseCard1" : "chooseCards", high, picked);
}

function Decision({ conn, frame, chooser, ctx }) {
  if (frame.waiting_for_seats?.length) return null;  // WaitingSeats says what the table waits for
  const acting = frame.legal.length > 0;
  const st = chooser.state();
  const prompt = S.game.status?.(frame.view, ctx) ?? (acting ? t("yourTurn") : "");
  // whom the table waits for, unless the game's own line names them all already ("It is Cem's turn.", a bot by its
  // short name there); never the reader themself (their own turn is said as theirs)
  const others = frame.view.to_act.filter((s) => s !== frame.seat);
  const named = others.every((s) => prompt.includes(frame.seats[s]?.short_name ?? seatName(frame, s)));
  const waiting = named ? "" : seatList(frame, others);
  const panel = st.next.filter((s) => PANEL_KINDS.has(s.kind) || (HAND_VIEW && !OWN_KINDS.has(s.kind)));
  const size = chooser.setSize();  // a set of cards: its own line says how many, instead of "Choose cards in your hand"
  const tableKinds = [...new Set(st.next.filter((s) => !panel.includes(s) && !(size && s.set)).map((s) => s.kind))];
  const confirm = st.sets.length ? chooser.confirmable() : null;
  return html`<section id="decision" data-zone="decision" class=${acting ? "acting" : ""} aria-live="polite"
      aria-label=${acting ? t("yourTurn") : t("phase")}>
    <p class="prompt">${acting && html`<strong>${t("yourTurn")}: </strong>`}${prompt}
      ${!acting && waiting && frame.seat !== null && html` <span class="waiting">${t("waiting", waiting)}</span>`}</p>
    ${acting && html`<${Countdown} conn=${conn} />`}
    ${chooser.chosen.length > 0 && html`<p class="chosen">${t("picked")}: ${chooser.chosen.map((s) => stepWords(s, ctx)).join(" · ")}</p>`}
    ${acting && chooser.started && tableKinds.length > 0 && html`<p class="hint">${tableKinds.map((k) => t(HINTS[k] ?? "chooseTable")).join(" · ")}</p>`}
    ${acting && size && html`<p class="hint set-size">${setSizeWords(size)}</p>`}
    ${chooser.dropped && html`<p class="hint dropped" role="status">${t("choiceDropped")}</p>`}
    <div class="choices" role="group">
      ${panel.map((step) => step.kind === "wish"
        ? html`<${WishButton} step=${step} ctx=${ctx} onPick=${() => chooser.choose(step)} />`
        : html`<button type="button" class="choice" data-step=${step.value} onClick=${() => chooser.choose(step)}>${stepWords(step, ctx)}</button>`)}
      ${st.ends.length > 0 && st.next.length > 0 && html`<button type="button" class="choice finish"
          onClick=${() => chooser.finish()}>${chooser.finishWords() ?? t("done")}</button>`}
      ${st.sets.length > 0 && html`<button type="button" class="choice confirm" disabled=${!confirm}
          onClick=${() => chooser.confirm()}>${confirm ? `${t("confirm")}: ${stepWords(confirm.steps[chooser.chosen.length], ctx)}` : t("confirm")}</button>`}
      ${chooser.started && html`<button type="button" class="cancel" onClick=${() => chooser.cancel()}>${t("cancel")}</button>`}
    </div>
    ${DEV && frame.seat !== null && html`<${TokenForm} conn=${conn} />`}
  </section>`;
}

function TokenForm({ conn }) {
  const submit = (ev) => {
    ev.preventDefault();
    const value = ev.currentTarget.elements.token.value.trim();
    if (value) send(conn, value);
  };
  return html`<form class="token-form" onSubmit=${submit}>
    <label>${t("tokenInput")} <input name="token" autocomplete="off" /></label>
    <button type="submit">${t("send")}</button>
  </form>`;
}

/** A table word in the game's own terms (ui.js ownWord), else the table's (i18n.js, `vars`' values as {0}, {1} …). */
function gameWord(key, vars = {}) {
  return ownWord(S.game, lang(), key, vars) ?? t(key, ...Object.values(vars));
}

function SummaryRows({ summary, frame }) {
  return html`<div class="summary-rows" tabindex="0"><table class="summary-table">
    <thead><tr><th scope="col">${t("player")}</th><th scope="col" class="num">${gameWord("thisRound")}</th>
      <th scope="col" class="num">${t("total")}</th><th scope="col"></th></tr></thead>
    <tbody>${summary.rows.map((row) => html`<tr data-seat=${row.seat}>
      <th scope="row">${scoreName(frame, row.seat, row.name)}</th>
      <td class="num score">${points(row.score, true)}</td>
      <td class="num total">${points(row.total)}</td>
      <td><ul class="details">${row.details.map((d) => html`<li>${d}</li>`)}</ul></td></tr>`)}</tbody>
  </table></div>`;
}

/** The round just scored, per seat with how its score came about, until the person goes on. */
function RoundSummary({ frame, chooser, over }) {
  const summary = S.summary;
  if (!summary || (S.dismissed.has(summary.round) && !over)) return null;
  const deal = chooser.items.find((it) => it.token === "deal");
  const close = () => { S.dismissed.add(summary.round); redraw(); };
  // the deal says what the decision panel's button says (the game's words of `deal`): one action, one wording
  const body = html`<h2 id="round-summary-title">${gameWord("roundSummary", { round: summary.round })}</h2>
    <${SummaryRows} summary=${summary} frame=${frame} />
    ${!over && html`<p class="actions">
      ${deal ? html`<button type="button" class="primary" onClick=${() => { close(); send(S.active, "deal"); }}>${deal.steps[0].words}</button>`
        : html`<button type="button" class="primary" onClick=${close}>${t("continue")}</button>`}</p>`}`;
  if (over) return html`<section class="round-summary" data-zone="round-summary" aria-labelledby="round-summary-title">${body}</section>`;
  return html`<div class="overlay"><section class="round-summary" data-zone="round-summary" role="dialog"
      aria-modal="true" aria-labelledby="round-summary-title" onKeyDown=${(ev) => ev.key === "Escape" && close()}>${body}</section></div>`;
}

/** This page's answer to the rematch for each of its seats (issue 32: the first join offers it to every seat). Once
 * it exists (every person answered, or its time ran out) the page opens it with the seats' new links; until then it
 * waits for the frame that says so. */
async function answerRematch(join = true) {
  S.rematching = true;
  redraw();
  let fresh = [];
  for (const conn of S.conns.filter((c) => c.token)) {
    const { res, data } = await post(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { join }, conn.token);
    if (!res.ok) {
      S.rematching = false;
      showError(res.status, data);
      return;
    }
    fresh.push(data);
  }
  if (!join || !fresh.some((d) => d.id)) {
    S.rematching = join ? "waiting" : false;
    redraw();
    return;
  }
  if (!fresh.every((d) => d.id)) {  // this page's last answer made it: ask again for every seat's new link
    answerRematch(true);
    return;
  }
  const host = localStorage.getItem(HOST_KEY);  // the rematch keeps its host (rematch.make): so does this browser
  if (host) localStorage.setItem(`kartentisch.host.${fresh[0].id}`, host);
  const mine = fresh.filter((d) => d.token);
  if (!mine.length) {
    location.href = sameView(`/t/${fresh[0].id}`);
    return;
  }
  localStorage.setItem(`kartentisch.seat.${fresh[0].id}`, mine[0].token);
  location.href = sameView(hotseat ? `/t/${fresh[0].id}#hotseat=${mine.map((d) => d.token).join(",")}` : mine[0].url);
}

/** `url` in this page's view: a phone showing only its hand beside a shared screen (`?view=hand`) stays so at the
 * rematch (a helper's phones showed the whole table there). */
function sameView(url) {
  const view = new URLSearchParams(location.search).get("view");
  if (!view) return url;
  const to = new URL(url, location.href);
  to.searchParams.set("view", view);
  return to.pathname + to.search + to.hash;
}

/** Standings in the game's order (best first: lowest total first where the lowest wins), winners marked. */
function MatchSummary({ frame }) {
  const v = frame.view;
  if (!v.game_over) return null;
  const order = S.summary?.standings ?? [];
  const lower = frame.lower_wins ?? S.summary?.lower_wins;
  return html`<section class="match-summary" data-zone="match-summary" aria-labelledby="match-summary-title">
    <h2 id="match-summary-title">${gameWord("matchOver")}</h2>
    ${lower !== undefined && html`<p class="rule">${t(lower ? "lowestWins" : "highestWins")}</p>`}
    <ol class="standings">${order.map((s) => html`<li data-seat=${s} class=${v.winners.includes(s) ? "winner" : ""}>
      <span class="name">${resultName(frame.seats[s], seatName(frame, s))}</span> <span class="total">${points(v.totals[s])}</span>
      ${v.winners.includes(s) && html` <span class="mark">★ ${t("winner")}</span>`}</li>`)}</ol>
    ${(frame.seat !== null || hotseat) && !frame.rematch_offer && html`<p class="actions">
      <button type="button" class="primary rematch" disabled=${!!S.rematching} aria-busy=${S.rematching ? "true" : "false"}
        onClick=${() => answerRematch(true)}>${t("rematch")}</button>
      ${S.rematching && html` <span class="progress" role="status"><progress aria-label=${t("rematching")}></progress> ${t("rematching")}</span>`}</p>`}
    <${RematchOffer} frame=${frame} since=${S.active.since} answer=${answerRematch} busy=${!!S.rematching} />
  </section>`;
}

function Log({ frame }) {
  const lastMove = frame.log.reduce((at, e, i) => (!e.kind ? i : at), -1);
  return html`<section id="log" data-zone="log" aria-labelledby="log-title">
    <h2 id="log-title">${t("log")}</h2>
    <ol class="log" tabindex="0" aria-label=${t("log")}>${frame.log.map((entry, i) => entry.kind === "start"
      // round 1's deal, told as later rounds' deal moves are (a fresh user's log began with the first play)
      ? html`<li class="start">${entry.text}</li>`
      : entry.kind
      ? html`<li class=${entry.kind === "round" ? "round-end" : "seat-note"} data-seat=${entry.seat}>${entry.text}</li>`
      : html`<li class=${`move${i === lastMove ? " last" : ""}`} data-seat=${entry.seat} data-token=${entry.token}>${entry.text}</li>`)}</ol>
  </section>`;
}

/** Send a chat message as this page's seat, or as a spectator (where the table allows it): `{text}`, or a quick
 * reaction `{reaction: id}`, which every reader reads in their own language. */
async function say(message) {
  const conn = S.active;
  const url = `/api/tables/${encodeURIComponent(tableId)}/chat${conn.token ? "" : "?spectator=1"}`;
  const { res, data } = await post(url, message, conn.token);
  if (res.status === 429) S.chatNote = t("chatSlow", res.headers.get("Retry-After") ?? data.retry_after ?? "");
  else S.chatNote = res.ok ? "" : refusal(res.status, data);
  redraw();
  return res.ok;
}

/** Who wrote chat message `m`, as this page's reader calls them: "You"/"Du" for the reader's own seat (kit.js `who`,
 * as the log and the status lines say it), else the name the message carries (a spectator's too). */
function writer(frame, m) {
  return who({ seat: frame.seat, lang: lang(), seatName: () => m.name }, m.seat);
}

function Chat({ frame }) {
  const [draft, setDraft] = useState("");
  const submit = async (ev) => {
    ev.preventDefault();
    if (draft.trim() && await say({ text: draft.trim() })) setDraft("");
  };
  return html`<section id="chat" data-zone="chat" aria-labelledby="chat-title">
    <h2 id="chat-title">${t("chat")}</h2>
    <ol class="chat" aria-live="polite" tabindex="0" aria-label=${t("chat")}>${(frame.chat ?? []).map((m) => html`<li data-id=${m.id} data-seat=${m.seat}>
      <b class="who">${writer(frame, m)}</b>: <span class="text">${m.text}</span></li>`)}</ol>
    ${(frame.seat !== null || frame.spectator_chat) && html`<div class="quick" role="group" aria-label=${t("chat")}>
        ${S.reactions.map((r) => html`<button type="button" class="quick-reaction" data-reaction=${r.id}
          onClick=${() => say({ reaction: r.id })}>${word(r.words)}</button>`)}</div>
      <form class="chat-form" onSubmit=${submit}>
        <label class="sr-only" for="chat-text">${t("chatInput")}</label>
        <input id="chat-text" name="text" autocomplete="off" placeholder=${t("chatInput")}
          aria-describedby="chat-limit" value=${draft} onInput=${(e) => setDraft(fitted(e, CHAT_MAX))} />
        <button type="submit">${t("chatSend")}</button></form>
      <${LimitNote} id="chat-limit" value=${draft} max=${CHAT_MAX} />
      ${S.chatNote && html`<p class="note" role="status">${S.chatNote}</p>`}`}
    ${frame.seat === null && !frame.spectator_chat && html`<p class="note chat-closed">${t("chatSpectatorsOff")}</p>`}
  </section>`;
}

/** A seat as the score list and the round summary name it (`name`: the summary's own, "You" for this page's seat): a
 * bot playing it now says so (as its seat chip), at the end a bot's help. */
function scoreName(frame, s, name = seatName(frame, s)) {
  const seat = frame.seats[s];
  if (frame.view.game_over) return resultName(seat, name);
  return seat?.played_by ? `${name} · ${st("playedBy", seat.played_by)}` : name;
}

function Scores({ frame }) {
  const v = frame.view;
  const seats = [...Array(v.players).keys()];
  return html`<section id="scores" aria-labelledby="scores-title" tabindex="0"><h2 id="scores-title">${t("scores")}</h2>
    <table class=${`scores${seats.length > 3 ? " upright" : ""}${seats.length > 5 ? " many" : ""}`}><thead><tr><th scope="col">${gameWord("round")}</th>${seats.map((s) => html`<th scope="col"
      title=${scoreName(frame, s)}>${scoreName(frame, s)}</th>`)}</tr></thead>
      <tbody>${(v.scores || []).map((row, i) => html`<tr><th scope="row">${i + 1}</th>${row.map((x) => html`<td class="num">${points(x)}</td>`)}</tr>`)}</tbody>
      <tfoot><tr class="totals"><th scope="row">${t("totals")}</th>${(v.totals || []).map((x) => html`<td class="num">${points(x)}</td>`)}</tr></tfoot>
    </table></section>`;
}

function SeatsBar({ frame }) {
  const v = frame.view;
  return html`<ul id="seats-bar" aria-label=${t("seat")}>${[...Array(v.players).keys()].map((s) => html`<li
      class=${`seat-chip${v.to_act.includes(s) ? " to-act" : ""}${s === frame.seat ? " me" : ""}`}>
    <bdi>${seatName(frame, s)}</bdi>: ${points(v.totals?.[s] ?? 0)}${s === v.dealer && html`<small> (${t("dealer")})</small>`}${frame.seats[s]
      && html`<${SeatState} seat=${frame.seats[s]} since=${S.active.since} />`}</li>`)}</ul>`;
}

async function copy(text) {
  await navigator.clipboard?.writeText(text).catch(() => {});
  S.copied = text;
  redraw();
}

/** Before the start: who is missing, the invite link, and for the host a bot for each free seat. */
function WaitingSeats({ frame, token }) {
  const open = frame.waiting_for_seats ?? [];
  if (!open.length) return null;
  const invite = localStorage.getItem(INVITE_KEY);
  const host = localStorage.getItem(HOST_KEY);
  const fill = async (s) => {  // the host's own seat token: the log's line about it says "You put …"
    const { res, data } = await post(`/api/tables/${encodeURIComponent(tableId)}/seats/${s}`,
      { kind: "bot", bot: "heuristic", ...(token ? { seat_token: token } : {}) }, host);
    if (!res.ok) showError(res.status, data);
  };
  const full = invite && new URL(invite, location.href).href;
  return html`<section class="waiting-seats" data-zone="waiting">
    <p>${t("waitingSeats", seatList(frame, open))}</p>
    ${full && html`<p>${t("shareInvite")} <code class="invite-url">${full}</code>
      <button type="button" onClick=${() => copy(full)}>${S.copied === full ? t("copied") : t("copy")}</button></p>
      <p><img class="qr" src=${qrSrc(invite.split("/").pop(), false)} alt=${td("qr")} width="160" height="160" /></p>`}
    ${host && html`<p class="fill">${open.map((s) => html`<button type="button" class="fill-bot" data-seat=${s}
      onClick=${() => fill(s)}>${t("fillBot", s + 1)}</button> `)}</p>`}
  </section>`;
}

function Header({ frame }) {
  const g = S.games.find((x) => x.id === frame?.game);
  const name = g ? g.names[lang()] ?? g.id : frame?.game ?? "";
  const toggleSound = () => {
    S.sound = !S.sound;
    localStorage.setItem(SOUND_KEY, S.sound ? "1" : "0");
    if (S.sound) beep();
    redraw();
  };
  return html`<header>
    <h1><a href="/">kartentisch</a> <span id="game-name">${name}</span></h1>
    <span id="status" role="status">${S.status}</span>
    <button type="button" class="sound" aria-pressed=${S.sound ? "true" : "false"} onClick=${toggleSound}
      title=${t("sound")}><span aria-hidden="true">♪ </span><span class="label">${t("soundShort")}</span></button>
    <span id="lang"><button type="button" class="lang" lang=${lang() === "de" ? "en" : "de"} onClick=${relang}>${t("lang")}</button></span>
  </header>`;
}

/** The hand view's line: what this phone shows, and the way to the whole table (the same page without the view). */
function HandNote() {
  const whole = new URL(location.href);
  whole.searchParams.delete("view");
  return html`<p id="hand-note">${td("handHelp")} <a href=${whole.href}>${td("wholeTable")}</a></p>`;
}

function Info({ frame }) {
  const v = frame.view;
  const seatNo = frame.seat === null ? "" : `${t("seat")} ${frame.seat + 1}`;
  const name = frame.seat === null ? "" : seatName(frame, frame.seat);
  const everyone = () => seatList(frame, [...Array(v.players).keys()]);  // hot-seat's shared device at the end
  const who = frame.seat === null ? (hotseat ? everyone() : t("spectator")) : name === seatNo ? name : `${name} (${seatNo})`;
  const seed = frame.fixed_seed;
  return html`<p id="info">${who} · ${gameWord("round")} ${v.round} · ${t("phase")}: ${frame.phase_text}
    ${seed !== null && seed !== undefined && html`<span class="fixed-deal" title=${t("fixedDealWhy")}> · ${t("fixedDeal", seed)}</span>`}</p>`;
}

/** A friend's private seat link opened for the first time in this browser (`seatTokens`): its person is asked the
 * name to play under, as the invite page asks it (namefield.js), prefilled with the name the host gave the seat,
 * else the one this browser played under last; the seat takes it (POST …/seats/{seat}/name: a name like another
 * seat's is refused in the page's language) and the table opens. */
function NameAsk({ conn, frame }) {
  const own = frame.seats[frame.seat].name;
  if (S.nameDraft === null) S.nameDraft = own === `${t("seat")} ${frame.seat + 1}` ? rememberedName() : own;
  const submit = async (ev) => {
    ev.preventDefault();
    const name = S.nameDraft.trim();
    const { res, data } = await post(`/api/tables/${encodeURIComponent(tableId)}/seats/${frame.seat}/name?lang=${lang()}`,
      { name }, conn.token);
    S.nameNote = res.ok ? "" : data.text ?? t("refusedOther", res.status);
    if (res.ok) {
      rememberName(name);
      S.askName = false;
    }
    redraw();
  };
  return html`<main id="name-ask"><form onSubmit=${submit} aria-labelledby="name-ask-title">
    <h2 id="name-ask-title">${t("nameAsk")}</h2><p>${t("nameAskHelp")}</p>
    <${NameField} id="seat-name" value=${S.nameDraft} onInput=${(text) => { S.nameDraft = text; redraw(); }} />
    ${S.nameNote && html`<p class="error" role="alert">${S.nameNote}</p>`}
    <p><button type="submit" class="primary" disabled=${!S.nameDraft.trim()}>${t("nameAskPlay")}</button></p>
  </form></main>`;
}

/** Whom the replay and the review of the finished match are for: seat `s` (counted from 0; null: a spectator), as
 * the `seat` query value. They open in the reader's own view (fresh-user report "fair play"): every card open is a
 * choice on the replay page, never the link's. */
function readerOf(s) {
  return s === null ? "spectator" : String(s + 1);
}

/** The finished match's replay at position `n` from seat `s`'s view (null: a spectator's). */
function replayUrl(n, s) {
  return `/t/${encodeURIComponent(tableId)}/replay?n=${n}&seat=${readerOf(s)}`;
}

function App() {
  S.active = pickActive();
  const conn = S.active;
  const frame = conn.frame;
  if (!frame || !S.game) {
    return html`<${Header} frame=${frame} /><main id="table"><p>${S.status}</p>
      ${S.banner && html`<p id="banner" class="error" role="alert">${S.banner}</p>`}
      ${S.removed && html`<div class="removed"><p id="removed" role="status">${S.removed}</p>
        <p><a id="watch" class="button primary" href=${`/t/${encodeURIComponent(tableId)}`}>${t("watch")}</a></p></div>`}</main>`;
  }
  const v = frame.view;
  const covered = hotseat && frame.seat !== null && frame.seat !== S.revealed;
  const chooser = chooserFor(conn, frame);
  const ctx = tableContext(frame, chooser);
  const acting = !covered && frame.legal.length > 0;
  Object.assign(document.body.dataset, { phase: v.phase, n: frame.n, acting: acting ? "1" : "0",
    gameOver: v.game_over ? "1" : "0", game: frame.game });
  const g = S.games.find((x) => x.id === frame.game);
  attention(frame, acting, g ? g.names[lang()] ?? g.id : frame.game);
  if (S.askName && frame.seat !== null && !v.game_over) return html`<${Header} frame=${frame} /><${NameAsk} conn=${conn} frame=${frame} />`;
  if (covered) {
    return html`<${Header} frame=${frame} /><div id="cover"><p id="cover-text">${t("passTo")} ${seatName(frame, frame.seat)}</p>
      <button id="cover-show" type="button" onClick=${() => { S.revealed = frame.seat; redraw(); }}>${t("show")}</button></div>`;
  }
  const Table = S.game.Table;
  // The seat actions ("… is gone" rows, which come mid-move) sit below the table and its decision: when they appear
  // they never move the cards under a finger (a fresh user's tap missed its card).
  return html`<${Header} frame=${frame} />
    ${S.banner && html`<p id="banner" class="error" role="alert">${S.banner}</p>`}
    <main id="table" class=${`game-${frame.game}`}>
      <div class="board">
        ${HAND_VIEW ? html`<${HandNote} />` : html`<${Info} frame=${frame} />`}
        <${WaitingSeats} frame=${frame} token=${conn.token} />
        <${MatchSummary} frame=${frame} />
        ${v.game_over && html`<${ReviewPanel} api=${`/api/tables/${encodeURIComponent(tableId)}`} game=${S.game} names=${(s) => seatName(frame, s)}
          total=${frame.n} reader=${readerOf(frame.seat)} replayUrl=${replayUrl(0, frame.seat)}
          jump=${(n) => { location.href = replayUrl(n, frame.seat); }} />`}
        <${RoundSummary} frame=${frame} chooser=${chooser} over=${v.game_over} />
        <section id="zones" aria-label=${g?.names[lang()] ?? frame.game}><${Table} view=${v} ctx=${ctx} /></section>
        <${Decision} conn=${conn} frame=${frame} chooser=${chooser} ctx=${ctx} />
        <${HintPanel} key=${frame.n} tableId=${tableId} token=${conn.token} frame=${frame} game=${S.game} play=${(token) => send(conn, token)} />
        <${SeatActions} frame=${frame} token=${conn.token} host=${localStorage.getItem(HOST_KEY)} call=${seatCall} />
        ${!hotseat && frame.seat !== null && html`<${TurnPanel} tableId=${tableId} token=${conn.token} />`}
      </div>
      <aside class="side">
        <${SeatsBar} frame=${frame} />
        <${Log} frame=${frame} />
        <${Chat} frame=${frame} />
        <${Scores} frame=${frame} />
      </aside>
    </main>`;
}

const root = document.getElementById("app");

function redraw() {
  render(html`<${App} />`, root);
  const log = root.querySelector("ol.log");
  if (log) log.scrollTop = log.scrollHeight;
  const chat = root.querySelector("ol.chat");
  if (chat) chat.scrollTop = chat.scrollHeight;
}

/** After a language switch: draw the page's own words at once, and open each socket again in the new language
 * (the log's sentences, the seat names and the phase come from the server in it). */
function relang() {
  toggleLang();
  S.chooserKey = "";
  redraw();
  for (const conn of S.conns) {
    const old = conn.ws;
    connect(conn);
    old?.close();
  }
}

/** The clocks (the own one, the seats', the rematch offer's): redrawn every quarter second while one runs. */
function tick() {
  const frame = S.active?.frame;
  if ((S.active?.endAt !== null && frame?.legal.length) || frame?.seats.some((s) => s.clock !== null)
      || (frame?.rematch_offer && !frame.rematch_offer.made)) redraw();
}

async function main() {
  document.documentElement.lang = lang();
  document.body.classList.toggle("hand-view", HAND_VIEW);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && S.chooser?.started) S.chooser.cancel();
  });
  setInterval(tick, 250);
  redraw();
  S.games = await (await fetch("/api/games")).json();
  S.reactions = await (await fetch("/api/chat/reactions")).json();
  S.conns.forEach(connect);
}

main();
