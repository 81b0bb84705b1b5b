// A group's page, a "Spielrunde" (/g/<code>; kartentisch/web/groups.py): join with a name once (the member key is
// kept in this browser; the same name gives it back on another device), change one's name, leave, or remove a
// member (each asked first; past matches stay, marked), start a table or a score pad with the
// members, find one's own seat at the group's tables, and the standings per game (rating, matches, wins, average
// score, recent places, head to head, a chart of the ratings drawn here as SVG) with a CSV file of them.
import { isLength, lang, lengthChoices, listing, points, t as pageWord, toggleLang } from "./i18n.js";
import { LimitNote, NAME_MAX, fitted } from "./namefield.js";
import { html, render, useEffect, useLayoutEffect, useRef, useState } from "./ui.js";
import { HintsOption } from "./hint.js";

/** How often an open, visible group page looks for new tables and results (ms). */
const EVERY_MS = 10_000;

const STRINGS = {
  en: {
    lang: "Deutsch", group: "Group", join: "Join the group", joinHelp: "Type your name once: this browser remembers "
      + "you. On another device, type the same name and tick \"I joined before\" to get your place back.",
    yourName: "Your name", joinButton: "Join", again: "I joined before (on another device)",
    you: "You play here as {0}.", members: "Members", share: "Invite to the group",
    shareHelp: "Everyone with this link can join the group and see its tables: share it only with the people you play with.",
    copy: "Copy", copied: "Copied", start: "Play", game: "Game", who: "Who plays", bots: "Bots",
    startTable: "Start a table", startPad: "Score pad for real cards", starting: "Starting…",
    matches: "Tables and score pads", none: "Nothing played yet.", running: "running", over: "over", started: "started {0}",
    mySeat: "Go to my seat", watch: "Watch", replay: "Replay", pad: "Score pad", standings: "Standings", withBots: "Count the bots",
    noStandings: "The standings appear after the first finished match.", matchesOf: "{0} matches", matchOf: "1 match",
    rank: "#", player: "Player", rating: "Rating", played: "Matches", wins: "Wins", average: "Avg. score",
    form: "Form", bot: "a bot", chart: "Rating after each match", headToHead: "Head to head",
    ahead: "{0} ahead", level: "level", met: "met {0} times", csv: "Download the standings (CSV)",
    ratingHelp: "The rating (OpenSkill) starts at 0 and rises with good placings against strong players.",
    botRule: "When a bot plays for someone (they left, their time ran out, or their seat was handed to a bot): a "
      + "match counts for a member who made at least half of their moves themselves, marked “with a bot's help” "
      + "if a bot made some. If a bot made more than half, it is the bot's match: it does not count for the member, "
      + "neither as played nor as won.",
    helped: "Matches counted with a bot's help: {0}.",
    byBot: "Matches a bot played, not counted for the member: {0}.",
    manage: "Change your name or the members", newName: "Your name in the group", rename: "Change my name",
    removeHelp: "Anyone in the group can remove a member who joined by mistake or no longer plays with you. Their "
      + "past matches stay in the list and the standings, marked “no longer in the group”.",
    remove: "Remove", removeWho: "Remove {0} from the group",
    removeAsk: "Remove {0} from the group? {0} can no longer start tables here or see their seats from this page; "
      + "their past matches stay, marked “no longer in the group”. If {0} joins again under this name, {0} gets "
      + "this place and these matches back.",
    removeYes: "Yes, remove {0}", cancel: "Cancel", leave: "Leave the group",
    leaveAsk: "Leave the group? Your past matches stay, marked “no longer in the group”. If you join again under "
      + "the same name, you get your place and your matches back.", leaveYes: "Yes, leave", removed: "{0} is no longer in the group.",
    renamed: "Your name in the group is now {0}.", left: "You left the group.",
    gone: "This browser's place in the group is gone: you left, or another member removed you. Join again under "
      + "your name to play along: you get your place and your matches back.",
    unknown: "There is no group with this link.", error: "Error",
    pickTwo: "Choose the players: {0} to {1} for this game.",
  },
  de: {
    lang: "English", group: "Spielrunde", join: "Der Spielrunde beitreten", joinHelp: "Gib einmal deinen Namen ein: "
      + "dieser Browser merkt sich dich. Auf einem anderen Gerät bekommst du mit demselben Namen und „Ich bin schon "
      + "dabei“ deinen Platz zurück.", again: "Ich bin schon dabei (auf einem anderen Gerät beigetreten)",
    yourName: "Dein Name", joinButton: "Beitreten", you: "Du spielst hier als {0}.", members: "Mitglieder",
    share: "In die Spielrunde einladen",
    shareHelp: "Wer diesen Link hat, kann der Spielrunde beitreten und ihre Tische sehen: teile ihn nur mit deinen Mitspielern.",
    copy: "Kopieren", copied: "Kopiert", start: "Spielen", game: "Spiel", who: "Wer spielt mit", bots: "Bots",
    startTable: "Tisch starten", startPad: "Punkteblock für echte Karten", starting: "Starte…",
    matches: "Tische und Punkteblöcke", none: "Noch nichts gespielt.", running: "läuft", over: "vorbei", started: "begonnen {0}",
    mySeat: "Zu meinem Platz", watch: "Zuschauen", replay: "Nachspielen", pad: "Punkteblock", standings: "Tabelle", withBots: "Bots mitzählen",
    noStandings: "Die Tabelle erscheint nach der ersten beendeten Partie.", matchesOf: "{0} Partien", matchOf: "1 Partie",
    rank: "#", player: "Spieler", rating: "Wertung", played: "Partien", wins: "Siege", average: "Ø Punkte",
    form: "Form", bot: "ein Bot", chart: "Wertung nach jeder Partie", headToHead: "Direkter Vergleich",
    ahead: "{0} vorn", level: "gleichauf", met: "{0}-mal gegeneinander", csv: "Tabelle herunterladen (CSV)",
    ratingHelp: "Die Wertung (OpenSkill) beginnt bei 0 und steigt mit guten Plätzen gegen starke Gegner.",
    botRule: "Spielt ein Bot für jemanden (die Person ist gegangen, ihre Zeit ist abgelaufen oder ihr Platz wurde "
      + "einem Bot übergeben), gilt: Eine Partie zählt für ein Mitglied, das mindestens die Hälfte seiner Züge "
      + "selbst gemacht hat, mit dem Vermerk „mit Bot-Hilfe“, wenn ein Bot einige gemacht hat. Hat ein Bot mehr als "
      + "die Hälfte gemacht, ist es die Partie des Bots: Sie zählt für das Mitglied nicht, weder als gespielt noch "
      + "als gewonnen.",
    helped: "Mit Bot-Hilfe gezählte Partien: {0}.",
    byBot: "Von einem Bot gespielte Partien, nicht für das Mitglied gezählt: {0}.",
    manage: "Deinen Namen oder die Mitglieder ändern", newName: "Dein Name in der Spielrunde",
    rename: "Meinen Namen ändern",
    removeHelp: "Jedes Mitglied kann jemanden entfernen, der aus Versehen beigetreten ist oder nicht mehr mitspielt. "
      + "Die bisherigen Partien bleiben in der Liste und in der Tabelle, mit dem Vermerk „nicht mehr dabei“.",
    remove: "Entfernen", removeWho: "{0} aus der Spielrunde entfernen",
    removeAsk: "{0} aus der Spielrunde entfernen? {0} kann hier dann keine Tische mehr starten und die eigenen Plätze "
      + "nicht mehr über diese Seite finden; die bisherigen Partien bleiben, mit dem Vermerk „nicht mehr dabei“. "
      + "Tritt {0} unter diesem Namen wieder bei, bekommt {0} den Platz und die Partien zurück.",
    removeYes: "Ja, {0} entfernen", cancel: "Abbrechen", leave: "Spielrunde verlassen",
    leaveAsk: "Die Spielrunde verlassen? Deine bisherigen Partien bleiben, mit dem Vermerk „nicht mehr dabei“. Trittst "
      + "du unter demselben Namen wieder bei, bekommst du deinen Platz und deine Partien zurück.", leaveYes: "Ja, verlassen",
    removed: "{0} ist nicht mehr in der Spielrunde.", renamed: "Dein Name in der Spielrunde ist jetzt {0}.",
    left: "Du hast die Spielrunde verlassen.",
    gone: "Dein Platz in dieser Spielrunde ist nicht mehr da: Du hast sie verlassen, oder ein anderes Mitglied hat "
      + "dich entfernt. Tritt unter deinem Namen wieder bei, um mitzuspielen: Du bekommst deinen Platz und deine "
      + "Partien zurück.",
    unknown: "Zu diesem Link gibt es keine Spielrunde.", error: "Fehler",
    pickTwo: "Wähle die Mitspieler: {0} bis {1} für dieses Spiel.",
  },
};
const t = (key, ...args) => (STRINGS[lang()][key] ?? STRINGS.en[key]).replace(/\{(\d)\}/g, (_, i) => String(args[i]));
const code = decodeURIComponent(location.pathname.split("/").pop());
const KEY = `kartentisch.group.${code}`;
const api = (path) => `/api/groups/${encodeURIComponent(code)}${path}`;
/** A game's length option (as the lobby offers it first), or undefined. */
const lengthOf = (game) => game?.options.find(isLength);
/** Line colours of the chart (told apart by the legend's names too). */
const COLOURS = ["#1f5fbf", "#c0392b", "#2f8f46", "#8e44ad", "#d68910", "#17a2b8", "#6d4c41", "#e84393", "#555"];

