// Direct play: every legal token of the seat is a list of steps a person takes on the table (the frame's choices'
// `path`, the game's choice_steps: the page never reads a token), e.g. mayhem `play:rgift:2:r5:y7` → the Gift in
// the hand, the player at seat 3, the two cards r5 and y7 of the hand (a set: any order). A step is {kind, value,
// set?, span?, rest?, words?}; kinds on the table are drawn by the game (hand, help, table, seat, cell, pile, slot,
// row), the others (wish, button) by the decision panel; `words` are the server's (the frame's choices, wordSteps).
// The chooser offers exactly the next steps some legal token has, so an illegal object is never clickable.

/** Kinds of step the decision panel offers itself (they have no object on the table). */
export const PANEL_KINDS = new Set(["wish", "button"]);

/**
 * The server's words of a token (its frame choice's `steps`) laid on its steps on the table (the choice's `path`): a
 * step takes the next `span` words (default one; a set step one per card, in the order of its cards: its `cards`
 * map each card to its word; `rest`: all words left), joined with " · " as its `words`; the words left over
 * (`tail`) say what finishing the move there means ("No target"). Returns {steps, tail}.
 */
export function wordSteps(steps, words) {
  let at = 0;
  const out = steps.map((step) => {
    const span = step.rest ? Math.max(0, words.length - at) : step.span ?? (step.set ? step.value.length : 1);
    const mine = words.slice(at, at + span);
    at += span;
    if (!mine.length) return step;
    const cards = step.set ? Object.fromEntries(step.value.map((code, i) => [code, mine[i]])) : undefined;
    return { ...step, words: mine.join(" · "), cards };
  });
  return { steps: out, tail: words.slice(at) };
}

const key = (value) => (Array.isArray(value) ? value.join(",") : String(value));
const same = (a, b) => a.kind === b.kind && key(a.value) === key(b.value);

/** Counts of the codes in `list`. */
function counts(list) {
  const out = new Map();
  for (const x of list) out.set(x, (out.get(x) ?? 0) + 1);
  return out;
}

/** `part` (codes) is a sub-multiset of `whole`. */
function within(part, whole) {
  const have = counts(whole);
  return [...counts(part)].every(([code, n]) => (have.get(code) ?? 0) >= n);
}

export class Chooser {
  /**
   * @param items [{token, steps, tail}] of the seat's legal tokens (`wordSteps`).
   * @param send  called with the token once the steps chosen name exactly one.
   */
  constructor(items, send) {
    this.items = items;
    this.send = send;
    this.chosen = [];    // steps taken
    this.picked = [];    // inside a set step: [{code, index, kind}] of the cards chosen so far (all of one kind)
    this.onChange = () => {};
    this.sent = false;   // the token was sent (submit)
  }

  /**
   * Take over the move `old` (the chooser of this seat's previous frame) was making, as far as it still leads to a
   * legal token here: another seat's move makes a new frame, and a half-made choice must not vanish with it (a
   * fresh user's lastcard pass, R5: two of three cards chosen were unmarked when the other seat passed). Kept: the
   * longest start of the chosen steps that some token here begins with, then (all steps kept) the picked cards in
   * the order picked while some set of a candidate still holds them. A picked card's place in the hand is bound
   * again on the next offer of that card when the tokens changed (the hand may have changed). Steps that now name
   * a whole move with nothing left to choose are taken back (sending it needs the person's click). Returns whether
   * something had to be dropped (the page says so: i18n `choiceDropped`).
   */
  carry(old) {
    if (old.sent) return false;
    for (const step of old.chosen) {
      const depth = this.chosen.length;
      const it = this.candidates().find((x) => x.steps[depth] && same(step, x.steps[depth]));
      if (!it) break;
      this.chosen.push(it.steps[depth]);
    }
    // steps that now make a whole move on their own would leave nothing to click: the last is taken back
    while (this.chosen.length && !this.state().next.length) this.chosen.pop();
    const depth = this.chosen.length;
    const moved = key(old.items.map((it) => it.token)) !== key(this.items.map((it) => it.token));
    if (depth === old.chosen.length) {
      for (const p of old.picked) {
        this.picked.push(moved ? { ...p, index: null } : p);
        if (!this.state().sets.length) this.picked.pop();
      }
    }
    return depth < old.chosen.length || this.picked.length < old.picked.length;
  }

  /** Tokens whose first steps are the ones chosen. */
  candidates() {
    return this.items.filter((it) => this.chosen.every((c, i) => it.steps[i] && same(c, it.steps[i])));
  }

  /** The choice now: `ends` (tokens complete with the steps chosen), `next` (distinct next steps), `sets`
   * (candidates whose next step is a set holding the cards picked so far, of the kind they were picked from:
   * lastcard's pile card to take (R9) and help cards (R10) are sets of different kinds). */
  state() {
    const i = this.chosen.length;
    const cands = this.candidates();
    const ends = cands.filter((it) => it.steps.length === i).map((it) => it.token);
    const next = [];
    for (const it of cands) {
      const step = it.steps[i];
      if (step && !next.some((s) => same(s, step))) next.push(step);
    }
    const codes = this.picked.map((p) => p.code);
    const kind = this.picked[0]?.kind;
    const sets = cands.filter((it) => it.steps[i]?.set && (kind === undefined || it.steps[i].kind === kind)
      && within(codes, it.steps[i].value));
    return { ends, next, sets, codes, depth: i };
  }

