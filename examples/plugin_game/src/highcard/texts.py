"""Player-facing texts of ``highcard``: the rules summary (``kartentisch rules highcard``)."""

from __future__ import annotations

RULES: dict[str, str] = {
    "en": """\
# High Card (highcard) — 2 to 4 players

**Cards.** The numbers 1 to 20, one card each. Everybody gets 5 cards.

**A trick.** Everybody chooses one card from their hand face down, all at the same time.
Then the cards are turned over: the **highest card takes the trick**. The cards are out of the game.

**End.** After 5 tricks. Whoever took the most tricks wins; a tie shares the win.
""",
    "de": """\
# Höchste Karte (highcard) — 2 bis 4 Spieler

**Karten.** Die Zahlen 1 bis 20, jede einmal. Jeder bekommt 5 Karten.

**Ein Stich.** Alle wählen gleichzeitig verdeckt eine Karte aus ihrer Hand. Dann werden die Karten
aufgedeckt: **die höchste Karte gewinnt den Stich**. Die Karten sind aus dem Spiel.

**Ende.** Nach 5 Stichen. Wer die meisten Stiche hat, gewinnt; bei Gleichstand teilen sich alle
mit den meisten Stichen den Sieg.
""",
}


#: Two lines for the lobby: what the game is like, in the players' words.
PITCH: dict[str, str] = {
    "en": "Everybody picks a card in secret, then all are turned over at once.\n"
          "The highest card takes the trick; most tricks win.",
    "de": "Alle wählen verdeckt eine Karte, dann werden alle auf einmal aufgedeckt.\n"
          "Die höchste Karte nimmt den Stich; die meisten Stiche gewinnen.",
}
