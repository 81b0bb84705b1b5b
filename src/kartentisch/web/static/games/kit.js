// The table kit of the game modules (`/static/games/<id>.js`, each in its game's package): texts, seat order,
// seat panels, piles, hands and clickable objects, drawn the same way for every game (Preact components, kit.css).
// A game module imports only this kit, ../cards.js, ../ui.js and ../i18n.js, never another game module.
//
// A game module's default export: `options` (optional: {name: pick} for list options chosen item by item, see
// ../ui.js listValue), `card(code, lang, name)` → a face for <Card> ({colour, label, sub, back}; its name
// comes from the frame's card_names, given as `name` where the face shows words of it) or null, `Table({view, ctx})`
// → the table (the steps of each legal token, which object of the table each is, come with their words in the
// frame's choices: `path`, ../choose.js; no game module reads a token), and
// `status(view, ctx)` → what is asked now in one line. `ctx` (table.js): seat, frame, view, lang, t, seatName(s),
// face(code) (named), cardName(code), offer(kind, value, index) ({onPick, selected, words} or null), moved (codes
// of the last move's cards), chooser.
import { Card } from "../cards.js";
import { listing } from "../i18n.js";
import { Fragment, html } from "../ui.js";

/**
 * Load a style sheet (a URL, e.g. `new URL("./x.css", import.meta.url)`) once per page; resolves when it is in force
 * (or failed to load). A game module awaits it at its top, so the table is first drawn styled: drawn before, the cards
 * stood unstyled and the whole table jumped when the sheet came (a slow machine's first frame).
 */
export function useCss(url) {
  const href = new URL(url, location.href).pathname;
  let link = document.querySelector(`link[data-game-css="${href}"]`);
  if (!link) {
    link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.dataset.gameCss = href;
    link.loaded = new Promise((done) => { link.onload = link.onerror = done; });
    document.head.append(link);
  }
  return link.loaded;
}

await useCss(new URL("./kit.css", import.meta.url));

/**
 * A game's page texts, {en: {...}, de: {...}}: the `page` section of its catalogue (the game package's words.toml),
 * from the server (/api/games/<id>/words). A game module awaits it when it loads: `await catalogue("colors")`.
 */
