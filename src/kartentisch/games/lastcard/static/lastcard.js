// lastcard (Letzte Karte): cards are the numbers "1" … "60" as strings (lastcard spec, Components).
// The table: other seats across the top (hand size as backs, their Hilfskarten face up), the Ablagestapel in the
// middle, the viewer's sorted hand and Hilfskarten at the bottom. Passing is a multi-select of P hand cards; a
// hand card lower than the top opens the choice between laying it as a Hilfskarte (taking one pile card) and
// playing it with Hilfskarten (only combinations that beat the top can be sent).
import { actionChip, backs, cardCount, lastMove, positionKey, redrawable, seatPanel, spot, stack, tableLayout, texts, useCss } from "./kit.js";

useCss(new URL("./lastcard.css", import.meta.url));

const TEXT = {
  de: {
    pile: "Ablagestapel", top: "oben", hand: "Handkarten", help: "Hilfskarten",
    out: "raus (verdeckt)", setAside: "beiseitegelegt", last: "Letzter Zug", none: "—", empty: "leer – neuer Stapel",
    caption: "Handkarten und Hilfskarten der Mitspieler", captionAll: "Handkarten und Hilfskarten",
    start: "Startspieler", twoCards: "2 Karten!", hasPassed: "hat weitergegeben", handValue: "Wert: {0}",
    passMine: "Wähle {0} Karten, die du an deinen rechten Nachbarn {1} weitergibst.",
    passWait: "Alle geben {0} Karten nach rechts weiter. Warte auf: {1}.", passButton: "Weitergeben ({0}/{1})",
    playEmpty: "Du eröffnest einen neuen Ablagestapel: spiele eine beliebige Karte.",
    playMine: "Du bist dran: spiele höher als {0} – oder wähle eine niedrigere Karte als Hilfskarte oder mit Hilfskarten.",
    turn: "{0} ist am Zug.", roundOver: "Runde {0} ist gewertet. {1} gibt die nächste Runde.", gameOver: "Die Partie ist vorbei.",
    chosen: "Gewählt: {0} (niedriger als {1})", layTitle: "Als Hilfskarte auslegen und diese Karte vom Ablagestapel nehmen:",
    withTitle: "Mit Hilfskarten spielen (Summe muss höher als {0} sein):", withButton: "Ausspielen: {0}",
    noHelp: "Deine Hilfskarten reichen dafür nicht.", cancel: "Abbrechen",
    youPassed: "Du gibst weiter:", passedTo: "An {0} weitergegeben:", gotFrom: "Von {0} bekommen:",
    mPlay: "{0} spielte {1}.", mHelp: "{0} spielte {1} mit Hilfskarten {2}.", mLay: "{0} legte {1} als Hilfskarte aus und nahm {2}.",
  },
  en: {
    pile: "Pile", top: "top", hand: "Hand", help: "Help cards",
    out: "out (face down)", setAside: "set aside", last: "Last move", none: "—", empty: "empty – new pile",
    caption: "Other players' hands and help cards", captionAll: "Players' hands and help cards",
    start: "start player", twoCards: "2 cards!", hasPassed: "has passed", handValue: "Value: {0}",
    passMine: "Choose {0} cards to pass to your right neighbour {1}.",
    passWait: "Everybody passes {0} cards to the right. Waiting for: {1}.", passButton: "Pass ({0}/{1})",
    playEmpty: "You open a new pile: play any card.",
    playMine: "Your turn: play higher than {0} – or choose a lower card to lay as a help card or to play with help cards.",
    turn: "{0} is on turn.", roundOver: "Round {0} is scored. {1} deals the next round.", gameOver: "The match is over.",
    chosen: "Chosen: {0} (lower than {1})", layTitle: "Lay it as a help card and take this card from the pile:",
    withTitle: "Play it with help cards (the sum must be higher than {0}):", withButton: "Play: {0}",
    noHelp: "Your help cards are not enough for it.", cancel: "Cancel",
    youPassed: "You pass:", passedTo: "Passed to {0}:", gotFrom: "Received from {0}:",
    mPlay: "{0} played {1}.", mHelp: "{0} played {1} with help cards {2}.", mLay: "{0} laid {1} as a help card and took {2}.",
  },
};

const byNumber = (a, b) => Number(a) - Number(b);

// The viewer's choices in progress; forgotten when the position (frame number, legal list) changes.
let sel = { key: "", pass: new Set(), card: null, help: new Set() };

/** Round value of a visible hand (lastcard R16): highest card minus the others, floored at 0 by option. */
function handValue(hand, floor) {
  if (!hand.length || hand.includes("?")) return null;
  const nums = hand.map(Number);
  const v = 2 * Math.max(...nums) - nums.reduce((a, b) => a + b, 0);
  return floor ? Math.max(0, v) : v;
}

