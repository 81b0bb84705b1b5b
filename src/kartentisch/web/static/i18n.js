// The page's own words in German and English (buttons, headings, hints). What the games say — moves, phases,
// seat names, options, rules — comes from the server in the page's language, which `lang()` decides per person.
const STRINGS = {
  en: {
    lang: "Deutsch", tagline: "Card games with friends and bots, in the browser.",
    scorepadLink: "Playing with real cards? Open the score pad",
    newTable: "New table", chooseGame: "Choose a game", players: "Players", playersRange: "{0}–{1} players",
    length: "Length", howToPlay: "How to play", rulesOf: "Rules: {0}", close: "Close", play: "Set up a table",
    seats: "Seats", options: "Options", moreOptions: "More options",     yourName: "Your name", name: "Name", seat: "Seat", you: "you",     kindOpen: "A friend (invite link)", kindHuman: "A person with a private link",     botEasy: "Bot: plays at random", botMedium: "Bot: steady", botStrong: "Bot: strong", botLearned: "Bot: learned",
    hotseat: "Everybody plays on this device (hot-seat)", reaction: "Reaction time in seconds (empty: no timer)",
    seed: "Fixed deal (seed, optional)", create: "Create table", creating: "Creating the table…",
    sameName: "Two seats are both called {0}: give each person their own name.",
    preset_short: "Short", preset_medium: "Medium", preset_long: "Long", presetPoints: "{0} (to {1} points)",     none: "none",
    invite: "Invite link", tableReady: "Your table is ready", inviteHelp: "Send this link to your friends: each picks a free seat and types a name.",
    copy: "Copy", copied: "Copied", open: "Open", openMySeat: "Go to my seat", seatLink: "Private link of seat {0}",
    spectatorLink: "Spectator link", links: "More links", error: "Error",
    // join page
    joinTitle: "Join the table", joinHelp: "Pick a free seat and type your name.", take: "Take this seat",
    dealFixed: "The cards were shuffled when this table was made: the deal is fixed before anyone takes a seat.",
    seatTaken: "Someone was faster: this seat is taken now. Pick another one.", started: "This match has started.",
    chatSpectatorsOff: "Spectators do not write here: the host has not allowed it.",
    spectatorChat: "Spectators may write in the table chat", spectatorChatHelp: "Off: only the seated players write; spectators read.",
    limitLeft: "{0} characters left (at most {1}).", limitReached: "That is the most that fits: {0} characters.",
    inviteOver: "This match is over: nobody joins it any more.", replayReview: "Step through and review the match",
    noFree: "No seat is free any more.", unknownInvite: "This invite link is not known.", watch: "Watch",
    // a private seat link opened for the first time (table page)
    nameAsk: "What is your name?", nameAskHelp: "Everyone at the table sees this name.",
    nameAskPlay: "Play with this name",
    kind_open: "free", kind_bot: "bot",
    // table page
    connecting: "Connecting…", reconnecting: "Connection lost, reconnecting…", spectator: "Spectator",
    round: "Round", phase: "Phase", dealer: "dealer", yourTurn: "Your turn", waiting: "Waiting for {0}.",
    cancel: "Cancel", done: "Done", confirm: "Confirm", chooseHand: "Choose cards in your hand",
    chooseCards: "Choose {0} cards ({1} chosen)", chooseCard1: "Choose 1 card ({1} chosen)",
    chooseCardsRange: "Choose {0} to {1} cards ({2} chosen)",
    chooseSeat: "Choose a player on the table", chooseTable: "Choose a card on the table",
    chooseCell: "Choose a card of your grid", chooseRow: "Choose one of your rows", choosePile: "Choose a pile", chooseWish: "Choose a wish",
    picked: "Chosen", autoPass: "then you pass automatically",
    choiceDropped: "Your choice no longer fits the game.",
    rule: "rule", send: "Send", tokenInput: "Token (developers)",
    log: "What happened", scores: "Scores", totals: "Total",
    roundSummary: "Round {0} scored", continue: "Continue",
    matchOver: "Match over", winner: "winner", lowestWins: "The lowest total wins.",
    highestWins: "The highest total wins.", total: "total", thisRound: "this round", player: "Player", rematch: "Rematch",
    rematching: "Setting up the rematch…", passTo: "Pass the device to", show: "Show my cards",
    waitingSeats: "Waiting for players: {0}.", fillBot: "Put a bot in seat {0}", shareInvite: "Invite friends:",
    sound: "Sound on your turn", soundShort: "Sound", turnTitle: "▶ Your turn", fixedDeal: "fixed deal: seed {0}",
    fixedDealWhy: "The table's creator chose this seed: anyone who knows it can work out every hand.",
    chat: "Table chat", chatInput: "Message", chatSend: "Send", chatSlow: "Slow down: wait {0} s.",
    hiddenCard: "hidden card", faceDown: "face down",
    // refusals of the table (HTTP 409/422 and the socket's error frames), in the players' words
    refusedTwice: "The table had moved on (a double click, or another page of your seat): this move was not played; look again.",
    refusedRace: "Another move came in first: decide again on the table as it is now.",
    refusedRematchMade: "Someone made the rematch a moment ago: press Rematch again to join it.",
    refusedNotNow: "It is not your turn now; waiting for {0}.", refusedOver: "The match is over.",
    refusedIllegal: "This move is not allowed now.", refusedRematch: "A rematch is possible once the match is over.",
    refusedSeat: "This link's seat is not known at this table.",
    refusedNoTable: "There is no table at this link: check that it was copied whole, or start a new one in the lobby.",
    refusedExpired: "This table was closed after a long time without a move.",
    refusedFast: "Too fast: wait a moment.", refusedChatLong: "A message has at most 200 characters.",
    refusedChatSpectator: "Spectators do not chat at this table.", refusedOther: "The table did not accept this (error {0}).",
  },
  de: {
    lang: "English", tagline: "Kartenspiele mit Freunden und Bots, im Browser.",
    scorepadLink: "Spielt ihr mit echten Karten? Zum Punkteblock",
    newTable: "Neuer Tisch", chooseGame: "Wähle ein Spiel", players: "Mitspieler", playersRange: "{0}–{1} Mitspieler",
    length: "Dauer", howToPlay: "Spielregeln", rulesOf: "Regeln: {0}", close: "Schließen", play: "Tisch einrichten",
    seats: "Plätze", options: "Optionen", moreOptions: "Weitere Optionen",     yourName: "Dein Name", name: "Name", seat: "Platz", you: "du",     kindOpen: "Ein Freund (Einladungslink)", kindHuman: "Ein Mensch mit privatem Link",     botEasy: "Bot: spielt zufällig", botMedium: "Bot: solide", botStrong: "Bot: stark", botLearned: "Bot: gelernt",
    hotseat: "Alle spielen an diesem Gerät (Hot-Seat)", reaction: "Reaktionszeit in Sekunden (leer: ohne Uhr)",
    seed: "Feste Kartenverteilung (Startwert, optional)", create: "Tisch anlegen", creating: "Lege den Tisch an…",
    sameName: "Zwei Plätze heißen beide {0}: gib jedem seinen eigenen Namen.",
    preset_short: "Kurz", preset_medium: "Mittel", preset_long: "Lang", presetPoints: "{0} ({1} Punkte)",     none: "keine",
    invite: "Einladungslink", tableReady: "Dein Tisch ist bereit", inviteHelp: "Schick diesen Link deinen Freunden: jeder wählt einen freien Platz und gibt einen Namen ein.",
    copy: "Kopieren", copied: "Kopiert", open: "Öffnen", openMySeat: "Zu meinem Platz", seatLink: "Privater Link für Platz {0}",
    spectatorLink: "Zuschauerlink", links: "Weitere Links", error: "Fehler",
    joinTitle: "Am Tisch Platz nehmen", joinHelp: "Wähle einen freien Platz und gib deinen Namen ein.",
    dealFixed: "Die Karten wurden gemischt, als dieser Tisch angelegt wurde: die Kartenverteilung steht fest, bevor jemand Platz nimmt.",
    take: "Diesen Platz nehmen", seatTaken: "Jemand war schneller: dieser Platz ist jetzt besetzt. Wähle einen anderen.",
    started: "Diese Partie hat schon begonnen.",
    chatSpectatorsOff: "Zuschauer schreiben hier nicht mit: der Gastgeber hat es nicht erlaubt.",
    spectatorChat: "Zuschauer dürfen im Tischgespräch mitschreiben", spectatorChatHelp: "Aus: nur wer mitspielt, schreibt; Zuschauer lesen mit.",
    limitLeft: "Noch {0} Zeichen (höchstens {1}).", limitReached: "Mehr passt nicht hinein: höchstens {0} Zeichen.",
    inviteOver: "Diese Partie ist vorbei: niemand kann mehr mitspielen.", replayReview: "Partie nachspielen und analysieren", noFree: "Kein Platz ist mehr frei.",
    unknownInvite: "Diesen Einladungslink gibt es nicht.", watch: "Zuschauen",
    nameAsk: "Wie heißt du?", nameAskHelp: "Alle am Tisch sehen diesen Namen.",
    nameAskPlay: "Mit diesem Namen spielen",
    kind_open: "frei", kind_bot: "Bot",
    connecting: "Verbinde…", reconnecting: "Verbindung verloren, verbinde neu…", spectator: "Zuschauer",
    round: "Runde", phase: "Phase", dealer: "Geber", yourTurn: "Du bist dran", waiting: "Warte auf {0}.",
    cancel: "Abbrechen", done: "Fertig", confirm: "Bestätigen", chooseHand: "Wähle Karten aus deiner Hand",
    chooseCards: "Wähle {0} Karten ({1} gewählt)", chooseCard1: "Wähle 1 Karte ({1} gewählt)",
    chooseCardsRange: "Wähle {0} bis {1} Karten ({2} gewählt)",
    chooseSeat: "Wähle einen Mitspieler am Tisch", chooseTable: "Wähle eine Karte auf dem Tisch",
    chooseCell: "Wähle eine Karte deines Rasters", chooseRow: "Wähle eine deiner Reihen", choosePile: "Wähle einen Stapel", chooseWish: "Wähle deinen Wunsch",
    picked: "Gewählt", autoPass: "dann passt du automatisch",
    choiceDropped: "Deine Auswahl passt nicht mehr zum Spielstand.",
    rule: "Regel", send: "Senden", tokenInput: "Token (Entwickler)",
    log: "Was geschah", scores: "Punkte", totals: "Summe",
    roundSummary: "Runde {0} gewertet", continue: "Weiter",
    matchOver: "Partie vorbei", winner: "gewinnt", lowestWins: "Die niedrigste Summe gewinnt.",
    highestWins: "Die höchste Summe gewinnt.", total: "gesamt", thisRound: "diese Runde", player: "Spieler", rematch: "Revanche",
    rematching: "Die Revanche wird vorbereitet…", passTo: "Gib das Gerät weiter an", show: "Meine Karten zeigen",
    waitingSeats: "Warte auf Mitspieler: {0}.", fillBot: "Bot auf Platz {0} setzen", shareInvite: "Freunde einladen:",
    sound: "Ton, wenn du dran bist", soundShort: "Ton", turnTitle: "▶ Du bist dran", fixedDeal: "feste Kartenverteilung: Startwert {0}",
    fixedDealWhy: "Wer den Tisch angelegt hat, hat diesen Startwert gewählt: wer ihn kennt, kann jedes Blatt ausrechnen.",
    chat: "Tischgespräch", chatInput: "Nachricht", chatSend: "Senden", chatSlow: "Langsamer: warte {0} s.",
    hiddenCard: "verdeckte Karte", faceDown: "verdeckt",
    refusedTwice: "Der Tisch war schon weiter (ein doppelter Klick oder eine andere Seite deines Platzes): dieser Zug wurde nicht gespielt; sieh noch einmal hin.",
    refusedRace: "Ein anderer Zug kam zuerst an: entscheide neu, wie der Tisch jetzt liegt.",
    refusedRematchMade: "Jemand hat die Revanche gerade angelegt: drück noch einmal auf Revanche, um mitzuspielen.",
    refusedNotNow: "Du bist gerade nicht dran; wir warten auf {0}.", refusedOver: "Die Partie ist vorbei.",
    refusedIllegal: "Dieser Zug ist jetzt nicht erlaubt.", refusedRematch: "Eine Revanche gibt es, sobald die Partie vorbei ist.",
    refusedSeat: "Den Platz dieses Links gibt es an diesem Tisch nicht.",
    refusedNoTable: "Unter diesem Link gibt es keinen Tisch: prüfe, ob er ganz kopiert wurde, oder lege in der Lobby einen neuen an.",
    refusedExpired: "Dieser Tisch wurde nach langer Zeit ohne Zug geschlossen.",
    refusedFast: "Zu schnell: warte einen Moment.", refusedChatLong: "Eine Nachricht hat höchstens 200 Zeichen.",
    refusedChatSpectator: "Zuschauer schreiben an diesem Tisch nicht mit.", refusedOther: "Der Tisch hat das nicht angenommen (Fehler {0}).",
  },
};

