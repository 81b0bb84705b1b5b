"""Player-facing texts of ``chips`` in English and German: rules summary, special cards, labels.

German game terms follow the spec (Zahlenkarten, Chips, Vorrat, Auslage, Farbreihen, Reihe
auffüllen, Minuspunkt, Sonderkarten, Partie).
"""

from __future__ import annotations

RULES: dict[str, str] = {
    "en": """\
# Baggage Belt — 2 to 4 players

**Cards.** 40 number cards (1–10 in black, red, blue and yellow), 7 chips per player.

## Setup
Shuffle the 40 cards. Lay 7 face up in a **row**, the rest face down as the **draw pile** behind the
last card of the row. Everybody gets a **supply** of 7 chips. Seat 1 starts round 1
(option "Start player"); the start moves one seat clockwise every round.

## Your turn
1. **Take** one card of the row. The front card is free; for every card you skip you put
   one chip from your supply on it (the third card costs 2 chips). You need those chips before you
   collect anything. Without chips you must take the front card.
2. **Collect** all chips lying on the card you took.
3. **Place** it on your colour row of its colour (your display has four colour rows):
   higher than the row's top card → face up; lower → **face down** (−1 point at the end);
   on a face-down top any card goes face up. You never choose.
4. **Refill**: the cards behind slide forward with their chips; the top card of the pile fills the
   last place.

## End and scoring
When the row can no longer be refilled, the current circuit is finished: play goes on until the
start player's right neighbour has had its turn. Then each player scores:
face-up card values − 1 per face-down card + 1 per chip in the supply. Chips left on the row
count for nobody. Highest score wins; equal scores share the win. With the option "Rounds" several
rounds are played and summed; between rounds the next dealer deals.

## Special cards (expert game, option "Special cards")
Active special cards apply to everybody for the whole round. You pick them, or 3 are drawn at
random each round.

| card | effect |
|---|---|
| 2 | a 4 never costs chips (also without chips; skipped cards get none) |
| 3 | a 7 may go on any colour row: you name the row when you take it |
| 4 | taking a card with 3 or more chips on it: play again at once |
| 6 | a 5 is always placed face up |
| 13 | your colour row with the smallest value does not count |
| 15 | chips in your supply count −1 each instead of +1 |
""",
    "de": """\
# Gepäckband — 2 bis 4 Spieler

**Karten.** 40 Zahlenkarten (1–10 in Schwarz, Rot, Blau und Gelb), 7 Chips je Spieler.

## Aufbau
Die 40 Karten mischen. 7 offen als **Reihe** auslegen, den Rest verdeckt als **Stapel** hinter die
letzte Karte der Reihe. Jeder bekommt einen **Vorrat** von 7 Chips. Platz 1 beginnt die erste
Partie (Option „Startspieler“); danach beginnt in jeder Partie der linke Nachbar.

## Dein Zug
1. **Karte nehmen**: Die vorderste Karte der Reihe ist kostenlos; auf jede übersprungene Karte legst
   du einen Chip aus deinem Vorrat (die dritte Karte kostet 2 Chips). Diese Chips musst du haben,
   bevor du etwas einsammelst. Ohne Chips musst du die vorderste Karte nehmen.
2. **Chips einsammeln**: Alle Chips auf der genommenen Karte gehören dir.
3. **Auslegen**: Die Karte kommt auf deine **Farbreihe** ihrer Farbe (deine **Auslage** hat vier
   Farbreihen): höher als die oberste Karte → offen; niedriger → **verdeckt** (1 **Minuspunkt**);
   auf eine verdeckte Karte darf eine beliebige weitere offen. Du wählst nie selbst.
4. **Reihe auffüllen**: Die Karten dahinter rutschen mit ihren Chips nach, die oberste Karte vom
   Stapel kommt auf den letzten Platz.

## Spielende und Wertung
Sobald die Reihe nicht mehr aufgefüllt werden kann, wird die Runde zu Ende gespielt: bis der rechte
Nachbar des Startspielers gezogen hat. Wertung: Wert aller offenen Zahlenkarten − 1 je verdeckter
Karte + 1 je Chip im Vorrat. Chips auf der Reihe zählen für niemanden. Die höchste Punktzahl gewinnt;
Gleichstand teilt den Sieg. Mit der Option „Partien“ werden mehrere Partien summiert; dazwischen gibt
der nächste Geber.

## Sonderkarten (Expertenspiel, Option „Sonderkarten“)
Aktive Sonderkarten gelten für alle während der ganzen Partie. Man wählt sie aus, oder je Partie
werden 3 zufällig gezogen.

| Karte | Wirkung |
|---|---|
| 2 | eine 4 kostet nie Chips (auch ohne Chips; übersprungene Karten bekommen keine) |
| 3 | eine 7 darf in jede Farbreihe: beim Nehmen die Farbreihe angeben |
| 4 | wer eine Karte mit mindestens 3 Chips nimmt, spielt sofort nochmals |
| 6 | eine 5 wird immer offen gelegt |
| 13 | die eigene Farbreihe mit dem kleinsten Wert zählt nicht |
| 15 | Chips im Vorrat zählen je −1 statt +1 |
""",
}

