// chips (Gepäckband): number cards k r b y 1–10, specials s1–s15, "-r7" is a face-down card (chips spec).
import { colourNumber } from "../cards.js";

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
};
