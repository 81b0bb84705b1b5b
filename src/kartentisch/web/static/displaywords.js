// The words of the shared screen (issue 34): the table display, the invite's QR code, the lobby's shared-screen
// option and the phones' hand view, in German and English (what the games say comes from the server).
import { lang } from "./i18n.js";

const STRINGS = {
  en: {
    display: "Table display", displayOpen: "Open the table display",
    displayHelp: "For the shared screen in the middle (a TV or a laptop): the table large, no hand.",
    shared: "Shared screen: this device shows the table, everyone plays with their phone",
    sharedHelp: "Every seat that is not a bot is taken with a phone through the QR code.",
    qr: "QR code of the invite link", scan: "Scan with your phone to take a seat",
    joined: "At the table", free: "free",
    turn: "{0}'s turn", turnMany: "Waiting for {0}", clock: "{0} left",
    log: "What happened", scores: "Scores", round: "Round {0}", over: "Match over", winner: "winner",
    handHelp: "This phone shows only your hand and your choices; the table is on the shared screen.",
    wholeTable: "Show the whole table", connecting: "Connecting…", reconnecting: "Connection lost, reconnecting…",
    error: "This table is not known.",
  },
  de: {
    display: "Tischanzeige", displayOpen: "Tischanzeige öffnen",
    displayHelp: "Für den gemeinsamen Bildschirm in der Mitte (Fernseher oder Laptop): der Tisch groß, ohne Hand.",
    shared: "Gemeinsamer Bildschirm: dieses Gerät zeigt den Tisch, alle spielen mit ihrem Handy",
    sharedHelp: "Jeder Platz, der kein Bot ist, wird mit einem Handy über den QR-Code eingenommen.",
    qr: "QR-Code des Einladungslinks", scan: "Mit dem Handy scannen und Platz nehmen",
    joined: "Am Tisch", free: "frei",
    turn: "{0} ist am Zug", turnMany: "Warten auf {0}", clock: "noch {0}",
    log: "Was geschah", scores: "Punkte", round: "Runde {0}", over: "Partie vorbei", winner: "gewinnt",
    handHelp: "Dieses Handy zeigt nur deine Hand und deine Züge; der Tisch ist auf dem gemeinsamen Bildschirm.",
    wholeTable: "Ganzen Tisch zeigen", connecting: "Verbinde…", reconnecting: "Verbindung verloren, verbinde neu…",
    error: "Diesen Tisch gibt es nicht.",
  },
};

/** The shared screen's text `key` in the page's language, `{0}`… filled with `args`. */
export function td(key, ...args) {
  const text = STRINGS[lang()][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, i) => String(args[i]));
}

/** The absolute invite link of invite `code` as the pages show it (and its QR code encodes: display.py's
 * invite_link); `hand`: the phone opens its seat in the hand view. No language: whoever opens it reads the page in
 * their own (README, "each person's language"). */
export function inviteLink(code, hand) {
  const url = new URL(`/join/${encodeURIComponent(code)}`, location.href);
  if (hand) url.searchParams.set("view", "hand");
  return url.href;
}

/** The address of invite `code`'s QR code: an SVG the server makes, encoding exactly `inviteLink(code, hand)`. */
export function qrSrc(code, hand) {
  return `/api/invites/${encodeURIComponent(code)}/qr.svg${hand ? "?view=hand" : ""}`;
}