const KEY = "kartentisch.lang";
const LANGS = ["en", "de"];

/** The page's language, decided per person (issue 32), first that applies:
 * 1. the choice made with the language switch in this browser (localStorage; only the switch writes it, so
 *    a link somebody else sent never changes it);
 * 2. the browser's languages (`navigator.languages`, the ones Accept-Language sends), the first that is German or
 *    English;
 * 3. `?lang=de|en` in the page's address (a hint for a browser that speaks neither: the app's own links never
 *    carry it, an old invite link may);
 * 4. English. */
export function lang() {
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  const spoken = (navigator.languages?.length ? navigator.languages : [navigator.language ?? ""])
    .map((l) => l.toLowerCase().slice(0, 2)).find((l) => LANGS.includes(l));
  if (spoken) return spoken;
  const asked = new URLSearchParams(location.search).get("lang");
  return LANGS.includes(asked) ? asked : "en";
}

/** Switch between de and en, remember it as this browser's own choice, drop a `?lang=` from the page's address
 * (a copied address carries no language) and set the document's lang attribute. */
export function toggleLang() {
  const next = lang() === "de" ? "en" : "de";
  localStorage.setItem(KEY, next);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url);
  }
  document.documentElement.lang = next;
}

/** `url` (a path, or a full address) with `?lang=` set to the current language: for the server's API, whose
 * texts come in the language asked for. Links between pages carry none (each person's browser decides). */
