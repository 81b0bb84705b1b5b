// chips (Gepäckband): number cards k r b y 1–10, specials s1–s15, "-r7" is a face-down card (chips spec).
// The module also draws the table as players know it: opponents' displays (Auslagen) above, the row of 7
// with its chips and the draw pile in the middle, the viewer's own display at the bottom.
// The small helpers marked "shared" are used by mayhem.js as well.
import { COLOURS, colourNumber } from "../cards.js";

// ------------------------------------------------------------------ shared helpers (also used by mayhem.js)

/** Insert a stylesheet <link> for `href` once (a game's own CSS beside its module). */
export function useStyles(href) {
  if (document.querySelector(`link[data-game-css="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.gameCss = href;
  document.head.append(link);
}

/** The text `key` of `texts` ({de: {...}, en: {...}}) in the table's language, with `{name}` filled from `vars`. */
export function say(texts, ctx, key, vars = {}) {
  const s = texts[ctx.lang]?.[key] ?? texts.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
}

/** The other seats in clockwise order from the viewer (the viewer's left neighbour first); all for a spectator. */
export function opponents(view, seat) {
  const n = view.players;
  const from = seat ?? -1;
  return Array.from({ length: seat === null ? n : n - 1 }, (_, k) => (from + 1 + k + n) % n);
}

/** A seat's area: a header with name, "you", dealer and to-act marks, then `parts` (elements). */
export function seatArea(ctx, view, s, cls, parts) {
  const box = ctx.el("div", `seat-area ${cls}`);
  box.dataset.seat = s;
  const acting = view.to_act.includes(s);
  if (acting) box.classList.add("acting");
  const head = ctx.el("div", "seat-head");
  head.append(ctx.el("span", "seat-name", (acting ? "▶ " : "") + ctx.seatName(s)));
  if (s === ctx.seat) head.append(ctx.el("span", "tag you", ctx.t("you")));
  if (s === view.dealer) head.append(ctx.el("span", "tag", ctx.t("dealer")));
  box.append(head, ...parts);
  return box;
}

/**
 * Make `elem` (a card on the table) act like the move button `verb`/`part` of the moves list: the table's
 * own button is clicked, so its dialogs (e.g. choosing a row colour) follow. Used for tokens whose first
 * argument is not a card code (chips `take:<i>`, mayhem `draw`).
 */
export function viaMove(elem, verb, part = "") {
  elem.classList.add("playable");
  elem.tabIndex = 0;
  elem.dataset.move = part === "" ? verb : `${verb}:${part}`;
  const button = `#moves .verb[data-verb="${verb}"] button.move[data-part="${part}"]`;
  const go = () => document.querySelector(button)?.click();
  elem.addEventListener("click", go);
  elem.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); }
  });
  return elem;
}

/** A face-down pile: one card back with its count and a caption. */
export function pile(ctx, count, caption, cls = "") {
  const box = ctx.el("div", `pile ${cls}`);
  const back = ctx.text("?");
  back.append(ctx.el("b", "", `${count}`));
  box.append(count ? back : ctx.el("span", "pile-empty", "—"), ctx.el("span", "caption", caption));
  return box;
}

