// Fallback drawing for any game: cards are decoded as colour letter + number, "?" is a card back,
// anything else is plain text. A game module (static/games/<id>.js) exports the same shape:
// `card(code)`, `hidden` (zone keys not drawn) and optionally `labels` ({de: {key: name}, en: {…}}) and
// `render(view, ctx)` (its own table layout, see `tableContext` in table.js and the kit in kit.js).
import { colourCards } from "./kit.js";

export default {
  /** Decode a card code to a face for cardChip, or null when `code` is not a card. */
  card: colourCards("bgprykmot"),
  /** Zone keys not worth drawing (derived counts are shown with the piles). */
  hidden: new Set(),
};
