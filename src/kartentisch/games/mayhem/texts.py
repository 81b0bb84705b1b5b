"""Player-facing texts of ``mayhem``: the rules summary (``kartentisch rules mayhem``) and renderer labels."""

from __future__ import annotations

RULES: dict[str, str] = {
    "en": """\
# Mayhem — 2 to 8 players

**Goal.** Over several rounds stay below the point limit: the lowest total wins. A match ends once a total is
*above* the limit (option "Match length": Short / Medium / Long: 137 / 154 / 179 with
2–4 players, 113 / 137 / 154 with 5–8; or a "Point limit" of your own).

**Cards.** 129 play cards: coloured number cards 1–9 (red, yellow, green, blue, two of each), black number
cards 1–9, one-colour specials (Gift, Exchange, Second Chance, Skip, Troublemaker), wish specials (Fantastic,
Fantastic Four, Counterattack, Equality, Nice Try) and one Unique card. 20 event cards lie in their own pile.

**Setup.** 7 cards each (option "First dealer" names who deals first); the next card is the start card and counts as
played by the dealer (with its effect).
Play runs **counter-clockwise**: the dealer's right neighbour begins.

**Your turn.** Play a matching card: same colour or same number; a special on the same special; a black card
only on its number. Wish cards always fit; a wish (colour or number) must then be served. Or draw one card and
then play one (the drawn or another) or pass. There is no reshuffle: drawing from an empty pile ends the round.

**Specials.** Second Chance: play another card (draw only if you cannot). Gift: give 2 cards to someone.
Exchange: give 2, take 2 blind. Skip: a player misses his next turn. Troublemaker and black cards: turn up an
event. Fantastic: wish. Fantastic Four: wish, and hand out 4 draws. Equality: wish a colour; someone with fewer
cards draws up to your count. The Unique card is playable only with exactly 10 cards in hand and slides under the top
card.

**Reactions.** A victim of Gift, Exchange, Skip, Fantastic Four or Equality may answer with a **Counterattack**
(wish a colour) and turn the attack back on the attacker (it may be countered again). When someone has shed his
last card, anyone may play **Nice Try** (wish a colour): every other empty-handed player draws 3 and play goes on.
Every eligible player is asked, whether he holds the card or not.

**Events.** Charity, Communism, Doomsday (round over, 50 each), Earthquake, Expansion, Friday the 13th, Gambler,
Lost and Found, Market, Mating Season, Merry Christmas, Mexican Standoff, Recession, Robin Hood, Surprise Party,
All-Seeing Eye, Third Time Lucky, Tornado, Upside Down, Vandalism. They act from the initiator's right neighbour
round the table, the initiator last.

**Round end and scoring.** The round ends when someone holds no cards (and no Nice Try follows) or the draw pile
ran out. Cards left in hand score: numbers their value, specials 7, the Unique card 42. The round's highest scorer
deals next.
""",
    "de": """\
# Kartenchaos — 2 bis 8 Spieler

**Ziel.** Über mehrere Runden unter der Punktgrenze bleiben; die niedrigste Summe gewinnt. Das Spiel endet, sobald
jemand die Grenze *überschreitet* (Option „Spieldauer“: Kurz / Mittel / Lang: 137 / 154 / 179 bei 2–4,
113 / 137 / 154 bei 5–8 Spielern; oder eine eigene „Punktgrenze“).

**Karten.** 129 Spielkarten: Farb-Zahlenkarten 1–9 (rot, gelb, grün, blau, je zweimal), schwarze Zahlenkarten 1–9,
einfarbige Sonderkarten (Geschenk, Tausch, 2. Chance, Aussetzen, Unruhestifter), Wunsch-Sonderkarten
(Fantastisch, Fantastische Vier, Gegenangriff, Gleichstand, Netter Versuch) und eine Einzigartige Sonderkarte.
Dazu 20 Ereigniskarten auf eigenem Stapel.

**Aufbau.** Jeder erhält 7 Karten (wer zuerst gibt, legt die Option „Erster Geber“ fest); die nächste Karte ist die
Startkarte und gilt als vom Geber gespielt (mit
Wirkung). Gespielt wird **gegen den Uhrzeigersinn**; rechts vom Geber beginnt es.

**Zug.** Eine passende Karte spielen: Farbe auf Farbe, Zahl auf Zahl, Symbol auf Symbol; schwarze Karten nur auf
ihre Zahl. Wunschkarten passen immer; der Wunsch (Farbe oder Zahl) muss dann bedient werden. Oder eine Karte
ziehen und danach eine Karte spielen (die gezogene oder eine andere) oder passen. Kein Neumischen: Wer vom leeren
Stapel zieht, beendet die Runde.

**Sonderkarten.** 2. Chance: noch eine Karte spielen (nur ziehen, wenn keine passt). Geschenk: 2 Karten
verschenken. Tausch: 2 geben, blind 2 nehmen. Aussetzen: ein Spieler setzt einmal aus. Unruhestifter und
schwarze Karten: Ereignis aufdecken. Fantastisch: Wunsch. Fantastische Vier: Wunsch und 4 Karten zum Ziehen
verteilen. Gleichstand: Farbwunsch; wer weniger Karten hat, zieht auf deine Zahl auf. Die Einzigartige Sonderkarte
ist nur mit genau 10
Handkarten spielbar, wird unter die oberste Karte geschoben.

**Reaktionen.** Wer Opfer von Geschenk, Tausch, Aussetzen, Fantastische Vier oder Gleichstand wird, kann mit
**Gegenangriff** (Farbwunsch) die Wirkung gegen den Angreifer richten (wieder konterbar). Hat jemand seine letzte
Karte abgelegt, kann jeder **Netter Versuch** spielen (Farbwunsch): alle anderen ohne Karten ziehen 3, es geht weiter.
Gefragt wird jeder Berechtigte, ob er die Karte hat oder nicht.

**Ereignisse.** Wohltätigkeit, Kommunismus, Weltuntergang (Runde vorbei, je 50), Erdbeben, Expansion, Freitag der
13., Glücksspieler, Verlorenes und Gefundenes, Markt, Paarungszeit, Frohe Weihnachten, Mexikanisches Patt,
Rezession, Robin Hood, Überraschungsparty, Das allsehende Auge, Beim dritten Mal, Tornado, Auf den Kopf gestellt,
Vandalismus. Sie wirken ab dem rechten Nachbarn des Auslösers reihum, der Auslöser zuletzt.

**Rundenende und Wertung.** Die Runde endet, wenn jemand keine Karten hat (und kein Netter Versuch folgt) oder der
Nachziehstapel leer ist. Handkarten zählen: Zahlen ihren Wert, Sonderkarten 7, die Einzigartige Sonderkarte 42. Wer
in der Runde die
meisten Punkte hat, gibt als Nächstes.
""",
}

