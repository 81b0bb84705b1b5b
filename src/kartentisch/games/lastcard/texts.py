"""Player-facing texts of ``lastcard`` in English and German: rules summary and renderer labels.

German game terms follow the spec: Ablagestapel (pile), Hilfskarte (help card), Auslage (help
row), Startspieler (start player), Runde (round).
"""

from __future__ import annotations

RULES: dict[str, str] = {
    "en": """\
# Last Card — 2 to 6 players

**Cards.** Numbered 1–60, each once. In play: 2–3 players 1–36, 4 players 1–48,
5–6 players 1–60. Everyone gets 12 cards (6 players: 10); with 2 players 12 more cards lie face
down aside. A match has one round per player (option "Rounds").

## Each round
1. **Deal** one card at a time, starting with the **start player** (seat 1 in round 1, option
   "Start player"; the role moves one seat to the left every round). The dealer sits to the start
   player's right and deals from round 2 on.
2. **Pass**: everyone at once chooses **3 cards** (option
   "Cards to pass", 0–3) for the **right neighbour**. Nobody sees them until all have chosen;
   received cards go straight into the hand.
3. **Turns**, start player first, then clockwise. Do exactly one of:
   - **(A) Play higher** — put a hand card on the **pile** that is higher than its top
     card. On an empty pile any card; that is then the only choice.
   - **(B) Lay a help card** — lay a hand card **lower than the top** face up in front of
     you (your **help row**), then take **one** pile card of your choice into your hand
     (everyone sees which). The rest of the pile goes face down out of the round; the next player
     starts a new pile.
   - **(C) Play with help** — a hand card lower than the top plus one or more
     of **your own** help cards must add up to **more** than the top (equal is not enough).
     Put the hand card on the pile — the next player only has to beat it — and the used help cards go
     out of the round face down. Each help card helps once.
4. **Round end**: as soon as the player who just moved holds **one** card. Laying your
   second-to-last card as a help card does not count: you take a pile card and hold two again.
   Hand sizes are always visible (no need to announce "two cards").

## Scoring
Each player scores their **highest hand card minus all their other hand cards**; below 0 counts
as 0 (option "No negative results"). Whoever ended the round scores their single card. Help cards and
the pile score nothing.

## Winning
After the last round the highest total wins; equal totals share the win.

**Tip:** high cards are good at the end — but only if you have just one.
""",
    "de": """\
# Letzte Karte — 2 bis 6 Spieler

**Karten.** Zahlen 1–60, jede einmal. Im Spiel: 2–3 Spieler 1–36,
4 Spieler 1–48, 5–6 Spieler 1–60. Jeder erhält 12 Karten (6 Spieler: 10); zu zweit liegen
12 weitere Karten verdeckt beiseite. Eine Partie hat so viele Runden, wie Spieler mitspielen
(Option „Runden“).

## Jede Runde
1. **Austeilen**: einzeln, beginnend beim **Startspieler** (in Runde 1 Platz 1, Option
   „Startspieler“; die Rolle wandert jede Runde nach links). Der Geber sitzt rechts vom
   Startspieler und gibt ab Runde 2.
2. **Weitergeben**: alle wählen gleichzeitig **3 Karten**
   (Option „Karten weitergeben“, 0–3) für den **rechten Nachbarn**. Niemand sieht sie, bevor alle gewählt
   haben; erhaltene Karten kommen direkt auf die Hand.
3. **Züge**, der Startspieler beginnt, dann im Uhrzeigersinn. Genau eines von:
   - **(A) Höher legen** — eine Handkarte auf den **Ablagestapel**, die höher ist als
     dessen oberste Karte. Auf einen leeren Stapel jede Karte; dann geht nur das.
   - **(B) Hilfskarte auslegen** — eine Handkarte, **niedriger als die oberste**, offen
     vor sich in die **Auslage** legen, dann **eine** Karte des Ablagestapels nach Wahl auf die
     Hand nehmen (für alle sichtbar). Der Rest des Stapels kommt verdeckt aus dem Spiel; der
     Nächste beginnt einen neuen Stapel.
   - **(C) Mit Hilfe** — eine Handkarte, niedriger als die oberste, plus eine
     oder mehrere **eigene** Hilfskarten ergeben **mehr** als die oberste Karte (gleich reicht
     nicht). Die Handkarte kommt auf den Stapel — der Nächste muss nur sie übertreffen —, die benutzten
     Hilfskarten kommen verdeckt aus dem Spiel. Jede Hilfskarte hilft nur einmal.
4. **Rundenende**: sobald der Spieler, der gerade gezogen hat, nur noch **eine** Karte hält. Die
   vorletzte Karte als Hilfskarte auszulegen zählt nicht: man nimmt eine Stapelkarte und hält
   wieder zwei. Die Kartenzahl jeder Hand ist immer sichtbar (kein Ansagen von „zwei Karten“).

## Wertung
Jeder erhält seine **höchste Handkarte minus alle anderen Handkarten**; unter 0 zählt 0 (Option
„Keine Minuspunkte“). Wer die Runde beendet hat, erhält seine einzige Karte. Hilfskarten und Stapel
zählen nichts.

## Sieg
Nach der letzten Runde gewinnt die höchste Summe; bei Gleichstand teilen sich alle Besten den Sieg.

**Tipp:** Hohe Karten auf der Hand sind am Ende gut – aber nur, wenn es nur eine einzige gibt.
""",
}