async function call(method, path, body) {
  const key = localStorage.getItem(KEY);
  const headers = { "Content-Type": "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}) };
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(`${api(path)}${sep}lang=${lang()}`, { method, headers, body: body && JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(data.text ?? data.error ?? `${res.status}`), { status: res.status });
  return data;
}

function JoinForm({ onJoined }) {
  const [name, setName] = useState(localStorage.getItem("kartentisch.name") ?? "");
  const [error, setError] = useState("");
  const [again, setAgain] = useState(false);
  const submit = async (ev) => {
    ev.preventDefault();
    setError("");
    try {
      const data = await call("POST", "/members", { name, again });
      localStorage.setItem(KEY, data.key);
      localStorage.setItem("kartentisch.name", data.name);
      onJoined();
    } catch (err) { setError(err.message); }
  };
  return html`<section id="join" aria-labelledby="join-title"><h2 id="join-title">${t("join")}</h2>
    <p class="hint">${t("joinHelp")}</p>
    <form class="field" onSubmit=${submit}><label class="label" for="member-name">${t("yourName")}</label>
      <input id="member-name" autocomplete="nickname" aria-describedby="member-name-limit" value=${name}
        onInput=${(e) => setName(fitted(e, NAME_MAX))} />
      <${LimitNote} id="member-name-limit" value=${name} max=${NAME_MAX} />
      <label class="check"><input type="checkbox" id="member-again" checked=${again}
        onChange=${(e) => setAgain(e.currentTarget.checked)} /> ${t("again")}</label>
      <button type="submit" id="join-button" class="primary" disabled=${!name.trim()}>${t("joinButton")}</button></form>
    ${error && html`<p class="error" role="alert">${error}</p>`}</section>`;
}

/** The member's own name changed, leaving the group, and removing another member (any member may: a group has no
 * admin), each asked first; `onDone(words)` reloads the group, then says what happened (said first, it stood above
 * the old list: "Cleo is no longer in the group" beside Cleo). */
function Manage({ group, me, onDone }) {
  const [name, setName] = useState(me.name);
  const [asking, setAsking] = useState(null);   // the member number whose removal is asked, or "leave"
  const [error, setError] = useState("");
  const act = async (work, words) => {
    setError("");
    try { await work(); setAsking(null); onDone(words); } catch (err) { setError(err.message); }
  };
  const rename = (ev) => {
    ev.preventDefault();
    act(async () => {
      const data = await call("PATCH", `/members/${me.member}`, { name });
      localStorage.setItem("kartentisch.name", data.name);
      setName(data.name);
      return data;
    }, t("renamed", name.trim()));
  };
  const remove = (m) => act(() => call("DELETE", `/members/${m.member}`), t("removed", m.name));
  const leave = () => act(async () => {
    await call("DELETE", `/members/${me.member}`);
    localStorage.removeItem(KEY);
  }, t("left"));
  const ask = (text, yes, onYes) => html`<div class="confirm" role="group"><p>${text}</p><div class="actions">
    <button type="button" class="primary danger" onClick=${onYes}>${yes}</button>
    <button type="button" onClick=${() => setAsking(null)}>${t("cancel")}</button></div></div>`;
  const others = group.members.filter((m) => m.member !== me.member);
  return html`<details class="more manage" id="manage"><summary>${t("manage")}</summary>
    <form class="field" id="rename" onSubmit=${rename}><label class="label" for="rename-name">${t("newName")}</label>
      <input id="rename-name" autocomplete="nickname" aria-describedby="rename-name-limit" value=${name}
        onInput=${(e) => setName(fitted(e, NAME_MAX))} />
      <${LimitNote} id="rename-name-limit" value=${name} max=${NAME_MAX} />
      <button type="submit" id="rename-button" disabled=${!name.trim() || name.trim() === me.name}>${t("rename")}</button></form>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${others.length > 0 && html`<p class="hint">${t("removeHelp")}</p><ul class="member-list">
      ${others.map((m) => html`<li data-member=${m.member}><span>${m.name}</span>
        ${asking === m.member ? ask(t("removeAsk", m.name), t("removeYes", m.name), () => remove(m))
          : html`<button type="button" class="remove" aria-label=${t("removeWho", m.name)}
              onClick=${() => setAsking(m.member)}>${t("remove")}</button>`}</li>`)}</ul>`}
    ${asking === "leave" ? ask(t("leaveAsk"), t("leaveYes"), leave)
      : html`<p><button type="button" id="leave" onClick=${() => setAsking("leave")}>${t("leave")}</button></p>`}
  </details>`;
}

function Share() {
  const [copied, setCopied] = useState(false);
  const url = new URL(`/g/${encodeURIComponent(code)}`, location.href).href;
  return html`<details class="share more"><summary>${t("share")}</summary><p class="hint">${t("shareHelp")}</p>
    <code id="group-url">${url}</code><button type="button" onClick=${() => navigator.clipboard?.writeText(url)
      .catch(() => {}).finally(() => setCopied(true))}>${copied ? t("copied") : t("copy")}</button></details>`;
}

function Start({ group, games, onStarted }) {
  const [gameId, setGameId] = useState(games[0]?.id);
  const [chosen, setChosen] = useState(() => group.members.map((m) => m.member));
  const [wanted, setBots] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const game = games.find((g) => g.id === gameId);
  const length = lengthOf(game);
  const [lengthIndex, setLengthIndex] = useState(null);   // null: the game's default
  const [hints, setHints] = useState(null);   // null: the server's default (on for at most one person), as the lobby
  // the bots the game's player range leaves beside the people chosen (as many as fit of those asked for)
  const most = game ? Math.max(0, game.max_players - chosen.length) : 0;
  const bots = Math.min(wanted, most);
  const players = chosen.length + bots;
  const fits = game && players >= game.min_players && players <= game.max_players;
  const go = async (kind) => {
    setError("");
    setBusy(true);
    try {
      if (kind === "table") {
        const seats = [...chosen.map((member) => ({ member })), ...Array.from({ length: bots }, () => ({ bot: "heuristic" }))];
        const options = length && lengthIndex !== null ? { [length.name]: lengthChoices(length)[lengthIndex].value } : {};
        const data = await call("POST", "/tables", { game: gameId, seats, options, ...(hints === null ? {} : { hints }) });
        localStorage.setItem(`kartentisch.host.${data.id}`, data.host_token);  // who starts it is its host
        location.href = data.url?.includes("#seat=") ? `${data.url}&host=${data.host_token}` : data.url;  // as the lobby's
      } else {
        const data = await call("POST", "/scorepads", { game: gameId, members: chosen });
        location.href = data.edit_url;
      }
    } catch (err) { setError(err.message); setBusy(false); onStarted(); }
  };
  const toggle = (member, on) => setChosen(group.members.map((m) => m.member)
    .filter((m) => (m === member ? on : chosen.includes(m))));
  return html`<section id="start" aria-labelledby="start-title"><h2 id="start-title">${t("start")}</h2>
    <div class="field"><label class="label" for="group-game">${t("game")}</label>
      <select id="group-game" value=${gameId} onChange=${(e) => { setGameId(e.currentTarget.value); setLengthIndex(null); }}>
        ${games.map((g) => html`<option value=${g.id}>${g.names[lang()] ?? g.names.en}</option>`)}</select></div>
    ${length && html`<div class="field"><label class="label" for="group-length">${pageWord("length")}</label>
      <select id="group-length" value=${String(lengthIndex ?? lengthChoices(length).findIndex((c) => c.value === length.default))}
        onChange=${(e) => setLengthIndex(Number(e.currentTarget.value))}>
        ${lengthChoices(length).map((c, i) => html`<option value=${String(i)}>${c.words}</option>`)}</select></div>`}
    <fieldset class="field"><legend class="label">${t("who")}</legend><div class="picks">
      ${group.members.map((m) => html`<label><input type="checkbox" data-member=${m.member} checked=${chosen.includes(m.member)}
        onChange=${(e) => toggle(m.member, e.currentTarget.checked)} /> ${m.name}</label>`)}</div></fieldset>
    <div class="field"><label class="label" for="group-bots">${t("bots")}</label>
      <select id="group-bots" value=${String(bots)} onChange=${(e) => setBots(Number(e.currentTarget.value))}>
        ${Array.from({ length: most + 1 }, (_, n) => html`<option value=${String(n)}>${n}</option>`)}</select></div>
    <${HintsOption} value=${hints} people=${chosen.length} onChange=${setHints} />
    ${game && !fits && html`<p class="hint">${t("pickTwo", game.min_players, game.max_players)}</p>`}
    <div class="actions"><button type="button" id="start-table" class="primary" disabled=${busy || !fits}
        onClick=${() => go("table")}>${busy ? t("starting") : t("startTable")}</button>
      <button type="button" id="start-pad" disabled=${busy || !fits || bots > 0} onClick=${() => go("pad")}>${t("startPad")}</button></div>
    ${error && html`<p class="error" role="alert">${error}</p>`}</section>`;
}

/** When a table or pad was started (epoch seconds), in the page's language: the time today, else day and time
 * (two tables of the same game and people are told apart by it), to the second if `exact`. */
function startedAt(seconds, exact = false) {
  const at = new Date(seconds * 1000);
  const timeStyle = exact ? "medium" : "short";
  const today = at.toDateString() === new Date().toDateString();
  return at.toLocaleString(lang(), today ? { timeStyle } : { dateStyle: "medium", timeStyle });
}

/** Each item's start in words; items started in the same minute get the second too (they read alike), and
 * those started in the same second are counted in the order they started: "10:14:15 PM (2)". */
function startedWords(items) {
  const alike = (words) => (i) => words[i] && words.indexOf(words[i]) !== words.lastIndexOf(words[i]);
  const short = items.map((m) => (m.started ? startedAt(m.started) : ""));
  const exact = items.map((m, i) => (alike(short)(i) ? startedAt(m.started, true) : short[i]));
  return exact.map((words, i) => (alike(exact)(i)
    ? `${words} (${items.filter((m, j) => exact[j] === words && m.started <= items[i].started).length})` : words));
}

function Matches({ items }) {
  const started = startedWords(items);
  return html`<section id="matches" aria-labelledby="matches-title"><h2 id="matches-title">${t("matches")}</h2>
    ${items.length ? html`<ul class="matches">${items.map((m, i) => html`<li>
      <strong>${m.game_name}</strong><span>${listing(m.players)}</span>
      <span class="state">${m.kind === "pad" ? `${t("pad")} · ` : ""}${m.over ? t("over") : t("running")}${
        started[i] ? ` · ${t("started", started[i])}` : ""}</span>
      ${m.url && html`<a href=${m.url}>${m.kind === "pad" ? t("pad") : m.url.includes("#seat=") ? t("mySeat")
        : m.over ? t("replay") : t("watch")}</a>`}
    </li>`)}</ul>` : html`<p class="hint">${t("none")}</p>`}</section>`;
}

/** The width in CSS pixels of the element `ref` holds, followed as it changes; `fallback` until it is measured. */
function useWidth(ref, fallback) {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width) || fallback));
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
  return width;
}