#: Display names of the card kinds (one-colour specials without colour prefix), per language.
CARD_NAMES: dict[str, dict[str, str]] = {
    "en": {"gift": "Gift", "exch": "Exchange", "chance": "Second Chance", "skip": "Skip", "troub": "Troublemaker",
           "fant": "Fantastic", "four": "Fantastic Four", "counter": "Counterattack", "equal": "Equality",
           "nicetry": "Nice Try", "fy": "Unique card"},
    "de": {"gift": "Geschenk", "exch": "Tausch", "chance": "2. Chance", "skip": "Aussetzen", "troub": "Unruhestifter",
           "fant": "Fantastisch", "four": "Fantastische Vier", "counter": "Gegenangriff", "equal": "Gleichstand",
           "nicetry": "Netter Versuch", "fy": "Einzigartige Sonderkarte"},
}

EVENT_NAMES: dict[str, dict[str, str]] = {
    "en": {"charity": "Charity", "communism": "Communism", "doomsday": "Doomsday", "earthquake": "Earthquake",
           "expansion": "Expansion", "friday13": "Friday the 13th", "gambler": "Gambler",
           "lostfound": "Lost and Found", "market": "Market", "mating": "Mating Season",
           "christmas": "Merry Christmas", "standoff": "Mexican Standoff", "recession": "Recession",
           "robinhood": "Robin Hood", "party": "Surprise Party", "eye": "All-Seeing Eye",
           "third": "Third Time Lucky", "tornado": "Tornado", "upside": "Upside Down", "vandalism": "Vandalism"},
    "de": {"charity": "Wohltätigkeit", "communism": "Kommunismus", "doomsday": "Weltuntergang",
           "earthquake": "Erdbeben", "expansion": "Expansion", "friday13": "Freitag der 13.",
           "gambler": "Glücksspieler", "lostfound": "Verlorenes und Gefundenes", "market": "Markt",
           "mating": "Paarungszeit", "christmas": "Frohe Weihnachten", "standoff": "Mexikanisches Patt",
           "recession": "Rezession", "robinhood": "Robin Hood", "party": "Überraschungsparty",
           "eye": "Das allsehende Auge", "third": "Beim dritten Mal", "tornado": "Tornado",
           "upside": "Auf den Kopf gestellt", "vandalism": "Vandalismus"},
}

