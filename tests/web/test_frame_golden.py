"""The frames every reader receives, byte for byte, in a seeded match of every game (issue 33: the frame building is
made cheaper without changing one byte of what any reader gets).

A :class:`~kartentisch.web.hub.Hub` over SQLite plays a seeded match of each game with random legal moves (its own
seeded generator) through :meth:`Hub.act <kartentisch.web.hub.Hub.act>`, as a person's move goes: seats and
spectators subscribed in English and German (one seat and one spectator join in the middle and get the whole log
first), every frame a socket is sent kept as its text; at the end every reader's whole frame (what the HTTP view
answers, :func:`~kartentisch.web.fanout.encode` of ``LiveTable.frame``). The texts of all readers, in order, hash to
the digest recorded here from the code before the issue 33 frame cuts (commit 4c31a7d); the table's random id is
replaced by ``T`` first. A change of any byte any reader receives fails the test; a change meant to change frames
records the new digests (and says so in its commit).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from kartentisch.games import all_games
from kartentisch.web import creation, fanout
from kartentisch.web.hub import Hub
from kartentisch.web.store import Store

#: Moves played per match (rounds end among them in every game: round entries and summaries are covered).
MOVES = 400
#: After this many moves a seat's second page (English) and a German spectator join.
JOIN_AT = 60
#: (frames sent, sha256 of all texts) per game, recorded at 4c31a7d (main before the issue 33 frame cuts); lastcard
#: again after its lay takes the pile card as a picked set and its deal reads "Gib Runde 2" (the only differences);
#: grid again after its card names write −1 with the minus sign U+2212 (all 932 differences " -1" → " −1"); all
#: again after each seat got ``played_by`` and ``bot_moves`` (the only difference: ',"played_by":null,"bot_moves":null'
#: after every seat's ``hand_over``; with those removed every digest is the one before); all again after each frame
#: got ``rematch_table`` (the only difference: ',"rematch_table":null' once in every frame; with it removed every
#: digest is the one before); mayhem again after an Exchange's taker is told the cards it took (the only differences:
#: four frames of the taker, seat 1, "take 2 cards" → "take Fantastic and Fantastic Four", German alike); all again
#: after a person who has not come yet reads so (the only difference: '"presence":"away"' → '"presence":"not_yet"' in
#: the frames before that seat's reader subscribed); all again after each seat got ``short_name`` (the only
#: difference: ',"short_name":"P1"' and so on after every seat's ``name``, the same name for a person); mayhem again
#: after a log from event 0 begins with round 1's start (the only difference: '{"kind":"start","text":…}' first in
#: those logs); the other four again after they tell round 1's start too (the same only difference); chips again
#: after its German log says who lays the card where (the only differences: "legt sie" → "legt die Karte" and "in
#: die blaue Farbreihe" → "in die eigene blaue Farbreihe", in 76 German texts).
GOLDEN: dict[str, tuple[int, str]] = {
    "colors": (1109, "c1affd1686d5f0505b1dcd0d93f19c352bebaa8d2cd3d11d758de3fb9b64c100"),
    "chips": (196, "b9b45a2f80ef8e50520a21b893f5e1e56c3c8df500dcb54ce51d222829376475"),
    "lastcard": (822, "c2155a59600e608e180dd4f23b1544658bf28e45195d65280315818740b0a5fb"),
    "grid": (416, "8200f3c92ffe112a59d9bff2fa9faa018e1cc95f61f1b2856f515ea52b3c670b"),
    "mayhem": (2698, "30fc56215cdeaca29eb5901585d415cbb7b126f63a7eb1b09a51f949c099cc36"),
}


async def frames_of(game: str, players: int, folder: Path) -> list[str]:
    """Every text the readers of a seeded ``game`` match receive, reader by reader (see the module docstring)."""
    hub = Hub(Store(f"sqlite:///{folder}/golden.db"), ThreadPoolExecutor(2))
    try:
        seats = [{"kind": "human", "name": f"P{i + 1}"} for i in range(players)]
        record = await creation.create(hub, game, players, {}, 7, seats)
        table = await hub.get(record.id)
        received: list[list[str]] = []

        async def subscribe(viewer: int | None, lang: str) -> None:
            texts: list[str] = []
            received.append(texts)

            async def sink(text: str) -> None:
                texts.append(text)
            await hub.subscribe(table, viewer, sink, lang)

        for viewer, lang in [(0, "en"), (1, "de"), *[(s, "en") for s in range(2, players)], (None, "en"),
                             (None, "de")]:
            await subscribe(viewer, lang)
        rng = random.Random(f"golden {game}")
        for move in range(MOVES):
            if move == JOIN_AT:
                await subscribe(1, "en")
                await subscribe(None, "de")
            if table.state.game_over:
                break
            seat = sorted(table.state.to_act())[0]
            await hub.act(table, seat, rng.choice(table.state.legal_actions(seat)), len(table.log))
        whole = [fanout.encode(table.frame(viewer, 0, lang)) for viewer in [*range(players), None]
                 for lang in ("en", "de")]
        return [text.replace(record.id, "T") for texts in [*received, whole] for text in texts]
    finally:
        hub.close()


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_frames_byte_for_byte(game: str, tmp_path: Path) -> None:
    players = min(3, max(g.max_players for g in all_games() if g.id == game))
    texts = asyncio.run(frames_of(game, players, tmp_path))
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
    assert (len(texts), digest) == GOLDEN[game], f"{game}: the frames the readers receive changed"
