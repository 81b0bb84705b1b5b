// mayhem (Kartenchaos): r y g b number cards, k black numbers, one-colour specials (`rgift` …),
// wish specials, `fy`, and the event deck (mayhem spec, Components).
// The module also draws the table: opponents (hand backs, marks, revealed hands) above, the centre (draw pile,
// discard top, wish, event piles, the open effect) in the middle, the viewer's own hand at the bottom.
import { COLOURS, colourNumber } from "../cards.js";
import { lang } from "../i18n.js";
import { backs, cardCount, pile, seatPanel, stack, tableLayout, texts, useCss, viaMove } from "./kit.js";

useCss(new URL("./mayhem.css", import.meta.url));

const SPECIAL = { gift: "G", exch: "⇄", chance: "2×", skip: "⊘", troub: "!" };
const WISH = { fant: "F", four: "F4", counter: "GA", equal: "=", nicetry: "NV", fy: "42" };
const EVENTS = new Set(["charity", "communism", "doomsday", "earthquake", "expansion", "friday13", "gambler",
  "lostfound", "market", "mating", "christmas", "standoff", "recession", "robinhood", "party", "eye", "third",
  "tornado", "upside", "vandalism"]);

// ------------------------------------------------------------------ texts (German terms from the spec)
const NAMES = {
  en: { gift: "Gift", exch: "Exchange", chance: "Second Chance", skip: "Skip", troub: "Troublemaker",
        fant: "Fantastic", four: "Fantastic Four", counter: "Counterattack", equal: "Equality", nicetry: "Nice Try",
        fy: "fy (42 points)", charity: "Charity", communism: "Communism", doomsday: "Doomsday",
        earthquake: "Earthquake", expansion: "Expansion", friday13: "Friday the 13th", gambler: "Gambler",
        lostfound: "Lost and Found", market: "Market", mating: "Mating Season", christmas: "Merry Christmas",
        standoff: "Mexican Standoff", recession: "Recession", robinhood: "Robin Hood", party: "Surprise Party",
        eye: "All-Seeing Eye", third: "Third Time Lucky", tornado: "Tornado", upside: "Upside Down",
        vandalism: "Vandalism" },
  de: { gift: "Geschenk", exch: "Tausch", chance: "2. Chance", skip: "Aussetzen", troub: "Unruhestifter",
        fant: "Fantastisch", four: "Fantastische Vier", counter: "Gegenangriff", equal: "Gleichstand",
        nicetry: "Netter Versuch", fy: "fy (42 Punkte)", charity: "Wohltätigkeit", communism: "Kommunismus",
        doomsday: "Weltuntergang", earthquake: "Erdbeben", expansion: "Expansion", friday13: "Freitag der 13.",
        gambler: "Glücksspieler", lostfound: "Verlorenes und Gefundenes", market: "Markt", mating: "Paarungszeit",
        christmas: "Frohe Weihnachten", standoff: "Mexikanisches Patt", recession: "Rezession",
        robinhood: "Robin Hood", party: "Überraschungsparty", eye: "Das allsehende Auge", third: "Beim dritten Mal",
        tornado: "Tornado", upside: "Auf den Kopf gestellt", vandalism: "Vandalismus" },
};