function status(view, ctx, tx) {
  const z = view.zones;
  const n = view.players;
  if (view.game_over) return tx("gameOver");
  if (view.phase === "round_over") return tx("roundOver", view.round, ctx.seatName(view.to_act[0]));
  if (view.phase === "pass") {
    const P = view.options.pass_cards;
    if (ctx.seat !== null && view.to_act.includes(ctx.seat)) return tx("passMine", P, ctx.seatName((ctx.seat - 1 + n) % n));
    return tx("passWait", P, view.to_act.map((s) => ctx.seatName(s)).join(", "));
  }
  const s = view.to_act[0];
  if (s !== ctx.seat) return tx("turn", ctx.seatName(s));
  return z.pile_top === null ? tx("playEmpty") : tx("playMine", z.pile_top);
}

/** The last move (`seat:verb:card:…` of lastcard's view) in words. */
function lastPlay(ctx, tx, move) {
  if (!move) return lastMove(ctx, tx("last"), tx("none"));
  const [seat, verb, card, ...rest] = move.split(":");
  const who = ctx.seatName(Number(seat));
  const text = verb === "lay" ? tx("mLay", who, card, rest[0]) : rest.length ? tx("mHelp", who, card, rest.join(" + ")) : tx("mPlay", who, card);
  return lastMove(ctx, tx("last"), text);
}

/** The Ablagestapel: top card large, the cards under it (top first) small, and its size. */
function pile(view, ctx, tx) {
  const z = view.zones;
  const box = ctx.el("div", "kt-pile-row");
  if (!z.pile.length) {
    box.append(ctx.el("span", "kt-note", tx("empty")));
    return box;
  }
  const top = ctx.card(z.pile[0]);
  top.classList.add("kt-top");
  const under = ctx.el("span", "kt-under");
  for (const c of z.pile.slice(1)) under.append(ctx.card(c));
  box.append(top, under);
  return box;
}

/** The viewer's choice panel for a chosen lower card: lay it (take a pile card) or play it with help cards. */
function choicePanel(view, ctx, tx, legal, rerender) {
  const z = view.zones;
  const c = sel.card;
  const panel = ctx.el("div", "kt-choice-panel");
  panel.append(ctx.el("p", "kt-note kt-chosen", tx("chosen", c, z.pile_top)));
  const lays = legal.filter((t) => t.startsWith(`lay:${c}:`));
  if (lays.length) {
    panel.append(ctx.el("span", "kt-label", tx("layTitle")));
    const row = ctx.el("div", "cards");
    for (const token of lays) {
      const chip = actionChip({ label: token.split(":")[2] }, () => ctx.send(token));
      chip.dataset.token = token;
      row.append(chip);
    }
    panel.append(row);
  }
  const plays = legal.filter((t) => t.startsWith(`play:${c}:`));
  if (!plays.length) {
    if (z.help[ctx.seat].length) panel.append(ctx.el("p", "kt-note", tx("noHelp")));
  } else {
    panel.append(ctx.el("span", "kt-label", tx("withTitle", z.pile_top)));
    const chosen = [...sel.help].sort(byNumber);
    const token = ["play", c, ...chosen].join(":");
    const sum = [c, ...chosen].map(Number).reduce((a, b) => a + b, 0);
    const b = ctx.el("button", "kt-go", tx("withButton", [c, ...chosen].join(" + ") + ` = ${sum}`));
    b.type = "button";
    b.disabled = !plays.includes(token);
    b.dataset.token = token;
    b.addEventListener("click", () => ctx.send(token));
    panel.append(b);
  }
  const cancel = ctx.el("button", "kt-cancel", tx("cancel"));
  cancel.type = "button";
  cancel.addEventListener("click", () => { sel.card = null; sel.help.clear(); rerender(); });
  panel.append(cancel);
  return panel;
}

/** The viewer's hand: pass selection, or play (higher cards play at once, lower ones open the choice panel). */
function ownHand(view, ctx, tx, legal, rerender) {
  const z = view.zones;
  const row = ctx.el("div", "kt-hand cards");
  const hand = [...z.hands[ctx.seat]].sort(byNumber);
  const passing = legal.some((t) => t.startsWith("pass:"));
  for (const c of hand) {
    let chip;
    if (passing) {
      chip = actionChip({ label: c }, () => {
        if (sel.pass.has(c)) sel.pass.delete(c);
        else if (sel.pass.size < view.options.pass_cards) sel.pass.add(c);
        rerender();
      });
      if (sel.pass.has(c)) chip.classList.add("kt-selected");
    } else if (legal.some((t) => t.startsWith(`lay:${c}:`) || t.startsWith(`play:${c}:`))) {
      chip = actionChip({ label: c }, () => { sel.card = sel.card === c ? null : c; sel.help.clear(); rerender(); });
      if (sel.card === c) chip.classList.add("kt-selected");
    } else {
      chip = ctx.card(c);  // nothing or exactly play:c — the table's own click plays it
    }
    chip.dataset.code = c;
    row.append(chip);
  }
  if (!passing) return row;
  const box = ctx.el("div", "kt-pass");
  const chosen = [...sel.pass].sort(byNumber);
  const token = ["pass", ...chosen].join(":");
  const b = ctx.el("button", "kt-go", tx("passButton", chosen.length, view.options.pass_cards));
  b.type = "button";
  b.disabled = !legal.includes(token);
  b.dataset.token = token;
  b.addEventListener("click", () => ctx.send(token));
  box.append(row, b);
  return box;
}

