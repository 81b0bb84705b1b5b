// The "fixed deal" note of the table page (issue 22): a table whose creator chose the seed shows it to every
// seat, since whoever knows the seed can work out every hand. A secret seed (fixed_seed null) shows nothing.
const TEXT = {
  en: { label: "fixed deal: seed", why: "The table's creator chose this seed: anyone who knows it can work out every hand." },
  de: { label: "feste Kartenverteilung: Startwert",
        why: "Wer den Tisch angelegt hat, hat diesen Startwert gewählt: wer ihn kennt, kann jedes Blatt ausrechnen." },
};

/** The note for `frame` in `lang` ("en" or "de") as a <span class="fixed-deal">, or null for a secret deal. */
export function fixedDealNote(frame, lang) {
  if (frame.fixed_seed === null || frame.fixed_seed === undefined) return null;
  const text = TEXT[lang] ?? TEXT.en;
  const note = document.createElement("span");
  note.className = "fixed-deal";
  note.textContent = ` · ${text.label} ${frame.fixed_seed}`;
  note.title = text.why;
  return note;
}
