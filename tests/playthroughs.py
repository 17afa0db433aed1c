"""Golden playthroughs (after OpenSpiel's): whole deals written out step by step.

Each transcript records, for every decision, the seat to act, the phase, how many legal
actions it had and which one was taken, then every event the step produced. A change to the
rules engine that alters any deal shows up as a diff of these files.

Regenerate after an intended change of the rules or of the ``random`` player:

    python tests/playthroughs.py

and review the diff before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DIR = HERE / "data" / "playthroughs"
#: (game, seed, level of every seat)
CASES = [
    ("sisepai", 1, "random"),
    ("sisepai", 2, "random"),
    ("sisepai", 3, "basic"),
    ("cucu", 1, "random"),
    ("cucu", 2, "basic"),
    ("tally", 1, "random"),
    ("tally", 2, "basic"),
    ("minchiate", 1, "random"),
    ("minchiate", 2, "basic"),
    ("guandan", 1, "basic"),
    ("guandan", 2, "random"),
]


def transcript(game: str, seed: int, level: str) -> str:
    """The playthrough text of one deal."""
    from cardavia_cli.engine.agents import decide
    from cardavia_cli.engine.runner import make_agents
    from cardavia_cli.games import load_game

    info = load_game(game)
    state = info.new_state(seed=seed)
    agents = make_agents(info, [level] * 4)
    lines = [f"# {game}, seed {seed}, four {level} players", ""]
    seen = 0

    def flush() -> None:
        nonlocal seen
        for event in state.events[seen:]:
            who = (
                "" if event.seats is None else f" (seats {','.join(map(str, sorted(event.seats)))})"
            )
            private = "".join(f" [seat {s}: {' '.join(map(str, d))}]" for s, d in event.private)
            lines.append(f"  event: {event.text}{who}{private}")
        seen = len(state.events)

    flush()
    while not state.is_over:
        if state.at_break:
            lines.append(f"break after round {state.rounds_finished}")
            state.next_round()
            flush()
            continue
        seat = state.to_act
        legal = state.legal_actions()
        action = decide(state, agents[seat])
        lines.append(f"seat {seat} {state.phase}: {len(legal)} legal, plays {action}")
        state.apply(action)
        flush()
    outcome = state.result()
    assert outcome is not None
    lines.append(f"result: {outcome.summary}")
    return "\n".join(lines) + "\n"


def path_of(game: str, seed: int, level: str) -> Path:
    return DIR / f"{game}-seed{seed}-{level}.txt"


def main() -> None:
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE))
    import conftest  # noqa: F401  (registers the test game)

    DIR.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        path_of(*case).write_text(transcript(*case), encoding="utf-8")
        print(path_of(*case).relative_to(HERE.parent))


if __name__ == "__main__":
    main()
