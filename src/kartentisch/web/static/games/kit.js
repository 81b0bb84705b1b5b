// The table kit of the game modules (static/games/<id>.js): style sheets, texts, seat order, seat panels, piles,
// clickable chips and card counts, drawn the same way for every game. Its styles are kit.css (kt-* classes),
// loaded with this module. A game module imports only this kit, cards.js and i18n.js, never another game module.
import { cardChip, colourNumber } from "../cards.js";

/** A game's `card(code)` for colour letter + number codes with the colours `letters`; "?" is a card back. */
export function colourCards(letters) {
  return (code) => (code === "?" ? { back: true } : colourNumber(code, letters));
}

/** Load a style sheet (a URL, e.g. `new URL("./x.css", import.meta.url)`) once per page. */
export function useCss(url) {
  const href = new URL(url, location.href).pathname;
  if (document.querySelector(`link[data-game-css="${href}"]`)) return;
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
  link.dataset.gameCss = href;
  document.head.append(link);
}

useCss(new URL("./kit.css", import.meta.url));

/**
 * A translator over a module's own texts `dict` ({de: {...}, en: {...}}) in the table's language (English when
 * a key is missing there, the key itself when missing in both): `tx(key, ...args)`, where "{0}", "{1}" … in the
 * text take the arguments.
 */
export function texts(ctx, dict) {
  const own = dict[ctx.lang] ?? dict.en;
  return (key, ...args) => String(own[key] ?? dict.en[key] ?? key).replace(/\{(\d)\}/g, (_, i) => String(args[i]));
}

/** The kit's own words (seat panels, card counts). */
const KIT_TEXT = {
  de: { toAct: "am Zug", cards: "{0} Karten", card1: "1 Karte" },
  en: { toAct: "to act", cards: "{0} cards", card1: "1 card" },
};

/** "1 card" / "n cards" in the table's language. */
export function cardCount(ctx, n) {
  const tx = texts(ctx, KIT_TEXT);
  return n === 1 ? tx("card1") : tx("cards", n);
}

/**
 * Make `elem` (a card chip or any element) a button that runs `onClick` on click, Enter or Space; it is marked
 * `playable` like the table's own clickable cards. Returns `elem`.
 */
export function clickable(elem, onClick) {
  elem.classList.add("playable");
  elem.tabIndex = 0;
  elem.setAttribute("role", "button");
  elem.addEventListener("click", onClick);
  elem.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onClick(); }
  });
  return elem;
}

/**
 * A card chip of `face` (see cards.js `cardChip`) with its own click action (for choices the table's generic
 * card click cannot make, e.g. `ctx.send(token)`); without `onClick` a plain chip.
 */
export function actionChip(face, onClick) {
  const chip = cardChip(face);
  return onClick ? clickable(chip, onClick) : chip;
}

/**
 * Make `elem` act like the move button `verb`/`part` of the page's moves list: that button is clicked, so its
 * choice dialog follows when the token needs more arguments (chips `take:<i>` with a row colour). `data-move`
 * names the move.
 */
export function viaMove(elem, verb, part = "") {
  elem.dataset.move = part === "" ? verb : `${verb}:${part}`;
  const button = `#moves .verb[data-verb="${verb}"] button.move[data-part="${part}"]`;
  return clickable(elem, () => document.querySelector(button)?.click());
}

/** A face-down stack: one card back with the count on it, or a dash when empty. */
export function stack(ctx, count, title) {
  if (!count) return ctx.el("span", "kt-empty-pile", "—");
  const back = cardChip({ back: true, label: String(count), title });
  back.classList.add("kt-stack");
  return back;
}

/** A face-down pile with its caption below (`cls`: the game's own classes for it). */
export function pile(ctx, count, caption, cls = "") {
  const box = ctx.el("div", `kt-deck ${cls}`);
  box.append(stack(ctx, count, caption), ctx.el("span", "kt-caption", caption));
  return box;
}

/** Hidden cards of a hand as a small fan of backs (at most `max` drawn, "+n" for the rest). */
export function backs(ctx, count, max = 8) {
  const fan = ctx.el("span", "kt-fan");
  for (let i = 0; i < Math.min(count, max); i++) fan.append(cardChip({ back: true }));
  if (count > max) fan.append(ctx.el("span", "kt-more", `+${count - max}`));
  return fan;
}

