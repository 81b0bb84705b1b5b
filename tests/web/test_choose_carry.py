"""The page's chooser keeps a half-made move across new frames (choose.js ``Chooser.carry``; run by node).

A fresh user's lastcard pass (R5): two of three cards chosen were unmarked when the other seat passed, because the
page made a new chooser for every frame. ``carry`` keeps the chosen steps and picked cards that still lead to a
legal token of the new frame and says whether something had to be dropped.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

CHOOSE = Path(__file__).resolve().parents[2] / "src" / "kartentisch" / "web" / "static" / "choose.js"
NODE = shutil.which("node")

#: Each case: the old frame's tokens (as steps), the person's clicks on the old chooser, the new frame's tokens; the
#: script prints what the new chooser holds after carry (and after one offer of the carried card at place 4).
SCRIPT = """
import { Chooser } from %s;
const hand = (v) => ({ kind: "hand", value: v });
const set = (...v) => ({ kind: "hand", value: v, set: true });
const seat = (v) => ({ kind: "seat", value: v });
const item = (token, ...steps) => ({ token, steps, tail: [] });
// lastcard R5: pass three of 1, 5, 9, 12 (every three-card set)
const pass = (cards) => item("pass:" + cards.join(":"), set(...cards));
const passes = [[1, 5, 9], [1, 5, 12], [1, 9, 12], [5, 9, 12]].map(pass);
// mayhem R9-like: a Gift (hand card g) to a seat, then two cards of the hand
const gifts = (seats, pairs) => seats.flatMap((s) => pairs.map((p) =>
  item(`gift:${s}:${p}`, hand("g"), seat(s), set(...p))));
const out = {};
function run(name, oldItems, clicks, newItems) {
  const sent = [];
  const old = new Chooser(oldItems, (t) => sent.push(t));
  clicks(old);
  const now = new Chooser(newItems, () => {});
  const dropped = now.carry(old);
  const picked = now.picked.map((p) => [p.code, p.index]);
  const offer = now.offer("hand", 9, 4);
  out[name] = { dropped, chosen: now.chosen.map((s) => s.value), picked, sent, offered: offer?.selected ?? null,
    after: now.picked.map((p) => [p.code, p.index]) };
}
const pick = (code, index) => (c) => c.offer("hand", code, index).onPick();
run("same", passes, (c) => { pick(1, 0)(c); pick(9, 2)(c); }, passes);
run("fewer", passes, (c) => { pick(1, 0)(c); pick(9, 2)(c); }, [pass([1, 5, 12]), pass([5, 9, 12])]);
run("step kept", gifts([1, 2], [[5, 9], [5, 7]]), (c) => { c.choose(hand("g")); c.choose(seat(2)); pick(9, 3)(c); },
  gifts([1, 2], [[5, 9]]));
run("step gone", gifts([1, 2], [[5, 9]]), (c) => { c.choose(hand("g")); c.choose(seat(2)); pick(9, 3)(c); },
  gifts([1], [[5, 9]]));
const wish = (v) => ({ kind: "wish", value: v });
run("complete now", [item("x:a", hand(3), wish("a")), item("x:b", hand(3), wish("b"))], (c) => c.choose(hand(3)),
  [item("x", hand(3))]);
run("sent", passes, (c) => { pick(1, 0)(c); pick(5, 1)(c); pick(9, 2)(c); c.confirm(); }, passes);
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def carried() -> dict[str, Any]:
    """What each case's new chooser holds (SCRIPT's output)."""
    if NODE is None:
        pytest.fail("node is missing (Debian package nodejs): the page's chooser cannot run")
    script = SCRIPT % json.dumps(CHOOSE.as_uri())
    ran = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60,
                         check=True)
    return json.loads(ran.stdout)


def test_the_same_tokens_keep_every_pick_where_it_was(carried: dict[str, Any]) -> None:
    """Another seat's pass (lastcard R5) leaves this seat's tokens as they were: both picks stay, on their places
    (a 9 at another place is no pick of it: not offered, as only one 9 is in any set)."""
    assert carried["same"] == {"dropped": False, "chosen": [], "picked": [[1, 0], [9, 2]], "sent": [],
                               "offered": None, "after": [[1, 0], [9, 2]]}


def test_changed_tokens_keep_the_picks_that_still_fit_and_say_so_otherwise(carried: dict[str, Any]) -> None:
    """Only sets {1, 5, 12} and {5, 9, 12} are left: 1 still fits, then 9 fits no set holding 1, so it is dropped
    (and said: ``dropped``)."""
    assert carried["fewer"]["picked"] == [[1, None]]
    assert carried["fewer"]["dropped"] is True


def test_chosen_steps_that_still_lead_somewhere_are_kept_with_their_picks(carried: dict[str, Any]) -> None:
    """A Gift (mayhem R9) to seat 2 with card 9 picked: still legal; the pick is bound again to the first place the
    card is offered at, since the tokens changed (the hand may have)."""
    case = carried["step kept"]
    assert case["chosen"] == ["g", 2] and case["picked"] == [[9, None]] and case["dropped"] is False
    assert case["offered"] is True and case["after"] == [[9, 4]]


def test_a_step_no_token_begins_with_any_more_is_dropped_with_what_follows(carried: dict[str, Any]) -> None:
    """Seat 2 may no longer be given to: the Gift card stays chosen, the seat and the pick are dropped."""
    case = carried["step gone"]
    assert case["chosen"] == ["g"] and case["picked"] == [] and case["dropped"] is True


def test_a_move_sent_is_not_carried(carried: dict[str, Any]) -> None:
    """After the move is sent, the next frame starts afresh and says nothing."""
    case = carried["sent"]
    assert case["sent"] == ["pass:1:5:9"]
    assert case["chosen"] == [] and case["picked"] == [] and case["dropped"] is False


def test_a_step_that_would_now_finish_the_move_is_taken_back(carried: dict[str, Any]) -> None:
    """Card 3 was chosen and a wish was to follow; now card 3 alone is the move: keeping the step would leave no
    button to send it, so it is taken back (the person clicks the card to play it) and the panel says so."""
    case = carried["complete now"]
    assert case["chosen"] == [] and case["sent"] == [] and case["dropped"] is True