/** The ratings after each match as lines, one per player (`history`: key → [[match, ended, rating]]), as wide as
 * its place on the page: drawn at its measured width, so its labels keep their size at any width. */
function Chart({ game }) {
  const box = useRef(null);
  const W = Math.max(240, useWidth(box, 480)), H = 240, L = 44, R = 12, T = 14, B = 44;
  const lines = game.players.map((p, i) => ({ ...p, colour: COLOURS[i % COLOURS.length], points: game.history[p.key] ?? [] }));
  const values = lines.flatMap((l) => l.points.map((pt) => pt[2]));
  const lo = Math.min(0, ...values), hi = Math.max(1, ...values);
  const x = (n) => L + (game.matches <= 1 ? (W - L - R) / 2 : ((n - 1) / (game.matches - 1)) * (W - L - R));
  const y = (v) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B);
  const label = `${t("chart")}: ${lines.map((l) => `${l.name} ${points(l.rating)}`).join(", ")}`;
  const ticks = [...new Set([lo, 0, hi].map((v) => Math.round(v)))];
  return html`<figure ref=${box}><figcaption class="hint">${t("chart")}</figcaption>
    <svg class="chart" viewBox=${`0 0 ${W} ${H}`} role="img" aria-label=${label}>
      <line x1=${L} y1=${y(0)} x2=${W - R} y2=${y(0)} stroke="#bbb" />
      ${ticks.map((v) => html`<text x=${L - 6} y=${y(v) + 5} text-anchor="end">${points(v)}</text>`)}
      <text x=${x(1)} y=${H - 12} text-anchor="middle">1</text>
      ${game.matches > 1 && html`<text x=${x(game.matches)} y=${H - 12} text-anchor="middle">${game.matches}</text>`}
      ${lines.map((l) => html`<g><polyline fill="none" stroke=${l.colour} stroke-width="2.5"
          stroke-dasharray=${l.bot ? "6 4" : ""} points=${l.points.map((pt) => `${x(pt[0])},${y(pt[2])}`).join(" ")} />
        ${l.points.map((pt) => html`<circle cx=${x(pt[0])} cy=${y(pt[2])} r="3" fill=${l.colour} />`)}</g>`)}
    </svg><ul class="legend">${lines.map((l) => html`<li><svg class="swatch" viewBox="0 0 14 6" aria-hidden="true"><rect width="14" height="6" fill=${l.colour} /></svg>${l.name}</li>`)}</ul></figure>`;
}

