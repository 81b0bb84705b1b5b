// lastcard (Letzte Karte): cards are the numbers "1" … "60" as strings (lastcard spec, Components).
export default {
  card(code) {
    if (code === "?") return { back: true };
    if (/^[1-9]\d?$/.test(code) && Number(code) <= 60) return { label: code, title: code };
    return null;
  },
  hidden: new Set(),
};
