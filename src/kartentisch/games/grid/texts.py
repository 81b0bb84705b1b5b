"""Player-facing texts of ``grid``: the rules summary (``kartentisch rules grid``) and the labels the
terminal renderer uses, in English and German (German terms from the spec)."""

from __future__ import annotations

RULES: dict[str, str] = {
    "en": """\
# Colour Grid (grid) — 2 to 6 players

**Goal:** the lowest total. The match ends after the round in which some total reaches 100
(option `end_total`); the lowest total wins, ties share the win.

**Cards:** 104 number cards, values −1 to 11 in 8 colours (b blue, g green, m magenta, o orange,
p purple, r red, t turquoise, y yellow), one of each.

**Setup:** the dealer deals everyone 9 face-down cards as a 3×3 grid — nobody may look at them.
The next card starts the face-up discard pile, the rest is the draw pile. Everyone turns two of
their own cards face up (`flip:r:c`); the highest sum starts (ties: first seat clockwise from the
dealer's left).

**Your turn — exactly one action, no passing:**
- **A:** `takediscard`, then `swap:r:c` — the taken card replaces any grid card (face up or down);
  the old card goes face up onto the discard pile. A taken card may not be discarded again.
- **B:** `draw` (only you see the card), then either `swap:r:c` as in A, or `flip:r:c`: discard the
  drawn card and turn one of your face-down cards up.

**Lines:** three face-up cards of one colour in a row, column or diagonal leave the grid at once
(lowest card on top of the discard pile). Rows and columns close up; after a diagonal you choose
`close:h` (push together horizontally) or `close:v` (vertically). If that completes another line, it
leaves too. With several lines at once you pick one (`remove:r0` …); only that one goes.

**Round end:** when a player ends a turn with no face-down card (or no cards), every other player
takes one last turn. Then all cards are turned up (lines still leave) and everyone adds up their
grid. The player who ended the round scores **double** unless they alone have the lowest sum
(a negative sum is never doubled). The next dealer (to the left) gives `deal`.

**Options:** `end_total` (100), `optional_removal` (false: lines must leave; true: `keep` allowed),
`first_dealer` (0).
""",
    "de": """\
# Farbraster (grid) — 2 bis 6 Spieler

**Ziel:** möglichst wenige Punkte. Das Spiel endet nach der Runde, in der eine Gesamtsumme 100
erreicht (Option `end_total`); die niedrigste Summe gewinnt, bei Gleichstand gibt es mehrere Sieger.

**Karten:** 104 Zahlenkarten von −1 bis 11 in 8 Farben (b blau, g grün, m magenta, o orange,
p lila, r rot, t türkis, y gelb), jede genau einmal.

**Aufbau:** Der Geber gibt jedem 9 verdeckte Karten als 3×3-Raster (Auslage) — nicht ansehen!
Die nächste Karte liegt offen als Ablagestapel, der Rest ist der Nachziehstapel. Jeder dreht zwei
eigene Karten um (`flip:r:c`); die höchste Summe beginnt (Gleichstand: zuerst im Uhrzeigersinn
links vom Geber).

**Dein Zug — genau eine Aktion, Passen ist nicht erlaubt:**
- **A:** `takediscard`, dann `swap:r:c` — die Karte vom Ablagestapel ersetzt eine beliebige
  Rasterkarte (offen oder verdeckt); die alte Karte kommt offen auf den Ablagestapel. Eine
  genommene Karte darf nicht gleich wieder abgelegt werden.
- **B:** `draw` (nur du siehst die Karte), dann `swap:r:c` wie bei A oder `flip:r:c`: die gezogene
  Karte ablegen und eine eigene verdeckte Karte aufdecken.

**Reihen:** drei offene Karten einer Farbe waagerecht, senkrecht oder diagonal kommen sofort auf den
Ablagestapel (die niedrigste oben). Reihen und Spalten rücken zusammen; nach einer Diagonale wählst
du `close:h` (waagerecht zusammenschieben) oder `close:v` (senkrecht). Entsteht dabei eine neue
Reihe, geht sie auch. Bei mehreren Reihen zugleich wählst du eine (`remove:r0` …); nur diese geht.

**Rundenende:** Wer am Ende seines Zuges keine verdeckte Karte (oder keine Karte) mehr hat, löst das
Ende aus; alle anderen machen noch einen Zug. Dann werden alle Karten aufgedeckt (Reihen gehen
weiterhin) und jeder zählt sein Raster. Wer ausgelöst hat, zählt **doppelt**, außer er hat allein
die niedrigste Summe (negative Summen nie doppelt). Der nächste Geber (links) gibt mit `deal`.

**Optionen:** `end_total` (100), `optional_removal` (false: Reihen müssen gehen; true: `keep`
erlaubt), `first_dealer` (0).
""",
}

#: Colour letter → display name and rich colour (D1).
COLOUR_NAMES: dict[str, dict[str, str]] = {
    "en": {"b": "blue", "g": "green", "m": "magenta", "o": "orange", "p": "purple", "r": "red",
           "t": "turquoise", "y": "yellow"},
    "de": {"b": "blau", "g": "grün", "m": "magenta", "o": "orange", "p": "lila", "r": "rot",
           "t": "türkis", "y": "gelb"},
}

#: Labels of the terminal renderer.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Colour Grid", "round": "Round", "dealer": "dealer", "seat": "Seat", "you": "you",
        "draw": "Draw pile", "discard": "Discard pile", "held": "In hand", "trigger": "ended the round",
        "active": "to act", "total": "total",
        "flips_left": "flips left", "empty": "(empty)", "final_turns": "final turns",
        "reveal_queue": "still to reveal",
        "phase.setup": "Setup: everyone flips two cards", "phase.play": "Play",
        "phase.reveal": "Reveal: lines at round end", "phase.round_over": "Round over",
        "phase.game_over": "Match over",
        "step.start": "draw or take the discard", "step.drawn": "swap or discard and flip",
        "step.taken": "swap the taken card in", "step.remove": "choose a line to remove",
        "step.close": "close the grid: h or v",
    },
    "de": {
        "title": "Farbraster", "round": "Runde", "dealer": "Geber", "seat": "Platz", "you": "du",
        "draw": "Nachziehstapel", "discard": "Ablagestapel", "held": "In der Hand", "trigger": "hat beendet",
        "active": "ist dran", "total": "gesamt",
        "flips_left": "noch aufdecken", "empty": "(leer)", "final_turns": "letzte Züge",
        "reveal_queue": "noch aufzudecken",
        "phase.setup": "Aufbau: jeder deckt zwei Karten auf", "phase.play": "Spiel",
        "phase.reveal": "Aufdecken: Reihen am Rundenende", "phase.round_over": "Runde vorbei",
        "phase.game_over": "Spiel vorbei",
        "step.start": "ziehen oder Ablage nehmen", "step.drawn": "tauschen oder ablegen und aufdecken",
        "step.taken": "genommene Karte eintauschen", "step.remove": "Reihe zum Entfernen wählen",
        "step.close": "Raster zusammenschieben: h oder v",
    },
}
