"""Every id the reference registers too: ``make(id)`` stepped one env at a time, ours against it.

Each id is one group of two cases, ours and Gymnasium's, built by ``make(id)`` with the default
wrappers on both sides and stepped through the same seeded random actions (the action space's
own ``sample`` after ``seed(0)``); an episode that ends is reset without a seed. The groups are
named ``single env: <id>``, so ``--group "single env"`` runs them all and ``--group
"single env: Hopper"`` one family. The ids are those both registries hold (44 with Gymnasium
1.4), found when the module is imported; an id either side cannot make here (a missing optional
dependency) is left out.

``python -m benchmarks.report`` draws the ratios of every group it is given in
``ratios.png``; ``benchmarks/RESULTS.md`` keeps the table of the last idle-machine run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.harness import Case, stepped_make

# Steps per timed call: enough that the call and the reset are a small part of a round.
FAST_STEPS = 2000
PHYSICS_STEPS = 400
JAX_STEPS = 200
_PHYSICS_MARKERS = ("-v4", "-v5", "Lunar", "Bipedal", "CarRacing")


def _steps(env_id: str) -> int:
    if "/" in env_id and not env_id.startswith("tabular/Blackjack"):
        return JAX_STEPS
    if any(marker in env_id for marker in _PHYSICS_MARKERS):
        return PHYSICS_STEPS
    return FAST_STEPS


def _actions(count: int) -> Callable[[Any], Sequence[Any]]:
    def draw(env: Any) -> list[Any]:
        space = env.action_space
        space.seed(0)
        return [space.sample() for _ in range(count)]

    return draw


def shared_ids() -> list[str]:
    """The ids in both registries, sorted (the reference's refusal-only ids are not ours)."""
    import gymnasium

    import gymnasium_core

    return sorted(set(gymnasium.registry) & set(gymnasium_core.registry))


def _cases() -> list[Case]:
    cases: list[Case] = []
    for env_id in shared_ids():
        draw = _actions(_steps(env_id))
        cases += [
            Case(f"single env: {env_id}", "ours", stepped_make("gymnasium_core", env_id, draw)),
            Case(f"single env: {env_id}", "reference", stepped_make("gymnasium", env_id, draw)),
        ]
    return cases


CASES: list[Case] = _cases()


def aim(env_id: str) -> float:
    """The ratio issue #23 asks of ``env_id``: 2x for CartPole-v1, 1.1x for MuJoCo, else 1.2x."""
    if env_id == "CartPole-v1":
        return 2.0
    if env_id.endswith(("-v4", "-v5")) and "/" not in env_id:
        return 1.1
    return 1.2


def ratios(rows: list[dict[str, Any]]) -> dict[str, float]:
    """Ours / reference for every ``single env: <id>`` group measured in ``rows``."""
    rates: dict[str, dict[str, float]] = {}
    for row in rows:
        if row["group"].startswith("single env: "):
            env_id = row["group"].removeprefix("single env: ")
            rates.setdefault(env_id, {})[row["impl"]] = row["steps_per_s"]
    return {i: r["ours"] / r["reference"] for i, r in sorted(rates.items()) if len(r) == 2}


def plot(rows: list[dict[str, Any]], path: str) -> None:
    """A bar per id: ours / reference, with the aim marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    found = ratios(rows)
    ids = list(found)
    fig, ax = plt.subplots(figsize=(12, 0.28 * len(ids) + 1.5))
    colours = ["tab:green" if found[i] >= aim(i) else "tab:orange" for i in ids]
    ax.barh(ids, [found[i] for i in ids], color=colours)
    ax.scatter([aim(i) for i in ids], ids, marker="|", s=120, color="black", label="aim")
    ax.axvline(1.0, color="grey", linewidth=0.8)
    ax.invert_yaxis()
    ax.set_xlabel("steps/s, ours / Gymnasium 1.4 (make(id), default wrappers)")
    ax.set_title("Single env against the reference, every shared id")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


if __name__ == "__main__":
    import json
    import sys

    plot(json.loads(open(sys.argv[1]).read())["results"], sys.argv[2])