export function withLang(url) {
  const full = new URL(url, location.href);
  full.searchParams.set("lang", lang());
  return /^[a-z]+:/i.test(url) ? full.href : `${full.pathname}${full.search}${full.hash}`;
}

/** The current language's text of a server's `{"en": …, "de": …}` (English where it lacks one), or "". */
export function word(map) {
  return map?.[lang()] ?? map?.en ?? "";
}

/** A game option's value in words: a choice by the option's `choice_labels`, else the value as it is. */
export function choiceWords(opt, value) {
  return word(opt.choice_labels?.[value]) || String(value);
}

const LENGTHS = ["short", "medium", "long"];

/** Is `opt` a game's length: a preset list, or a choice of short/medium/long? The lobby and a group's page offer it
 * first. */
export function isLength(opt) {
  return opt.presets?.length > 0 || (opt.kind === "choice" && opt.choices.every((c) => LENGTHS.includes(c)));
}

/** The lengths of `opt` (see `isLength`) in one style on every page: [{name, value, words}], words "Short (to 15
 * points)" / "Kurz (15 Punkte)" for a preset (a preset is a target total, the spec's suggestions: colors R16; a
 * bare "(15)" said nothing, a fresh user's finding), "Short" / "Kurz" for a choice (the game's `choice_labels`). */
