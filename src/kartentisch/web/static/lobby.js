// The lobby: a card per game (GET /api/games: names, players, length presets, the rules summary in the page's
// language), then the table's seats and options in the players' words (presets first, the rest behind "more
// options"), and after POST /api/tables the one invite link for friends, the host's own seat and the other links.
import { choiceWords, isLength, lang, lengthChoices, t, toggleLang, word } from "./i18n.js";
import { NewGroup } from "./groupnew.js";
import { LimitNote, NAME_MAX, fitted } from "./namefield.js";
import { MyTablesLink } from "./turnbased.js";
import { HintsOption } from "./hint.js";
import { qrSrc, td } from "./displaywords.js";
import { markdown } from "./markdown.js";
import { ReplayFileLink } from "./review.js";
import { st } from "./seatwords.js";
import { html, listValue, loadGame, render, useEffect, useRef, useState } from "./ui.js";

// The same words as the table's bot labels (bots.bot_label): ISMCTS from 1,000 iterations is "strong" there.
// "learned": the policy this server offers for the game (serve --policy; GET /api/games: learned), issue 36.
// The same specs as bots.levels.LEVEL_SPECS (tests/bots/test_levels.py reads this line).
const BOTS = { easy: { bot: "random" }, medium: { bot: "heuristic" }, strong: { bot: "ismcts", iterations: 1000 },
  learned: { bot: "policy" } };
/** The page's words of each kind of seat (the seat rows' choices). */
const SEAT_KINDS = { open: "kindOpen", human: "kindHuman", easy: "botEasy", medium: "botMedium", strong: "botStrong",
  learned: "botLearned" };
/** The options of `options` changed from the game's defaults (what a new table's request sends). */
const changed = (game, options) => Object.fromEntries(game.options
  .filter((o) => JSON.stringify(options[o.name]) !== JSON.stringify(o.default)).map((o) => [o.name, options[o.name]]));
/** Whether the server's learned bot plays `game` at `players` with `options`: its player count, and every option
 * changed from the defaults set as it learned (GET /api/games: learned.options); the server refuses it elsewhere. */
const learnedFits = (game, players, options) => game.learned?.players === players
  && Object.entries(changed(game, options)).every(([name, v]) => JSON.stringify(v) === JSON.stringify(game.learned.options?.[name]));
/** The kinds of seat offered for `game` at `players` with `options`: people, then the bot levels weakest first as
 * measured for the game (GET /api/games: levels, issue 36); "learned" only where it fits (learnedFits). */
const seatKinds = (game, players, options) => ["open", "human", ...game.levels]
  .filter((kind) => kind !== "learned" || learnedFits(game, players, options)).map((kind) => [kind, SEAT_KINDS[kind]]);

function RulesDialog({ game, onClose }) {
  const [text, setText] = useState(null);
  const ref = useRef(null);
  useEffect(() => {
    fetch(`/api/games/${encodeURIComponent(game.id)}/rules?lang=${lang()}`).then((r) => r.json()).then((d) => setText(d.text ?? d.error));
    ref.current.showModal();
  }, [game.id]);
  return html`<dialog class="rules" ref=${ref} aria-labelledby="rules-title" onClose=${onClose}>
    <h2 id="rules-title" class="sr-only">${t("rulesOf", word(game.names))}</h2>
    <div class="text" tabindex="0">${text === null ? "…" : markdown(text)}</div>
    <form method="dialog"><button type="submit" class="primary">${t("close")}</button></form>
  </dialog>`;
}

function GameCard({ game, chosen, onChoose, onRules }) {
  const main = game.options.find(isLength);
  return html`<li class=${`game-card${chosen ? " chosen" : ""}`} data-game=${game.id}>
    <h3>${word(game.names)}</h3>
    <p class="facts">${t("playersRange", game.min_players, game.max_players)}${main && html` · ${t("length")}: ${lengthChoices(main).map((p) => p.words).join(" · ")}`}</p>
    ${game.pitch && html`<p class="pitch">${word(game.pitch)}</p>`}
    <div class="buttons">
      <button type="button" class="how" onClick=${onRules}>${t("howToPlay")}</button>
      <button type="button" class="primary choose" aria-pressed=${chosen ? "true" : "false"} onClick=${onChoose}>${t("play")}</button>
    </div>
  </li>`;
}

