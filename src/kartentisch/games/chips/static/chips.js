// chips (Gepäckband): number cards k r b y 1–10, specials s1–s15, "-r7" is a face-down card (chips spec).
// The module also draws the table as players know it: opponents' displays (Auslagen) above, the row of 7
// with its chips and the draw pile in the middle, the viewer's own display at the bottom (drawn with the table
// kit, kit.js).
import { COLOURS, colourNumber } from "../cards.js";
import { pile, seatPanel, tableLayout, texts, useCss, viaMove } from "./kit.js";

useCss(new URL("./chips.css", import.meta.url));

// ------------------------------------------------------------------ chips texts (German terms from the spec)
const TEXTS = {
  en: {
    pile: "Draw pile", supply: "Supply", free: "free", cost: "{0} chips", cost1: "1 chip", specials: "Special cards",
    yourTurn: "Your turn: take a card from the row", theirTurn: "{0} takes a card",
    extra: "Extra turn (special card 4): {0} plays again",
    final: "Final circuit: the row is not refilled any more; the round ends after {0}'s turn",
    roundOver: "Round scored — {0} deals the next round", gameOver: "Match over",
    score: "score now {0}", faceDown: "face down (−1)",
    k: "black", r: "red", b: "blue", y: "yellow",
    s2: "a 4 never costs chips", s3: "a 7 may go on any colour row", s4: "take a card with ≥ 3 chips: play again",
    s6: "a 5 is always face up", s13: "smallest colour row does not count", s15: "chips count −1 instead of +1",
  },
  de: {
    pile: "Stapel", supply: "Vorrat", free: "frei", cost: "{0} Chips", cost1: "1 Chip", specials: "Sonderkarten",
    yourTurn: "Du bist dran: nimm eine Karte aus der Reihe", theirTurn: "{0} nimmt eine Karte",
    extra: "Zusatzzug (Sonderkarte 4): {0} ist nochmal dran",
    final: "Letzte Runde: die Reihe wird nicht mehr aufgefüllt; nach dem Zug von {0} ist Schluss",
    roundOver: "Partie gewertet — {0} gibt die nächste Partie", gameOver: "Spiel vorbei",
    score: "Punkte jetzt {0}", faceDown: "verdeckt (−1)",
    k: "Schwarz", r: "Rot", b: "Blau", y: "Gelb",
    s2: "eine 4 kostet nie Chips", s3: "eine 7 darf in jede Farbreihe", s4: "Karte mit ≥ 3 Chips: sofort nochmals",
    s6: "eine 5 liegt immer offen", s13: "kleinste Farbreihe zählt nicht", s15: "Chips zählen minus statt plus",
  },
};
const ROWS = ["k", "r", "b", "y"];

/** R10: a colour row's value = face-up values − number of face-down cards. */
function rowValue(stack) {
  return stack.reduce((sum, code) => sum + (code.startsWith("-") ? -1 : Number(code.slice(1))), 0);
}

/** R10, R17 (s13), R18 (s15): what the seat would score if the round ended now. */
function scoreNow(display, supply, specials) {
  const values = ROWS.map((c) => rowValue(display[c]));
  const dropped = specials.includes("s13") ? Math.min(...values) : 0;
  return values.reduce((a, b) => a + b, 0) - dropped + supply * (specials.includes("s15") ? -1 : 1);
}

/** A pile of chips: one chip disc with the count. */
function chipDisc(ctx, n, cls = "") {
  const disc = ctx.el("span", `chip-disc ${cls}`, String(n));
  disc.title = `${0} ●`;
  return disc;
}

