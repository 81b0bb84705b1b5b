// colors (Farblücke): codes are colour letter + digit, colours b g p r y (colors spec, Components).
import { colourNumber } from "../cards.js";

export default {
  card(code) {
    if (code === "?") return { back: true };
    return colourNumber(code, "bgpry");
  },
  hidden: new Set(),
};
