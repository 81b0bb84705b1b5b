// Score pad for games played with real cards: new pad, sheet, round entry and corrections.
// Talks only to /api/games and /api/scorepads (see kartentisch/web/scorepad.py), asking for the page's language:
// a refused entry or pad comes back in it, in the players' words. de/en.
import { choiceWords, lang, toggleLang, withLang, word } from "/static/i18n.js";
import { listValue, loadGame } from "/static/ui.js";

const STRINGS = {
  en: {
    title: "Score pad", newPad: "New score pad", game: "Game", names: "Players (clockwise, comma separated)",
    namesHelp: "The first name is seat 1, then clockwise.",
    options: "Options", create: "Start score pad", round: "Round", total: "Total", enter: "Enter round {n}",
    correct: "Correct round {n}", save: "Save", cancel: "Cancel", undo: "Delete last round",
    undoAsk: "Delete round {n}?", deals: "Round {n}: {name} deals", over: "Match over. Winner: {names}",
    overMany: "Match over. Shared win: {names}", share: "Share (read-only link)",
    shareHelp: "Anyone with this link can watch the scores but not change them.", copy: "Copy",
    editHelp: "Your editing link (keep it):", readOnly: "Read-only view", clear: "Clear", cards: "{n} cards", card1: "1 card", seat: "Seat {n}",
    sum: "sum", none: "—", yes: "yes", error: "Error", unknown: "This score pad does not exist.",
    nullValue: "none", dealerMark: "● deals",
  },
  de: {
    title: "Punkteblock", newPad: "Neuer Punkteblock", game: "Spiel", names: "Mitspieler (im Uhrzeigersinn, mit Komma)",
    namesHelp: "Der erste Name ist Platz 1, dann weiter im Uhrzeigersinn.",
    options: "Optionen", create: "Punkteblock anlegen", round: "Runde", total: "Summe", enter: "{round} {n} eintragen",
    correct: "{round} {n} korrigieren", save: "Speichern", cancel: "Abbrechen", undo: "Letzte {round} löschen",
    undoAsk: "{round} {n} löschen?", deals: "{round} {n}: {name} gibt", over: "{match} beendet. Sieger: {names}",
    overMany: "{match} beendet. Geteilter Sieg: {names}", share: "Teilen (nur lesen)",
    shareHelp: "Wer diesen Link hat, sieht die Punkte, kann aber nichts ändern.", copy: "Kopieren",
    editHelp: "Dein Link zum Eintragen (aufheben):", readOnly: "Nur-Lese-Ansicht", clear: "Leeren", cards: "{n} Karten", card1: "1 Karte", seat: "Platz {n}",
    sum: "Summe", none: "—", yes: "ja", error: "Fehler", unknown: "Diesen Punkteblock gibt es nicht.",
    nullValue: "keine", dealerMark: "● gibt",
  },
};
// {round}, {match}: what the pad's game calls a round and the match in German ("Runde", "Partie"; chips: "Partie",
// "Spiel", chips D1), from the server
const t = (key, vars = {}) => {
  const all = { round: state.pad?.round_word?.[lang()] ?? "Runde", match: state.pad?.match_word?.[lang()] ?? "Partie",
    ...vars };
  return (STRINGS[lang()][key] ?? STRINGS.en[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => String(all[k] ?? ""));
};
const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...kids) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...kids);
  return node;
};

const state = { games: [], pad: null, key: null, editing: null, draft: null, module: null };  // module: the game's

