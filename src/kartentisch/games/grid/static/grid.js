// grid (Farbraster): colour letter + value −1 … 11 in eight colours; "?" + code is face down (grid spec).
// The table: every Raster drawn in its current shape (other seats across the top, the viewer's below), the
// Nachziehstapel and Ablagestapel in the middle with the held card. Own cells, the piles and the line choices
// (remove/close) are clickable exactly when a legal token says so.
import { cardChip, colourNumber } from "../cards.js";
import { actionChip, clickable, positionKey, redrawable, seatPanel, spot, stack, tableLayout, texts, useCss } from "./kit.js";

useCss(new URL("./grid.css", import.meta.url));

const TEXT = {
  de: {
    draw: "Nachziehstapel", discard: "Ablagestapel", held: "Gezogene Karte", heldTaken: "Genommene Karte", heldBy: "{0} hält",
    grid: "Raster", caption: "Raster der Mitspieler", captionAll: "Raster",
    flipsLeft: "noch {0} aufdecken", trigger: "hat das Ende ausgelöst", finalTurn: "letzter Zug steht aus",
    openSum: "offen: {0}", setupMine: "Decke {0} Karte(n) deines Rasters auf: klick auf eine verdeckte Karte.",
    setupWait: "Alle decken zwei Karten auf. Warte auf: {0}.", start: "Du bist dran: ziehe vom Nachziehstapel oder nimm die oberste Ablage.",
    turn: "{0} ist am Zug.", drawn: "Tausche die gezogene Karte gegen eine Karte deines Rasters – oder wirf sie ab und decke eine verdeckte Karte auf.",
    taken: "Tausche die genommene Karte gegen eine Karte deines Rasters.", remove: "Mehrere Reihen sind fertig: wähle, welche entfernt wird.",
    close: "Die Diagonale ist weg: schiebe das Raster zusammen.", otherRemove: "{0} wählt, welche Reihe entfernt wird.",
    otherClose: "{0} schiebt das Raster zusammen.", reveal: "Schlussaufdeckung: alle Karten liegen offen. ",
    roundOver: "Runde {0} ist gewertet. {1} gibt die nächste Runde.", gameOver: "Die Partie ist vorbei.",
    triggered: "{0} hat das Rundenende ausgelöst.", finals: "Letzte Züge: {0}.",
    modeSwap: "Tauschen", modeFlip: "Abwerfen und aufdecken", keep: "Behalten",
    closeH: "Waagerecht zusammenschieben", closeV: "Senkrecht zusammenschieben", removeLine: "Entfernen: {0}",
    r: "waagerechte Reihe {0}", c: "senkrechte Reihe {0}", d0: "Diagonale ↘", d1: "Diagonale ↙", empty: "leer",
  },
  en: {
    draw: "Draw pile", discard: "Discard pile", held: "Drawn card", heldTaken: "Taken card", heldBy: "{0} holds",
    grid: "Grid", caption: "Other players' grids", captionAll: "Grids",
    flipsLeft: "{0} to flip", trigger: "ended the round", finalTurn: "final turn to come",
    openSum: "face up: {0}", setupMine: "Flip {0} card(s) of your grid: click a face-down card.",
    setupWait: "Everybody flips two cards. Waiting for: {0}.", start: "Your turn: draw from the draw pile or take the top discard.",
    turn: "{0} is on turn.", drawn: "Swap the drawn card for a card of your grid – or discard it and flip a face-down card.",
    taken: "Swap the taken card for a card of your grid.", remove: "Several lines are complete: choose the one to remove.",
    close: "The diagonal is gone: close up the grid.", otherRemove: "{0} chooses the line to remove.",
    otherClose: "{0} closes up the grid.", reveal: "Final reveal: all cards are face up. ",
    roundOver: "Round {0} is scored. {1} deals the next round.", gameOver: "The match is over.",
    triggered: "{0} ended the round.", finals: "Final turns: {0}.",
    modeSwap: "Swap", modeFlip: "Discard and flip", keep: "Keep",
    closeH: "Close up horizontally", closeV: "Close up vertically", removeLine: "Remove: {0}",
    r: "row {0}", c: "column {0}", d0: "diagonal ↘", d1: "diagonal ↙", empty: "empty",
  },
};

