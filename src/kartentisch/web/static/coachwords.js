// The coach's words on the pages (issue 23): the hint panel, the review and the replay page, in German and English
// (the moves themselves come from the server in the page's language). Also the coach's style sheet, loaded once.
import { lang } from "./i18n.js";
import { ownWord } from "./ui.js";

const STRINGS = {
  en: {
    hint: "Hint", hintAsk: "Show a hint", hintThinking: "The coach is thinking…", hintTitle: "The coach's best moves",
    hintFrom: "from {0} simulated games", win: "chance to win", play: "Play this", hintOld: "The position has changed.",
    hintsOption: "Hints allowed (the coach shows the best moves and their chances)",
    hintsHelp: "Off unless you allow it when several people play.",
    review: "Review the match", reviewTitle: "Review",
    reviewWhenOver: "This match was saved before it ended: the coach reviews a match once it is over.", reviewing: "Reviewing decision {0} of {1}…",
    reviewWait: "The review starts soon…",
    reviewEffort: "The first {0} of {1} decisions were judged from {2} simulated games each, the rest from {3} (this server's limit per review).",
    curve: "Chance to win over the match", curveOf: "{0}: chance to win after each move",
    good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder", better: "Better: {0} ({1})",
    loss: "−{0} % chance to win", noMarks: "No mistakes found: every move was about as good as the coach's best.",
    noSureMarks: "No certain mistakes found.",
    unsureOne: "Unsure: {0}. The estimate says it gave away chance to win against the coach's best move, but the simulated games cannot tell that from chance, so it is not marked.",
    unsureMany: "Unsure: {0}. The estimate says each gave away chance to win against the coach's best move, but the simulated games cannot tell that from chance, so they are not marked.",
    marked: "Moves to look at", move: "Move {0}", result: "result",
    marksMean: "The more question marks, the more chance to win a move gave away against the coach's best move.",
    axisMove: "Move number", axisWin: "Chance to win in %",
    replay: "Step through the match", replayTitle: "Replay", first: "First", back: "Back", forward: "Forward",
    last: "Last", position: "Move {0} of {1}", deal: "The deal (before the first move)", viewAs: "Seen by",
    allOpen: "All cards open", spectator: "A spectator", everyMove: "Every seat's moves with their cards", onlySees: "Only {0} sees:", nothingHidden: "nothing hidden",
    share: "Copy the link to this position", copied: "Copied", keys: "Arrow keys: back and forward · Home, End: first and last",
    upload: "Open a replay file", uploadHelp: "A file saved by “kartentisch play” (one move per line).",
    uploadButton: "Open", badReplay: "This file is no replay kartentisch can read (details for developers below).", details: "Details", toTable: "Back to the table", reviewFailed: "The review failed: {0}", error: "Error",
    loading: "Loading…", jump: "Go to this position",
  },
  de: {
    hint: "Tipp", hintAsk: "Tipp zeigen", hintThinking: "Der Coach denkt nach…", hintTitle: "Die besten Züge laut Coach",
    hintFrom: "aus {0} durchgespielten Partien", win: "Siegchance", play: "So spielen", hintOld: "Die Stellung hat sich geändert.",
    hintsOption: "Tipps erlaubt (der Coach zeigt die besten Züge und ihre Chancen)",
    hintsHelp: "Aus, wenn mehrere Menschen spielen, außer du erlaubst sie.",
    review: "Partie analysieren", reviewTitle: "Analyse",
    reviewWhenOver: "Diese Partie wurde gespeichert, bevor sie zu Ende war: Der Coach analysiert eine Partie, sobald sie vorbei ist.", reviewing: "Analysiere Entscheidung {0} von {1}…",
    reviewWait: "Die Analyse beginnt gleich…",
    reviewEffort: "Die ersten {0} von {1} Entscheidungen wurden aus je {2} durchgespielten Partien bewertet, die übrigen aus {3} (die Grenze dieses Servers pro Analyse).",
    curve: "Siegchance im Lauf der Partie", curveOf: "{0}: Siegchance nach jedem Zug",
    good: "gut", inaccuracy: "Ungenauigkeit", mistake: "Fehler", blunder: "grober Fehler", better: "Besser: {0} ({1})",
    loss: "−{0} % Siegchance", noMarks: "Keine Fehler gefunden: jeder Zug war etwa so gut wie der beste des Coachs.",
    noSureMarks: "Keine sicheren Fehler gefunden.",
    unsureOne: "Unklar: {0}. Laut Schätzung verschenkte er Siegchance gegenüber dem besten Zug des Coachs, doch die durchgespielten Partien können das nicht vom Zufall unterscheiden; darum ist er nicht markiert.",
    unsureMany: "Unklar: {0}. Laut Schätzung verschenkte jeder davon Siegchance gegenüber dem besten Zug des Coachs, doch die durchgespielten Partien können das nicht vom Zufall unterscheiden; darum sind sie nicht markiert.",
    marked: "Züge zum Anschauen", move: "Zug {0}", result: "Ergebnis",
    marksMean: "Je mehr Fragezeichen, desto mehr Siegchance hat ein Zug gegenüber dem besten Zug des Coachs verschenkt.",
    axisMove: "Zugnummer", axisWin: "Siegchance in %",
    replay: "Partie nachspielen", replayTitle: "Nachspielen", first: "Anfang", back: "Zurück", forward: "Vor",
    last: "Ende", position: "Zug {0} von {1}", deal: "Das Austeilen (vor dem ersten Zug)", viewAs: "Sicht von",
    allOpen: "Alle Karten offen", spectator: "Zuschauer", everyMove: "Alle Züge mit allen Karten", onlySees: "Nur {0} sieht:", nothingHidden: "nichts Verdecktes",
    share: "Link zu dieser Stellung kopieren", copied: "Kopiert", keys: "Pfeiltasten: zurück und vor · Pos1, Ende: Anfang und Ende",
    upload: "Wiederholungsdatei öffnen", uploadHelp: "Eine Datei, die „kartentisch play“ gespeichert hat (ein Zug pro Zeile).",
    uploadButton: "Öffnen", badReplay: "Diese Datei ist keine Wiederholung, die kartentisch lesen kann (Einzelheiten für Entwickler unten).", details: "Einzelheiten", toTable: "Zurück zum Tisch", reviewFailed: "Die Analyse ist fehlgeschlagen: {0}", error: "Fehler",
    loading: "Lade…", jump: "Zu dieser Stellung",
  },
};