  /** How many cards the next step asks for when it is a set of cards: {low, high, picked} (the sizes of the sets the
   * legal tokens hold there: mayhem's Gift exactly two (R9), lastcard's help cards one or more; `picked`: chosen so
   * far), or null when no token goes on with a set, or sets of several kinds do and none is picked yet. */
  setSize() {
    const i = this.chosen.length;
    const steps = this.state().sets.map((it) => it.steps[i]);
    // sets of several kinds and none picked yet (lastcard: a pile card or help cards): the hints say where instead
    if (!steps.length || steps.some((step) => step.kind !== steps[0].kind)) return null;
    const sizes = steps.map((step) => step.value.length);
    return { low: Math.min(...sizes), high: Math.max(...sizes), picked: this.picked.length };
  }

  /** Has the person started a move (something to cancel)? */
  get started() {
    return this.chosen.length > 0 || this.picked.length > 0;
  }

  /**
   * What a table object offers now: {onPick, selected, words?} or null (not part of any legal next step); `words`:
   * what choosing it does, in the server's words. `index`: the card's place in the hand, for set steps (a hand may
   * hold two equal cards).
   */
  offer(kind, value, index = null) {
    // an object chosen as an earlier step of this move stays marked (a fresh user saw the 2 he had chosen to lay as a
    // help card look like every other card); choosing it again takes the move back to before that step
    const at = this.chosen.findIndex((s) => !s.set && s.kind === kind && key(s.value) === key(value));
    if (at >= 0) return { selected: true, onPick: () => { this.chosen.splice(at); this.picked = []; this.onChange(); } };
    const { next, sets, codes } = this.state();
    const i = this.chosen.length;
    const ofKind = sets.filter((it) => it.steps[i].kind === kind);
    if (ofKind.length) {
      let mine = this.picked.findIndex((p) => p.index === index && p.code === value);
      if (mine < 0) {  // a pick carried over a change of the tokens (carry): bound to the first such card offered
        mine = this.picked.findIndex((p) => p.index === null && p.code === value);
        if (mine >= 0) this.picked[mine].index = index;
      }
      if (mine >= 0) return { selected: true, onPick: () => { this.picked.splice(mine, 1); this.onChange(); } };
      const more = [...codes, value];
      const fits = ofKind.find((it) => within(more, it.steps[i].value));
      if (!fits) return null;
      return { selected: false, words: fits.steps[i].cards?.[value] ?? null,
        onPick: () => { this.picked.push({ code: value, index, kind }); this.settle(); } };
    }
    // a set is being picked: nothing else is offered, so a tap elsewhere never drops the cards chosen (lastcard:
    // the pile's cards while help cards are chosen, R10)
    if (this.picked.length) return null;
    const step = next.find((s) => !s.set && s.kind === kind && key(s.value) === key(value));
    return step ? { selected: false, words: step.words ?? null, onPick: () => this.choose(step) } : null;
  }

  /** Take `step`, then every step that is forced, and send the token once it is the only one left. */
  choose(step) {
    this.chosen.push(step);
    this.picked = [];
    this.settle();
  }

  /** After a choice: send a complete token; take a forced next step; else wait for the person (a set of cards
   * is always finished by its confirm button: confirm()). */
  settle() {
    for (;;) {
      const { ends, next } = this.state();
      if (ends.length === 1 && next.length === 0) {
        this.submit(ends[0]);
        return;
      }
      if (ends.length === 0 && next.length === 1 && !next[0].set) {
        this.chosen.push(next[0]);
        continue;
      }
      break;
    }
    this.onChange();
  }

  /** The set step picked so far as a finished step, if a candidate has exactly that set. */
  confirmable() {
    const { sets, codes } = this.state();
    if (!codes.length) return null;
    const sorted = key([...codes].sort());
    return sets.find((it) => key([...it.steps[this.chosen.length].value].sort()) === sorted) ?? null;
  }

  /** Finish the set picked so far (the decision panel's confirm button). */
  confirm() {
    const it = this.confirmable();
    if (it) this.choose(it.steps[this.chosen.length]);
  }

  /** Finish with the token that is complete now although longer ones exist ("no target", "no help cards"). */
  finish() {
    const { ends } = this.state();
    if (ends.length) this.submit(ends[0]);
  }

  /** Send `token`: the move is made (a later frame carries nothing of it over: carry). */
  submit(token) {
    this.sent = true;
    this.send(token);
  }

  /** What finish() means in the server's words (the complete token's words beyond its steps), or null. */
  finishWords() {
    const { ends } = this.state();
    const it = this.items.find((x) => x.token === ends[0]);
    return it?.tail?.length ? it.tail.join(" · ") : null;
  }

  /** Go back to the start of the move. */
  cancel() {
    this.chosen = [];
    this.picked = [];
    this.onChange();
  }
}
