"""``python -m cardavia_cli.learn``: the hand models' records, training and scores, for the
people who train the computer players (the issue "Computer players that read the table";
:mod:`cardavia_cli.engine.learning`). Playing needs none of it: the weights ship with the
package and are read with numpy alone.

::

    python -m cardavia_cli.learn record guandan --deals 2000 --seed 7 --jobs 2 -o records.npz
    python -m cardavia_cli.learn train guandan records.npz -o hand_model.npz
    python -m cardavia_cli.learn score guandan records.npz --weights hand_model.npz
    python -m cardavia_cli.learn all guandan --jobs 2 -o hand_model.npz

The last, with its defaults (2,000 deals of seed 7, levels basic=9,random=1, training seed 0,
layers 64,32, 10 passes, 2,000,000 samples), makes the weights shipped in
``cardavia_cli/games/guandan/hand_model.npz``: about 3 minutes of records and 13 of training
on two cores.

``record`` plays seeded deals of our own players (each seat's level drawn from ``--mix``) and
writes every real decision as the deciding seat saw it, with the hidden cards as labels;
``--jobs N`` spreads the deals over N processes, ``--ray [ADDRESS]`` over a Ray cluster, the
records the same whichever way. ``train`` fits the model (scikit-learn, ``pip install
'cardavia[train]'``) on all but the last fifth of the deals and writes its weights. ``score``
prints, as JSON, the belief quality on that last fifth with the model and without it. ``all``
does the three in one seeded command (the records kept beside the weights with ``--records``).

Exit status: 0; 2 for bad input (an unknown game or level, a file that is not records or
weights, a missing file), with one line saying what and where.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

#: The games with a hand model (the others have none yet).
GAMES_WITH_MODELS = ("guandan",)


def _fail(message: str) -> NoReturn:
    print(f"cardavia learn: {message}", file=sys.stderr)
    raise SystemExit(2)


def _count(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 1 or more")
    return int(text)


def _seed(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 0 or more")
    return int(text)


def _mix(text: str) -> dict[str, float]:
    """``basic=8,random=1,strong=1`` as levels and weights."""
    out: dict[str, float] = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        name = name.strip().lower()
        try:
            value = float(weight) if weight.strip() else 1.0
        except ValueError:
            value = -1.0
        if not name or not (value > 0 and value < 1e9) or name in out:
            raise argparse.ArgumentTypeError(
                f"{part!r}: write LEVEL=WEIGHT, each level once, weights above 0"
            )
        out[name] = value
    return out


def _hidden(text: str) -> tuple[int, ...]:
    parts = text.split(",")
    if not all(p.isascii() and p.isdigit() and 1 <= int(p) <= 1024 for p in parts):
        raise argparse.ArgumentTypeError(f"{text!r}: write the layer sizes as 64,32 (1 to 1024)")
    return tuple(int(p) for p in parts)


def _parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m cardavia_cli.learn",
        description="Records, training and scores of the hand models of the computer players.",
    )
    sub = top.add_subparsers(dest="command", required=True)

    def game(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help=f"the game: {', '.join(GAMES_WITH_MODELS)}")

    def recording(p: argparse.ArgumentParser) -> None:
        p.add_argument("--deals", type=_count, default=2000, help="deals to play (2000)")
        p.add_argument("--seed", type=_seed, default=7, help="seed of the deals (7)")
        p.add_argument(
            "--mix",
            type=_mix,
            default=None,
            help="levels a seat is drawn from, with weights (basic=9,random=1)",
        )
        p.add_argument("--jobs", type=_count, default=1, help="processes (1)")
        p.add_argument(
            "--ray",
            nargs="?",
            const="local",
            default=None,
            metavar="ADDRESS",
            help="play the deals on the Ray cluster at ADDRESS (alone: a local Ray)",
        )

    def training(p: argparse.ArgumentParser) -> None:
        p.add_argument("--train-seed", type=_seed, default=0, help="seed of the training (0)")
        p.add_argument("--hidden", type=_hidden, default=(64, 32), help="layer sizes (64,32)")
        p.add_argument("--epochs", type=_count, default=10, help="passes at most (10)")
        p.add_argument(
            "--limit", type=_count, default=2_000_000, help="training samples at most (2000000)"
        )

    p = sub.add_parser("record", help="play seeded deals and write their records")
    game(p)
    recording(p)
    p.add_argument("-o", "--output", type=Path, required=True, help="the records file (.npz)")

    p = sub.add_parser("train", help="fit a hand model to records")
    game(p)
    p.add_argument("records", type=Path)
    p.add_argument("-o", "--output", type=Path, required=True, help="the weights file (.npz)")
    training(p)

    p = sub.add_parser("score", help="belief quality with and without a model, as JSON")
    game(p)
    p.add_argument("records", type=Path)
    p.add_argument("--weights", type=Path, default=None, help="(default: the shipped model)")

    p = sub.add_parser("all", help="record, train and score in one seeded command")
    game(p)
    recording(p)
    training(p)
    p.add_argument("-o", "--output", type=Path, required=True, help="the weights file (.npz)")
    p.add_argument("--records", type=Path, default=None, help="also keep the records here")
    return top


def main(argv: list[str] | None = None) -> None:
    """The command line (module docstring)."""
    args = _parser().parse_args(argv)
    info = _game(args.game)
    spec = info.hand_model
    if args.command in ("record", "all"):
        records = _record(info, args)
        if args.command == "record":
            _save(args.output, records)
            _say(f"{len(records['x'])} rows of {args.deals} deals written to {args.output}")
            return
        if args.records is not None:
            _save(args.records, records)
    else:
        records = _load_records(args.records, spec.features)
    if args.command in ("train", "all"):
        model = _train(records, args)
        _save_model(args.output, model)
        _say(f"weights written to {args.output} ({args.output.stat().st_size} bytes)")
        if args.command == "train":
            return
    else:
        model = _load_model(info, args.weights)
    _score(records, model)


def _game(name: str) -> Any:
    from cardavia_cli.engine.errors import UnknownNameError
    from cardavia_cli.games import load_game

    try:
        info = load_game(name.strip().lower())
    except UnknownNameError as exc:
        _fail(str(exc))
    if info.hand_model is None:
        _fail(f"{info.name} has no hand model yet (games with one: {', '.join(GAMES_WITH_MODELS)})")
    return info


def _say(line: str) -> None:
    print(line, file=sys.stderr)


def _record(info: Any, args: argparse.Namespace) -> dict[str, Any]:
    from cardavia_cli.engine import learning
    from cardavia_cli.engine.errors import UnknownNameError
    from cardavia_cli.games import load_game

    mix = args.mix or learning.DEFAULT_MIX
    unknown = [level for level in mix if level not in info.agents]
    if unknown:
        _fail(f"--mix: unknown level {unknown[0]!r} (known: {', '.join(info.agents)})")
    executor: Any = None
    if args.ray is not None:
        from cardavia_cli.engine.cluster import ClusterError, RayExecutor

        try:
            executor = RayExecutor(args.ray, cpus=args.jobs).__enter__()
        except ClusterError as exc:
            _fail(str(exc))
    try:
        with _progress(f"{info.name} records", args.deals) as progress:
            return learning.record(
                info,
                args.deals,
                args.seed,
                mix,
                jobs=args.jobs,
                load=load_game,
                executor=executor,
                progress=progress,
            )
    except (UnknownNameError, ValueError) as exc:
        _fail(str(exc))
    finally:
        if executor is not None:
            executor.__exit__(None, None, None)


class _progress:
    """A progress bar on standard error when it is a terminal (a no-op otherwise)."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.bar = label, total, None

    def __enter__(self) -> Any:
        if not sys.stderr.isatty():
            return None
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            TextColumn(self.label),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.bar.__enter__()
        task = self.bar.add_task("work", total=self.total)
        return lambda done, total: self.bar.update(task, completed=done)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def _save(path: Path, records: dict[str, Any]) -> None:
    from cardavia_cli.engine import learning

    try:
        learning.save_records(path, records)
    except OSError as exc:
        _fail(f"{path}: cannot write the records ({exc.strerror or exc})")