const TEXTS = {
  en: {
    draw: "Draw pile", faceUp: "face up", discard: "Discard pile", events: "Event pile", wish: "Wish",
    noWish: "no wish", lastColour: "last colour", direction: "Play runs counter-clockwise ↺",
    next: "next: {0}", skipped: "skips next turn", exhausted: "Draw pile exhausted: the round ends",
    lastEvent: "Last event", nowEvent: "Event", eye: "All-Seeing Eye", bets: "Bets", market: "Market",
    chosen: "your choice", done: "done", of: "{0} of {1}", seconds: "◷ {0} s",
    start: "{0} resolves the start card", startMe: "Start card: you are the dealer — choose its effect",
    play: "{0}'s turn", playMe: "Your turn: play a matching card or draw",
    after_draw: "{0} drew a card and may play or pass", after_drawMe: "You drew: play a card or pass",
    chance: "Second Chance: {0} plays another card",
    chanceMe: "Second Chance: play another card (draw only if none fits)",
    counter: "{0} attacks {1} with {2}", counterMe: "Counterattack or pass?",
    draws: "({0} cards to draw)", queue: "then: {0}",
    nicetry: "{0} ran out of cards — Nice Try?", nicetryMe: "Play Nice Try or pass?",
    asked: "asked: {0}",
    pickMe: "Market: pick a card", pick: "Market: {0} picks a card",
    recessionMe: "Recession: discard {0} more card(s)", partyMe: "Surprise Party: give one card to another player",
    christmasMe: "Merry Christmas: give away your whole hand ({0} left)", gambleMe: "Gambler: bet one card",
    waitChoices: "waiting for the others' choices",
    round_over: "Round over — {0} deals the next round", game_over: "Match over",
  },
  de: {
    draw: "Nachziehstapel", faceUp: "offen", discard: "Ablagestapel", events: "Ereignisstapel", wish: "Wunsch",
    noWish: "kein Wunsch", lastColour: "letzte Farbe",
    direction: "Gespielt wird gegen den Uhrzeigersinn ↺", next: "danach: {0}", skipped: "setzt aus",
    exhausted: "Nachziehstapel erschöpft: die Runde endet", lastEvent: "Letztes Ereignis", nowEvent: "Ereignis",
    eye: "Das allsehende Auge", bets: "Einsätze", market: "Markt", chosen: "deine Wahl", done: "fertig",
    of: "{0} von {1}", seconds: "◷ {0} s",
    start: "{0} handelt die Startkarte ab", startMe: "Startkarte: du bist Geber — wähle ihre Wirkung",
    play: "{0} ist am Zug", playMe: "Du bist dran: passende Karte spielen oder ziehen",
    after_draw: "{0} hat gezogen und darf spielen oder passen", after_drawMe: "Gezogen: Karte spielen oder passen",
    chance: "2. Chance: {0} spielt noch eine Karte",
    chanceMe: "2. Chance: spiel noch eine Karte (ziehen nur, wenn keine passt)",
    counter: "{0} greift {1} an: {2}", counterMe: "Gegenangriff oder passen?",
    draws: "({0} Karten ziehen)", queue: "danach: {0}",
    nicetry: "{0} hat keine Karten mehr — Netter Versuch?", nicetryMe: "Netter Versuch spielen oder passen?",
    asked: "gefragt: {0}",
    pickMe: "Markt: nimm eine Karte", pick: "Markt: {0} nimmt eine Karte",
    recessionMe: "Rezession: wirf noch {0} Karte(n) ab", partyMe: "Überraschungsparty: verschenke eine Karte",
    christmasMe: "Frohe Weihnachten: verschenke deine ganze Hand (noch {0})",
    gambleMe: "Glücksspieler: setze eine Karte",
    waitChoices: "warte auf die Wahl der anderen",
    round_over: "Runde vorbei — {0} gibt die nächste Runde", game_over: "Spiel vorbei",
  },
};

/** What each event does, in one short line (mayhem R44–R63). */
const EVENT_TEXTS = {
  en: {
    charity: "Most cards: each other player takes one at random from them",
    communism: "Everyone draws up to the largest hand", doomsday: "Round over: 50 points each",
    earthquake: "All hands pass to the right neighbour", expansion: "In turn: draw 1, 2, 3 … cards",
    friday13: "Nothing happens", gambler: "Everyone bets a card; the second lowest takes all",
    gambler_published: "Bet a card of the last colour; the highest takes all",
    lostfound: "The 3 cards under the top card are handed out", market: "Cards from the draw pile: everyone picks one",
    mating: "Number cards with a value held twice or more are discarded",
    christmas: "Everyone gives the whole hand away, card by card", standoff: "Everyone discards the hand, draws 3",
    recession: "In turn: discard 1, 2, 3 … cards of your choice", robinhood: "Most and fewest cards swap hands",
    party: "Everyone gives one card to another player", eye: "All hands are shown until the round ends",
    third: "Everyone draws 3", tornado: "All hands are shuffled and dealt anew",
    upside: "The draw pile lies face up", vandalism: "Everyone discards all cards of the last colour",
  },
  de: {
    charity: "Wer die meisten Karten hat, gibt jedem anderen eine zufällige",
    communism: "Alle ziehen auf die größte Kartenzahl auf", doomsday: "Runde vorbei: je 50 Punkte",
    earthquake: "Alle Handkarten wandern zum rechten Nachbarn", expansion: "Reihum 1, 2, 3 … Karten ziehen",
    friday13: "Nichts passiert", gambler: "Alle setzen eine Karte; der Zweitniedrigste bekommt alle",
    gambler_published: "Karte der letzten Farbe setzen; die höchste bekommt alle",
    lostfound: "Die 3 Karten unter der obersten Ablage werden verteilt",
    market: "Karten vom Nachziehstapel: jeder nimmt eine",
    mating: "Zahlenkarten, deren Wert man mehrfach hat, werden abgeworfen",
    christmas: "Alle verschenken ihre ganze Hand, Karte für Karte", standoff: "Alle werfen ihre Hand ab und ziehen 3",
    recession: "Reihum 1, 2, 3 … Karten nach Wahl abwerfen",
    robinhood: "Meiste und wenigste Karten tauschen die Hand",
    party: "Alle verschenken eine Karte", eye: "Alle Hände liegen bis Rundenende offen",
    third: "Alle ziehen 3", tornado: "Alle Handkarten werden gemischt und neu verteilt",
    upside: "Der Nachziehstapel liegt jetzt offen", vandalism: "Alle werfen alle Karten der letzten Farbe ab",
  },
};