// ------------------------------------------------------------------ chips texts (German terms from the spec)
const TEXTS = {
  en: {
    pile: "Draw pile", supply: "Supply", free: "free", cost: "{n} chips", cost1: "1 chip", specials: "Special cards",
    yourTurn: "Your turn: take a card from the row", theirTurn: "{name} takes a card",
    extra: "Extra turn (special card 4): {name} plays again",
    final: "Final circuit: the row is not refilled any more; the round ends after {name}'s turn",
    roundOver: "Round scored — {name} deals the next round", gameOver: "Match over",
    score: "score now {n}", faceDown: "face down (−1)",
    k: "black", r: "red", b: "blue", y: "yellow",
    s2: "a 4 never costs chips", s3: "a 7 may go on any colour row", s4: "take a card with ≥ 3 chips: play again",
    s6: "a 5 is always face up", s13: "smallest colour row does not count", s15: "chips count −1 instead of +1",
  },
  de: {
    pile: "Stapel", supply: "Vorrat", free: "frei", cost: "{n} Chips", cost1: "1 Chip", specials: "Sonderkarten",
    yourTurn: "Du bist dran: nimm eine Karte aus der Reihe", theirTurn: "{name} nimmt eine Karte",
    extra: "Zusatzzug (Sonderkarte 4): {name} ist nochmal dran",
    final: "Letzte Runde: die Reihe wird nicht mehr aufgefüllt; nach dem Zug von {name} ist Schluss",
    roundOver: "Partie gewertet — {name} gibt die nächste Partie", gameOver: "Spiel vorbei",
    score: "Punkte jetzt {n}", faceDown: "verdeckt (−1)",
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
  disc.title = `${n} ●`;
  return disc;
}

/** A seat's display (Auslage): four colour rows, each bottom → top left to right, plus its chip supply. */
function display(ctx, view, s) {
  const z = view.zones;
  const grid = ctx.el("div", "ct-display");
  for (const c of ROWS) {
    const stack = z.display[s][c];
    const line = ctx.el("div", "ct-colour-row");
    line.dataset.colour = c;
    const label = ctx.el("span", "ct-row-label");
    label.style.setProperty("--card", COLOURS[c].css);
    label.append(ctx.el("i", "", COLOURS[c].sym), ctx.el("span", "", say(TEXTS, ctx, c)));
    label.title = say(TEXTS, ctx, c);
    const cards = ctx.el("span", "ct-stack");
    for (const code of stack) {
      const chip = ctx.card(code);
      if (code.startsWith("-")) chip.title = `${code.slice(1)} · ${say(TEXTS, ctx, "faceDown")}`;
      cards.append(chip);
    }
    line.append(label, cards, ctx.el("span", "ct-row-value", stack.length ? String(rowValue(stack)) : ""));
    grid.append(line);
  }
  const foot = ctx.el("div", "ct-foot");
  foot.append(ctx.el("span", "", `${say(TEXTS, ctx, "supply")}:`), chipDisc(ctx, z.supply[s], "supply"),
    ctx.el("span", "ct-score", say(TEXTS, ctx, "score", { n: scoreNow(z.display[s], z.supply[s], z.specials) })));
  return [grid, foot];
}

/** The row of up to 7 cards (position 0 free) with the chips on them, the draw pile beside the last one. */
function belt(ctx, view) {
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
    const cost = free ? say(TEXTS, ctx, "free") : say(TEXTS, ctx, i === 1 ? "cost1" : "cost", { n: i });
    cell.append(holder, ctx.el("span", "ct-cost", cost));
    box.append(cell);
  });
  box.append(pile(ctx, z.draw_count, say(TEXTS, ctx, "pile"), "ct-pile"));
  return box;
}

/** Whose turn, extra turn, final circuit or round end, as one short line. */
function status(ctx, view) {
  const z = view.zones;
  const lines = [];
  if (view.phase === "play") {
    const s = view.to_act[0];
    lines.push(s === ctx.seat ? say(TEXTS, ctx, "yourTurn") : say(TEXTS, ctx, "theirTurn", { name: ctx.seatName(s) }));
    if (z.extra_turn) lines.push(say(TEXTS, ctx, "extra", { name: ctx.seatName(s) }));
  } else if (view.phase === "round_over") {
    lines.push(say(TEXTS, ctx, "roundOver", { name: ctx.seatName(view.to_act[0]) }));
  } else {
    lines.push(say(TEXTS, ctx, "gameOver"));
  }
  if (z.final_circuit && view.phase === "play") {
    const last = (z.start_player - 1 + view.players) % view.players;
    lines.push(say(TEXTS, ctx, "final", { name: ctx.seatName(last) }));
  }
  const box = ctx.el("div", "ct-status");
  for (const line of lines) box.append(ctx.el("p", "", line));
  return box;
}

/** The active special cards (Sonderkarten), each with its short text. */
function specials(ctx, view) {
  const box = ctx.el("div", "ct-specials");
  if (!view.zones.specials.length) return box;
  box.append(ctx.el("span", "caption", `${say(TEXTS, ctx, "specials")}:`));
  for (const code of view.zones.specials) {
    const item = ctx.el("span", "ct-special");
    item.append(ctx.card(code), ctx.el("span", "", say(TEXTS, ctx, code)));
    box.append(item);
  }
  return box;
}

/** The whole table for one seat view (viewer's own display at the bottom; none for a spectator). */
function render(view, ctx) {
  useStyles(new URL("./chips.css", import.meta.url).href);
  const root = ctx.el("div", "game-table chips-table");
  const others = ctx.el("div", "ct-opponents");
  for (const s of opponents(view, ctx.seat)) others.append(seatArea(ctx, view, s, "opponent", display(ctx, view, s)));
  const centre = ctx.el("div", "ct-centre");
  centre.append(status(ctx, view), belt(ctx, view), specials(ctx, view));
  root.append(others, centre);
  if (ctx.seat !== null) root.append(seatArea(ctx, view, ctx.seat, "mine", display(ctx, view, ctx.seat)));
  return root;
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
