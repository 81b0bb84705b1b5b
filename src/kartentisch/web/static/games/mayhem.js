// mayhem (Kartenchaos): r y g b number cards, k black numbers, one-colour specials (`rgift` …),
// wish specials, `fy`, and the event deck (mayhem spec, Components).
import { colourNumber } from "../cards.js";

const SPECIAL = { gift: "G", exch: "⇄", chance: "2×", skip: "⊘", troub: "!" };
const WISH = { fant: "F", four: "F4", counter: "GA", equal: "=", nicetry: "NV", fy: "42" };
const EVENTS = new Set(["charity", "communism", "doomsday", "earthquake", "expansion", "friday13", "gambler",
  "lostfound", "market", "mating", "christmas", "standoff", "recession", "robinhood", "party", "eye", "third",
  "tornado", "upside", "vandalism"]);

export default {
  card(code) {
    if (code === "?") return { back: true };
    const num = colourNumber(code, "rygbk");
    if (num) return num;
    const m = /^([rygb])(gift|exch|chance|skip|troub)$/.exec(code);
    if (m) return { colour: m[1], label: SPECIAL[m[2]], sub: m[2], title: code };
    if (WISH[code]) return { label: WISH[code], sub: code, title: code };
    if (EVENTS.has(code)) return { label: "✦", sub: code, title: code };
    return null;
  },
  hidden: new Set(["draw_count", "event_count", "hand_counts"]),
};
