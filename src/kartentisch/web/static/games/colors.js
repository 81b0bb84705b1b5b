// colors (Farblücke): codes are colour letter + digit, colours b g p r y (colors spec, Components).
// The table as players know it: opponents' hands as backs across the top, the Tischmitte with the draw pile in
// the middle, the viewer's hand and Auslage at the bottom. Also home of a small table kit shared with grid.js
// and lastcard.js (seat order, texts, style sheet, clickable chips for moves the generic click cannot express).
import { cardChip, colourNumber, COLOURS } from "../cards.js";

// ------------------------------------------------------------------ table kit (used by grid.js, lastcard.js)
/** Load a game's style sheet (next to its module) once. */
export function useCss(url) {
  const href = new URL(url).pathname;
  if (document.querySelector(`link[data-game-css="${href}"]`)) return;
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
  link.dataset.gameCss = href;
  document.head.append(link);
}

/** A translator over a module's own {de: {...}, en: {...}} texts; "{0}", "{1}" … take the arguments. */
export function texts(ctx, dict) {
  const own = dict[ctx.lang] ?? dict.en;
  return (key, ...args) => String(own[key] ?? dict.en[key] ?? key).replace(/\{(\d)\}/g, (_, i) => String(args[i]));
}

/**
 * Send one legal token as if typed into the page's own move form (so errors show in the page's banner and
 * hot-seat sends for the seat being drawn). For moves whose first argument is not a card (grid cells, buttons).
 */
export function submit(token) {
  const form = document.querySelector("#moves .token-form");
  if (!form) return;
  form.querySelector("input").value = token;
  form.requestSubmit();
}

/** A card chip with its own click action (for choices the generic card click cannot make). */
export function actionChip(face, onClick, cls = "") {
  const chip = cardChip(face);
  if (cls) chip.classList.add(...cls.split(" "));
  if (onClick) {
    chip.classList.add("playable");
    chip.tabIndex = 0;
    chip.setAttribute("role", "button");
    chip.addEventListener("click", onClick);
    chip.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onClick(); } });
  }
  return chip;
}

/** "1 card" / "n cards" from a module's `card1` and `cards` texts. */
export function cardCount(tx, n) {
  return n === 1 ? tx("card1") : tx("cards", n);
}

/** A face-down stack: one back with the count on it (or a dash when empty). */
export function stack(ctx, count, title) {
  if (!count) return ctx.el("span", "kt-empty-pile", "—");
  const back = cardChip({ back: true, label: String(count), title });
  back.classList.add("kt-stack");
  return back;
}

/** Hidden cards of a hand as a small fan of backs (at most `max` drawn) plus the count. */
export function backs(ctx, count, max = 8) {
  const fan = ctx.el("span", "kt-fan");
  for (let i = 0; i < Math.min(count, max); i++) fan.append(cardChip({ back: true }));
  if (count > max) fan.append(ctx.el("span", "kt-more", `+${count - max}`));
  return fan;
}

/** Seats other than the viewer, clockwise from its left neighbour (spectator: everybody from seat 0). */
export function otherSeats(view, seat) {
  const n = view.players;
  if (seat === null) return [...Array(n).keys()];
  return [...Array(n - 1).keys()].map((i) => (seat + 1 + i) % n);
}

/**
 * One seat's panel: name, marks (to act, dealer, you) and `extra` badges; `data-seat` for tests and styles.
 * The body elements are appended below the header.
 */
export function seatPanel(ctx, view, s, tx, badges = [], ...body) {
  const panel = ctx.el("section", `seat-zone kt-seat${s === ctx.seat ? " kt-me" : ""}`);
  panel.dataset.seat = s;
  if (view.to_act.includes(s)) panel.classList.add("kt-to-act");
  const head = ctx.el("div", "kt-seat-head");
  head.append(ctx.el("span", "kt-name", ctx.seatName(s) + (s === ctx.seat ? ` (${ctx.t("you")})` : "")));
  if (s === view.dealer) head.append(ctx.el("span", "kt-badge", ctx.t("dealer")));
  for (const b of badges) if (b) head.append(ctx.el("span", "kt-badge", b));
  if (view.to_act.includes(s)) head.append(ctx.el("span", "kt-badge kt-turn", tx("toAct")));
  panel.append(head, ...body.filter(Boolean));
  return panel;
}