/** Cells of a line id of grid R10, as [row, col] pairs. */
function lineCells(id) {
  const k = Number(id[1]);
  if (id[0] === "r") return [[k, 0], [k, 1], [k, 2]];
  if (id[0] === "c") return [[0, k], [1, k], [2, k]];
  return id === "d0" ? [[0, 0], [1, 1], [2, 2]] : [[0, 2], [1, 1], [2, 0]];
}

function lineName(tx, id) {
  return id[0] === "d" ? tx(id) : tx(id[0], Number(id[1]) + 1);
}

/** Card face of a code: "?" or "?" + code is face down. */
function face(code) {
  if (code.startsWith("?")) return { back: true, title: "?" };
  return colourNumber(code, "bgmoprty");
}

// While a drawn card is held, a click on a face-down cell can mean swap or flip: the chosen mode decides.
let mode = { key: "", value: "swap" };

/** Sum of the face-up cards of a grid (what everybody can count). */
function openSum(rows) {
  return rows.flat().filter((c) => c && !c.startsWith("?")).reduce((s, c) => s + Number(c.slice(1)), 0);
}

/** One Raster as a CSS grid in its current shape; a cell is clickable when `tokenAt(r, c)` names a token. */
function drawGrid(ctx, rows, tokenAt) {
  const box = ctx.el("div", "kt-grid");
  box.style.setProperty("--cols", String(rows[0]?.length ?? 0));
  rows.forEach((row, r) => row.forEach((cell, c) => {
    const slot = ctx.el("span", "kt-cell");
    slot.dataset.r = r;
    slot.dataset.c = c;
    if (cell === null) {
      slot.classList.add("kt-gap");
    } else {
      const token = tokenAt(r, c);
      slot.append(token ? actionChip(face(cell), () => ctx.send(token)) : cell.startsWith("?") ? cardChip(face(cell)) : ctx.card(cell));
      if (token) slot.dataset.token = token;
    }
    box.append(slot);
  }));
  if (!rows.length) box.append(ctx.el("span", "kt-note", "—"));
  return box;
}

/** Buttons for the line choices (remove:<line>, keep, close:h|v); hovering a line lights its cells. */
function lineChoices(ctx, tx, legal, gridBox) {
  const box = ctx.el("div", "kt-choices");
  for (const token of legal) {
    const [verb, arg] = token.split(":");
    let label = null;
    if (verb === "remove") label = tx("removeLine", lineName(tx, arg));
    if (verb === "keep") label = tx("keep");
    if (verb === "close") label = tx(arg === "h" ? "closeH" : "closeV");
    if (!label) continue;
    const b = ctx.el("button", "kt-choice", label);
    b.type = "button";
    b.dataset.token = token;
    b.addEventListener("click", () => ctx.send(token));
    if (verb === "remove") {
      const light = (on) => lineCells(arg).forEach(([r, c]) =>
        gridBox.querySelector(`[data-r="${r}"][data-c="${c}"]`)?.classList.toggle("kt-line", on));
      b.addEventListener("mouseenter", () => light(true));
      b.addEventListener("mouseleave", () => light(false));
      b.addEventListener("focus", () => light(true));
      b.addEventListener("blur", () => light(false));
    }
    box.append(b);
  }
  return box.childElementCount ? box : null;
}

function status(view, ctx, tx, legal) {
  const z = view.zones;
  if (view.game_over) return tx("gameOver");
  const names = (list) => list.map((s) => ctx.seatName(s)).join(", ");
  const me = ctx.seat;
  let text = "";
  if (view.phase === "setup") {
    text = me !== null && z.flips_left[me] > 0 ? tx("setupMine", z.flips_left[me]) : tx("setupWait", names(view.to_act));
  } else if (view.phase === "round_over") {
    text = tx("roundOver", view.round, ctx.seatName(view.to_act[0]));
  } else {
    const mine = z.active === me;
    if (view.phase === "reveal") text = tx("reveal");
    if (z.step === "remove") text += mine ? tx("remove") : tx("otherRemove", ctx.seatName(z.active));
    else if (z.step === "close") text += mine ? tx("close") : tx("otherClose", ctx.seatName(z.active));
    else if (mine && ["start", "drawn", "taken"].includes(z.step)) text += tx(z.step);
    else text += tx("turn", ctx.seatName(z.active));
  }
  if (z.trigger !== null && !view.game_over) {
    text += " " + tx("triggered", ctx.seatName(z.trigger));
    if (z.final_turns.length && view.phase === "play") text += " " + tx("finals", names(z.final_turns));
  }
  return text;
}