function HeadToHead({ game }) {
  const name = Object.fromEntries(game.players.map((p) => [p.key, p.name]));
  if (!game.head_to_head.length) return null;
  return html`<details class="more"><summary>${t("headToHead")}</summary><ul class="h2h">
    ${game.head_to_head.map((p) => html`<li>${name[p.a]} – ${name[p.b]}: ${t("ahead", name[p.a])} ${p.a_ahead},
      ${t("ahead", name[p.b])} ${p.b_ahead}, ${t("level")} ${p.level} (${t("met", p.met)})</li>`)}</ul></details>`;
}

function GameStandings({ game }) {
  return html`<div class="game-standings" data-game=${game.game}>
    <h3>${game.game_name} <small>(${game.matches === 1 ? t("matchOf") : t("matchesOf", game.matches)})</small></h3>
    <div class="standings-wrap"><table class="standings"><thead><tr><th>${t("rank")}</th><th>${t("player")}</th>
      <th>${t("rating")}</th><th>${t("played")}</th><th>${t("wins")}</th><th>${t("average")}</th><th>${t("form")}</th></tr></thead>
      <tbody>${game.players.map((p, i) => html`<tr data-player=${p.name} data-bot=${p.bot ? "1" : null} title=${p.bot ? t("bot") : null}><td>${i + 1}</td>
        <td>${p.name}</td><td>${points(p.rating)}</td>
        <td>${p.matches}</td><td>${p.wins}</td><td>${p.average_score === null ? "" : points(p.average_score)}</td>
        <td class="form">${p.form.map((place) => html`<span class=${`place${place === 1 ? " first" : ""}`}>${place}.</span>`)}</td></tr>`)}
      </tbody></table></div>
    <${BotNotes} game=${game} />
    <${Chart} game=${game} /><${HeadToHead} game=${game} /></div>`;
}