#: Labels of the terminal renderer (:mod:`.render`), by language.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Last Card",
        "round": "Round {round} of {rounds}",
        "pile": "Pile",
        "pile_empty": "empty — start a new pile with any card",
        "top": "top",
        "out": "Out (face down)",
        "set_aside": "Set aside",
        "you": "you",
        "start": "start player",
        "dealer": "dealer",
        "to_act": "to act",
        "hand": "Hand",
        "cards": "{n} cards",
        "card": "{n} card",
        "help": "Help cards",
        "passed": "Passed",
        "received": "Received",
        "two_cards": "two cards!",
        "total": "Total",
        "last_move": "Last move",
        "phase_pass": "Everyone passes {n} cards to the right neighbour.",
        "waiting": "Waiting for: {seats}",
        "round_over": "Round over — {name} deals the next round.",
        "none": "none",
    },
    "de": {
        "title": "Letzte Karte",
        "round": "Runde {round} von {rounds}",
        "pile": "Ablagestapel",
        "pile_empty": "leer — beliebige Karte beginnt einen neuen Stapel",
        "top": "oben",
        "out": "Aus dem Spiel (verdeckt)",
        "set_aside": "Beiseite",
        "you": "du",
        "start": "Startspieler",
        "dealer": "Geber",
        "to_act": "am Zug",
        "hand": "Hand",
        "cards": "{n} Karten",
        "card": "{n} Karte",
        "help": "Hilfskarten",
        "passed": "Weitergegeben",
        "received": "Erhalten",
        "two_cards": "zwei Karten!",
        "total": "Summe",
        "last_move": "Letzter Zug",
        "phase_pass": "Jeder gibt {n} Karten an den rechten Nachbarn weiter.",
        "waiting": "Es fehlen noch: {seats}",
        "round_over": "Runde vorbei — {name} teilt die nächste Runde aus.",
        "none": "keine",
    },
}


#: Two lines for the lobby: what the game is like, in the players' words.
PITCH: dict[str, str] = {
    "en": "Play higher than the pile, or lay a lower card as a help card and take one from the pile.\n"
          "Be the first down to one card: your highest card scores, every other one counts against you.",
    "de": "Spiel höher als der Ablagestapel, oder leg eine niedrigere Karte als Hilfskarte aus und nimm dir eine.\n"
          "Sei als Erster bei einer Karte: deine höchste zählt für dich, jede andere gegen dich.",
}
