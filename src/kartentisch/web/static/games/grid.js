// grid (Farbraster): colour letter + value −1 … 11 in eight colours; "?" + code is face down (grid spec).
import { colourNumber } from "../cards.js";

export default {
  card(code) {
    if (code === "?") return { back: true };
    if (code.startsWith("?")) return { back: true, title: "?" };
    return colourNumber(code, "bgmoprty");
  },
  hidden: new Set(["draw_count"]),
};
