"""The toy-text envs' attribute surface against the reference: names, kinds, and writes.

Gymnasium code reads ``env.unwrapped.s``, walks ``P`` for value iteration, edits maps and
hands, and sets ``s`` to start an episode somewhere else. Each such attribute must exist with
the reference's kind of value at every stage (made, reset, stepped, rendered), and writing it
must change what follows exactly as it does in the reference.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import gymnasium_core as gym
from gymnasium_core.testing import parity
from gymnasium_core.testing.surface import surface_differences

gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")
pytest.importorskip("pygame", reason="rendering needs pygame")

STATEFUL_IDS = parity.shared_ids("gymnasium.envs.toy_text")
TABLE_IDS = [env_id for env_id in STATEFUL_IDS if not env_id.startswith("Blackjack")]

# Our toy-text look is our own (no image files are copied): once drawing starts, the image
# slots hold our own drawings or stay None, where the reference holds its loaded sprites.
_IMAGE_ATTRIBUTES = frozenset(
    {
        "agent_img",
        "background_img",
        "cliff_imgs",
        "destination_img",
        "goal_flag_img",
        "goal_img",
        "ground_img",
        "hole_img",
        "house_img",
        "ice_crack_imgs",
        "ice_img",
        "letter_g_img",
        "letter_s_img",
        "passenger_img",
        "start_img",
        "taxi_full_imgs",
        "taxi_imgs",
    }
)


def _pair(env_id: str, **kwargs: Any) -> tuple[Any, Any]:
    return parity.make_pair(env_id, unwrapped=True, **kwargs)


def _assert_same_surface(ours: Any, reference: Any, stage: str, ignore: frozenset[str]) -> None:
    differences = surface_differences(ours, reference, ignore=ignore)
    assert differences == [], f"{stage}:\n" + "\n".join(differences)


def _same_s(ours: Any, reference: Any, step: int) -> None:
    if hasattr(reference, "s"):
        assert ours.s == reference.s and type(ours.s) is type(reference.s), step


def _assert_same_steps(ours: Any, reference: Any, actions: list[int]) -> None:
    """Both step on from where they are with ``actions`` until an episode ends."""
    parity.assert_rollouts_equal(
        ours,
        reference,
        seed=None,
        actions=actions,
        reset_first=False,
        reset_on_end=False,
        after_step=_same_s,
    )


@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_surface__matches_reference_at_every_stage(env_id: str) -> None:
    ours, reference = _pair(env_id, render_mode="rgb_array")
    try:
        _assert_same_surface(ours, reference, "made", frozenset())
        ours.reset(seed=5)
        reference.reset(seed=5)
        _assert_same_surface(ours, reference, "reset", frozenset())
        _assert_same_steps(ours, reference, [1, 1, 0, 2, 1][: 2 if "Blackjack" in env_id else 5])
        _assert_same_surface(ours, reference, "stepped", frozenset())
        ours.render()
        reference.render()
        _assert_same_surface(ours, reference, "rendered", _IMAGE_ATTRIBUTES)
    finally:
        ours.close()
        reference.close()


@pytest.mark.parametrize("env_id", TABLE_IDS)
def test_s__kind_follows_the_reference_through_an_episode(env_id: str) -> None:
    ours, reference = _pair(env_id)
    for seed in range(3):
        ours.reset(seed=seed)
        reference.reset(seed=seed)
        assert type(ours.s) is type(reference.s)
        actions = np.random.default_rng(seed).integers(0, reference.action_space.n, 40)
        _assert_same_steps(ours, reference, [int(a) for a in actions])


# -- writes ----------------------------------------------------------------------------------


def _write_s(env: Any) -> None:
    env.s = 5


def _write_np_s(env: Any) -> None:
    env.s = np.int64(env.observation_space.n - 2)


def _replace_p(env: Any) -> None:
    # A new table whose every move from any state leads to state 3 with reward 7.
    env.P = {s: {a: [(1.0, 3, 7.0, False)] for a in row} for s, row in env.P.items()}


def _edit_p_in_place(env: Any) -> None:
    env.P[env.s][1][0] = (1.0, 2, -3, True)
    del env.P[env.s][1][1:]


def _replace_initial_distribution(env: Any) -> None:
    distribution = np.zeros(int(env.observation_space.n))
    distribution[[1, 4]] = 0.5
    env.initial_state_distrib = distribution


def _edit_initial_distribution_in_place(env: Any) -> None:
    env.initial_state_distrib[:] = 0.0
    env.initial_state_distrib[7] = 1.0


WRITES: dict[str, Callable[[Any], None]] = {
    "s": _write_s,
    "s-np": _write_np_s,
    "P-replaced": _replace_p,
    "P-in-place": _edit_p_in_place,
    "initial_state_distrib": _replace_initial_distribution,
    "initial_state_distrib-in-place": _edit_initial_distribution_in_place,
}


@pytest.mark.parametrize("write", list(WRITES), ids=str)
@pytest.mark.parametrize("env_id", TABLE_IDS)
def test_write__changes_the_following_steps_as_in_the_reference(env_id: str, write: str) -> None:
    ours, reference = _pair(env_id)
    ours.reset(seed=11)
    reference.reset(seed=11)
    for env in (ours, reference):
        WRITES[write](env)
    actions = [1, 2, 1, 0, 3, 1, 2, 2]
    _assert_same_steps(ours, reference, actions)
    for seed in (1, 2):
        got, expected = ours.reset(seed=seed), reference.reset(seed=seed)
        assert got[0] == expected[0]
        _assert_same_steps(ours, reference, actions)


@pytest.mark.parametrize("env_id", ["FrozenLake-v1", "Taxi-v4"])
def test_write__desc_and_lastaction_change_the_text_as_in_the_reference(env_id: str) -> None:
    ours, reference = _pair(env_id, render_mode="ansi")
    ours.reset(seed=2)
    reference.reset(seed=2)
    for env in (ours, reference):
        desc = env.desc.copy()
        desc[-1, 0] = b"X" if env_id.startswith("Frozen") else b"#"
        env.desc = desc
        env.lastaction = 2
    assert ours.render() == reference.render()
    for env in (ours, reference):
        env.desc[0, 1] = b"Q"
    assert ours.render() == reference.render()


@pytest.mark.parametrize(
    "write",
    [
        {"fickle_step": True},
        {"fickle_step": False},
        {"fickle_passenger": False},
        {"fickle_probability": 1.0},
    ],
    ids=str,
)
def test_write__taxi_fickle_attributes_act_as_in_the_reference(write: dict[str, Any]) -> None:
    ours, reference = _pair("Taxi-v4", fickle_passenger=True, fickle_probability=0.5)
    # Seed 3 starts with the passenger at a pad the route below picks up from.
    for seed in range(6):
        ours.reset(seed=seed)
        reference.reset(seed=seed)
        for env in (ours, reference):
            for name, value in write.items():
                setattr(env, name, value)
            # Put the taxi on the passenger's pad, so a pickup then a move can trigger a change.
            _, _, passenger, destination = env.decode(env.s)
            if passenger < 4:
                env.s = env.encode(*env.locs[passenger], passenger, destination)
        _assert_same_steps(ours, reference, [4, 0, 1, 2, 3, 0, 1, 5])
        assert ours.fickle_step == reference.fickle_step
        got, expected = ours.reset(), reference.reset()
        assert got[0] == expected[0] and ours.fickle_step == reference.fickle_step


# -- Blackjack -------------------------------------------------------------------------------

_BLACKJACK_WRITES: dict[str, Callable[[Any], None]] = {
    "player": lambda env: setattr(env, "player", [1, 10]),
    "dealer": lambda env: setattr(env, "dealer", [10, 6]),
    "player-append": lambda env: env.player.append(2),
    "dealer-in-place": lambda env: env.dealer.__setitem__(1, 1),
    "sab": lambda env: setattr(env, "sab", True),
    "natural": lambda env: setattr(env, "natural", True),
}


@pytest.mark.parametrize("write", list(_BLACKJACK_WRITES), ids=str)
def test_write__blackjack_hands_and_rules_act_as_in_the_reference(write: str) -> None:
    ours, reference = _pair("Blackjack-v1")
    for seed in range(25):
        for action in (0, 1):
            ours.reset(seed=seed)
            reference.reset(seed=seed)
            for env in (ours, reference):
                _BLACKJACK_WRITES[write](env)
                # The rules only matter for a natural: deal one against a drawing dealer.
                if write in ("sab", "natural"):
                    env.player, env.dealer = [1, 10], [10, 5] if write == "sab" else [9, 7]
            assert ours.step(action) == reference.step(action)
            assert (ours.player, ours.dealer) == (reference.player, reference.dealer)
            assert (ours.natural, ours.sab) == (reference.natural, reference.sab)


def test_blackjack__hands_held_by_the_caller_grow_as_in_the_reference() -> None:
    ours, reference = _pair("Blackjack-v1")
    for seed in range(20):
        ours.reset(seed=seed)
        reference.reset(seed=seed)
        held = (ours.player, ours.dealer)
        ref_held = (reference.player, reference.dealer)
        for action in (1, 0):
            ours.step(action)
            reference.step(action)
            assert held == ref_held
            assert ours.player is held[0] and ours.dealer is held[1]


def test_blackjack__shown_card_strings_follow_the_reference() -> None:
    ours, reference = _pair("Blackjack-v1")
    for seed in range(40):
        ours.reset(seed=seed)
        reference.reset(seed=seed)
        for name in ("dealer_top_card_suit", "dealer_top_card_value_str"):
            got, expected = getattr(ours, name), getattr(reference, name)
            assert got == expected and type(got) is type(expected), (seed, name)


@pytest.mark.parametrize("env_id", STATEFUL_IDS)
def test_render__human_mode_initialises_only_the_display(
    env_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    def refuse() -> None:
        raise AssertionError("pygame.init() starts every module, audio included")

    monkeypatch.setattr(pygame, "init", refuse)
    env = gym.make(env_id, render_mode="human")
    try:
        env.reset(seed=0)
        env.step(env.action_space.sample())
        assert pygame.display.get_init()
        assert not pygame.mixer.get_init()
        assert env.unwrapped.clock is not None
    finally:
        env.close()
