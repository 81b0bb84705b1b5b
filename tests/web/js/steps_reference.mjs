// The page scripts' `steps(token, view)` as they were before the frame carried the steps (commit f5910d3 of
// src/kartentisch/games/<id>/static/<id>.js, copied verbatim): the reference the games' Python `choice_steps`
// are proven equal to (tests/web/test_choice_steps.py). Reads [{game, view, tokens}] as JSON on stdin, writes
// the steps of every token, one list per case, as JSON on stdout (Infinity spans as "rest": true).

const colors = (token) => {
  const [verb, card] = token.split(":");
  if (verb === "play") return [{ kind: "hand", value: card }];
  if (verb === "pick") return [{ kind: "table", value: card }];
  return [{ kind: "button", value: token }];
};

const chips = (token) => {
  const [verb, pos, colour] = token.split(":");
  if (verb !== "take") return [{ kind: "button", value: token }];
  return colour ? [{ kind: "slot", value: pos }, { kind: "row", value: colour }] : [{ kind: "slot", value: pos }];
};

const grid = (token, view) => {
  const [verb, ...args] = token.split(":");
  if (verb === "draw") return [{ kind: "pile", value: "draw" }];
  if (verb === "takediscard") return [{ kind: "pile", value: "discard" }];
  const cell = { kind: "cell", value: args.join(":") };
  if (verb === "swap") return [{ ...cell, span: 2 }];  // the words: the card swapped in, then the cell
  // with a drawn card in hand, a flip first throws that card onto the discard pile
  if (verb === "flip") return view.zones.held ? [{ kind: "pile", value: "discard" }, cell] : [cell];
  return [{ kind: "button", value: token }];
};

const lastcard = (token) => {
  const [verb, first, ...rest] = token.split(":");
  if (verb === "pass") return [{ kind: "hand", set: true, value: [first, ...rest].filter((x) => x !== undefined) }];
  // changed on purpose since: a lay's pile card is a set of one card, confirmed like the others (lastcard R9)
  if (verb === "lay") return [{ kind: "hand", value: first }, { kind: "table", set: true, value: [rest[0]] }];
  // the help cards' words end with the sum that beats the pile
  if (verb === "play" && rest.length) return [{ kind: "hand", value: first }, { kind: "help", set: true, value: rest, span: rest.length + 1 }];
  if (verb === "play") return [{ kind: "hand", value: first }];
  return [{ kind: "button", value: token }];
};

const COLOURED = /^([rygb])(gift|exch|chance|skip|troub)$/;
const kindOf = (code) => COLOURED.exec(code ?? "")?.[2] ?? code;

function argSteps(kind, args) {
  const seat = (t) => ({ kind: "seat", value: t });
  const wish = (w) => ({ kind: "wish", value: w });
  if (kind === "gift" || kind === "exch") {
    return args.length > 1 ? [seat(args[0]), { kind: "hand", set: true, value: args.slice(1) }] : args.map(seat);
  }
  if (kind === "skip") return args.map(seat);
  // the draws are one button, its words one per seat that draws ("2 to Ben", "1 to Cem")
  const draws = { kind: "button", value: `draws:${args.slice(1).join(":")}`, span: Infinity };
  if (kind === "four") return args.length ? [wish(args[0]), ...(args.length > 1 ? [draws] : [])] : [];
  if (kind === "equal") return args.length ? [wish(args[0]), ...args.slice(1).map(seat)] : [];
  if (kind === "fant" || kind === "counter" || kind === "nicetry") return args.map(wish);
  return [];
}

function mayhem(token, view) {
  const [verb, ...args] = token.split(":");
  if (verb === "draw") return [{ kind: "pile", value: "draw" }];
  if (verb === "play") return [{ kind: "hand", value: args[0] }, ...argSteps(kindOf(args[0]), args.slice(1))];
  if (verb === "counter") {
    const [wish, target, ...cards] = args;
    return [{ kind: "hand", value: "counter" }, { kind: "wish", value: wish }, { kind: "seat", value: target },
      ...(cards.length ? [{ kind: "hand", set: true, value: cards }] : [])];
  }
  if (verb === "nicetry") return [{ kind: "hand", value: "nicetry" }, { kind: "wish", value: args[0] }];
  if (verb === "pick") return [{ kind: "table", value: args[0] }];
  if (verb === "discard" || verb === "bet") return [{ kind: "hand", value: args[0] }];
  if (verb === "give") return [{ kind: "hand", value: args[0] }, { kind: "seat", value: args[1] }];
  if (verb === "start" && args.length) return argSteps(kindOf(view.zones.discard[0]), args);
  return [{ kind: "button", value: token }];
}

const STEPS = { colors, chips, grid, lastcard, mayhem };

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const cases = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const out = cases.map(({ game, view, tokens }) => tokens.map((token) => STEPS[game](token, view).map((step) => {
  if (step.span !== Infinity) return step;
  const { span, ...rest } = step;
  return { ...rest, rest: true };
})));
process.stdout.write(JSON.stringify(out));