/** Display name of a card kind or event (`rgift` → Gift/Geschenk), in the current language. */
function cardName(code, language = lang()) {
  const kind = /^[rygb](gift|exch|chance|skip|troub)$/.exec(code)?.[1] ?? code;
  return NAMES[language]?.[kind] ?? NAMES.en[kind] ?? code;
}

// ------------------------------------------------------------------ countdown of reaction windows
// A frame's countdown (seconds) becomes an end time once per frame, so a redraw (language switch) keeps it.
const ends = new WeakMap();
let ticker = null;

function countdown(ctx, tx) {
  const frame = ctx.frame;
  if (frame.countdown === null || frame.countdown === undefined) return null;
  if (!ends.has(frame)) ends.set(frame, performance.now() + frame.countdown * 1000);
  const out = ctx.el("span", "mh-countdown");
  out.dataset.end = String(ends.get(frame));
  out.dataset.label = tx("seconds", "{n}");
  ticker ??= setInterval(tick, 250);
  tick(out);
  return out;
}

function tick(only) {
  for (const out of only instanceof Element ? [only] : document.querySelectorAll(".mh-countdown")) {
    const left = Math.max(0, Math.ceil((Number(out.dataset.end) - performance.now()) / 1000));
    out.textContent = out.dataset.label.replace("{n}", left);
  }
}

// ------------------------------------------------------------------ parts of the table
function names(ctx, seats) {
  return seats.map((s) => ctx.seatName(s)).join(", ");
}

/** R1, R30: the seat whose turn follows `current` (counter-clockwise, passing over marked seats). */
function nextSeat(view) {
  const z = view.zones;
  const n = view.players;
  let p = (z.current - 1 + n) % n;
  for (let k = 0; k < n && z.skipped[p]; k++) p = (p - 1 + n) % n;
  return p;
}

/** A hand lying face down: overlapping backs (at most 12) and the count. */
function handBacks(ctx, count) {
  const box = ctx.el("div", "mh-backs mh-fan");
  box.append(backs(ctx, count, 12), ctx.el("span", "kt-caption", cardCount(ctx, count)));
  return box;
}

/** Cards shown but not playable here (discard, events, revealed hands, bets). */
function shown(ctx, codes, cls = "mh-shown") {
  const box = ctx.el("span", `cards ${cls}`);
  for (const code of codes) {
    const chip = ctx.text(code);
    chip.title = cardName(code, ctx.lang);
    box.append(chip);
  }
  return box;
}

/** Marks and extras of one seat: skip mark, revealed hand (All-Seeing Eye), progress of simultaneous choices. */
function seatExtras(ctx, tx, view, s) {
  const z = view.zones;
  const parts = [];
  const tags = ctx.el("div", "mh-tags");
  if (z.skipped[s]) tags.append(ctx.el("span", "kt-badge kt-warn", `⊘ ${tx("skipped")}`));
  const p = z.pending;
  if (p?.quota && view.to_act.length && p.quota[s]) {
    const done = p.chosen[s].length >= p.quota[s];
    tags.append(ctx.el("span", "kt-badge", done ? `✓ ${tx("done")}`
      : tx("of", p.chosen[s].length, p.quota[s])));
  }
  if (tags.childElementCount) parts.push(tags);
  if (z.revealed && s !== ctx.seat) {
    const eye = ctx.el("div", "mh-revealed");
    eye.append(ctx.el("span", "kt-caption", `◉ ${tx("eye")}:`), shown(ctx, z.revealed[s]));
    parts.push(eye);
  }
  return parts;
}

