// The invite page (/join/<code>): whoever opens the one link the host shares sees the table's seats, types a
// name and takes a free seat (POST /api/invites/{code}/join); the seat's private token is kept in this browser
// and the table opens. Someone faster gets the seat: the page says so and shows the seats again. "Watch" is offered
// while the match runs (the invite's `watch`); a finished match has nothing to watch live and offers its replay and
// review instead, and one's own seat (its rematch) to whoever holds one. The seats follow the table over its
// spectator socket, or by reading the invite every few seconds where the socket is refused (the spectator cap).
import { lang, t, toggleLang } from "./i18n.js";
import { NameField, rememberName, rememberedName } from "./namefield.js";
import { html, loadGame, ownWord, render, useEffect, useState } from "./ui.js";

const code = decodeURIComponent(location.pathname.split("/").pop());
/** Milliseconds between two reads of the invite while its socket is refused or closed (see Join). */
const POLL_MS = 5000;
// an invite shown on a table display (issue 34): the phone opens its seat in the hand view
const HAND = new URLSearchParams(location.search).get("view") === "hand";

/** A seat's link `url` in the page's language, in the hand view when the invite asked for it. */
function seatLink(url) {
  const full = new URL(url, location.href);
  if (HAND) full.searchParams.set("view", "hand");
  return `${full.pathname}${full.search}${full.hash}`;
}

function Join() {
  const [invite, setInvite] = useState(null);
  const [game, setGame] = useState(null);   // the game's module: its own words for the match (chips: "Spiel", D1)
  const [name, setName] = useState(rememberedName());
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [, setLang] = useState(lang());
  const load = async () => {   // the seats' names in the page's language
    const res = await fetch(`/api/invites/${encodeURIComponent(code)}?lang=${lang()}`);
    const data = res.ok ? await res.json() : { error: res.status };
    if (data.game) setGame(await loadGame(data.game));
    setInvite(data);
  };
  /** A page word that names the match, in the game's own terms where it has them (ui.js ownWord), as the table's. */
  const matchWord = (key) => ownWord(game, lang(), key) ?? t(key);
  useEffect(() => { load().then(() => { document.body.dataset.ready = "1"; }); }, []);
  // the seats follow the table: its spectator socket sends a frame on every change (a seat taken, the start), and
  // the list is read again (two friends tapped a seat taken long before and read "Someone was faster"). A socket
  // refused (the table has its most spectators already) or closed leaves the invite read every POLL_MS instead,
  // while the page is visible (at once when it shows again), until the table is full or over (`waiting` ends).
  const waiting = invite?.table && !invite.started && !invite.over ? invite.table : null;
  useEffect(() => {
    if (!waiting) return undefined;
    let polling = null;
    let done = false;
    const visible = () => document.visibilityState === "visible";
    const poll = () => { if (visible()) load(); };
    const shown = () => { if (polling !== null) poll(); };
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(waiting)}?lang=${lang()}`);
    ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "auth", token: null })));
    ws.addEventListener("message", (ev) => { if (JSON.parse(ev.data).type === "state") load(); });
    ws.addEventListener("close", () => { if (!done && polling === null) polling = setInterval(poll, POLL_MS); });
    document.addEventListener("visibilitychange", shown);
    return () => {
      done = true;
      clearInterval(polling);
      document.removeEventListener("visibilitychange", shown);
      ws.close();
    };
  }, [waiting]);

  const take = async (seat) => {
    setNote("");
    setBusy(true);
    const res = await fetch(`/api/invites/${encodeURIComponent(code)}/join?lang=${lang()}`, {  // refusals in the page's language
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat, name: name.trim() }) });
    const data = await res.json().catch(() => ({}));
    setBusy(false);
    if (res.ok) {
      localStorage.setItem(`kartentisch.seat.${data.table}`, data.token);
      rememberName(name);
      location.href = seatLink(data.url);
      return;
    }
    // the server's refusal in this page's language (its `text`), never its English message for developers
    // a seat taken a moment ago: the page's own words; the match over meanwhile: the server's (no seat to choose)
    setNote(res.status === 409 && !/match is over/.test(data.error ?? "") ? t("seatTaken")
      : data.text ?? t("refusedOther", res.status));
    load();
  };

  const header = html`<header><h1><a href="/">kartentisch</a></h1>
    <span id="lang"><button type="button" class="lang" lang=${lang() === "de" ? "en" : "de"}
      onClick=${() => { toggleLang(); setLang(lang()); load(); }}>${t("lang")}</button></span></header>`;
  if (!invite) return html`${header}<main><p>…</p></main>`;
  if (invite.error) return html`${header}<main><p class="error" role="alert">${t("unknownInvite")}</p></main>`;
  const mine = localStorage.getItem(`kartentisch.seat.${invite.table}`);
  const open = invite.seats.filter((s) => s.kind === "open");
  const gameName = invite.game_name[lang()] ?? invite.game_name.en;
  return html`${header}<main id="join">
    <h2>${t("joinTitle")}: ${gameName}</h2>
    ${invite.clock && html`<p id="join-clock">◷ ${invite.clock}</p>`}
    ${invite.over ? html`<p id="join-over">${matchWord("inviteOver")}</p>
        <p><a class="button primary replay-link" href=${invite.replay}>${matchWord("replayReview")}</a></p>`
      : invite.started || !open.length ? html`<p>${invite.started ? matchWord("started") : t("noFree")}</p>`
      : html`<p>${t("joinHelp")}</p><p id="deal-fixed">${t("dealFixed")}${invite.fixed_seed ? ` ${t("fixedDealWhy")}` : ""}</p>
        <${NameField} id="join-name" value=${name} onInput=${setName} />`}
    ${note && html`<p class="error" role="alert">${note}</p>`}
    <ul class="seat-list">${invite.seats.map((s) => html`<li data-seat=${s.seat} data-kind=${s.kind}>
      <span class="seat-no">${t("seat")} ${s.seat + 1}</span>
      <span>${s.name ?? t("kind_open")}${s.kind === "bot" && !s.name.toLowerCase().includes(t("kind_bot").toLowerCase())
        ? ` (${t("kind_bot")})` : ""}</span>
      ${s.kind === "open" && !invite.started && html`<button type="button" class="primary take" disabled=${busy || !name.trim()}
        onClick=${() => take(s.seat)}>${t("take")}</button>`}</li>`)}</ul>
    ${(mine || invite.watch) && html`<p>${mine && html`<a class="button primary"
        href=${seatLink(`/t/${encodeURIComponent(invite.table)}#seat=${mine}`)}>${t("openMySeat")}</a> `}
      ${invite.watch && html`<a href=${invite.watch}>${t("watch")}</a>`}</p>`}
  </main>`;
}

document.documentElement.lang = lang();
render(html`<${Join} />`, document.getElementById("app"));