/** A list option as ticks, one per item in words (`pick`: the game module's, ../ui.js listValue). */
function ListPicker({ id, label, pick, value, onChange }) {
  const ticked = (item) => (item === pick.random ? value === pick.random : Array.isArray(value) && value.includes(item));
  const items = pick.random ? [...pick.choices, pick.random] : pick.choices;
  return html`<div class="list-pick" id=${id} role="group" aria-label=${label}>${items.map((item) => html`<label data-item=${item}>
    <input type="checkbox" checked=${ticked(item)} disabled=${item !== pick.random && value === pick.random}
      onChange=${(e) => onChange(listValue(pick, value, item, e.currentTarget.checked))} /> ${pick.words(item, lang())}</label>`)}
  </div>`;
}

/** One option: its label, the presets as buttons (the value field beside them), its help line; `pick`: how the game
 * module lets a list option be chosen item by item, if it says. */
function OptionField({ opt, value, seats, pick, onChange }) {
  const id = `opt-${opt.name}`;
  const help = word(opt.help);
  let input;
  if (opt.kind === "bool") {
    input = html`<input id=${id} type="checkbox" checked=${!!value} onChange=${(e) => onChange(e.currentTarget.checked)} />`;
  } else if (opt.kind === "choice") {
    input = html`<select id=${id} value=${String(opt.choices.indexOf(value))} onChange=${(e) => onChange(opt.choices[Number(e.currentTarget.value)])}>
      ${opt.choices.map((c, i) => html`<option value=${String(i)}>${choiceWords(opt, c)}</option>`)}</select>`;
  } else if (opt.kind === "seat") {
    input = html`<select id=${id} value=${String(value)} onChange=${(e) => onChange(Number(e.currentTarget.value))}>
      ${seats.map((words, s) => html`<option value=${String(s)}>${words}</option>`)}</select>`;
  } else if (opt.kind === "int") {
    input = html`<input id=${id} type="number" min=${opt.minimum ?? ""} max=${opt.table_maximum ?? opt.maximum ?? ""}
      placeholder=${opt.nullable && !word(opt.null_words) ? t("none") : ""} value=${value === null || value === undefined ? "" : value}
      onInput=${(e) => { const v = e.currentTarget.value; onChange(v === "" ? null : Number(v)); }} />`;
  } else if (pick) {
    input = html`<${ListPicker} id=${id} label=${word(opt.label)} pick=${pick} value=${value} onChange=${onChange} />`;
  } else {
    // a list the game's module does not put in words: its items separated by commas, or one word ("random")
    const shown = Array.isArray(value) ? value.join(", ") : String(value ?? "");
    input = html`<input id=${id} type="text" value=${shown} onChange=${(e) => {
      const parts = e.currentTarget.value.split(",").map((x) => x.trim()).filter(Boolean);
      onChange(parts.length === 1 && parts[0] === "random" ? "random" : parts);
    }} />`;
  }
  return html`<div class="field option" data-option=${opt.name}>
    <label class="label" for=${id}>${word(opt.label) || opt.name}</label>
    ${isLength(opt) && html`<span class="presets" role="group" aria-label=${word(opt.label)}>${lengthChoices(opt).map((p) => html`<button type="button"
        class="preset" data-preset=${p.name} aria-pressed=${value === p.value ? "true" : "false"} onClick=${() => onChange(p.value)}>${p.words}</button>`)}</span>`}
    ${!(isLength(opt) && opt.kind === "choice") && input}
    ${help && html`<p class="help">${help}</p>`}
  </div>`;
}

