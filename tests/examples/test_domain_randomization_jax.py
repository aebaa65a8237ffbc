"""The domain-randomisation example: per-sub-env CartPole physics, evaluated on unseen ones."""

from __future__ import annotations

import numpy as np
import pytest

from tests.examples._load import load_example

pytest.importorskip("jax", reason="the example needs the jax extra")
pytest.importorskip("optax", reason="the example needs the examples extra")


def test_domain_randomization__params_are_drawn_per_sub_env_inside_the_ranges() -> None:
    example = load_example("domain_randomization_jax")
    params = example.sample_params(32, seed=3)
    for name, (low, high) in example.RANGES.items():
        values = np.asarray(getattr(params, name))
        assert values.shape == (32,)
        assert low <= values.min() < values.max() <= high
    # The unseen settings really lie outside what training drew.
    long_pole = example.UNSEEN["long heavy pole, weak push"]
    assert all(
        not low <= long_pole[name] <= high
        for name, (low, high) in example.RANGES.items()
        if name in long_pole
    )


def test_domain_randomization__smoke_trains_both_and_evaluates_every_setting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    example = load_example("domain_randomization_jax")
    results = example.main(["--smoke", "--eval-envs", "4"])
    assert set(results) == set(example.UNSEEN)
    for scores in results.values():
        assert set(scores) == {"randomised", "default only"}
        assert all(1.0 <= s <= 500.0 for s in scores.values())
    assert "trained randomised" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.xfail(
    strict=True,
    reason="with total_mass and polemass_length recomputed from each draw, the example's budget "
    "leaves the randomised policy at 407 / 349 / 500 on the unseen settings with seed 0 (seed 1: "
    "500 everywhere, seed 2: 500 / 222 / 500): the ranges or the budget need tuning",
)
def test_domain_randomization__randomised_policy_holds_on_unseen_physics() -> None:
    example = load_example("domain_randomization_jax")
    results = example.main(["--seed", "0"])
    for scores in results.values():
        assert scores["randomised"] >= 475.0
    long_pole = results["long heavy pole, weak push"]
    assert long_pole["randomised"] > long_pole["default only"] + 100
