// Turn-based tables (issue 34; kartentisch/web/turns.py and notify.py): the seats this browser holds, the lobby's
// link to "My tables", the table page's panel (mail of one's turns, the browser's notifications) and the
// notification itself while the page is in the background. Never a card: only names, whose turn, times.
import { lang } from "./i18n.js";
import { LimitNote } from "./namefield.js";
import { html, useEffect, useState } from "./ui.js";

/** The longest e-mail address the server takes (characters; notify.py's limit, RFC 5321's path). */
const MAIL_MAX = 254;

const STRINGS = {
  en: {
    myTables: "My tables", myTablesCount: "My tables ({0})", yourTurn: "Your turn", waitingFor: "Waiting for {0}",
    waitingSeats: "Waiting for players to join", over: "Match over", with: "with {0}", lastChange: "last change {0}",
    justNow: "just now",
    left: "{0} left for your move", open: "Open",
    ranOut: "Time ran out for {0}: you may give the seat to a bot",
    yourTimeRanOut: "Your time ran out: the others may give your seat to a bot.", none: "This browser holds no seat at any table yet.",
    backToLobby: "To the lobby", notify: "Notify me when it is my turn", notifyOn: "Notifications are on",
    notifyBlocked: "This browser blocks notifications from this page.", notifyTitle: "Your turn: {0}",
    notifyBody: "{0} is waiting for your move.",
    mailTitle: "Mail when it is your turn", mailHelp: "This table is turn-based: a move may take a day. Give your "
      + "address and you get one mail per turn (with your seat's link, never your cards); every mail has a link "
      + "to stop them.", mailAddress: "E-mail address", mailSave: "Mail me", mailOn: "Mails go to {0}.",
    mailError: "Error", turnBased: "A turn-based table", turnBasedIntro: "Tables that wait for you come first. Come back any time: every move is kept.",
  },
  de: {
    myTables: "Meine Tische", myTablesCount: "Meine Tische ({0})", yourTurn: "Du bist dran", waitingFor: "Wartet auf {0}",
    waitingSeats: "Wartet auf Mitspieler", over: "Partie vorbei", with: "mit {0}", lastChange: "letzte Änderung {0}",
    justNow: "gerade eben",
    left: "noch {0} für deinen Zug", open: "Öffnen",
    ranOut: "Die Zeit von {0} ist abgelaufen: du darfst den Platz an einen Bot geben",
    yourTimeRanOut: "Deine Zeit ist abgelaufen: die anderen dürfen deinen Platz an einen Bot geben.", none: "Dieser Browser hat noch keinen Platz an einem Tisch.",
    backToLobby: "Zur Startseite", notify: "Benachrichtige mich, wenn ich dran bin",
    notifyOn: "Benachrichtigungen sind an", notifyBlocked: "Dieser Browser blockiert Benachrichtigungen dieser Seite.",
    notifyTitle: "Du bist dran: {0}", notifyBody: "{0} wartet auf deinen Zug.",
    mailTitle: "Mail, wenn du dran bist", mailHelp: "Dieser Tisch ist rundenbasiert: ein Zug darf einen Tag dauern. "
      + "Gib deine Adresse an und du bekommst eine Mail pro Zug (mit dem Link zu deinem Platz, nie mit deinen "
      + "Karten); jede Mail hat einen Link, um sie abzubestellen.", mailAddress: "E-Mail-Adresse",
    mailSave: "Mail mir", mailOn: "Mails gehen an {0}.", mailError: "Fehler", turnBased: "Ein rundenbasierter Tisch",
    turnBasedIntro: "Tische, die auf dich warten, stehen oben. Komm jederzeit zurück: jeder Zug bleibt gespeichert.",
  },
};
export const tb = (key, ...args) => (STRINGS[lang()][key] ?? STRINGS.en[key])
  .replace(/\{(\d)\}/g, (_, i) => String(args[i]));

/** `seconds` as people say a span of time in the page's language ("3 hours ago" / "vor 3 Stunden"). */
export function ago(seconds) {
  const format = new Intl.RelativeTimeFormat(lang(), { numeric: "auto" });
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return tb("justNow");  // Intl says "now" ("last change now" read oddly, a fresh user found)
}

/** `seconds` as a span ("20 hours" / "20 Stunden"). */
export function span(seconds) {
  const [unit, size] = seconds >= 86400 ? ["day", 86400] : seconds >= 3600 ? ["hour", 3600] : ["minute", 60];
  return new Intl.NumberFormat(lang(), { style: "unit", unit, unitDisplay: "long" })
    .format(Math.max(1, Math.floor(seconds / size)));
}

const SEAT_PREFIX = "kartentisch.seat.";