/** One seat of the setup: the host's name, or what sits there; a person's name where one plays (a seat with a
 * private link, or in hot-seat a friend's seat, whose player shares this device: the table then says "Pass the
 * device to Ben", issue 32). */
function SeatRow({ i, seat, hotseat, shared, kinds, onChange }) {
  if (i === 0 && shared) return html`<div class="seat-row" data-seat="0"><span class="seat-no">${t("seat")} 1</span> ${t("kindOpen")}</div>`;
  if (i === 0) {
    return html`<div class="seat-row" data-seat="0"><span class="seat-no">${t("seat")} 1</span>
      <label for="your-name">${t("yourName")}</label>
      <input id="your-name" class="name" aria-describedby="your-name-limit" value=${seat.name}
        onInput=${(e) => onChange({ ...seat, name: fitted(e, NAME_MAX) })} />
      <${LimitNote} id="your-name-limit" value=${seat.name} max=${NAME_MAX} /></div>`;
  }
  return html`<div class="seat-row" data-seat=${i}><label class="seat-no" for=${`kind-${i}`}>${t("seat")} ${i + 1}</label>
    <select id=${`kind-${i}`} class="kind" value=${seat.kind} onChange=${(e) => onChange({ ...seat, kind: e.currentTarget.value })}>
      ${kinds.map(([kind, key]) => html`<option value=${kind}>${t(key)}</option>`)}
    </select>
    ${(seat.kind === "human" || (hotseat && seat.kind === "open")) && html`<input class="name" aria-label=${`${t("name")} (${t("seat")} ${i + 1})`} placeholder=${t("name")}
      aria-describedby=${`name-${i}-limit`} value=${seat.name} onInput=${(e) => onChange({ ...seat, name: fitted(e, NAME_MAX) })} />
      <${LimitNote} id=${`name-${i}-limit`} value=${seat.name} max=${NAME_MAX} />`}
  </div>`;
}

function seatBody(seat, i) {
  if (i === 0) return { kind: "human", name: seat.name.trim() || null };
  if (seat.kind === "open" || seat.kind === "human") return { kind: seat.kind, name: seat.kind === "human" ? seat.name.trim() || null : null };
  return { kind: "bot", ...BOTS[seat.kind] };
}

function Links({ data }) {
  const [copied, setCopied] = useState("");
  const copy = (url) => navigator.clipboard?.writeText(url).catch(() => {}).finally(() => setCopied(url));
  const full = (url) => new URL(url, location.href).href;
  // the host's own link carries the host's credential too, so that it makes her the host on any device she opens it
  // on (a fresh user's host lost the removal of a friend who had gone when she came back on her phone)
  const own = data.seats[0].url;
  const mine = { ...data.seats[0], url: data.host_token ? `${own}&host=${data.host_token}` : own };
  // the friends' private links ask their person's name when first opened (table.js NameAsk)
  const others = data.seats.filter((s) => s.token && s.seat !== 0).map((s) => ({ ...s, url: `${s.url}&ask=name` }));
  // the invite link only while a seat is free for a friend (else it would say the match has begun)
  const invite = data.invite && data.seats.some((s) => s.kind === "open") && full(data.invite.url);
  return html`<section id="links" class="links" aria-labelledby="links-title">
    <h2 id="links-title">${invite ? t("invite") : t("tableReady")}</h2>
    ${invite && html`<p>${t("inviteHelp")}</p><code class="invite-url">${invite}</code>
      <button type="button" class="copy-invite" onClick=${() => copy(invite)}>${copied === invite ? t("copied") : t("copy")}</button>
      <p><img class="qr" src=${qrSrc(data.invite.code, false)} alt=${td("qr")} width="160" height="160" /></p>`}
    <p><a class="display-link" href=${`/display/${encodeURIComponent(data.id)}`}>${td("displayOpen")}</a> · ${td("displayHelp")}</p>
    <p><a class="table-link button primary" href=${mine.url}>${t("openMySeat")}</a></p>
    <details class="more"><summary>${t("links")}</summary><ul id="link-list">
      ${others.map((s) => html`<li>${t("seatLink", s.seat + 1)} (${s.name}): <a class="seat-link" href=${s.url}>${t("open")}</a>
        <button type="button" onClick=${() => copy(full(s.url))}>${copied === full(s.url) ? t("copied") : t("copy")}</button></li>`)}
      <li>${t("spectatorLink")}: <a class="spectator-link" href=${data.spectator_url}>${t("open")}</a>
        <button type="button" onClick=${() => copy(full(data.spectator_url))}>${copied === full(data.spectator_url) ? t("copied") : t("copy")}</button></li>
    </ul></details>
  </section>`;
}