def _load_records(path: Path, features: int) -> dict[str, Any]:
    from cardavia_cli.engine import learning

    try:
        return learning.load_records(path, features)
    except OSError as exc:
        _fail(f"{path}: cannot read the records ({exc.strerror or exc})")
    except ValueError as exc:
        _fail(f"{path}: {exc}")


def _train(records: dict[str, Any], args: argparse.Namespace) -> Any:
    from cardavia_cli.engine import learning

    try:
        return learning.train(
            records, args.hidden, seed=args.train_seed, epochs=args.epochs, limit=args.limit
        )
    except ImportError:
        _fail("training needs scikit-learn: pip install 'cardavia[train]'")
    except ValueError as exc:
        _fail(str(exc))


def _save_model(path: Path, model: Any) -> None:
    try:
        model.save(path)
    except OSError as exc:
        _fail(f"{path}: cannot write the weights ({exc.strerror or exc})")


def _load_model(info: Any, path: Path | None) -> Any:
    from importlib import import_module, resources

    from cardavia_cli.engine.handmodel import HandModel

    try:
        if path is None:
            package = import_module(f"cardavia_cli.games.{info.name}").__name__
            with resources.files(package).joinpath(info.hand_model.weights).open("rb") as f:
                return HandModel.load(f)
        return HandModel.load(path)
    except OSError as exc:
        _fail(f"{path or info.hand_model.weights}: cannot read the weights ({exc.strerror or exc})")
    except ValueError as exc:
        _fail(f"{path or info.hand_model.weights}: {exc}")


def _score(records: dict[str, Any], model: Any) -> None:
    from cardavia_cli.engine import learning

    if model.features != records["x"].shape[1]:
        _fail(
            f"the weights take {model.features} features, the records have {records['x'].shape[1]}"
        )
    _, held = learning.split_deals(records)
    report = {
        "held_back_deals": len(set(records["deal"][held].tolist())),
        "with_model": learning.belief_quality(records, model),
        "without_model": learning.belief_quality(records, None),
    }
    print(json.dumps(report, indent=1))
