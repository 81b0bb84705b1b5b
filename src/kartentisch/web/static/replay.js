// The replay page (issue 23): a finished table (/t/<id>/replay) or an uploaded replay file (/replay/<id>; /replay
// uploads one) stepped through move by move — first, back, forward, last, the slider or the arrow keys — from one
// seat's view as the table showed it to that seat then, or with every card open. The address always names the
// position (?n=42&seat=2, seats counted from 1), so it can be shared. The log in words and the review's marks beside.
import { Card } from "./cards.js";
import { coachWord, ct, MARKS } from "./coachwords.js";
import { lang, points, t, toggleLang } from "./i18n.js";
import { markedDecisions, ReviewPanel } from "./review.js";
import { html, loadGame, ownWord, render } from "./ui.js";

const parts = location.pathname.split("/").filter(Boolean);   // ["t", id, "replay"] | ["replay"] | ["replay", id]
const source = parts[0] === "t" ? { kind: "table", id: decodeURIComponent(parts[1]) }
  : parts[1] ? { kind: "upload", id: decodeURIComponent(parts[1]) } : null;
const API = source && `/api/${source.kind === "table" ? "tables" : "replays"}/${encodeURIComponent(source.id)}`;
const POSITIONS = source && (source.kind === "table" ? `${API}/replay` : API);   // GET …?n=&seat=&since=&lang=
const query = new URLSearchParams(location.search);
const NO_CHOOSER = { chosen: [], started: false, offer: () => null };

const S = {
  games: [],
  game: null,
  n: Math.max(0, Number.parseInt(query.get("n") ?? "0", 10) || 0),
  seat: query.get("seat") ?? "spectator",   // the reader's own view; every card open only when chosen
  pos: null,             // the position shown (GET …/replay)
  events: new Map(),     // "<seat>|<lang>" → the log told to that reader, one list of entries per move
  starts: new Map(),     // "<seat>|<lang>" → round 1's start as told to that reader (a log from 0 begins with it)
  marks: new Map(),      // move number (from 1) → its review decision, for the moves marked worse than good
  error: "",
  errorDetail: "",
  copied: false,
};

/** A log's entries grouped per move: a move entry, then the round entry it may have caused (round 1's start, which
 * comes before the first move, is no move: left out). */
function byEvent(entries) {
  const out = [];
  for (const e of entries) {
    if (e.kind === "start") continue;
    if (e.kind === "round" && out.length) out[out.length - 1].push(e);
    else out.push([e]);
  }
  return out;
}

/** Show position `n` from `seat`'s view ("spectator"; "all": every card open), fetching only the log not seen yet. */
async function show(n, seat = S.seat) {
  const total = S.pos?.total ?? Infinity;
  n = Math.max(0, Math.min(n, total));
  const key = `${seat}|${lang()}`;
  const known = S.events.get(key) ?? [];
  const since = Math.min(known.length, n);
  const res = await fetch(`${POSITIONS}?n=${n}&seat=${encodeURIComponent(seat)}&since=${since}&lang=${lang()}`)
    .catch(() => null);
  const data = res ? await res.json().catch(() => ({})) : {};
  if (!res?.ok) {
    S.error = data.text ?? data.error ?? ct("error");   // a table still running: the server's words, in its game's
    redraw();
    return;
  }
  const events = known.slice(0, since).concat(byEvent(data.log));
  if (events.length >= known.length) S.events.set(key, events);
  const start = data.log.find((e) => e.kind === "start");
  if (start) S.starts.set(key, start);
  const opening = S.starts.has(key) ? [S.starts.get(key)] : [];
  if (!S.game) S.game = await loadGame(data.game);
  Object.assign(S, { pos: { ...data, log: opening.concat(events.slice(0, n).flat()) }, n, seat, error: "", errorDetail: "",
    copied: false });
  const url = new URL(location.href);
  url.searchParams.set("n", String(n));
  url.searchParams.set("seat", seat);
  history.replaceState(history.state, "", url);
  Object.assign(document.body.dataset, { n: String(n), seat, total: String(data.total), ready: "1" });
  redraw();
}

function seatName(s) {
  return S.pos?.seats[s]?.name ?? `${t("seat")} ${s + 1}`;
}

/** The face of `code` named as the server names it (the position's card_names), as on the table page. */
function faceOf(code) {
  const named = S.pos.card_names?.[code];
  const face = S.game.card(code, lang(), named);
  if (!face) return null;
  return { ...face, name: named ?? face.name ?? (face.back ? t("hiddenCard") : code) };
}

/** The table's context for the game's renderer: nothing is offered (nobody moves in a replay). */
function context(pos) {
  const last = [...pos.log].reverse().find((e) => !e.kind);  // a move: no round end, not round 1's start
  const moved = new Set(last ? last.cards.filter((c) => pos.card_names?.[c]) : []);
  return {
    seat: pos.seat, frame: pos, view: pos.view, lang: lang(), t, moved, chooser: NO_CHOOSER,
    seatName, face: faceOf, cardName: (code) => faceOf(code)?.name ?? String(code), offer: () => null,
  };
}

