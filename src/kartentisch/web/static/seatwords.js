// The words of who is at the table (issue 32): presence, clocks, a seat handed to a bot and taken back, the rematch
// offer and the lobby's clock, in German and English (the log's notes come from the server in the page's language).
// Also their style sheet (seats.css), loaded once.
import { lang } from "./i18n.js";

const STRINGS = {
  en: {
    connected: "here", away: "away", gone: "gone", not_yet: "not here yet", never_came: "not here yet",
    standIn: "a bot plays for now", playedBy: "{0} plays",
    botHelp: "{0} (with a bot's help: {1} of {2} moves)", botPlayed: "{0} (played by a bot: {1} of {2} moves)",
    clockLeft: "{0} left", clockPass: "then you pass automatically",
    clockBot: "then a bot makes this move for you", clockAsk: "then the others may give your seat to a bot",
    handOver: "Give {0}'s seat to this bot", handOverLevel: "Bot for {0}:", remove: "Remove {0} (a bot plays to the end)",
    removeAsk: "Remove {0} for good? A bot plays {0}'s seat to the end of the match, and {0} can only watch.",
    removeYes: "Yes, remove", removeNo: "Cancel",
    whyRanOut: "{0}'s time ran out.", whyGone: "{0} has gone.", whyNeverCame: "{0} has not come to the table yet.",
    standInMine: "A bot plays for you now.", takeBack: "Play again myself",
    level_random: "plays at random", level_heuristic: "steady", level_ismcts: "strong",
    offer: "{0} wants a rematch.", offerMine: "You offered a rematch.", join: "Join", leave: "Leave",
    answerJoin: "joins", answerLeave: "leaves", answerNone: "no answer yet", offerWait: "It starts in {0} s, or as soon as everyone has answered.",
    youLeft: "You left: no rematch for you.", rematchWaiting: "Waiting for {0}…", toRematch: "Go to the rematch",
    madeWithoutYou: "The rematch has started without your answer: a bot plays for you until you join.",
    clock: "Clock per move", clockOff: "none", onTimeout: "When the time runs out",
    clockHelp: "Each person's clock starts when they first come to the table.",
    refusedHandOver: "This seat cannot go to a bot yet: its clock has not run out, and its person has not been missing for a minute.",
    refusedOwnSeat: "Your own seat cannot go to a bot this way.",
    refusedHandedAlready: "Nothing to do: this seat is played that way already.",
    refusedRematchStarted: "The rematch has started already.",
  },
  de: {
    connected: "da", away: "abwesend", gone: "weg", not_yet: "noch nicht da", never_came: "noch nicht da",
    standIn: "ein Bot spielt vorerst", playedBy: "{0} spielt",
    botHelp: "{0} (mit Bot-Hilfe: {1} von {2} Zügen)", botPlayed: "{0} (von einem Bot gespielt: {1} von {2} Zügen)",
    clockLeft: "noch {0}", clockPass: "dann passt du automatisch",
    clockBot: "dann macht ein Bot diesen Zug für dich", clockAsk: "dann dürfen die anderen deinen Platz an einen Bot geben",
    handOver: "Platz von {0} an diesen Bot geben", handOverLevel: "Bot für {0}:", remove: "{0} entfernen (ein Bot spielt bis zum Ende)",
    removeAsk: "{0} endgültig entfernen? Ein Bot spielt den Platz bis zum Ende der Partie, {0} kann nur noch zuschauen.",
    removeYes: "Ja, entfernen", removeNo: "Abbrechen",
    whyRanOut: "Die Zeit von {0} ist abgelaufen.", whyGone: "{0} ist weg.",
    whyNeverCame: "{0} ist noch nicht an den Tisch gekommen.",
    standInMine: "Gerade spielt ein Bot für dich.", takeBack: "Wieder selbst spielen",
    level_random: "spielt zufällig", level_heuristic: "solide", level_ismcts: "stark",
    offer: "{0} möchte eine Revanche.", offerMine: "Du hast eine Revanche angeboten.", join: "Mitspielen", leave: "Gehen",
    answerJoin: "spielt mit", answerLeave: "geht", answerNone: "noch keine Antwort", offerWait: "Sie beginnt in {0} s oder sobald alle geantwortet haben.",
    youLeft: "Du bist gegangen: keine Revanche für dich.", rematchWaiting: "Warte auf {0} …", toRematch: "Zur Revanche",
    madeWithoutYou: "Die Revanche hat ohne deine Antwort begonnen: Ein Bot spielt für dich, bis du mitspielst.",
    clock: "Uhr pro Zug", clockOff: "keine", onTimeout: "Wenn die Zeit abläuft",
    clockHelp: "Die Uhr läuft für jede Person erst, wenn sie an den Tisch kommt.",
    refusedHandOver: "Dieser Platz kann noch nicht an einen Bot gehen: Seine Uhr ist nicht abgelaufen, und die Person fehlt noch keine Minute.",
    refusedOwnSeat: "Den eigenen Platz kannst du so nicht an einen Bot geben.",
    refusedHandedAlready: "Nichts zu tun: Dieser Platz wird schon so gespielt.",
    refusedRematchStarted: "Die Revanche hat schon begonnen.",
  },
};

/** The string `key` in the page's language; "{0}", "{1}" … take `args`. */
export function st(key, ...args) {
  const text = STRINGS[lang()][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, i) => String(args[i]));
}

/** A seat's name in a match's result: a person's seat a bot made moves for says so in a group's words ("Ben
 * (mit Bot-Hilfe: 12 von 30 Zügen)", the frame's `bot_moves`; more than half by a bot: "von einem Bot gespielt", the
 * match a group counts as the bot's, group_store.played_by_bot); else its name. */
export function resultName(seat, name) {
  if (!seat?.bot_moves) return name;
  const [byBot, of] = seat.bot_moves;
  return st(2 * byBot > of ? "botPlayed" : "botHelp", name, byBot, of);
}

/** The bots a seat may be handed to: the lobby's levels in the lobby's order, weakest first (bots/levels.py
 * lobby_levels: random, heuristic, ismcts in every game's measurement); "steady" is chosen at first. */
export const LEVELS = [
  { bot: "random", key: "level_random" },
  { bot: "heuristic", key: "level_heuristic", chosen: true },
  { bot: "ismcts", iterations: 1000, key: "level_ismcts" },
];

const CSS = new URL("./seats.css", import.meta.url).pathname;
if (!document.querySelector(`link[href="${CSS}"]`)) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: CSS }));
}