function Setup({ game }) {
  const [players, setPlayers] = useState(game.min_players);
  const [seats, setSeats] = useState(() => [{ name: "" }, ...Array.from({ length: game.max_players - 1 }, () => ({ kind: "open", name: "" }))]);
  const [options, setOptions] = useState(() => Object.fromEntries(game.options.map((o) => [o.name, o.default])));
  const [hotseat, setHotseat] = useState(false);
  const [shared, setShared] = useState(false);   // a shared screen: this device shows the table display
  const [reaction, setReaction] = useState("30");
  const [clock, setClockId] = useState("off");      // the table's clock per move (GET /api/clocks, issue 32)
  const [turnBased, setTurnBased] = useState(false);  // a clock of days: every decision waits, reactions too
  const setClock = (id, days) => { setClockId(id); setTurnBased(days); };
  const reacts = game.reaction_windows && !turnBased;  // the reaction timer means something only then
  const [onTimeout, setOnTimeout] = useState("ask");
  const [seed, setSeed] = useState("");
  const [hints, setHints] = useState(null);   // null: the server's default (on for at most one person)
  const [spectatorChat, setSpectatorChat] = useState(false);   // spectators may write in the table chat
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState(null);
  const [module, setModule] = useState(null);   // the game's module: how its list options are chosen
  useEffect(() => { loadGame(game.id).then(setModule); }, [game.id]);
  const main = game.options.filter(isLength);
  const rest = game.options.filter((o) => !isLength(o));
  // a seat option's choices: each seat with what sits there ("Seat 1 (you)", "Seat 2: Ben", "Seat 3: Bot: easy")
  const seatWords = seats.slice(0, players).map((s, i) => `${t("seat")} ${i + 1}${i === 0 ? ` (${t("you")})`
    : `: ${s.kind === "human" && s.name.trim() ? s.name.trim() : t(SEAT_KINDS[s.kind])}`}`);
  const field = (opt) => html`<${OptionField} key=${opt.name} opt=${opt} value=${options[opt.name]} seats=${seatWords}
    pick=${module?.options?.[opt.name]} onChange=${(v) => setOptions({ ...options, [opt.name]: v })} />`;
  const kinds = seatKinds(game, players, options);
  const offered = kinds.map(([kind]) => kind).join(" ");
  useEffect(() => {   // a bot no longer offered (the learned one at other options or players): the steady one sits there
    const gone = (s, i) => i > 0 && !offered.split(" ").includes(s.kind);
    if (seats.some(gone)) setSeats(seats.map((s, i) => (gone(s, i) ? { ...s, kind: "medium" } : s)));
  }, [offered]);

  const create = async (ev) => {
    ev.preventDefault();
    setError("");
    const named = seats.slice(0, players).filter((s, i) => (i === 0 ? !shared : s.kind === "human" || (hotseat && s.kind === "open")))
      .map((s) => s.name.trim()).filter(Boolean);
    const twice = named.find((name, i) => named.indexOf(name) !== i);
    if (twice) {   // the table tells people apart by their names
      setError(t("sameName", twice));
      return;
    }
    setBusy(true);
    const body = { game: game.id, players, options: changed(game, options),
      seats: seats.slice(0, players).map((s, i) => (shared && i === 0 ? { kind: "open" }
        : seatBody(hotseat && s.kind === "open" ? { ...s, kind: "human" } : s, i))) };
    if (seed !== "") body.seed = Number(seed);
    if (reacts && reaction !== "") body.reaction_seconds = Number(reaction);
    if (clock !== "off") Object.assign(body, { clock, on_timeout: onTimeout });
    if (hints !== null) body.hints = hints;
    if (spectatorChat) body.spectator_chat = true;
    const res = await fetch(`/api/tables?lang=${lang()}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    setBusy(false);
    if (!res.ok) {
      setError(data.text ?? `${t("error")}: ${typeof data.error === "string" ? data.error : JSON.stringify(data)}`);
      return;
    }
    if (data.seats[0].token) localStorage.setItem(`kartentisch.seat.${data.id}`, data.seats[0].token);
    if (data.host_token) localStorage.setItem(`kartentisch.host.${data.id}`, data.host_token);
    if (data.invite) localStorage.setItem(`kartentisch.invite.${data.id}`, data.invite.url);
    if (shared) {
      location.href = `/display/${encodeURIComponent(data.id)}`;
      return;
    }
    const humans = data.seats.filter((s) => s.token);
    if (hotseat && humans.length > 1) {
      location.href = `/t/${data.id}#hotseat=${humans.map((s) => s.token).join(",")}`;
      return;
    }
    setDone(data);
  };

  // noValidate: the server's refusal says a field's range in the page's language; the browser's own bubble speaks
  // the browser's (an English Chromium at a German table, a fresh user's finding)
  return html`<form id="new-table" class="setup" noValidate onSubmit=${create} aria-labelledby="setup-title">
    <h2 id="setup-title">${t("newTable")}: ${word(game.names)}</h2>
    <div class="field"><label class="label" for="players">${t("players")}</label>
      <select id="players" value=${String(players)} onChange=${(e) => setPlayers(Number(e.currentTarget.value))}>
        ${Array.from({ length: game.max_players - game.min_players + 1 }, (_, k) => game.min_players + k).map((n) => html`<option value=${String(n)}>${n}</option>`)}
      </select></div>
    <fieldset id="seats"><legend>${t("seats")}</legend>
      ${seats.slice(0, players).map((s, i) => html`<${SeatRow} key=${i} i=${i} seat=${s} hotseat=${hotseat} shared=${shared} kinds=${kinds} onChange=${(v) => setSeats(seats.map((x, k) => (k === i ? v : x)))} />`)}
    </fieldset>
    <div class="field"><label><input id="shared-screen" type="checkbox" checked=${shared}
      onChange=${(e) => setShared(e.currentTarget.checked)} /> ${td("shared")}</label>
      ${shared && html`<p class="help">${td("sharedHelp")}</p>`}</div>
    ${main.length > 0 && html`<fieldset id="options"><legend>${t("options")}</legend>${main.map(field)}</fieldset>`}
    <details class="more" id="more-options"><summary>${t("moreOptions")}</summary>
      ${rest.map(field)}
      <div class="field"><label><input id="hotseat" type="checkbox" checked=${hotseat}
        onChange=${(e) => setHotseat(e.currentTarget.checked)} /> ${t("hotseat")}</label></div>
      <${HintsOption} value=${hints} onChange=${setHints}
        people=${seats.slice(0, players).filter((s, i) => i === 0 || s.kind === "open" || s.kind === "human").length} />
      <div class="field option" data-option="spectator_chat"><label><input id="spectator-chat" type="checkbox"
        checked=${spectatorChat} onChange=${(e) => setSpectatorChat(e.currentTarget.checked)} /> ${t("spectatorChat")}</label>
        <p class="help">${t("spectatorChatHelp")}</p></div>
      <${ClockOption} clock=${clock} setClock=${setClock} onTimeout=${onTimeout} setOnTimeout=${setOnTimeout} />
      ${reacts && html`<div class="field"><label class="label" for="reaction">${t("reaction")}</label>
        <input id="reaction" type="number" min="3" max="3600" value=${reaction} onInput=${(e) => setReaction(e.currentTarget.value)} /></div>`}
      <div class="field"><label class="label" for="seed">${t("seed")}</label>
        <input id="seed" type="number" min="0" value=${seed} onInput=${(e) => setSeed(e.currentTarget.value)} /></div>
    </details>
    <p class="actions"><button type="submit" id="create" class="primary" disabled=${busy}>${busy ? t("creating") : t("create")}</button></p>
    ${error && html`<p id="lobby-error" class="error" role="alert">${error}</p>`}
    ${done && html`<${Links} data=${done} />`}
  </form>`;
}