/** The table: a status line, the other seats across the top, the middle, the viewer's own area at the bottom. */
export function tableLayout(ctx, game, { status, caption, others, middle, mine }) {
  const root = ctx.el("div", `kt-table kt-game-${game}`);
  if (status) root.append(ctx.el("p", "kt-status", status));
  if (caption) root.append(ctx.el("h3", "kt-caption", caption));
  const top = ctx.el("div", "kt-others");
  top.append(...others);
  root.append(top, middle);
  if (mine) root.append(mine);
  return root;
}

/** A labelled box in the middle of the table. */
export function spot(ctx, label, ...content) {
  const box = ctx.el("div", "kt-spot");
  box.append(ctx.el("span", "kt-label", label), ...content.filter(Boolean));
  return box;
}

// ------------------------------------------------------------------ colors
useCss(new URL("./colors.css", import.meta.url));

const TEXT = {
  de: {
    toAct: "am Zug", centre: "Tischmitte", draw: "Nachziehstapel", hand: "Handkarten", collection: "Auslage",
    caption: "Handkarten und Auslagen der Mitspieler", captionAll: "Handkarten und Auslagen",
    yourTurn: "Du bist am Zug: spiel eine Handkarte aus.", turn: "{0} ist am Zug.",
    yourPick: "Wähle eine {0} aus der Tischmitte ({1} Nachbarzahl von {2}).", pick: "{0} wählt eine {1} aus der Tischmitte.",
    lower: "niedrigere", higher: "höhere", last: "Letzter Zug", lastTook: "{0} spielte {1} und nahm:",
    lastCentre: "{0} spielte {1} – nichts zu nehmen, die Karte liegt jetzt in der Tischmitte.",
    played: "gespielt", value: "Wert jetzt: {0}", roundOver: "Runde {0} ist gewertet. {1} gibt die nächste Runde.",
    gameOver: "Die Partie ist vorbei.", none: "noch nichts", cards: "{0} Karten", card1: "1 Karte", empty: "leer",
    rule: "Eine gespielte Karte nimmt alle gleichen Zahlen aus der Mitte, sonst je eine Nachbarzahl (9 und 0 sind Nachbarn).",
  },
  en: {
    toAct: "to act", centre: "Centre", draw: "Draw pile", hand: "Hand", collection: "Collection",
    caption: "Other players' hands and collections", captionAll: "Players' hands and collections",
    yourTurn: "Your turn: play a card from your hand.", turn: "{0} is on turn.",
    yourPick: "Choose a {0} from the centre ({1} neighbour of {2}).", pick: "{0} chooses a {1} from the centre.",
    lower: "lower", higher: "higher", last: "Last turn", lastTook: "{0} played {1} and took:",
    lastCentre: "{0} played {1} – nothing to take, the card now lies in the centre.",
    played: "played", value: "Value now: {0}", roundOver: "Round {0} is scored. {1} deals the next round.",
    gameOver: "The match is over.", none: "nothing yet", cards: "{0} cards", card1: "1 card", empty: "empty",
    rule: "A played card takes every equal number from the centre, else one of each neighbour number (9 and 0 are neighbours).",
  },
};

/** Round value of a collection now (colors R14, R15): biggest colour count(s) plus, smallest minus. */
function value(collection) {
  const counts = Object.values(collection.reduce((m, c) => ({ ...m, [c[0]]: (m[c[0]] ?? 0) + 1 }), {}));
  if (!counts.length) return 0;
  const hi = Math.max(...counts);
  const lo = Math.min(...counts);
  const plus = hi * counts.filter((x) => x === hi).length;
  return lo < hi ? plus - lo * counts.filter((x) => x === lo).length : plus;
}