async function api(method, url, body) {
  const headers = { "Content-Type": "application/json" };
  if (state.key && method !== "GET") headers.Authorization = `Bearer ${state.key}`;
  const res = await fetch(withLang(url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.text || data.error || `${res.status}`);
  return data;
}

function show(screen) {
  document.body.dataset.screen = screen;
  $("new").hidden = screen !== "new";
  $("pad").hidden = screen !== "pad";
  $("entry").hidden = screen !== "entry";
  $("create").hidden = screen !== "new";
  const canEdit = Boolean(state.key);
  $("add").hidden = !(screen === "pad" && canEdit && state.pad && !state.pad.over);
  $("cancel").hidden = screen !== "entry";
  $("save").hidden = screen !== "entry";
  $("undo").hidden = !(canEdit && state.pad && state.pad.rounds.length);
  $("readonly").hidden = canEdit;
}

function translate() {
  document.documentElement.lang = lang();
  document.querySelectorAll("[data-t]").forEach((n) => { n.textContent = t(n.dataset.t); });
  $("lang").textContent = lang() === "de" ? "English" : "Deutsch";
  const gameName = state.pad ? state.pad.game_names[lang()] || state.pad.game : "";
  $("title").textContent = gameName ? `${t("title")} · ${gameName}` : t("title");
  $("home").href = "/";  // back to the lobby
}

// ------------------------------------------------------------------ new pad
function gameOf(id) { return state.games.find((g) => g.id === id); }

/** The names typed so far (clockwise, seat 1 first). */
function typedNames() {
  return $("names").value.split(",").map((s) => s.trim()).filter(Boolean);
}

/** A seat option's choices: a seat per name typed (at least the game's fewest players), by name where typed. */
function seatOptions(select, g, chosen) {
  const names = typedNames();
  const seats = Math.max(names.length, g.min_players);
  select.replaceChildren(...Array.from({ length: seats }, (_, s) =>
    new Option(names[s] ? `${t("seat", { n: s + 1 })}: ${names[s]}` : t("seat", { n: s + 1 }), String(s), false, s === chosen)));
}

/** Ticks for a list option the game's module puts in words (../ui.js listValue); `readOption` gives the value. */
function listInput(opt, pick) {
  const box = el("div", { className: "list-pick" });
  let value = opt.default;
  const draw = () => box.replaceChildren(...[...pick.choices, ...(pick.random ? [pick.random] : [])].map((item) => {
    const random = item === pick.random;
    const tick = el("input", { type: "checkbox", checked: random ? value === item : Array.isArray(value) && value.includes(item),
      disabled: !random && value === pick.random });
    tick.addEventListener("change", () => { value = listValue(pick, value, item, tick.checked); draw(); });
    return el("label", {}, tick, ` ${pick.words(item, lang())}`);
  }));
  draw();
  box.readOption = () => value;
  return box;
}

/** One option in the players' words: its label, an input for its kind (a seat by its player's name), its help. */
function optionInput(opt, g) {
  const help = word(opt.help);
  const pick = state.module?.options?.[opt.name];
  let input;
  if (opt.kind === "bool") {
    input = el("input", { type: "checkbox", checked: Boolean(opt.default) });
  } else if (opt.kind === "choice") {
    input = el("select");
    opt.choices.forEach((c, i) => input.append(new Option(choiceWords(opt, c), String(i), false, c === opt.default)));
  } else if (opt.kind === "seat") {
    input = el("select");
    input.dataset.seat = "1";   // drawn again as names are typed (main)
    seatOptions(input, g, opt.default);
  } else if (opt.kind === "int") {
    input = el("input", { type: "number", inputMode: "numeric", value: opt.default ?? "" });
    if (opt.nullable) input.placeholder = t("nullValue");
  } else if (pick) {
    input = listInput(opt, pick);
  } else {
    input = el("input", { type: "text", value: JSON.stringify(opt.default) });
  }
  input.name = opt.name;
  input.dataset.option = opt.name;   // the element that reads the option (a list's ticks: their box)
  input.readOption ??= () => {
    if (opt.kind === "bool") return input.checked;
    if (opt.kind === "choice") return opt.choices[Number(input.value)];
    if (opt.kind === "seat") return Number(input.value);
    if (opt.kind === "int") return input.value === "" ? null : Number(input.value);
    return JSON.parse(input.value);
  };
  return el(pick ? "div" : "label", { className: "option" }, el("span", { textContent: word(opt.label) || opt.name }),
    input, el("small", { textContent: help }));
}

async function drawOptions() {
  const g = gameOf($("game").value);
  const module = await loadGame(g.id);
  if ($("game").value !== g.id) return;   // another game was chosen while this one's module loaded: its call draws
  state.module = module;
  const box = $("options");
  box.dataset.game = g.id;   // whose options the box shows (createPad reads them only for that game)
  box.replaceChildren(el("legend", { textContent: t("options") }));
  for (const opt of g.options) box.append(optionInput(opt, g));
}

function drawNew() {
  const chosen = $("game").value;
  $("game").replaceChildren(...state.games.map((g) => new Option(g.names[lang()] || g.id, g.id)));
  if (chosen) $("game").value = chosen;
  drawOptions();
}

async function createPad() {
  $("new-error").textContent = "";
  const g = gameOf($("game").value);
  const names = typedNames();
  const options = {};
  try {
    // the chosen game's options once drawn; until then (its module still loading) nothing was changed: the defaults
    const drawn = $("options").dataset.game === g.id ? $("options").querySelectorAll("[data-option]") : [];
    for (const input of drawn) {
      const opt = g.options.find((o) => o.name === input.dataset.option);
      const value = input.readOption();
      if (JSON.stringify(value) !== JSON.stringify(opt.default)) options[opt.name] = value;
    }
    const pad = await api("POST", "/api/scorepads", { game: g.id, players: names, options });
    state.key = pad.key;
    history.pushState(null, "", pad.edit_url);
    state.pad = pad;
    drawPad();
  } catch (err) {
    $("new-error").textContent = `${t("error")}: ${err.message}`;
    $("new-error").scrollIntoView({ block: "center" });   // above the fixed buttons, as a refused round's reason
  }
}

// ------------------------------------------------------------------ the sheet
function drawPad() {
  const pad = state.pad;
  translate();
  const winners = new Set(pad.winners);
  $("sheet").tHead.replaceChildren(el("tr", {}, el("th", { textContent: "#" }),
    ...pad.names.map((name, s) => el("th", { textContent: name, title: name, className: winners.has(s) ? "winner" : "" }))));
  const body = $("sheet").tBodies[0];
  body.replaceChildren(...pad.rounds.map((r) => {
    const row = el("tr", { className: state.key ? "editable" : "" }, el("td", { textContent: String(r.number) }),
      ...r.scores.map((v, s) => el("td", { textContent: String(v), className: s === r.dealer ? "dealer" : "",
        title: `${t("total")} ${r.totals[s]}` })));
    row.dataset.round = String(r.number);
    if (state.key) row.addEventListener("click", () => openEntry(r.number));
    return row;
  }));
  $("sheet").tFoot.replaceChildren(el("tr", { id: "totals" }, el("td", { textContent: "Σ" }),
    ...pad.totals.map((v, s) => el("td", { textContent: String(v), className: winners.has(s) ? "winner" : "" }))));
  const status = $("status");
  if (pad.over) {
    const names = pad.winners.map((s) => pad.names[s]).join(", ");
    status.textContent = t(pad.winners.length > 1 ? "overMany" : "over", { names });
  } else {
    status.textContent = t("deals", { n: pad.next_round, name: pad.names[pad.dealer] });
  }
  document.body.dataset.over = String(pad.over);
  document.body.dataset.rounds = String(pad.rounds.length);
  $("add").textContent = t("enter", { n: pad.next_round });
  $("share-url").value = new URL(pad.view_url, location.href).href;
  $("edit-link-row").hidden = !state.key;
  $("edit-url").value = state.key ? `${$("share-url").value}#key=${state.key}` : "";
  show("pad");
}

async function undo() {
  const n = state.pad.rounds.length;
  if (!window.confirm(t("undoAsk", { n }))) return;
  try {
    state.pad = await api("DELETE", `/api/scorepads/${state.pad.id}/rounds/${n}`);
    drawPad();
  } catch (err) {
    $("status").textContent = `${t("error")}: ${err.message}`;
  }
}

// ------------------------------------------------------------------ round entry
function blank(field) {
  return { count: 0, values: [], bool: false, seat: null, multi: [] }[field.kind];
}

function fieldInput(field, get, set) {
  const label = field.label[lang()] || field.label.en || field.key;
  const box = el("div", { className: "field" }, el("div", { className: "label", textContent: label }));
  box.dataset.field = field.key;
  if (field.kind === "count") {
    const input = el("input", { type: "number", inputMode: "numeric", min: field.minimum, value: get() });
    if (field.maximum !== null) input.max = field.maximum;
    input.addEventListener("input", () => set(input.value === "" ? 0 : Number(input.value)));
    const step = (d) => () => { input.value = String(Math.max(field.minimum, Number(input.value || 0) + d)); set(Number(input.value)); };
    box.append(el("div", { className: "stepper" }, el("button", { type: "button", textContent: "−", onclick: step(-1) }),
      input, el("button", { type: "button", textContent: "+", onclick: step(1) })));
  } else if (field.kind === "values") {
    const chosen = el("div", { className: "chosen" });
    const redraw = () => {
      const values = get();
      const sum = values.reduce((a, b) => a + b, 0);
      chosen.replaceChildren(...values.map((v, i) => el("button", { type: "button", textContent: String(v),
        className: "chip", onclick: () => { const next = [...get()]; next.splice(i, 1); set(next); redraw(); } })),
        el("span", { className: "sum", textContent: values.length
          ? `${values.length === 1 ? t("card1") : t("cards", { n: values.length })}, ${t("sum")} ${sum}` : t("none") }));
    };
    const keypad = el("div", { className: "keypad" });
    for (let v = field.minimum; v <= field.maximum; v++) {
      keypad.append(el("button", { type: "button", textContent: String(v), className: "key",
        onclick: () => { set([...get(), v]); redraw(); } }));
    }
    redraw();
    box.append(chosen, keypad);
  } else if (field.kind === "bool") {
    const input = el("input", { type: "checkbox", checked: get() });
    input.addEventListener("change", () => set(input.checked));
    box.firstChild.replaceWith(el("label", {}, input, ` ${label}`));
  } else if (field.kind === "seat") {
    const select = el("select");
    select.append(new Option(t("none"), ""), ...state.pad.names.map((n, s) => new Option(n, String(s), false, get() === s)));
    select.addEventListener("change", () => set(select.value === "" ? null : Number(select.value)));
    box.append(select);
  } else {
    for (const choice of field.choices) {
      const input = el("input", { type: "checkbox", checked: get().includes(choice), value: choice });
      input.addEventListener("change", () => set(field.choices.filter((c) =>
        c === choice ? input.checked : get().includes(c))));
      box.append(el("label", {}, input, ` ${state.module?.options?.[field.key]?.words(choice, lang()) ?? choice}`));
    }
  }
  return box;
}

/** The entry form of round `number` (null: the next round), filled from the recorded round, or from `kept` (what was
 * typed before the language was switched). */
function openEntry(number, kept = null) {
  const pad = state.pad;
  const old = number ? pad.rounds[number - 1].entry : null;
  const draft = kept ?? {
    players: pad.names.map((_, s) => Object.fromEntries(pad.form.players.map((f) =>
      [f.key, old ? structuredClone(old.players[s][f.key]) : blank(f)]))),
    round: Object.fromEntries(pad.form.round.map((f) => [f.key, old ? structuredClone(old.round[f.key]) : blank(f)])),
  };
  state.editing = number;
  state.draft = draft;
  $("entry-title").textContent = number ? t("correct", { n: number }) : t("enter", { n: pad.next_round });
  $("entry-error").textContent = "";
  $("entry-round").replaceChildren(...pad.form.round.map((f) =>
    fieldInput(f, () => draft.round[f.key], (v) => { draft.round[f.key] = v; })));
  $("entry-players").replaceChildren(...pad.names.map((name, s) => {
    const card = el("div", { className: "player" }, el("h3", { textContent: name }));
    card.dataset.seat = String(s);
    for (const f of pad.form.players) {
      card.append(fieldInput(f, () => draft.players[s][f.key], (v) => { draft.players[s][f.key] = v; }));
    }
    return card;
  }));
  show("entry");
  window.scrollTo(0, 0);
}

async function saveEntry() {
  const pad = state.pad;
  const body = { players: state.draft.players, round: state.draft.round };
  try {
    state.pad = state.editing
      ? await api("PUT", `/api/scorepads/${pad.id}/rounds/${state.editing}`, body)
      : await api("POST", `/api/scorepads/${pad.id}/rounds`, body);
    state.editing = null;
    drawPad();
    window.scrollTo(0, 0);
  } catch (err) {
    $("entry-error").textContent = `${t("error")}: ${err.message}`;
    $("entry-error").scrollIntoView({ block: "center" });
  }
}

// ------------------------------------------------------------------ start
async function main() {
  $("lang").addEventListener("click", () => {
    toggleLang();
    translate();
    // a refusal shown is in the language before: it goes, what was typed stays
    if (document.body.dataset.screen === "new") { $("new-error").textContent = ""; drawNew(); }
    else if (document.body.dataset.screen === "pad") drawPad();
    else if (document.body.dataset.screen === "entry") openEntry(state.editing, state.draft);
  });
  $("game").addEventListener("change", drawOptions);
  $("names").addEventListener("input", () => $("options").querySelectorAll("select[data-seat]")
    .forEach((select) => seatOptions(select, gameOf($("game").value), Number(select.value))));
  $("create").addEventListener("click", createPad);
  $("add").addEventListener("click", () => openEntry(null));
  $("cancel").addEventListener("click", drawPad);
  $("save").addEventListener("click", saveEntry);
  $("undo").addEventListener("click", undo);
  $("copy").addEventListener("click", () => navigator.clipboard?.writeText($("share-url").value));
  $("new").addEventListener("submit", (e) => e.preventDefault());
  $("entry").addEventListener("submit", (e) => e.preventDefault());
  translate();
  const padId = location.pathname.match(/^\/scorepad\/([^/]+)$/)?.[1];
  if (!padId) {
    state.games = await api("GET", "/api/games");
    drawNew();
    show("new");
    return;
  }
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("key");
  state.key = fromHash;
  try {
    state.pad = await api("GET", `/api/scorepads/${padId}`);
    state.module = await loadGame(state.pad.game);
    drawPad();
  } catch (err) {
    $("status").textContent = t("unknown");
    show("pad");
  }
}

main();