/** The coach's page string `key` in the page's language; "{0}", "{1}" … take `args`. */
export function ct(key, ...args) {
  const text = STRINGS[lang()][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, i) => String(args[i]));
}

/** The coach's string `key` as game module `game` words it where it names the match or a round in its own terms (ui.js
 * ownWord, its catalogue's `table_<key>`: chips calls the match "Spiel" and a round "Partie", chips D1), as the table
 * does; else ct's, `vars`' values taking its "{0}", "{1}" … in their order. */
export function coachWord(game, key, vars = {}) {
  return ownWord(game, lang(), key, vars) ?? ct(key, ...Object.values(vars));
}

/** A share (0 … 1) as a whole percentage: "62 %"; for what is certain (the axis, a match's result). */
export function pct(win) {
  return `${Math.round(100 * win)} %`;
}

/** The coach's estimate of a win chance (0 … 1) as a percentage: as pct, but "> 99 %" and "< 1 %" where it would
 * round to 100 or 0. The estimate is a mean over sampled deals and rollouts (coach.py), never a proof: a fresh user
 * was told "100 %" at lastcard's first pass, where such forecasts came true 87 % of the time (bench/coach). As
 * coach.py's chance_text. */
export function chance(win) {
  const whole = Math.round(100 * win);
  return whole >= 100 ? "> 99 %" : whole <= 0 ? "< 1 %" : `${whole} %`;
}

/** The marks a review gives, worst first, with the chess annotation each is shown with. */
export const MARKS = { blunder: "??", mistake: "?", inaccuracy: "?!" };

const CSS = new URL("./coach.css", import.meta.url).pathname;
if (!document.querySelector(`link[href="${CSS}"]`)) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: CSS }));
}