/** Help cards of a seat; the viewer's become toggles while a chosen card can be played with them. */
function helpRow(view, ctx, s, legal, rerender) {
  const row = ctx.el("div", "kt-help cards");
  const usable = new Set(sel.card === null ? [] :
    legal.filter((t) => t.startsWith(`play:${sel.card}:`)).flatMap((t) => t.split(":").slice(2)));
  for (const h of view.zones.help[s]) {
    let chip;
    if (s === ctx.seat && usable.has(h)) {
      chip = actionChip({ label: h }, () => { if (!sel.help.delete(h)) sel.help.add(h); rerender(); });
      if (sel.help.has(h)) chip.classList.add("kt-selected");
      chip.dataset.code = h;
    } else {
      chip = ctx.card(h);
    }
    row.append(chip);
  }
  if (!view.zones.help[s].length) row.append(ctx.el("span", "kt-note", "—"));
  return row;
}

/** What the viewer passed and received this round (passed[s] is visible to s and, once complete, to s − 1). */
function passNotes(view, ctx, tx) {
  const { zones: z, players: n } = view;
  const me = ctx.seat;
  const box = ctx.el("div", "kt-passed");
  const line = (label, cards) => {
    const p = ctx.el("p", "kt-note");
    p.append(ctx.el("span", "", label + " "));
    const row = ctx.el("span", "cards");
    for (const c of cards) row.append(actionChip({ label: c }));  // a record: these cards are not played from here
    p.append(row);
    box.append(p);
  };
  const mine = z.passed[me];
  const left = (me + 1) % n;
  if (mine && !mine.includes("?")) line(view.phase === "pass" ? tx("youPassed") : tx("passedTo", ctx.seatName((me - 1 + n) % n)), mine);
  const got = z.passed[left];
  if (view.phase !== "pass" && got && !got.includes("?") && left !== me) line(tx("gotFrom", ctx.seatName(left)), got);
  return box.childElementCount ? box : null;
}

function render(view, ctx) {
  const key = positionKey(ctx);
  if (sel.key !== key) sel = { key, pass: sel.pass, card: null, help: new Set() };
  if (!ctx.frame.legal.some((t) => t.startsWith("pass:"))) sel.pass = new Set();  // a pass choice survives other seats' passes
  return redrawable((rerender) => table(view, ctx, rerender));
}

/** The whole table with the viewer's choices in progress; `rerender()` draws it again (after a choice). */
function table(view, ctx, rerender) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  const legal = ctx.frame.legal;
  const panel = (s) => {
    const own = s === ctx.seat;
    const hand = z.hands[s];
    const faceUp = !hand.includes("?");
    const value = faceUp ? handValue(hand, view.options.floor_zero) : null;
    const badges = [
      s === z.start_player ? tx("start") : null,
      hand.length === 2 && view.phase === "play" ? tx("twoCards") : null,
      view.phase === "pass" && z.passed[s] !== null ? tx("hasPassed") : null,
      value !== null && (view.phase === "round_over" || view.phase === "game_over") ? tx("handValue", value) : null,
    ];
    let cards;
    if (own && view.phase !== "round_over" && view.phase !== "game_over") cards = ownHand(view, ctx, tx, legal, rerender);
    else if (faceUp) { cards = ctx.el("div", "kt-hand cards"); for (const c of [...hand].sort(byNumber)) cards.append(ctx.card(c)); }
    else cards = backs(ctx, hand.length, 12);
    return seatPanel(ctx, view, s, badges,
      ctx.el("span", "kt-label", `${tx("hand")} · ${cardCount(ctx, hand.length)}`), cards,
      ctx.el("span", "kt-label", tx("help")), helpRow(view, ctx, s, legal, rerender),
      own && sel.card !== null ? choicePanel(view, ctx, tx, legal, rerender) : null,
      own ? passNotes(view, ctx, tx) : null);
  };
  const middle = ctx.el("div", "kt-middle");
  middle.append(spot(ctx, `${tx("pile")} · ${z.pile.length}`, pile(view, ctx, tx)),
    spot(ctx, `${tx("out")} · ${z.out.length}`, stack(ctx, z.out.length, tx("out"))));
  if (z.set_aside.length) middle.append(spot(ctx, `${tx("setAside")} · ${z.set_aside.length}`, stack(ctx, z.set_aside.length, tx("setAside"))));
  middle.append(lastPlay(ctx, tx, z.last_move));
  return tableLayout(ctx, view, "kt-game-lastcard", { status: status(view, ctx, tx), panel, middle,
    caption: tx("caption"), captionAll: tx("captionAll") });
}

export default {
  card(code) {
    if (code === "?") return { back: true };
    if (/^[1-9]\d?$/.test(code) && Number(code) <= 60) return { label: code, title: code };
    return null;
  },
  hidden: new Set(),
  render,
};
