"""``kartentisch train GAME``: self-play training of a policy bot on the CPU (:mod:`kartentisch.rl.train`)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from kartentisch.kernel import KartentischError

from .common import options_json, writable

console = Console(highlight=False)


def invocation(ctx: typer.Context) -> str:
    """The command with every option's value, defaults included (``kartentisch train grid --out … --seed 0 …``),
    as the policy file's header records it: it reproduces the run whatever the defaults become."""
    words = ["kartentisch", ctx.info_name or "train"]
    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        if not param.opts or not param.opts[0].startswith("-"):
            words.append(str(value))
        elif isinstance(value, bool):
            words += [param.opts[0]] if value else []
        elif value is not None:
            words += [param.opts[0], str(value)]
    return shlex.join(words)


def train_cmd(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game's id.")],
    out: Annotated[Path, typer.Option("--out", help="The exported policy file (.npz), written at every "
                                                    "checkpoint; play it as the bot policy:FILE.")],
    minutes: Annotated[float, typer.Option(min=0.0, help="Training wall time in all (a resumed run counts the "
                                                         "time before).")] = 25.0,
    players: Annotated[int, typer.Option(help="Seats at the table.")] = 2,
    options: Annotated[str | None, typer.Option(help="Game options as a JSON object (default: the game's).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the network, the deals and the league.")] = 0,
    checkpoints: Annotated[Path | None, typer.Option(help="Folder of the checkpoints and the learning curve "
                                                          "(default: OUT's name with .ckpt).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue from the checkpoint in the folder.")] = False,
    every: Annotated[float, typer.Option(min=1.0, help="Seconds of training between two checkpoints.")] = 300.0,
    eval_matches: Annotated[int, typer.Option(min=1, help="Matches against heuristic per checkpoint.")] = 100,
    heuristic: Annotated[float, typer.Option(min=0.0, max=1.0, help="Share of training matches against "
                                                                    "heuristic (the rest: past selves).")] = 0.5,
    ismcts: Annotated[float, typer.Option(min=0.0, max=1.0, help="Share of training matches against "
                                                                 "ISMCTS.")] = 0.0,
    ismcts_iterations: Annotated[int, typer.Option(min=1, help="Iterations of that ISMCTS.")] = 100,
    envs: Annotated[int, typer.Option(min=1, help="Environments stepped together.")] = 8,
    ray: Annotated[bool, typer.Option("--ray", help="Step the environments as Ray actors (the ray extra).")] = False,
    imitate: Annotated[int, typer.Option(min=0, help="Decisions of the teacher the policy first imitates "
                                                     "(behaviour cloning; 0: none).")] = 0,
    teacher: Annotated[str, typer.Option(help="The bot imitated (a bot spec; ismcts:iterations=N: expert "
                                              "iteration, learning its visit counts).")] = "heuristic",
    against: Annotated[str, typer.Option(help="The teacher's opponents while its decisions are collected.")]
        = "heuristic",
    imitate_epochs: Annotated[int, typer.Option(min=1, help="Passes over the teacher's decisions.")] = 4,
    jobs: Annotated[int, typer.Option(min=1, help="Processes collecting the teacher's decisions.")] = 1,
    driver: Annotated[str | None, typer.Option(help="The bot whose moves are played in the teacher's seat while the "
                                                    "teacher only labels them (DAgger: the apprentice's own "
                                                    "policy:FILE; default: the teacher plays).")] = None,
    init: Annotated[Path | None, typer.Option(help="Start the network from this policy file (fine-tuning a "
                                                   "policy of the same layers).")] = None,
) -> None:
    """Train a policy for GAME: optionally imitate a teacher bot first (--imitate N decisions of --teacher, say
    ismcts:iterations=300: expert iteration), then self-play (masked PPO against a league of its past selves and
    the heuristic bot); export it to OUT and draw the learning curve (win rate against heuristic with 95% intervals) as
    curve.csv and curve.png in the checkpoint folder. Needs the train extra."""
    from kartentisch.rl.train import TrainConfig, best_checkpoint, require_train, train

    if heuristic + ismcts > 1:
        raise typer.BadParameter(f"--heuristic {heuristic} and --ismcts {ismcts} add up to more than 1")
    writable(out, "--out")
    try:
        require_train()
        config = TrainConfig(game_id, out, checkpoints or out.with_suffix(".ckpt"), players, options_json(options),
                             minutes, seed, every, eval_matches, heuristic, ismcts, ismcts_iterations,
                             envs=envs, resume=resume, ray=ray, command=invocation(ctx), imitate=imitate,
                             imitate_epochs=imitate_epochs, teacher=teacher, against=against, jobs=jobs,
                             driver=driver, init=init)
        curve = train(config, log=lambda line: console.print(line, markup=False))
    except KartentischError as exc:
        console.print(f"error: {exc}", markup=False, soft_wrap=True)
        raise typer.Exit(2) from None
    # the file holds the best checkpoint (the latest of equals), not the last: say its figure (a designer read the
    # last checkpoint's 0.000 for a file that had won 0.05)
    best = best_checkpoint(curve)
    console.print(f"wrote {out}: the checkpoint at {best['seconds'] / 60:.1f} min of {len(curve)}, against heuristic "
                  f"{best['win_rate']:.3f} (95% CI {best['ci_low']:.3f}-{best['ci_high']:.3f}) over "
                  f"{int(best['matches'])} matches; curve in {config.checkpoints}", markup=False, soft_wrap=True)