export async function catalogue(id) {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}/words`);
  if (!res.ok) throw new Error(`the words of game ${id}: HTTP ${res.status}`);
  return (await res.json()).words;
}

/**
 * A translator over a module's texts `dict` ({de: {...}, en: {...}}, a `catalogue`) in the table's language (English
 * when a key is missing there, the key itself when missing in both): `tx(key, ...args)`, where "{0}", "{1}" … in the
 * text take the arguments, or `tx(key, {name: value})`, where "{name}" takes the named value (a catalogue's texts).
 */
export function texts(ctx, dict) {
  const own = dict[ctx.lang] ?? dict.en;
  return (key, ...args) => {
    const named = typeof args[0] === "object" && args[0] !== null ? args[0] : args;
    return String(own[key] ?? dict.en[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(named[name]));
  };
}

const KIT_TEXT = {
  de: { toAct: "am Zug", cards: "{0} Karten", card1: "1 Karte", you: "du" },
  en: { toAct: "to act", cards: "{0} cards", card1: "1 card", you: "you" },
};

/** "1 card" / "n cards" in the table's language. */
export function cardCount(ctx, n) {
  const tx = texts(ctx, KIT_TEXT);
  return n === 1 ? tx("card1") : tx("cards", n);
}

/**
 * The names of `seats` as a sentence says them ("Ana, Ben and Cem"); the reader's own seat first, as "You"/"Du" ("Du
 * und Ben"; "you"/"du" when `lower`, for a list after a colon), see `who`.
 */
export function seatNames(ctx, seats, lower = false) {
  const ordered = [...seats.filter((s) => s === ctx.seat), ...seats.filter((s) => s !== ctx.seat)];
  return listing(ordered.map((s, i) => who(ctx, s, lower || i > 0)), ctx.lang);
}

/**
 * Seat `s` as this page's reader calls it: "You"/"Du" ("you"/"du" when `lower`) for the reader's own seat (`ctx.seat`),
 * else its name. The page's side of the server's `Voice.who` (kartentisch/kernel/words.py): the log and the status
 * lines speak to their reader the same way.
 */
export function who(ctx, s, lower = false) {
  if (s === null || s === undefined || s !== ctx.seat) return ctx.seatName(s);
  const you = texts(ctx, KIT_TEXT)("you");
  return lower ? you : you[0].toUpperCase() + you.slice(1);
}

/**
 * Seat `s` as a sentence names an owner ("It is Bot Ida's turn.", "the round ends after Bot Ida's turn"): a bot
 * without its kind and strength (the frame's `short_name`; the seat chips and the log say them), else as `who`. The
 * page's side of the server's `Voice.short` (a fresh user read "Bot Ida (plays at random)'s grid").
 */
export function owner(ctx, s) {
  if (s === null || s === undefined || s !== ctx.seat) return ctx.frame?.seats?.[s]?.short_name ?? ctx.seatName(s);
  return who(ctx, s);
}

/** `say` for a sentence whose `{who}` owns something ("It is {who}'s turn."): the seat named by `owner`. */
export function sayOwner(ctx, tx, key, s, kw = {}) {
  return tx(s !== null && s === ctx.seat ? `${key}_you` : key, { ...kw, who: owner(ctx, s) });
}

/**
 * The catalogue sentence `key` about seat `s` (its `{who}`), in the second person for the reader's own seat: the text
 * `${key}_you` ("Du gibst die nächste Runde."), else `key` with the seat's name ("Anna gibt die nächste Runde.").
 * Like `Voice.say` and the `_you` texts of the server's words (kartentisch/kernel/words.py); `kw` fills the rest.
 */
export function say(ctx, tx, key, s, kw = {}) {
  return tx(s !== null && s === ctx.seat ? `${key}_you` : key, { ...kw, who: who(ctx, s) });
}

/** The seats of `seats` the page waits for: all but the reader's own (a page never waits for its own reader). */
export function othersOf(ctx, seats) {
  return seats.filter((s) => s !== ctx.seat);
}

/** `lines` as one text of sentences: each ends with a full stop unless it ends with its own mark ("?", "!", "…"). */
export function sentences(lines) {
  return lines.map((line) => (/[.?!…]$/.test(line) ? line : `${line}.`)).join(" ");
}

/**
 * A card of the table: `code` drawn with the game's face; clickable when `ctx.offer(kind, value ?? code, index)`
 * offers it (a legal next step), highlighted when the last move concerned it.
 */
export function TableCard({ ctx, code, kind = null, value = null, index = null, cls = "" }) {
  const face = ctx.face(code);
  if (!face) return html`<span class="value">${code}</span>`;
  const offer = kind ? ctx.offer(kind, value ?? code, index) : null;
  return html`<${Card} face=${face} code=${code} cls=${cls} onPick=${offer?.onPick ?? null} label=${offer?.words ?? null}
    selected=${offer?.selected ?? false} moved=${ctx.moved.has(code)} />`;
}

/** The sentences (the frame's log) of the last turn of `seat`: its latest moves in a row, though others may have
 * moved since (colors shows the previous turn beside its cards while the next player picks), or null. */
export function lastTurnText(ctx, seat) {
  const moves = ctx.frame.log.filter((e) => !e.kind);  // moves only: no round ends, no seats' notes
  let end = moves.length;  // the seat's last run of moves, after which others may have moved (colors: a pick)
  while (end > 0 && moves[end - 1].seat !== seat) end -= 1;
  let from = end;
  while (from > 0 && moves[from - 1].seat === seat) from -= 1;
  return from < end ? moves.slice(from, end).map((e) => e.text).join(" ") : null;
}

/** Move the focus among the clickable cards of a hand with the arrow keys (Home/End: first/last). */
function arrowKeys(ev) {
  const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (!(ev.key in keys) && ev.key !== "Home" && ev.key !== "End") return;
  const cards = [...ev.currentTarget.querySelectorAll("[role=button]")];
  const at = cards.indexOf(document.activeElement);
  if (!cards.length) return;
  ev.preventDefault();
  const to = ev.key === "Home" ? 0 : ev.key === "End" ? cards.length - 1
    : (Math.max(at, 0) + keys[ev.key] + cards.length) % cards.length;
  cards[to].focus();
}

/**
 * The viewer's own hand: `codes` in order, each card offered as a `kind` step ("hand"; its place in the hand is the
 * index), arrow keys move between the clickable ones. The zone `my-hand`.
 */
export function Hand({ ctx, codes, kind = "hand", cls = "", label }) {
  return html`<div class=${`cards kt-hand ${cls}`} data-zone="my-hand" role="group" aria-label=${label}
      onKeyDown=${arrowKeys}>
    ${codes.map((code, i) => html`<${TableCard} key=${`${code}-${i}`} ctx=${ctx} code=${code} kind=${kind} index=${i} />`)}
  </div>`;
}

/** A row of cards nobody picks here (a collection, the cards under a pile's top). */
export function Cards({ ctx, codes, cls = "" }) {
  return html`<span class=${`cards ${cls}`}>${codes.map((c, i) => html`<${TableCard} key=${`${c}-${i}`} ctx=${ctx} code=${c} />`)}</span>`;
}

/** A face-down stack: one card back with the count on it, or a dash when empty; `onPick` makes it a button (`label`:
 * what choosing it does, for screen readers), an empty one too: drawing from an empty pile can be a move (mayhem R7). */
export function Stack({ count, name, onPick = null, label = null }) {
  if (!count) {
    return onPick ? html`<${Card} face=${{ label: "—", name }} cls="kt-stack kt-empty-pile" onPick=${onPick} label=${label} />`
      : html`<span class="kt-empty-pile" aria-label=${name}>—</span>`;
  }
  return html`<${Card} face=${{ back: true, label: String(count), name }} cls="kt-stack" onPick=${onPick} label=${label} />`;
}

/** A face-down pile with its caption below; `zone`: its data-zone (draw-pile, discard-pile); `offer` (ctx.offer's
 * answer, or null) makes it clickable. */
export function Pile({ ctx, count, caption, zone = null, cls = "", offer = null }) {
  return html`<div class=${`kt-deck ${cls}`} data-zone=${zone}>
    <${Stack} count=${count} name=${`${caption}: ${cardCount(ctx, count)}`} onPick=${offer?.onPick ?? null}
      label=${offer?.words ?? null} />
    <span class="kt-caption">${caption}</span>
  </div>`;
}

/** Hidden cards of a hand as a small fan of backs (at most `max` drawn, "+n" for the rest). */
export function Backs({ ctx, count, max = 8 }) {
  return html`<span class="kt-fan" role="img" aria-label=${cardCount(ctx, count)}>
    ${Array.from({ length: Math.min(count, max) }, (_, i) => html`<span key=${i} class="card back" aria-hidden="true"></span>`)}
    ${count > max && html`<span class="kt-more" aria-hidden="true">+${count - max}</span>`}
  </span>`;
}

/** Seats other than the viewer, clockwise from its left neighbour (a spectator: everybody from seat 0). */
function otherSeats(view, seat) {
  const n = view.players;
  if (seat === null) return [...Array(n).keys()];
  return [...Array(n - 1).keys()].map((i) => (seat + 1 + i) % n);
}

/**
 * One seat's panel (zone `seat-<n>`, counted from 1): a header with the name, "you", dealer and to-act marks and
 * the game's `badges` (texts; null ones are left out), then the children. When a step may name this seat (a
 * target), the name becomes a button and a click anywhere on the panel chooses it. Classes: `kt-seat` (+
 * `kt-me`/`mine` own, `opponent`, `kt-to-act`, `kt-target`).
 */
export function SeatPanel({ ctx, view, s, badges = [], children }) {
  const own = s === ctx.seat;
  const acting = view.to_act.includes(s);
  const offer = ctx.offer("seat", String(s));
  const name = ctx.seatName(s) + (own ? ` (${ctx.t("you")})` : "");
  const classes = ["seat-zone", "seat-area", "kt-seat", own ? "kt-me mine" : "opponent", acting ? "kt-to-act" : "",
    offer ? "kt-target" : ""].filter(Boolean).join(" ");
  return html`<section class=${classes} data-seat=${s} data-zone=${`seat-${s + 1}`} aria-label=${name}
      onClick=${offer ? offer.onPick : undefined}>
    <div class="kt-seat-head">
      ${offer ? html`<button type="button" class="kt-name seat-name kt-pick-seat" title=${offer.words ?? undefined}
          onClick=${(ev) => { ev.stopPropagation(); offer.onPick(); }}>${name}</button>`
        : html`<span class="kt-name seat-name" title=${name}>${name}</span>`}
      ${s === view.dealer && html`<span class="kt-badge">${ctx.t("dealer")}</span>`}
      ${badges.filter(Boolean).map((b) => html`<span class="kt-badge">${b}</span>`)}
      ${acting && html`<span class="kt-badge kt-turn">${texts(ctx, KIT_TEXT)("toAct")}</span>`}
    </div>
    ${children}
  </section>`;
}

/**
 * The table: the other seats' panels across the top (a grid on a phone), the `middle`, the viewer's own panel
 * at the bottom (none for a spectator). `panel(s)` draws seat s's panel; `cls`: the game's root classes.
 */
export function TableLayout({ ctx, view, cls, panel, middle }) {
  const others = otherSeats(view, ctx.seat);
  // a phone's grid of the other seats: up to 4 in a row, more in two even rows (5 → 3 + 2, 7 → 4 + 3)
  const columns = others.length <= 4 ? others.length : Math.ceil(others.length / 2);
  return html`<div class=${`kt-table ${cls}`}>
    <div class="kt-others" style=${{ "--others": columns }}>${others.map((s) => html`<${Fragment} key=${s}>${panel(s)}<//>`)}</div>
    ${middle}
    ${ctx.seat !== null && panel(ctx.seat)}
  </div>`;
}

/** A labelled place in the middle of the table: the label above its content. */
export function Spot({ label, cls = "", zone = null, children }) {
  return html`<div class=${`kt-spot ${cls}`} data-zone=${zone}><span class="kt-label">${label}</span>${children}</div>`;
}