/** The table's clock per move (issue 32): its presets from the server, and what its running out does. */
function ClockOption({ clock, setClock, onTimeout, setOnTimeout }) {
  const [clocks, setClocks] = useState(null);
  useEffect(() => { fetch("/api/clocks").then((r) => r.json()).then(setClocks); }, []);
  if (!clocks) return null;
  return html`<div class="field"><label class="label" for="clock">${st("clock")}</label>
      <select id="clock" value=${clock} onChange=${(e) => setClock(e.currentTarget.value,
        clocks.presets.find((p) => p.id === e.currentTarget.value)?.turn_based ?? false)}>
        <option value=${clocks.off}>${st("clockOff")}</option>
        ${clocks.presets.map((p) => html`<option value=${p.id}>${word(p.names)}</option>`)}</select></div>
    ${clock !== clocks.off && html`<div class="field"><label class="label" for="on-timeout">${st("onTimeout")}</label>
      <select id="on-timeout" value=${onTimeout} onChange=${(e) => setOnTimeout(e.currentTarget.value)}>
        ${Object.entries(clocks.on_timeout).map(([id, words]) => html`<option value=${id}>${word(words)}</option>`)}</select>
      ${!clocks.presets.find((p) => p.id === clock)?.turn_based && html`<p class="help">${st("clockHelp")}</p>`}</div>`}`;
}