/** Draw pile, discard top, wish, event piles and the last event, with the direction of play. */
function centre(ctx, tx, view) {
  const z = view.zones;
  const box = ctx.el("div", "mh-piles");
  // draw pile: backs, or its top card after Upside Down; clickable when `draw` is legal
  const caption = tx("draw") + (z.draw_face_up ? ` (${tx("faceUp")})` : "");
  const draw = pile(ctx, z.draw_count, caption, "mh-draw");
  if (z.draw_face_up && z.draw_pile.length) draw.firstChild.replaceWith(shown(ctx, [z.draw_pile[0]]).firstChild);
  if (ctx.frame.legal.includes("draw") && z.draw_count) viaMove(draw.firstChild, "draw");
  const discard = ctx.el("div", "kt-deck mh-discard");
  discard.append(z.discard.length ? shown(ctx, [z.discard[0]], "mh-top") : stack(ctx, 0),
    ctx.el("span", "kt-caption", `${tx("discard")} (${z.discard.length})`));
  box.append(draw, discard, wishBadge(ctx, tx, view));
  const events = pile(ctx, z.event_count, tx("events"), "mh-events");
  events.firstChild.classList?.add("event-back");
  box.append(events);
  const current = z.pending?.type === "event" ? z.pending.event : null;
  const event = current ?? z.events_used[0];
  if (event) {
    const eventKey = event === "gambler" && view.options.gambling_rule === "published" ? "gambler_published" : event;
    const card = ctx.el("div", "mh-event" + (current ? " now" : ""));
    card.append(ctx.el("span", "kt-caption", tx(current ? "nowEvent" : "lastEvent")),
      ctx.el("strong", "", `✦ ${cardName(event, ctx.lang)}`),
      ctx.el("span", "mh-event-text", texts(ctx, EVENT_TEXTS)(eventKey)));
    box.append(card);
  }
  return box;
}

/** The active wish (a colour with its symbol, or a number), and the last colour played. */
function wishBadge(ctx, tx, view) {
  const z = view.zones;
  const box = ctx.el("div", "mh-wish");
  box.append(ctx.el("span", "kt-caption", tx("wish")));
  const w = z.wish;
  if (w === null) box.append(ctx.el("span", "mh-wish-none", tx("noWish")));
  else if (COLOURS[w]) {
    const c = ctx.el("span", "mh-wish-value colour", `${COLOURS[w].sym} ${COLOURS[w][ctx.lang] ?? COLOURS[w].en}`);
    c.style.setProperty("--card", COLOURS[w].css);
    box.append(c);
  } else box.append(ctx.el("span", "mh-wish-value number", w));
  if (z.last_color) {
    const lc = COLOURS[z.last_color];
    box.append(ctx.el("span", "kt-caption", `${tx("lastColour")}: ${lc.sym} ${lc[ctx.lang] ?? lc.en}`));
  }
  return box;
}

/** What is happening now: whose turn, the open attack / window / event choice, in short sentences. */
function status(ctx, tx, view) {
  const z = view.zones;
  const p = z.pending;
  const me = ctx.seat;
  const mine = view.to_act.includes(me);
  const lines = [];
  const phase = view.phase;
  const who = (key, name) => lines.push(tx(mine ? `${key}Me` : key, ctx.seatName(name)));
  if (["play", "after_draw", "chance"].includes(phase)) who(phase, z.current);
  else if (phase === "start") who("start", view.dealer);
  else if (phase === "counter") {
    lines.push(tx("counter", ctx.seatName(p.source), ctx.seatName(p.target), cardName(p.kind, ctx.lang))
      + (p.kind === "four" ? ` ${tx("draws", p.draws)}` : ""));
    if (p.queue.length) lines.push(tx("queue", names(ctx, p.queue.map((q) => q[1]))));
    if (mine) lines.push(tx("counterMe"));
  } else if (phase === "nicetry") {
    const empty = z.hand_counts.map((c, s) => (c === 0 ? s : null)).filter((s) => s !== null);
    lines.push(tx("nicetry", names(ctx, empty)));
    lines.push(mine ? tx("nicetryMe") : tx("asked", names(ctx, p.asked)));
  } else if (phase === "market") {
    lines.push(mine ? tx("pickMe") : tx("pick", ctx.seatName(p.picker)));
  } else if (p?.quota) {
    const left = me === null ? 0 : p.quota[me] - p.chosen[me].length;
    lines.push(mine && left > 0 ? tx(`${phase}Me`, left) : tx("waitChoices"));
  } else if (phase === "round_over") lines.push(tx("round_over", ctx.seatName(view.dealer)));
  else if (phase === "game_over") lines.push(tx("game_over"));
  const box = ctx.el("div", "mh-status");
  lines.forEach((line, i) => box.append(ctx.el("p", i ? "" : "lead", line)));
  if (mine && ["counter", "nicetry"].includes(phase)) {
    const cd = countdown(ctx, tx);
    if (cd) box.append(cd);
  }
  if (["play", "after_draw", "chance"].includes(phase)) {
    box.append(ctx.el("p", "mh-direction", `${tx("direction")} · ${tx("next", ctx.seatName(nextSeat(view)))}`));
  }
  if (z.exhausted) box.append(ctx.el("p", "mh-warn", tx("exhausted")));
  return box;
}