/** The middle: Nachziehstapel (click = draw), Ablagestapel (click = take the top), the held card and mode. */
function middle(view, ctx, tx, legal, currentMode, rerender) {
  const z = view.zones;
  const box = ctx.el("div", "kt-middle");
  const drawPile = stack(ctx, z.draw_count, tx("draw"));
  if (legal.has("draw")) {
    clickable(drawPile, () => ctx.send("draw"));
    drawPile.dataset.token = "draw";
  }
  box.append(spot(ctx, `${tx("draw")} · ${z.draw_count}`, drawPile));
  let top = ctx.el("span", "kt-note", tx("empty"));
  if (z.discard_top) {
    top = legal.has("takediscard") ? actionChip(face(z.discard_top), () => ctx.send("takediscard")) : ctx.card(z.discard_top);
    if (legal.has("takediscard")) top.dataset.token = "takediscard";
    top.classList.add("kt-discard-top");
  }
  const under = ctx.el("span", "kt-under");
  for (const c of z.discard.slice(1, 4)) under.append(ctx.card(c));
  const pile = ctx.el("div", "kt-discard");
  pile.append(top, under);
  box.append(spot(ctx, `${tx("discard")} · ${z.discard.length}`, pile));
  if (z.held) {
    const held = ctx.el("div", "kt-held");
    held.append(z.held === "?" ? cardChip({ back: true }) : ctx.card(z.held));
    if (bothModes(legal)) {
      const modes = ctx.el("div", "kt-modes");
      for (const m of ["swap", "flip"]) {
        const b = ctx.el("button", `kt-mode${m === currentMode ? " kt-on" : ""}`, tx(m === "swap" ? "modeSwap" : "modeFlip"));
        b.type = "button";
        b.dataset.mode = m;
        b.setAttribute("aria-pressed", String(m === currentMode));
        b.addEventListener("click", () => { mode.value = m; rerender(); });
        modes.append(b);
      }
      held.append(modes);
    }
    box.append(spot(ctx, z.active === ctx.seat ? tx(z.step === "taken" ? "heldTaken" : "held") : tx("heldBy", ctx.seatName(z.active)), held));
  }
  return box;
}

/** A drawn card is held: both swap and flip are legal, so cells follow the chosen mode. */
function bothModes(legal) {
  return [...legal].some((t) => t.startsWith("flip:")) && [...legal].some((t) => t.startsWith("swap:"));
}

/** The legal token a click on own cell (r, c) sends, or null. */
function cellToken(legal, currentMode) {
  const verbs = bothModes(legal) ? [currentMode] : ["swap", "flip"];
  return (r, c) => verbs.map((v) => `${v}:${r}:${c}`).find((t) => legal.has(t)) ?? null;
}

function render(view, ctx) {
  const key = positionKey(ctx);
  if (mode.key !== key) mode = { key, value: "swap" };
  return redrawable((rerender) => table(view, ctx, rerender));
}

/** The whole table in the current mode; `rerender()` draws it again (after a mode button). */
function table(view, ctx, rerender) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  const legal = new Set(ctx.frame.legal);
  const panel = (s) => {
    const own = s === ctx.seat;
    const rows = z.grids[s];
    const gridBox = drawGrid(ctx, rows, own ? cellToken(legal, mode.value) : () => null);
    const badges = [tx("openSum", openSum(rows))];
    if (view.phase === "setup" && z.flips_left[s] > 0) badges.push(tx("flipsLeft", z.flips_left[s]));
    if (z.trigger === s) badges.push(tx("trigger"));
    if (view.phase === "play" && z.final_turns.includes(s)) badges.push(tx("finalTurn"));
    const body = ctx.el("div", "kt-grid-row");
    body.append(gridBox);
    if (own) { const choices = lineChoices(ctx, tx, ctx.frame.legal, gridBox); if (choices) body.append(choices); }
    return seatPanel(ctx, view, s, badges, body);
  };
  return tableLayout(ctx, view, "kt-game-grid", { status: status(view, ctx, tx, legal), panel,
    middle: middle(view, ctx, tx, legal, mode.value, rerender), caption: tx("caption"), captionAll: tx("captionAll") });
}

export default {
  card: face,
  hidden: new Set(["draw_count"]),
  render,
};
