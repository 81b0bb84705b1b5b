// UI strings in German and English. The browser language decides; the switch is remembered.
const STRINGS = {
  en: {
    title: "kartentisch", lobby: "New table", game: "Game", players: "Players", options: "Options",
    seats: "Seats", human: "Person", bot: "Bot", name: "Name", strength: "Strength (iterations)",
    hotseat: "Hot-seat: all people play on this device", create: "Create table", seed: "Seed (optional)",
    links: "Links", seatLink: "Private link of seat", spectatorLink: "Spectator link", open: "Open",
    seat: "Seat", you: "you", toAct: "to act", yourMove: "Your decision", waiting: "Waiting for",
    moves: "Moves", log: "Move log", scores: "Scores", round: "Round", totals: "Total", phase: "Phase",
    over: "Match over", winners: "Winners", rematch: "Rematch", spectator: "Spectator",
    passTo: "Pass the device to", show: "Show my cards", connecting: "Connecting…", reconnecting: "Connection lost, reconnecting…",
    illegal: "Illegal move", rule: "rule", send: "Send", tokenInput: "Type a token", cancel: "Cancel",
    choose: "Choose", lang: "Deutsch", dealer: "dealer", noOptions: "no options", error: "Error",
    copy: "Copy", nullValue: "none", reaction: "Reaction time (seconds; empty: no timer)",
    autoPass: "then you pass automatically",
  },
  de: {
    title: "kartentisch", lobby: "Neuer Tisch", game: "Spiel", players: "Mitspieler", options: "Optionen",
    seats: "Plätze", human: "Mensch", bot: "Bot", name: "Name", strength: "Stärke (Iterationen)",
    hotseat: "Hot-Seat: alle Menschen spielen an diesem Gerät", create: "Tisch anlegen", seed: "Startwert (optional)",
    links: "Links", seatLink: "Privater Link für Platz", spectatorLink: "Zuschauerlink", open: "Öffnen",
    seat: "Platz", you: "du", toAct: "am Zug", yourMove: "Deine Entscheidung", waiting: "Warte auf",
    moves: "Züge", log: "Spielverlauf", scores: "Punkte", round: "Runde", totals: "Summe", phase: "Phase",
    over: "Partie beendet", winners: "Sieger", rematch: "Revanche", spectator: "Zuschauer",
    passTo: "Gib das Gerät weiter an", show: "Meine Karten zeigen", connecting: "Verbinde…",
    reconnecting: "Verbindung verloren, verbinde neu…",
    illegal: "Unzulässiger Zug", rule: "Regel", send: "Senden", tokenInput: "Zug eintippen", cancel: "Abbrechen",
    choose: "Wähle", lang: "English", dealer: "Geber", noOptions: "keine Optionen", error: "Fehler",
    copy: "Kopieren", nullValue: "keine", reaction: "Reaktionszeit (Sekunden; leer: ohne Uhr)",
    autoPass: "dann passt du automatisch",
  },
};

// Verb names (tokens are `verb:arg…`, CONVENTIONS); unknown verbs show as written.
const VERBS = {
  en: { play: "Play", take: "Take", pick: "Pick", deal: "Deal", draw: "Draw", pass: "Pass", lay: "Lay",
        flip: "Flip", swap: "Swap", discard: "Discard", give: "Give", bet: "Bet", start: "Start",
        counter: "Counterattack", nicetry: "Nice Try", takediscard: "Take discard", place: "Place" },
  de: { play: "Ausspielen", take: "Nehmen", pick: "Aussuchen", deal: "Geben", draw: "Ziehen", pass: "Passen",
        lay: "Anlegen", flip: "Aufdecken", swap: "Tauschen", discard: "Abwerfen", give: "Verschenken", bet: "Wetten",
        start: "Start", counter: "Gegenangriff", nicetry: "Netter Versuch", takediscard: "Ablage nehmen",
        place: "Legen" },
};