function Lobby({ games }) {
  const wanted = new URLSearchParams(location.search).get("game");
  const [chosen, setChosen] = useState(games.find((g) => g.id === wanted)?.id ?? null);
  const [rules, setRules] = useState(null);
  const [, setLang] = useState(lang());
  const game = games.find((g) => g.id === chosen);
  useEffect(() => {
    if (chosen) document.getElementById("new-table")?.scrollIntoView({ block: "start" });
  }, [chosen]);
  return html`<header><h1>kartentisch</h1>
      <span id="lang"><button type="button" class="lang" lang=${lang() === "de" ? "en" : "de"}
        onClick=${() => { toggleLang(); setLang(lang()); }}>${t("lang")}</button></span></header>
    <main id="lobby">
      <p class="tagline">${t("tagline")}</p>
      <${MyTablesLink} />
      <h2>${t("chooseGame")}</h2>
      <ul class="game-cards">${games.map((g) => html`<${GameCard} key=${g.id} game=${g} chosen=${g.id === chosen}
        onChoose=${() => setChosen(g.id)} onRules=${() => setRules(g)} />`)}</ul>
      ${game && html`<${Setup} key=${game.id} game=${game} />`}
      ${rules && html`<${RulesDialog} game=${rules} onClose=${() => setRules(null)} />`}
      <${NewGroup} />
      <p class="scorepad-link"><a href="/scorepad">${t("scorepadLink")}</a></p>
      <${ReplayFileLink} />
    </main>`;
}

async function main() {
  document.documentElement.lang = lang();
  const games = await (await fetch("/api/games")).json();
  render(html`<${Lobby} games=${games} />`, document.getElementById("app"));
  document.body.dataset.ready = "1";
}

main();