function onKey(ev) {
  if (!S.pos || ev.altKey || ev.ctrlKey || ev.metaKey || ev.target.closest?.("input, select, textarea")) return;
  const to = { ArrowLeft: S.n - 1, ArrowRight: S.n + 1, Home: 0, End: S.pos.total }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  show(to);
}

async function copyLink() {
  await navigator.clipboard?.writeText(location.href).catch(() => {});
  S.copied = true;
  redraw();
}

function Header() {
  const g = S.games.find((x) => x.id === S.pos?.game);
  const name = g ? g.names[lang()] ?? g.id : "";
  document.title = `${ct("replayTitle")}${name ? ` · ${name}` : ""} · kartentisch`;
  return html`<header>
    <h1><a href="/">kartentisch</a> <span id="game-name">${name}${name && " · "}${ct("replayTitle")}</span></h1>
    <span id="lang"><button type="button" class="lang" lang=${lang() === "de" ? "en" : "de"} onClick=${relang}>${t("lang")}</button></span>
  </header>`;
}

function Controls({ pos }) {
  const at = pos.n;
  const step = (to, label, key, symbol) => html`<button type="button" class=${`step ${key}`} aria-label=${label}
    title=${label} disabled=${to < 0 || to > pos.total || to === at} onClick=${() => show(to)}><span aria-hidden="true">${symbol}</span></button>`;
  return html`<nav class="replay-controls" aria-label=${ct("replayTitle")}>
    <div class="steps" role="group">
      ${step(0, ct("first"), "first", "|◀")}${step(at - 1, ct("back"), "back", "◀")}
      ${step(at + 1, ct("forward"), "forward", "▶")}${step(pos.total, ct("last"), "last", "▶|")}
    </div>
    <label class="where"><span class="sr-only">${ct("position", at, pos.total)}</span>
      <input type="range" min="0" max=${pos.total} value=${at} onInput=${(e) => show(Number(e.currentTarget.value))} /></label>
    <span class="position" role="status">${at === 0 ? ct("deal") : ct("position", at, pos.total)}</span>
    <label class="view-as">${ct("viewAs")} <select value=${S.seat} onChange=${(e) => show(S.n, e.currentTarget.value)}>
      ${pos.seats.map((s) => html`<option value=${String(s.seat + 1)}>${s.name}</option>`)}
      <option value="spectator">${ct("spectator")}</option>
      ${pos.over && html`<option value="all">${ct("allOpen")}</option>`}</select></label>
    <button type="button" class="share" onClick=${copyLink}>${S.copied ? ct("copied") : ct("share")}</button>
  </nav>`;
}

/** Every card open: the cards each seat saw and nobody else (its hand, a card it held or passed); nothing where
 * no seat held a hidden card (chips). */
function OnlySeen({ pos, ctx }) {
  if (!pos.only_seen?.some((codes) => codes.length)) return null;
  const Seen = ({ code }) => {
    const face = ctx.face(code);
    return face ? html`<${Card} face=${face} code=${code} />` : html`<span class="value">${code}</span>`;
  };
  return html`<section class="only-seen" data-zone="only-seen" aria-label=${ct("allOpen")}>
    ${pos.only_seen.map((codes, s) => html`<p data-seat=${s}><b>${ct("onlySees", seatName(s))}</b>
      ${codes.length ? html`<span class="cards">${codes.map((c, i) => html`<${Seen} key=${`${c}-${i}`} code=${c} />`)}</span>`
        : html`<span class="none">${ct("nothingHidden")}</span>`}</p>`)}
  </section>`;
}

/** The log up to the position, each move with the review's mark beside it; a click goes to the position after it. */
function Log({ pos }) {
  let move = 0;
  return html`<section id="log" data-zone="log" aria-labelledby="log-title">
    <h2 id="log-title">${t("log")}</h2>
    <ol class="log replay-log" tabindex="0" aria-label=${t("log")}>${pos.log.map((entry) => {
      if (entry.kind === "round") return html`<li class="round-end">${entry.text}</li>`;
      if (entry.kind === "start") return html`<li class="start">${entry.text}</li>`;  // round 1's deal: position 0
      move += 1;
      const n = move;
      const mark = S.marks.get(n);
      return html`<li class=${`move${n === pos.n ? " last" : ""}${mark ? ` mark-${mark.mark}` : ""}`} data-n=${n} data-seat=${entry.seat}>
        <button type="button" class="to-move" onClick=${() => show(n)} aria-label=${`${ct("move", n)}: ${entry.text}`}>${n}</button>
        <span class="text">${entry.text}</span>
        ${mark && html` <span class="badge" title=${`${ct(mark.mark)}${mark.best_text ? ` · ${ct("better", mark.best_text, Math.round(100 * mark.win_best) + " %")}` : ""}`}
          aria-label=${ct(mark.mark)}>${MARKS[mark.mark]}</span>`}</li>`;
    })}</ol>
  </section>`;
}