export function lengthChoices(opt) {
  if (!opt.presets?.length) return opt.choices.map((c) => ({ name: c, value: c, words: choiceWords(opt, c) }));
  return opt.presets.map((p) => ({ ...p,
    words: t("presetPoints", LENGTHS.includes(p.name) ? t(`preset_${p.name}`) : p.name, points(p.value)) }));
}

/** A score as people write it: a real minus sign ("−3"), with `signed` a plus sign too ("+3"). */
export function points(x, signed = false) {
  const text = lang() === "de" ? String(x).replace(".", ",") : String(x);  // German writes 3,4 (a fresh user's finding)
  return x > 0 && signed ? `+${text}` : text.replace("-", "−");
}

/** A clock's time left as people read it: "45 s" under two minutes, else the two largest units in the page's
 * language with Intl's short names ("23 hr 58 min" / "23 Std., 58 Min."): a day-long clock in seconds was unreadable. */
export function clockTime(seconds) {
  if (seconds < 120) return `${seconds} s`;
  const parts = [[Math.floor(seconds / 86400), "day"], [Math.floor((seconds % 86400) / 3600), "hour"],
    [Math.floor((seconds % 3600) / 60), "minute"]];
  const first = parts.findIndex(([n]) => n > 0);
  return parts.slice(first, first + 2).filter(([n]) => n > 0)
    .map(([n, unit]) => new Intl.NumberFormat(lang(), { style: "unit", unit, unitDisplay: "short" }).format(n))
    .join(" ");
}

/** `items` joined as a sentence says them: "a, b and c" / "a, b und c". */
export function listing(items, language = lang()) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${language === "de" ? "und" : "and"} ${items.at(-1)}`;
}

/** The page string `key` in the current language; "{0}", "{1}" … take `args`. */
export function t(key, ...args) {
  const text = STRINGS[lang()][key] ?? STRINGS.en[key] ?? key;
  return typeof text === "string" ? text.replace(/\{(\d)\}/g, (_, i) => String(args[i])) : text;
}
