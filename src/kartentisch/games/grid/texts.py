"""Player-facing texts of ``grid``: the rules summary (``kartentisch rules grid``) and the labels the
terminal renderer uses, in English and German (German terms from the spec)."""

from __future__ import annotations

RULES: dict[str, str] = {
    "en": """\
# Colour Grid — 2 to 6 players

**Goal:** the lowest total. The match ends after the round in which some total reaches 100
(option "Match ends at"); the lowest total wins, ties share the win.

**Cards:** 104 number cards, values −1 to 11 in 8 colours (blue, green, magenta, orange, purple,
red, turquoise, yellow), one of each. On the terminal table a card shows its colour's first letter.

**Setup:** the dealer deals everyone 9 face-down cards as a 3×3 grid — nobody may look at them.
The next card starts the face-up discard pile, the rest is the draw pile. Everyone turns two of
their own cards face up; the highest sum starts (ties: first seat clockwise from the dealer's left).

**Your turn — exactly one action, no passing:**
- **A:** take the top card of the discard pile and swap it for any card of your grid (face up or
  down); the old card goes face up onto the discard pile. A taken card may not be discarded again.
- **B:** draw a card (only you see it), then either swap it in as in A, or discard it and turn one
  of your face-down cards face up.

**Lines:** three face-up cards of one colour in a row, column or diagonal leave the grid at once
(lowest card on top of the discard pile). Rows and columns close up; after a diagonal you push the
grid together horizontally or vertically. If that completes another line, it leaves too. With
several lines at once you pick one; only that one goes.

**Round end:** when a player ends a turn with no face-down card (or no cards), every other player
takes one last turn. Then all cards are turned up (lines still leave) and everyone adds up their
grid. The player who ended the round scores **double** unless they alone have the lowest sum
(a negative sum is never doubled). The next dealer (to the left) deals the next round.

**Options:** "Match ends at" (100), "Lines may stay" (off: complete lines must leave; on: you may
keep them), "First dealer" (seat 1).
""",
    "de": """\
# Farbraster — 2 bis 6 Spieler

**Ziel:** möglichst wenige Punkte. Die Partie endet nach der Runde, in der eine Gesamtsumme 100
erreicht (Option „Partie endet bei“); die niedrigste Summe gewinnt, bei Gleichstand gibt es
mehrere Sieger.

**Karten:** 104 Zahlenkarten von −1 bis 11 in 8 Farben (blau, grün, magenta, orange, lila, rot,
türkis, gelb), jede genau einmal. Auf dem Terminal-Tisch zeigt eine Karte den Anfangsbuchstaben
ihrer englischen Farbe (b, g, m, o, p, r, t, y).

**Aufbau:** Der Geber gibt jedem 9 verdeckte Karten als 3×3-Raster (Auslage) — nicht ansehen!
Die nächste Karte liegt offen als Ablagestapel, der Rest ist der Nachziehstapel. Jeder deckt zwei
eigene Karten auf; die höchste Summe beginnt (Gleichstand: zuerst im Uhrzeigersinn links vom Geber).

**Dein Zug — genau eine Aktion, Passen ist nicht erlaubt:**
- **A:** die oberste Karte des Ablagestapels nehmen und gegen eine beliebige Karte deines Rasters
  tauschen (offen oder verdeckt); die alte Karte kommt offen auf den Ablagestapel. Eine genommene
  Karte darf nicht gleich wieder abgelegt werden.
- **B:** eine Karte ziehen (nur du siehst sie), dann wie bei A eintauschen oder sie ablegen und
  eine eigene verdeckte Karte aufdecken.

**Reihen:** drei offene Karten einer Farbe waagerecht, senkrecht oder diagonal kommen sofort auf den
Ablagestapel (die niedrigste oben). Reihen und Spalten rücken zusammen; nach einer Diagonale
schiebst du das Raster waagerecht oder senkrecht zusammen. Entsteht dabei eine neue Reihe, geht sie
auch. Bei mehreren Reihen zugleich wählst du eine; nur diese geht.

**Rundenende:** Wer am Ende seines Zuges keine verdeckte Karte (oder keine Karte) mehr hat, löst das
Ende aus; alle anderen machen noch einen Zug. Dann werden alle Karten aufgedeckt (Reihen gehen
weiterhin) und jeder zählt sein Raster. Wer ausgelöst hat, zählt **doppelt**, außer er hat allein
die niedrigste Summe (negative Summen nie doppelt). Der nächste Geber (links) gibt die nächste Runde.

**Optionen:** „Partie endet bei“ (100), „Reihen dürfen liegen bleiben“ (aus: fertige Reihen müssen
gehen; an: du darfst sie behalten), „Erster Geber“ (Platz 1).
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
        "title": "Colour Grid", "round": "Round", "dealer": "dealer", "you": "you",
        "draw": "Draw pile", "discard": "Discard pile", "held": "In hand", "trigger": "ended the round",
        "active": "to act", "total": "total",
        "flips_left": "flips left", "empty": "(empty)", "final_turns": "final turns",
        "reveal_queue": "still to reveal",
        "step.start": "draw or take the discard", "step.drawn": "swap or discard and flip",
        "step.taken": "swap the taken card in", "step.remove": "choose a line to remove",
        "step.close": "close the gaps horizontally or vertically",
    },
    "de": {
        "title": "Farbraster", "round": "Runde", "dealer": "Geber", "you": "du",
        "draw": "Nachziehstapel", "discard": "Ablagestapel", "held": "In der Hand", "trigger": "hat beendet",
        "active": "ist dran", "total": "gesamt",
        "flips_left": "noch aufdecken", "empty": "(leer)", "final_turns": "letzte Züge",
        "reveal_queue": "noch aufzudecken",
        "step.start": "ziehen oder Ablage nehmen", "step.drawn": "tauschen oder ablegen und aufdecken",
        "step.taken": "genommene Karte eintauschen", "step.remove": "Reihe zum Entfernen wählen",
        "step.close": "Raster waagerecht oder senkrecht zusammenschieben",
    },
}


#: Two lines for the lobby: what the game is like, in the players' words.
PITCH: dict[str, str] = {
    "en": "Swap cards into your face-down grid of nine and bring its sum down.\n"
          "Three of a colour in a line leave the grid; the lowest total wins.",
    "de": "Tausche Karten in dein verdecktes Raster aus neun und halte seine Summe klein.\n"
          "Drei einer Farbe in einer Reihe verlassen das Raster; die niedrigste Summe gewinnt.",
}