/** The seats this browser holds: [{table, token}] from its `kartentisch.seat.<id>` keys. */
export function mySeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    const token = key?.startsWith(SEAT_PREFIX) ? localStorage.getItem(key) : null;
    if (token) out.push({ table: key.slice(SEAT_PREFIX.length), token });
  }
  return out;
}

/** Forget the seats of tables that no longer exist (the server's `gone`). */
export function forget(tables) {
  for (const id of tables) localStorage.removeItem(SEAT_PREFIX + id);
}

/** POST /api/my for `seats` in the page's language: {tables, gone}. */
export async function fetchMine(seats = mySeats()) {
  const res = await fetch(`/api/my?lang=${lang()}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seats }) });
  if (!res.ok) {
    const data = await res.json().catch(() => ({}));
    throw new Error(data.text ?? data.error ?? String(res.status));
  }
  return res.json();
}

/** The lobby's link to /my, shown when this browser holds a seat. */
export function MyTablesLink() {
  const n = mySeats().length;
  if (!n) return null;
  return html`<p id="my-tables-link"><a class="button" href="/my">${tb("myTablesCount", n)}</a></p>`;
}

/** Show the browser's notification of `seat`'s turn at `gameName` (only while the page is in the background and
 * the person allowed it; clicking it brings the page forward). */
export function notifyTurn(gameName, tag) {
  if (!document.hidden || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const note = new Notification(tb("notifyTitle", gameName), { body: tb("notifyBody", gameName), tag });
  note.onclick = () => { window.focus(); note.close(); };
}

/** The button asking the browser's permission for notifications (a click is needed), or its state in words. */
export function NotifyButton() {
  const [state, setState] = useState(typeof Notification === "undefined" ? "denied" : Notification.permission);
  if (state === "granted") return html`<p class="notify-on">${tb("notifyOn")}</p>`;
  if (state === "denied") return html`<p class="help">${tb("notifyBlocked")}</p>`;
  return html`<p><button type="button" id="notify-me"
    onClick=${() => Notification.requestPermission().then(setState)}>${tb("notify")}</button></p>`;
}

/** The table page's panel of a turn-based table: mail of one's turns (when the server sends mail) and the browser's
 * notifications. Nothing at other tables, for spectators, or on a hot-seat device. */
export function TurnPanel({ tableId, token }) {
  const [info, setInfo] = useState(null);
  const [address, setAddress] = useState("");
  const [error, setError] = useState("");
  useEffect(() => {
    if (!token) return;
    (async () => {
      const mine = await fetchMine([{ table: tableId, token }]).catch(() => null);
      if (!mine?.tables[0]?.turn_based) return;
      const mail = await (await fetch("/api/mail")).json();
      const own = mail.enabled ? await (await fetch(`/api/tables/${encodeURIComponent(tableId)}/mail`,
        { headers: { Authorization: `Bearer ${token}` } })).json() : { address: null };
      setInfo({ mail: mail.enabled, address: own.address, clock: mine.tables[0].clock });
    })();
  }, [tableId, token]);
  if (!info) return null;
  // the form is noValidate: the server checks the address and answers in the page's language (the browser's own
  // check spoke English on a German page and refused an internationalised address, "ünï@bücher.de")
  const save = async (ev) => {
    ev.preventDefault();
    setError("");
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/mail?lang=${lang()}`, {  // refusals in its words
      method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ address: address.trim(), lang: lang() }) });
    const data = await res.json().catch(() => ({}));
    if (res.ok) setInfo({ ...info, address: data.address });
    else setError(data.text ?? data.error ?? String(res.status));
  };
  return html`<section id="turn-panel" class="turn-panel" aria-labelledby="turn-panel-title">
    <h2 id="turn-panel-title">${tb(info.mail ? "mailTitle" : "turnBased")}</h2>
    <p class="turn-clock">${info.clock}</p>
    ${info.mail && (info.address ? html`<p class="mail-on">${tb("mailOn", info.address)}</p>` : html`
      <p class="help">${tb("mailHelp")}</p>
      <form class="field" noValidate onSubmit=${save}><label class="label" for="mail-address">${tb("mailAddress")}</label>
        <input id="mail-address" type="email" autocomplete="email" maxlength=${MAIL_MAX} aria-describedby="mail-limit"
          value=${address} onInput=${(e) => setAddress(e.currentTarget.value)} />
        <button type="submit" disabled=${!address.trim()}>${tb("mailSave")}</button></form>
      <${LimitNote} id="mail-limit" value=${address} max=${MAIL_MAX} />
      ${error && html`<p class="error" role="alert">${tb("mailError")}: ${error}</p>`}`)}
    <${NotifyButton} />
  </section>`;
}
