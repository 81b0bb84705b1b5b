"""Benchmark (not a test): fine-tune a policy on a teacher's collected decisions in several ways and measure each.

Reads the chunks a ``kartentisch train … --imitate N --teacher … [--driver …]`` run kept (``CKPT/teacher/``),
holds out a tenth of the rows, and for every variant starts the actor from ``--init`` (:func:`load_network`),
fits it (:func:`imitate`) and reports the agreement with the teacher's most visited step on the held-out rows and
the greedy policy's win rate against ``heuristic`` over ``--matches`` matches (:func:`evaluate`, Wilson 95 %).

A variant is ``EPOCHS:LR:TARGET``: ``TARGET`` ``soft`` (the teacher's visit shares, Anthony et al. 2017),
``best`` (one-hot of its most visited step), ``self`` (one-hot of the starting policy's own greedy step: a check
that fitting alone does not change play). ``--anchor K`` adds K decisions of the starting policy itself (one-hot,
against ``heuristic``) to every fit, so the network keeps its play where the teacher says nothing (distillation
anchor). ``0:…`` measures the starting policy unchanged.

Usage: ``python bench/learned/dagger_variants.py CKPT --init FILE [--matches 300] [--anchor 0] [--json OUT]
[--save DIR] VARIANT…`` (``--save``: each variant's policy file, to measure it again on other deals).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np


def main() -> None:
    """Command line (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ckpt", type=Path)
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--init", type=Path, required=True)
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--anchor", type=int, default=0)
    ap.add_argument("--seed", type=int, default=20_000_000)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--save", type=Path, help="write each variant's policy file here (EPOCHS-LR-TARGET.npz)")
    args = ap.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import torch
    from sb3_contrib import MaskablePPO

    from kartentisch.bots.policy import load_policy, save_policy
    from kartentisch.games import get_game
    from kartentisch.rl.gym import make
    from kartentisch.rl.train import evaluate, imitate, load_network, network_of, teacher_data
    from kartentisch.sim.stats import wilson

    torch.set_num_threads(1)
    start = load_policy(args.init)
    game, players, options = get_game(start.game), start.players, start.header["options"]
    files = sorted(f for f in (args.ckpt / "teacher").glob("chunk-*.npz") if ".part" not in f.name)
    parts = [np.load(f) for f in files]
    x, masks, soft = (np.concatenate([p[k] for p in parts]) for k in ("x", "masks", "targets"))
    order = np.random.default_rng(0).permutation(len(soft))
    hold, train = order[: len(soft) // 10], order[len(soft) // 10:]
    eye = np.eye(soft.shape[1], dtype=np.float32)
    anchor = None
    if args.anchor:
        anchor = teacher_data(game, players, options, f"policy:{args.init}", args.anchor, 77_000_000, "heuristic")

    def agreement(network: Any) -> float:
        logits = np.where(masks[hold], network.logits(x[hold]), -np.inf)
        return float((logits.argmax(axis=1) == soft[hold].argmax(axis=1)).mean())

    doc: dict[str, Any] = {"ckpt": str(args.ckpt), "init": str(args.init), "rows": len(soft), "chunks": len(files),
                           "held_out": len(hold), "anchor": args.anchor, "matches": args.matches, "seed": args.seed,
                           "teacher_top_share": float(soft.max(axis=1).mean()), "variants": []}
    print(f"{len(soft):,} rows in {len(files)} chunks; the teacher's top share {doc['teacher_top_share']:.3f} on "
          f"average", flush=True)
    for variant in args.variants:
        epochs, lr, target = variant.split(":")
        own = np.where(masks, start.network.logits(x), -np.inf).argmax(axis=1)
        targets = {"soft": soft, "best": eye[soft.argmax(axis=1)], "self": eye[own]}[target]
        data = (x[train], masks[train], targets[train])
        if anchor is not None:
            data = (np.concatenate([data[0], anchor[0]]), np.concatenate([data[1], anchor[1]]),
                    np.concatenate([data[2], anchor[2]]))
        model = MaskablePPO("MlpPolicy", make(game.id, players, options=options),
                            policy_kwargs={"net_arch": [w.shape[1] for w, _ in start.network.layers[:-1]]}, seed=0,
                            device="cpu")
        load_network(model, start)
        if int(epochs):
            imitate(model, data, int(epochs), 0, lr=float(lr))
        network = network_of(model)
        wins, n, _ = evaluate(network, game, players, options, "heuristic", args.matches, args.seed)
        low, high = wilson(wins, n)
        row = {"variant": variant, "agreement": agreement(network), "win_rate": wins / n, "ci95": [low, high]}
        doc["variants"].append(row)
        if args.save:
            save_policy(args.save / f"{variant.replace(':', '-')}.npz", network, game, players, options,
                        {"trainer": f"bench/learned/dagger_variants.py, variant {variant}",
                         "command": " ".join(["python", *sys.argv]), "seed": 0})
        print(f"{variant}: held-out agreement {row['agreement']:.3f}; against heuristic {wins / n:.3f} "
              f"({low:.3f}-{high:.3f}) over {n}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(doc, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