/** The seats with their totals; once the match is over its winners marked, as the table's result marks them. */
function Scores({ pos }) {
  const v = pos.view;
  const won = (s) => v.game_over && (v.winners ?? []).includes(s);
  return html`<ul id="seats-bar" aria-label=${t("seat")}>${pos.seats.map((s) => html`<li data-seat=${s.seat}
      class=${`seat-chip${v.to_act.includes(s.seat) ? " to-act" : ""}${s.seat === pos.seat ? " me" : ""}${won(s.seat) ? " winner" : ""}`}>
    <bdi>${s.name}</bdi>: ${points(v.totals?.[s.seat] ?? 0)}${won(s.seat) && html` <span class="mark">★ ${t("winner")}</span>`}</li>`)}</ul>`;
}

function Upload() {
  const open = async (ev) => {
    ev.preventDefault();
    const file = ev.currentTarget.elements.file.files[0];
    if (!file) return;
    const res = await fetch(`/api/replays?lang=${lang()}`, { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: await file.text() }) })
      .catch(() => null);
    const data = res ? await res.json().catch(() => ({})) : {};
    if (!res?.ok) {  // the server's words (a bad file: its line and what belongs there); the parser's behind "Details"
      const bad = res?.status === 422;
      S.error = data.text ?? (bad ? ct("badReplay") : data.error ?? ct("error"));
      S.errorDetail = bad ? data.error ?? "" : "";
      redraw();
      return;
    }
    location.href = `${data.url}?n=0&seat=spectator`;
  };
  return html`<form class="upload" onSubmit=${open}>
    <h2>${ct("upload")}</h2>
    <p>${ct("uploadHelp")}</p>
    <label class="sr-only" for="file">${ct("upload")}</label>
    <input id="file" name="file" type="file" accept=".jsonl,.json,.txt,application/json,text/plain" />
    <button type="submit" class="primary">${ct("uploadButton")}</button>
  </form>`;
}

function App() {
  const pos = S.pos;
  const error = S.error && html`<p id="banner" class="error" role="alert">${S.error}
    ${source?.kind === "table" && html` <a href=${`/t/${encodeURIComponent(source.id)}`}>${ct("toTable")}</a>`}</p>
    ${S.errorDetail && html`<details class="error-detail"><summary>${ct("details")}</summary><code>${S.errorDetail}</code></details>`}`;
  if (!source) return html`<${Header} /><main id="replay">${error}<${Upload} /></main>`;
  if (!pos || !S.game) return html`<${Header} /><main id="replay">${error || html`<p>${ct("loading")}</p>`}</main>`;
  const ctx = context(pos);
  const Table = S.game.Table;
  const last = [...pos.log].reverse().find((e) => e.kind !== "round");
  return html`<${Header} />${error}
    <main id="replay" class=${`replay game-${pos.game}`}>
      <div class="board">
        <${Controls} pos=${pos} />
        <p class="keys">${ct("keys")}</p>
        <p id="info">${pos.open ? ct("allOpen") : `${ct("viewAs")}: ${pos.seat === null ? ct("spectator") : seatName(pos.seat)}`} · ${ownWord(S.game, lang(), "round") ?? t("round")} ${pos.view.round} · ${t("phase")}: ${pos.phase_text}</p>
        ${pos.seats_note && html`<p id="seats-note" class="hint">${pos.seats_note}</p>`}
        <p class="now" aria-live="polite">${last ? last.text : ct("deal")}</p>
        <section id="zones" aria-label=${ct("replayTitle")}><${Table} view=${pos.view} ctx=${ctx} /></section>
        <${OnlySeen} pos=${pos} ctx=${ctx} />
      </div>
      <aside class="side">
        <${Scores} pos=${pos} />
        <${Log} pos=${pos} />
        ${pos.over ? html`<${ReviewPanel} api=${API} game=${S.game} names=${seatName} total=${pos.total} at=${pos.n}
          reader=${S.seat} onReview=${(review) => { S.marks = new Map(markedDecisions(review).map((d) => [d.n, d])); redraw(); }}
          jump=${(n) => show(n)} />` : html`<section class="review" data-zone="review" data-state="not-over">
          <h2>${ct("reviewTitle")}</h2><p class="not-over">${coachWord(S.game, "reviewWhenOver")}</p></section>`}
        ${source.kind === "table" && html`<p><a href=${`/t/${encodeURIComponent(source.id)}`}>${ct("toTable")}</a></p>`}
      </aside>
    </main>`;
}

const root = document.getElementById("app");

function redraw() {
  render(html`<${App} />`, root);
  const log = root.querySelector("ol.replay-log");
  const current = log?.querySelector("li.last");
  if (log) log.scrollTop = current ? current.offsetTop - log.clientHeight / 2 : 0;  // the position's move in view
}

/** The page's words at once, the server's words (log, names, phase) fetched again in the new language. */
function relang() {
  toggleLang();
  redraw();
  if (source) show(S.n);
}

async function main() {
  document.documentElement.lang = lang();
  document.addEventListener("keydown", onKey);
  redraw();
  S.games = await (await fetch("/api/games")).json();
  if (source) await show(S.n);
  else {
    document.body.dataset.ready = "1";
    redraw();
  }
}

main();