/** A seat's display (Auslage): four colour rows, each bottom → top left to right, plus its chip supply. */
function display(ctx, tx, view, s) {
  const z = view.zones;
  const grid = ctx.el("div", "ct-display");
  for (const c of ROWS) {
    const stack = z.display[s][c];
    const line = ctx.el("div", "ct-colour-row");
    line.dataset.colour = c;
    const label = ctx.el("span", "ct-row-label");
    label.style.setProperty("--card", COLOURS[c].css);
    label.append(ctx.el("i", "", COLOURS[c].sym), ctx.el("span", "", tx(c)));
    label.title = tx(c);
    const cards = ctx.el("span", "ct-stack");
    for (const code of stack) {
      const chip = ctx.card(code);
      if (code.startsWith("-")) chip.title = `${code.slice(1)} · ${tx("faceDown")}`;
      cards.append(chip);
    }
    line.append(label, cards, ctx.el("span", "ct-row-value", stack.length ? String(rowValue(stack)) : ""));
    grid.append(line);
  }
  const foot = ctx.el("div", "ct-foot");
  foot.append(ctx.el("span", "", `${tx("supply")}:`), chipDisc(ctx, z.supply[s], "supply"),
    ctx.el("span", "ct-score", tx("score", scoreNow(z.display[s], z.supply[s], z.specials))));
  return [grid, foot];
}

/** The row of up to 7 cards (position 0 free) with the chips on them, the draw pile beside the last one. */
function belt(ctx, tx, view) {
  const z = view.zones;
  const box = ctx.el("div", "ct-belt");
  const legal = ctx.frame.legal;
  z.row.forEach((slot, i) => {
    const cell = ctx.el("div", "ct-slot");
    cell.dataset.pos = i;
    const card = ctx.card(slot.card);
    if (legal.some((tok) => tok === `take:${i}` || tok.startsWith(`take:${i}:`))) viaMove(card, "take", String(i));
    const holder = ctx.el("div", "ct-card");
    holder.append(card);
    if (slot.chips) holder.append(chipDisc(ctx, slot.chips, "on-card"));
    const free = i === 0 || (z.specials.includes("s2") && Number(slot.card.slice(1)) === 4);
    const cost = free ? tx("free") : tx(i === 1 ? "cost1" : "cost", i);
    cell.append(holder, ctx.el("span", "ct-cost", cost));
    box.append(cell);
  });
  box.append(pile(ctx, z.draw_count, tx("pile"), "ct-pile"));
  return box;
}

/** Whose turn, extra turn, final circuit or round end, as one short line. */
function status(ctx, tx, view) {
  const z = view.zones;
  const lines = [];
  if (view.phase === "play") {
    const s = view.to_act[0];
    lines.push(s === ctx.seat ? tx("yourTurn") : tx("theirTurn", ctx.seatName(s)));
    if (z.extra_turn) lines.push(tx("extra", ctx.seatName(s)));
  } else if (view.phase === "round_over") {
    lines.push(tx("roundOver", ctx.seatName(view.to_act[0])));
  } else {
    lines.push(tx("gameOver"));
  }
  if (z.final_circuit && view.phase === "play") {
    const last = (z.start_player - 1 + view.players) % view.players;
    lines.push(tx("final", ctx.seatName(last)));
  }
  const box = ctx.el("div", "ct-status");
  for (const line of lines) box.append(ctx.el("p", "", line));
  return box;
}

/** The active special cards (Sonderkarten), each with its short text. */
function specials(ctx, tx, view) {
  const box = ctx.el("div", "ct-specials");
  if (!view.zones.specials.length) return box;
  box.append(ctx.el("span", "kt-caption", `${tx("specials")}:`));
  for (const code of view.zones.specials) {
    const item = ctx.el("span", "ct-special");
    item.append(ctx.card(code), ctx.el("span", "", tx(code)));
    box.append(item);
  }
  return box;
}

/** The whole table for one seat view (viewer's own display at the bottom; none for a spectator). */
function render(view, ctx) {
  const tx = texts(ctx, TEXTS);
  const panel = (s) => seatPanel(ctx, view, s, [], ...display(ctx, tx, view, s));
  const centre = ctx.el("div", "ct-centre");
  centre.append(status(ctx, tx, view), belt(ctx, tx, view), specials(ctx, tx, view));
  return tableLayout(ctx, view, "chips-table", { panel, othersCls: "ct-opponents", middle: centre });
}

export default {
  card(code) {
    if (code === "?") return { back: true };
    if (code.startsWith("-")) {
      const inner = colourNumber(code.slice(1), "krby");
      return inner ? { back: true, label: inner.label, title: code } : null;
    }
    if (/^s\d+$/.test(code)) return { label: code.slice(1), sub: "S", title: code };
    return colourNumber(code, "krby");
  },
  hidden: new Set(["draw_count"]),
  render,
};