/** Under a game's standings: whose counted matches a bot helped with, and whose matches a bot played (not counted
 * for them; groups.py's group_standings has the rule the page says in `botRule`). */
function BotNotes({ game }) {
  const helped = game.players.filter((p) => !p.bot && p.helped);
  const byBot = game.played_by_bot ?? [];
  if (!helped.length && !byBot.length) return null;
  return html`${helped.length > 0 && html`<p class="hint bot-note helped">${t("helped",
      listing(helped.map((p) => `${p.name} ${p.helped}`)))}</p>`}
    ${byBot.length > 0 && html`<p class="hint bot-note by-bot">${t("byBot",
      listing(byBot.map((m) => `${m.name} ${m.matches}`)))}</p>`}`;
}

function Standings({ data, withBots, onBots }) {
  return html`<section id="standings" aria-labelledby="standings-title"><h2 id="standings-title">${t("standings")}</h2>
    <label><input type="checkbox" id="with-bots" checked=${withBots} onChange=${(e) => onBots(e.currentTarget.checked)} /> ${t("withBots")}</label>
    ${data.games.length ? html`<p class="hint">${t("ratingHelp")}</p><p class="hint" id="bot-rule">${t("botRule")}</p>${data.games.map((g) => html`<${GameStandings} key=${g.game} game=${g} />`)}
      <p><a id="csv" href=${`${api("/standings.csv")}?lang=${lang()}&bots=${withBots}`} download>${t("csv")}</a></p>`
      : html`<p class="hint">${t("noStandings")}</p>`}</section>`;
}