/** A seat's Auslage grouped by colour: one column per colour in play with its count (symbol + name). */
function collection(ctx, tx, colours, cards) {
  const box = ctx.el("div", "kt-collection");
  for (const c of colours) {
    const mine = cards.filter((x) => x[0] === c);
    const col = ctx.el("div", "kt-colour");
    col.dataset.colour = c;
    col.style.setProperty("--card", COLOURS[c].css);
    col.append(ctx.el("span", "kt-count", `${COLOURS[c].sym} ${mine.length}`));
    col.title = `${COLOURS[c][ctx.lang] ?? COLOURS[c].en}: ${mine.length}`;
    const pile = ctx.el("span", "kt-pile");
    for (const x of mine) pile.append(ctx.card(x));
    col.append(pile);
    box.append(col);
  }
  return box;
}

function status(view, ctx, tx) {
  const z = view.zones;
  if (view.game_over) return tx("gameOver");
  const s = view.to_act[0];
  if (view.phase === "round_over") return tx("roundOver", view.round, ctx.seatName(s));
  if (view.phase === "pick") {
    const p = z.pending;
    return s === ctx.seat ? tx("yourPick", p.number, tx(p.side), p.card.slice(1)) : tx("pick", ctx.seatName(s), p.number);
  }
  return s === ctx.seat ? tx("yourTurn") : tx("turn", ctx.seatName(s));
}

function lastTurn(ctx, tx, last) {
  const box = ctx.el("div", "kt-last");
  box.append(ctx.el("span", "kt-label", tx("last")));
  if (!last) {
    box.append(ctx.el("span", "kt-note", tx("none")));
    return box;
  }
  const face = COLOURS[last.card[0]];
  const name = `${face.sym} ${last.card.slice(1)}`;
  const line = ctx.el("p", "kt-note", tx(last.to_centre ? "lastCentre" : "lastTook", ctx.seatName(last.seat), name));
  box.append(line);
  const cards = ctx.el("span", "cards");
  cards.append(ctx.card(last.card));
  for (const x of last.taken) cards.append(ctx.card(x));
  box.append(cards);
  return box;
}

function render(view, ctx) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  const pending = new Set(z.pending?.options ?? []);
  const hand = (s, faceUp) => {
    const row = ctx.el("div", "kt-hand cards");
    if (faceUp) for (const c of z.hands[s]) row.append(ctx.card(c));
    else row.append(backs(ctx, z.hands[s].length));
    return row;
  };
  const panel = (s) => {
    const own = s === ctx.seat;
    const label = ctx.el("span", "kt-label", `${tx("hand")} · ${cardCount(tx, z.hands[s].length)}`);
    return seatPanel(ctx, view, s, tx, [tx("value", value(z.collections[s]))],
      label, hand(s, own), ctx.el("span", "kt-label", tx("collection")), collection(ctx, tx, z.colours, z.collections[s]));
  };
  const centre = ctx.el("div", "kt-centre cards");
  for (const c of z.centre) {
    const chip = ctx.card(c);
    if (pending.has(c)) chip.classList.add("kt-candidate");
    centre.append(chip);
  }
  if (!z.centre.length) centre.append(ctx.el("span", "kt-note", tx("empty")));
  const middle = ctx.el("div", "kt-middle");
  middle.append(spot(ctx, tx("draw"), stack(ctx, z.draw.length, tx("draw"))), spot(ctx, tx("centre"), centre, ctx.el("small", "kt-hint", tx("rule"))),
    lastTurn(ctx, tx, z.last));
  return tableLayout(ctx, "colors", {
    status: status(view, ctx, tx),
    caption: tx(ctx.seat === null ? "captionAll" : "caption"),
    others: otherSeats(view, ctx.seat).map(panel),
    middle,
    mine: ctx.seat === null ? null : panel(ctx.seat),
  });
}

export default {
  card(code) {
    if (code === "?") return { back: true };
    return colourNumber(code, "bgpry");
  },
  hidden: new Set(),
  render,
};