/** Seats other than the viewer, clockwise from its left neighbour (a spectator: everybody from seat 0). */
function otherSeats(view, seat) {
  const n = view.players;
  if (seat === null) return [...Array(n).keys()];
  return [...Array(n - 1).keys()].map((i) => (seat + 1 + i) % n);
}

/**
 * One seat's panel: a header with the name, "you", dealer and to-act marks and the game's `badges` (texts; null
 * ones are left out), then the `body` elements (null ones left out). `data-seat` names the seat. Classes:
 * `kt-seat` (+ `kt-me` own, `kt-to-act`); `seat-zone` is the page's class for a seat, and `seat-area` with
 * `mine`/`opponent` and `seat-name` are the hooks the chips and mayhem layout tests select.
 */
export function seatPanel(ctx, view, s, badges = [], ...body) {
  const own = s === ctx.seat;
  const panel = ctx.el("section", `seat-zone seat-area kt-seat ${own ? "kt-me mine" : "opponent"}`);
  panel.dataset.seat = s;
  const acting = view.to_act.includes(s);
  if (acting) panel.classList.add("kt-to-act");
  const head = ctx.el("div", "kt-seat-head");
  head.append(ctx.el("span", "kt-name seat-name", ctx.seatName(s) + (own ? ` (${ctx.t("you")})` : "")));
  if (s === view.dealer) head.append(ctx.el("span", "kt-badge", ctx.t("dealer")));
  for (const b of badges) if (b) head.append(ctx.el("span", "kt-badge", b));
  if (acting) head.append(ctx.el("span", "kt-badge kt-turn", texts(ctx, KIT_TEXT)("toAct")));
  panel.append(head, ...body.filter(Boolean));
  return panel;
}

/**
 * The table: a status line and a caption (both optional; `captionAll` is the caption for a spectator), the other
 * seats' panels across the top (in a `kt-others` box, plus `othersCls`), the `middle` element, the viewer's own
 * panel at the bottom (none for a spectator). `panel(s)` draws seat s's panel; `cls`: the game's root classes.
 */
export function tableLayout(ctx, view, cls, { status, caption, captionAll, panel, othersCls = "", middle }) {
  const root = ctx.el("div", `kt-table ${cls}`);
  if (status) root.append(ctx.el("p", "kt-status", status));
  const title = ctx.seat === null ? captionAll : caption;
  if (title) root.append(ctx.el("h3", "kt-title", title));
  const top = ctx.el("div", `kt-others ${othersCls}`);
  top.append(...otherSeats(view, ctx.seat).map(panel));
  root.append(top, middle);
  if (ctx.seat !== null) root.append(panel(ctx.seat));
  return root;
}

/** A labelled place in the middle of the table: the label above its content (null parts left out). */
export function spot(ctx, label, ...content) {
  const box = ctx.el("div", "kt-spot");
  box.append(ctx.el("span", "kt-label", label), ...content.filter(Boolean));
  return box;
}

/** The last move under `label`: told in words (`text`), with the cards it concerns (`kt-last` for game styles). */
export function lastMove(ctx, label, text, ...cards) {
  const box = spot(ctx, label, ctx.el("p", "kt-note", text));
  box.classList.add("kt-last");
  if (cards.length) {
    const row = ctx.el("span", "cards");
    row.append(...cards);
    box.append(row);
  }
  return box;
}

/** The position drawn (frame number and legal moves) as a key: a viewer's local choices last while it stays. */
export function positionKey(ctx) {
  return JSON.stringify([ctx.frame.n, ctx.frame.legal]);
}

/**
 * The element `draw(rerender)` returns, where `rerender()` draws it again in place (after a local choice of the
 * viewer, e.g. a selected card, that sends nothing).
 */
export function redrawable(draw) {
  let root = null;
  const rerender = () => { const fresh = draw(rerender); root.replaceWith(fresh); root = fresh; };
  root = draw(rerender);
  return root;
}