COLOR_NAMES: dict[str, dict[str, str]] = {
    "en": {"r": "red", "y": "yellow", "g": "green", "b": "blue"},
    "de": {"r": "rot", "y": "gelb", "g": "grün", "b": "blau"},
}

#: The players' name of every phase (spec *State document*).
PHASE_NAMES: dict[str, dict[str, str]] = {
    "en": {"start": "Start card", "play": "Play or draw", "after_draw": "Play or pass",
           "chance": "Second Chance: play again", "counter": "Counterattack window", "nicetry": "Nice Try window",
           "market": "Market: take a card", "recession": "Recession: discard", "party": "Surprise Party: give a card",
           "christmas": "Merry Christmas: give your cards", "gamble": "Gambler: bet a card",
           "round_over": "Round over", "game_over": "Match over"},
    "de": {"start": "Startkarte", "play": "Spielen oder ziehen", "after_draw": "Spielen oder passen",
           "chance": "2. Chance: noch einmal spielen", "counter": "Gegenangriff möglich",
           "nicetry": "Netter Versuch möglich", "market": "Markt: Karte nehmen", "recession": "Rezession: abwerfen",
           "party": "Überraschungsparty: Karte verschenken", "christmas": "Frohe Weihnachten: Karten verschenken",
           "gamble": "Glücksspieler: Karte setzen", "round_over": "Runde vorbei", "game_over": "Partie vorbei"},
}

LABELS: dict[str, dict[str, str]] = {
    "en": {"seat": "Seat", "you": "you", "cards": "cards", "discard": "Discard", "wish": "Wish", "none": "none",
           "draw": "Draw pile", "face_up": "face up", "events": "Event pile", "last_event": "Last event",
           "turn": "Turn", "direction": "Play runs counter-clockwise (to the right)", "phase": "Phase",
           "to_act": "To act", "skipped": "skipped next", "round": "Round", "dealer": "dealer", "total": "Total",
           "market": "Market", "revealed": "Revealed (All-Seeing Eye)", "gamble": "Bets",
           "pending": "Now resolving", "last_color": "Last colour", "exhausted": "draw pile exhausted",
           "spectator": "spectator"},
    "de": {"seat": "Platz", "you": "du", "cards": "Karten", "discard": "Ablage", "wish": "Wunsch", "none": "keiner",
           "draw": "Nachziehstapel", "face_up": "offen", "events": "Ereignisstapel", "last_event": "Letztes Ereignis",
           "turn": "Am Zug", "direction": "Gespielt wird gegen den Uhrzeigersinn (nach rechts)", "phase": "Phase",
           "to_act": "Entscheidet", "skipped": "setzt aus", "round": "Runde", "dealer": "Geber", "total": "Summe",
           "market": "Markt", "revealed": "Aufgedeckt (Allsehendes Auge)", "gamble": "Einsätze",
           "pending": "Wird abgehandelt", "last_color": "Letzte Farbe", "exhausted": "Stapel erschöpft",
           "spectator": "Zuschauer"},
}


#: Two lines for the lobby: what the game is like, in the players' words.
PITCH: dict[str, str] = {
    "en": "Match colour or number, wish, give cards away and strike back with a Counterattack.\n"
          "Event cards turn every round upside down; the lowest total wins.",
    "de": "Bediene Farbe oder Zahl, wünsch dir etwas, verschenke Karten und schlag mit dem Gegenangriff zurück.\n"
          "Ereigniskarten stellen jede Runde auf den Kopf; die niedrigste Summe gewinnt.",
}