// Zone names of the state documents; German terms as the specs give them (Ablagestapel, Hilfskarte, Auslage …).
const ZONES = {
  en: { colours: "colours in play", hands: "hands", centre: "centre", draw: "draw pile", collections: "collections",
        pending: "pending", last: "last move", start_player: "start player", specials: "special cards", row: "row",
        supply: "chips", display: "display", final_circuit: "final circuit", extra_turn: "extra turn",
        help: "help cards", pile: "pile", pile_top: "top of pile", out: "out", set_aside: "set aside",
        passed: "passed", last_move: "last move", grids: "grids", discard: "discard pile", discard_top: "discard top",
        active: "active seat", step: "step", held: "held card", flips_left: "flips left", trigger: "trigger",
        final_turns: "final turns", reveal_queue: "reveal queue", draw_pile: "draw pile", draw_face_up: "draw face up",
        wish: "wish", last_color: "last colour", event_pile: "event pile", events_used: "events used",
        current: "current seat", skipped: "skipped", exhausted: "exhausted", market: "market", revealed: "revealed",
        gamble: "bets" },
  de: { colours: "Farben im Spiel", hands: "Handkarten", centre: "Mitte", draw: "Nachziehstapel",
        collections: "Sammlungen", pending: "offen", last: "letzter Zug", start_player: "Startspieler",
        specials: "Sonderkarten", row: "Reihe", supply: "Chips", display: "Auslage", final_circuit: "letzte Runde",
        extra_turn: "Extrazug", help: "Hilfskarten", pile: "Ablagestapel", pile_top: "oberste Karte", out: "raus",
        set_aside: "beiseitegelegt", passed: "weitergegeben", last_move: "letzter Zug", grids: "Raster",
        discard: "Ablagestapel", discard_top: "oberste Ablage", active: "am Zug", step: "Schritt",
        held: "gehaltene Karte", flips_left: "noch aufzudecken", trigger: "Auslöser", final_turns: "letzte Züge",
        reveal_queue: "Aufdeckreihenfolge", draw_pile: "Nachziehstapel", draw_face_up: "offen gezogen",
        wish: "Wunsch", last_color: "letzte Farbe", event_pile: "Ereignisstapel", events_used: "gespielte Ereignisse",
        current: "am Zug", skipped: "ausgesetzt", exhausted: "erschöpft", market: "Markt", revealed: "aufgedeckt",
        gamble: "Wetten" },
};

const KEY = "kartentisch.lang";
const LANGS = ["en", "de"];

/** Current language: `?lang=de|en` in the page's URL, else the saved choice, else the browser's (de for any
 * German locale), else en. */
export function lang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(asked)) return asked;
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

/** Switch between de and en and remember the choice (in the page's URL too when it names a language). */
export function toggleLang() {
  const next = lang() === "de" ? "en" : "de";
  localStorage.setItem(KEY, next);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", next);
    history.replaceState(history.state, "", url);
  }
}

/** The UI string `key` in the current language. */
export function t(key) {
  return STRINGS[lang()][key] ?? STRINGS.en[key] ?? key;
}

/** Display name of a token verb. */
export function verbName(verb) {
  return VERBS[lang()][verb] ?? verb;
}

/** Display name of a zone key (a game module may pass its own `labels` {de: {...}, en: {...}} first). */
export function zoneName(key, labels) {
  return labels?.[lang()]?.[key] ?? ZONES[lang()][key] ?? key.replaceAll("_", " ");
}

/** Put a language switch button into `el`; `rerender` runs after switching. */
export function langButton(el, rerender) {
  const b = document.createElement("button");
  b.className = "lang";
  b.textContent = t("lang");
  b.addEventListener("click", () => { toggleLang(); b.textContent = t("lang"); document.documentElement.lang = lang(); rerender(); });
  el.replaceChildren(b);
  document.documentElement.lang = lang();
}