#: Short texts of the defined special cards (R12), per language.
SPECIAL_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "s2": "a 4 never costs chips",
        "s3": "a 7 may go on any colour row",
        "s4": "take a card with ≥ 3 chips: play again",
        "s6": "a 5 is always face up",
        "s13": "smallest colour row does not count",
        "s15": "chips count −1 instead of +1",
    },
    "de": {
        "s2": "eine 4 kostet nie Chips",
        "s3": "eine 7 darf in jede Farbreihe",
        "s4": "Karte mit ≥ 3 Chips: sofort nochmals",
        "s6": "eine 5 darf immer offen liegen",
        "s13": "kleinste Farbreihe zählt nicht",
        "s15": "Chips zählen minus statt plus",
    },
}

#: Labels the terminal renderer needs, per language.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Baggage Belt",
        "round": "Round {round} of {rounds}",
        "row": "Row (position = chips to pay)",
        "pile": "Pile",
        "supply": "Supply",
        "chips": "chips",
        "you": "you",
        "start": "starts",
        "to_act": "to act",
        "colours": "k black · r red · b blue · y yellow",
        "face_down": "face down (−1)",
        "specials": "Special cards",
        "none": "none",
        "final_circuit": "Final circuit: the row cannot be refilled, the circuit is finished.",
        "extra_turn": "Extra turn (special card 4).",
        "round_over": "Round scored; {seat} deals the next round.",
        "row_value": "row values",
        "score": "score now",
    },
    "de": {
        "title": "Gepäckband",
        "round": "Partie {round} von {rounds}",
        "row": "Reihe (Position = zu zahlende Chips)",
        "pile": "Stapel",
        "supply": "Vorrat",
        "chips": "Chips",
        "you": "du",
        "start": "beginnt",
        "to_act": "am Zug",
        "colours": "k Schwarz · r Rot · b Blau · y Gelb",
        "face_down": "verdeckt (−1)",
        "specials": "Sonderkarten",
        "none": "keine",
        "final_circuit": "Letzte Runde: die Reihe kann nicht mehr aufgefüllt werden, die Runde wird zu Ende gespielt.",
        "extra_turn": "Zusatzzug (Sonderkarte 4).",
        "round_over": "Partie gewertet; {seat} gibt die nächste Partie.",
        "row_value": "Reihenwerte",
        "score": "Punkte jetzt",
    },
}


#: Two lines for the lobby: what the game is like, in the players' words.
PITCH: dict[str, str] = {
    "en": "Take a card from the baggage belt: the front one is free, each card further back costs a chip.\n"
          "Build rising colour rows and gather the chips others left behind.",
    "de": "Nimm eine Karte vom Gepäckband: die vorderste ist frei, jede weiter hinten kostet einen Chip.\n"
          "Baue steigende Farbreihen und sammle die Chips, die andere liegen ließen.",
}