function Group() {
  const [group, setGroup] = useState(null);
  const [news, setNews] = useState("");   // what the last change of names or members did, said once
  const [board, setBoard] = useState(null);
  const [games, setGames] = useState([]);
  const [withBots, setWithBots] = useState(true);
  const [, setLang] = useState(lang());
  const load = async (bots = withBots) => {
    try {
      const [g, s] = await Promise.all([call("GET", ""), call("GET", `/standings?bots=${bots}`)]);
      setGroup(g);
      setBoard(s);
      document.title = `${g.name} · kartentisch`;
    } catch (err) {
      if (err.status === 401) {   // a key this group no longer knows: its member left or was removed
        localStorage.removeItem(KEY);
        setNews(t("gone"));
        return load(bots);
      }
      setGroup({ error: err.status === 404 ? t("unknown") : `${t("error")}: ${err.message}` });
    }
  };
  useEffect(() => {
    fetch("/api/games").then((r) => r.json()).then(setGames);
    load().then(() => { document.body.dataset.ready = "1"; });
  }, []);
  // an open page follows the group: a table another member started, a match that ended (a friend's page said
  // "Nothing played yet" until reloaded, and the group page is the way to one's seat there)
  const latest = useRef(null);
  latest.current = { group, withBots };
  useEffect(() => {
    const look = async () => {
      const { group: shown, withBots: bots } = latest.current;
      if (document.visibilityState !== "visible" || !shown || shown.error) return;
      try {
        const g = await call("GET", "");
        if (JSON.stringify(g) === JSON.stringify(shown)) return;
        setGroup(g);
        setBoard(await call("GET", `/standings?bots=${bots}`));
      } catch (err) {   // removed meanwhile: said as at a load; else the next look tries again
        if (err.status === 401) load(bots);
      }
    };
    const timer = setInterval(look, EVERY_MS);
    document.addEventListener("visibilitychange", look);
    return () => { clearInterval(timer); document.removeEventListener("visibilitychange", look); };
  }, []);
  const header = html`<header><h1><a href="/">kartentisch</a></h1>
    <span id="lang"><button type="button" class="lang" lang=${lang() === "de" ? "en" : "de"}
      onClick=${() => { toggleLang(); setLang(lang()); load(); }}>${t("lang")}</button></span></header>`;
  if (!group) return html`${header}<main><p>…</p></main>`;
  if (group.error) return html`${header}<main><p class="error" role="alert">${group.error}</p></main>`;
  const me = group.members.find((m) => m.member === group.you);
  return html`${header}<main id="group">
    <h2 id="group-name">${t("group")}: ${group.name}</h2>
    ${news && html`<p class="news" role="status">${news}</p>`}
    ${me ? html`<p>${t("you", me.name)}</p>` : html`<${JoinForm} onJoined=${() => { setNews(""); load(); }} />`}
    <p><strong>${t("members")}:</strong></p>
    <ul class="members">${group.members.map((m) => html`<li class=${m.member === group.you ? "me" : ""}>${m.name}</li>`)}</ul>
    ${me && html`<${Manage} key=${me.member} group=${group} me=${me} onDone=${async (words) => { await load(); setNews(words); }} />`}
    <${Share} />
    ${me && games.length > 0 && html`<${Start} group=${group} games=${games} onStarted=${() => load()} />`}
    <${Matches} items=${group.matches} />
    ${board && html`<${Standings} data=${board} withBots=${withBots} onBots=${(on) => { setWithBots(on); load(on); }} />`}
  </main>`;
}

document.documentElement.lang = lang();
render(html`<${Group} />`, document.getElementById("app"));
