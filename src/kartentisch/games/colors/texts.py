"""Player-facing texts of ``colors``: the rules summary (``kartentisch rules colors``) and labels.

German terms follow the spec: Auslage/Sammlung (collection), Tischmitte (centre),
Nachbarzahlen (neighbour numbers), Wertung (scoring), Punkteblock (score pad).
"""

from __future__ import annotations

RULES: dict[str, str] = {
    "en": """\
# Colour Gap — 2 to 6 players

**Cards.** 5 colours (blue, green, purple, red, yellow) × numbers 0–9. With 2 players only
blue, green and purple are used (30 cards), with 3 players also red (40), from 4 players all 50.

**Setup.** Everybody gets 6 cards (5 with 5–6 players). 4 cards go face up to the **centre**,
the rest is a face-down draw pile. Seat 1 starts the first round (option "Start player")
and the start player moves one seat clockwise every round; the
player to their right deals.

**Your turn.** Play any card from your hand:
1. **Equal number:** if the centre holds cards with the same number, take **all** of them;
   they and your played card go face up in front of you (your **collection**). Equal numbers
   beat neighbours.
2. **Neighbours:** otherwise take one card of the number just below and one of the number just
   above (numbers wrap around: 0 and 9 are neighbours). Taking is compulsory. If a side has
   several cards, you choose one (lower side first). The taken cards and your played card go
   face up to your collection.
3. **Nothing to take:** your card goes face up to the centre, not to your collection.

Then the centre is refilled to 4 cards while the draw pile lasts. No drawing into your hand.

**End of a round.** When all hands are empty. Leftover centre and draw cards do not count.

**Scoring.** Only colours count, numbers do not. Your biggest colour scores plus its card count
(several colours tied for biggest: all of them count). Your smallest colour (only colours you
have) scores minus (tied: all of them). If all your colours have the same count, there is no
minus — two of each of five colours is 10! Round scores can be negative.

**End of the match.** After the round in which somebody reaches the target (option "Target score":
30; short 15, long 70). The highest total wins; a tie goes to the best single round; if still tied, the win
is shared. With the option "Round limit" the match also ends after that many rounds.
""",
    "de": """\
# Farblücke — 2 bis 6 Spieler

**Karten.** 5 Farben (blau, grün, lila, rot, gelb) × Zahlen 0–9. Zu zweit spielt man nur mit
blau, grün und lila (30 Karten), zu dritt zusätzlich mit rot (40), ab vier mit allen 50.

**Aufbau.** Jeder bekommt 6 Handkarten (zu fünft oder sechst 5). 4 Karten kommen offen in die
**Tischmitte**, der Rest bildet den verdeckten Stapel. Platz 1 beginnt die erste Runde (Option
„Startspieler“), danach wandert der Startspieler jede Runde einen Platz im Uhrzeigersinn; sein rechter Nachbar gibt.

**Dein Zug.** Lege eine beliebige Handkarte aus:
1. **Gleiche Zahl:** Liegen in der Mitte Karten mit derselben Zahl, nimmst du **alle** und legst
   sie mit deiner gespielten Karte offen vor dir ab (deine **Auslage**). Gleiche Zahl geht vor
   Nachbarzahl.
2. **Nachbarzahlen:** Sonst nimmst du je eine Karte der nächstniedrigeren und der
   nächsthöheren Zahl (die Zahlen laufen im Kreis: 0 und 9 sind Nachbarn). Nehmen ist Pflicht.
   Liegen auf einer Seite mehrere, wählst du eine (erst die niedrigere Seite). Die genommenen
   Karten und deine gespielte Karte legst du offen in deine Auslage.
3. **Nichts zu nehmen:** Deine Karte kommt offen in die Mitte, nicht in deine Auslage.

Danach wird die Mitte auf 4 Karten aufgefüllt, solange der Stapel reicht. Nachgezogen wird nicht.

**Rundenende.** Wenn alle Handkarten gespielt sind. Karten in der Mitte und im Stapel zählen nicht.

**Wertung.** Es zählen nur die Farben, nicht die Zahlen. Deine größte Farbe bringt so viele
Pluspunkte, wie du Karten davon hast (bei Gleichstand zählen alle gleich großen). Deine kleinste
Farbe (nur Farben, die du hast) gibt Minuspunkte (bei Gleichstand ebenfalls alle). Hast du von
allen gesammelten Farben gleich viele, gibt es keine Minuspunkte — zweimal jede der fünf Farben
sind 10! Ein Rundenergebnis kann negativ sein.

**Spielende.** Nach der Runde, in der jemand die Zielpunktzahl erreicht (Option
„Zielpunktzahl“: 30; kurz 15, lang 70). Es gewinnt die höchste Summe; bei Gleichstand die beste Einzelrunde; bleibt
es gleich,
teilen sich die Spieler den Sieg. Mit der Option „Rundenzahl“ endet das Spiel auch nach so vielen Runden.
""",
}

#: Labels of the terminal renderer, per language.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Colour Gap", "round": "Round", "dealer": "dealer", "to_act": "to act", "seat": "Seat",
        "you": "you", "hand": "Hand", "collection": "Collection", "centre": "Centre", "draw": "Draw pile",
        "cards": "cards", "score_now": "score now", "total": "Total", "pick": "Choose one",
        "lower": "lower", "higher": "higher", "last": "Last turn",
        "round_over": "Round over — next dealer deals",
        "empty": "—", "phase": "Phase",
    },
    "de": {
        "title": "Farblücke", "round": "Runde", "dealer": "Geber", "to_act": "am Zug", "seat": "Platz",
        "you": "du", "hand": "Hand", "collection": "Auslage", "centre": "Tischmitte", "draw": "Stapel",
        "cards": "Karten", "score_now": "Wertung jetzt", "total": "Summe",
        "pick": "Wähle eine", "lower": "niedrigere", "higher": "höhere", "last": "Letzter Zug",
        "round_over": "Runde vorbei — der nächste Geber gibt",
        "empty": "—", "phase": "Phase",
    },
}


#: Two lines for the lobby: what the game is like, in the players' words.
PITCH: dict[str, str] = {
    "en": "Play a card and take the equal numbers or both neighbours from the centre.\n"
          "Your biggest colour scores, your smallest one counts against you.",
    "de": "Spiel eine Karte und nimm die gleichen Zahlen oder beide Nachbarzahlen aus der Tischmitte.\n"
          "Deine größte Farbe zählt für dich, deine kleinste gegen dich.",
}