/** Open cards of the moment: Market (pickable), the Gambler's revealed bets, the attack cards named. */
function openCards(ctx, tx, view) {
  const z = view.zones;
  const box = ctx.el("div", "mh-open");
  if (z.market.length) {
    const market = ctx.el("div", "mh-market");
    market.append(ctx.el("span", "kt-caption", `${tx("market")}:`));
    const cards = ctx.el("span", "cards");
    for (const code of z.market) cards.append(ctx.card(code));
    market.append(cards);
    box.append(market);
  }
  if (z.gamble) {
    const bets = ctx.el("div", "mh-bets");
    bets.append(ctx.el("span", "kt-caption", `${tx("bets")}:`));
    for (const [s, code] of Object.entries(z.gamble)) {
      const bet = ctx.el("span", "mh-bet", ctx.seatName(Number(s)));
      bet.append(shown(ctx, [code]));
      bets.append(bet);
    }
    box.append(bets);
  }
  if (z.pending?.type === "attack" && z.pending.cards.length) box.append(shown(ctx, z.pending.cards));
  return box;
}

/** The viewer's hand (playable cards clickable) and its own choices made in a simultaneous event. */
function ownHand(ctx, tx, view) {
  const z = view.zones;
  const hand = ctx.el("div", "cards mh-hand");
  for (const code of z.hands[ctx.seat]) {
    const chip = ctx.card(code);
    chip.title = cardName(code, ctx.lang);
    hand.append(chip);
  }
  const parts = [hand];
  const chosen = z.pending?.chosen?.[ctx.seat];
  if (chosen?.length) {
    const line = ctx.el("div", "mh-chosen");
    line.append(ctx.el("span", "kt-caption", `${tx("chosen")}:`));
    for (const choice of chosen) {
      const [code, to] = choice.split(":");
      const item = ctx.el("span", "mh-choice");
      item.append(shown(ctx, [code]));
      if (to !== undefined) item.append(` → ${ctx.seatName(Number(to))}`);
      line.append(item);
    }
    parts.push(line);
  }
  return parts;
}

/** The whole table for one seat view (the viewer's own hand at the bottom; none for a spectator). */
function render(view, ctx) {
  const tx = texts(ctx, TEXTS);
  const z = view.zones;
  const cards = (s) => (s === ctx.seat ? ownHand(ctx, tx, view) : [handBacks(ctx, z.hand_counts[s])]);
  const panel = (s) => seatPanel(ctx, view, s, [], ...cards(s), ...seatExtras(ctx, tx, view, s));
  const middle = ctx.el("div", "mh-centre");
  middle.append(status(ctx, tx, view), centre(ctx, tx, view), openCards(ctx, tx, view));
  return tableLayout(ctx, view, "mayhem-table", { panel, othersCls: "mh-opponents", middle });
}

export default {
  card(code) {
    if (code === "?") return { back: true };
    const num = colourNumber(code, "rygbk");
    if (num) return num;
    const m = /^([rygb])(gift|exch|chance|skip|troub)$/.exec(code);
    if (m) return { colour: m[1], label: SPECIAL[m[2]], sub: cardName(m[2]), title: cardName(m[2]) };
    if (WISH[code]) return { label: WISH[code], sub: cardName(code), title: cardName(code) };
    if (EVENTS.has(code)) return { label: "✦", sub: cardName(code), title: cardName(code) };
    return null;
  },
  hidden: new Set(["draw_count", "event_count", "hand_counts"]),
  render,
};
