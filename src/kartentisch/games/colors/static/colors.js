// colors (Farblücke): codes are colour letter + digit, colours b g p r y (colors spec, Components).
// The table as players know it: opponents' hands as backs across the top, the Tischmitte with the draw pile in
// the middle, the viewer's hand and Auslage at the bottom (drawn with the table kit, kit.js).
import { COLOURS } from "../cards.js";
import { backs, cardCount, colourCards, lastMove, seatPanel, spot, stack, tableLayout, texts, useCss } from "./kit.js";

useCss(new URL("./colors.css", import.meta.url));

const TEXT = {
  de: {
    centre: "Tischmitte", draw: "Nachziehstapel", hand: "Handkarten", collection: "Auslage",
    caption: "Handkarten und Auslagen der Mitspieler", captionAll: "Handkarten und Auslagen",
    yourTurn: "Du bist am Zug: spiel eine Handkarte aus.", turn: "{0} ist am Zug.",
    yourPick: "Wähle eine {0} aus der Tischmitte ({1} Nachbarzahl von {2}).", pick: "{0} wählt eine {1} aus der Tischmitte.",
    lower: "niedrigere", higher: "höhere", last: "Letzter Zug", lastTook: "{0} spielte {1} und nahm:",
    lastCentre: "{0} spielte {1} – nichts zu nehmen, die Karte liegt jetzt in der Tischmitte.",
    played: "gespielt", value: "Wert jetzt: {0}", roundOver: "Runde {0} ist gewertet. {1} gibt die nächste Runde.",
    gameOver: "Die Partie ist vorbei.", none: "noch nichts", empty: "leer",
    rule: "Eine gespielte Karte nimmt alle gleichen Zahlen aus der Mitte, sonst je eine Nachbarzahl (9 und 0 sind Nachbarn).",
  },
  en: {
    centre: "Centre", draw: "Draw pile", hand: "Hand", collection: "Collection",
    caption: "Other players' hands and collections", captionAll: "Players' hands and collections",
    yourTurn: "Your turn: play a card from your hand.", turn: "{0} is on turn.",
    yourPick: "Choose a {0} from the centre ({1} neighbour of {2}).", pick: "{0} chooses a {1} from the centre.",
    lower: "lower", higher: "higher", last: "Last turn", lastTook: "{0} played {1} and took:",
    lastCentre: "{0} played {1} – nothing to take, the card now lies in the centre.",
    played: "played", value: "Value now: {0}", roundOver: "Round {0} is scored. {1} deals the next round.",
    gameOver: "The match is over.", none: "nothing yet", empty: "empty",
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

/** The last turn in words, with the card played and the cards it took. */
function lastTurn(ctx, tx, last) {
  if (!last) return lastMove(ctx, tx("last"), tx("none"));
  const name = `${COLOURS[last.card[0]].sym} ${last.card.slice(1)}`;
  const text = tx(last.to_centre ? "lastCentre" : "lastTook", ctx.seatName(last.seat), name);
  return lastMove(ctx, tx("last"), text, ...[last.card, ...last.taken].map((c) => ctx.card(c)));
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
    const label = ctx.el("span", "kt-label", `${tx("hand")} · ${cardCount(ctx, z.hands[s].length)}`);
    return seatPanel(ctx, view, s, [tx("value", value(z.collections[s]))],
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
  return tableLayout(ctx, view, "kt-game-colors", { status: status(view, ctx, tx), panel, middle,
    caption: tx("caption"), captionAll: tx("captionAll") });
}

export default {
  card: colourCards("bgpry"),
  hidden: new Set(),
  render,
};
