"""The vector-env adapters of the bridge, both ways: what they forward and what they refuse."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import gymnasium_core as gym
from gymnasium_core.compat import (
    CoreVectorEnvAdapter,
    GymnasiumVectorEnvAdapter,
    from_gymnasium,
    to_gymnasium,
)

pytest.importorskip("pygame", reason="CartPole draws its frames with pygame")


def _ours() -> gym.vector.VectorEnv:
    return gym.make_vec("CartPole-v1", 2, vectorization_mode="sync", render_mode="rgb_array")


def _theirs() -> gymnasium.vector.VectorEnv:
    return gymnasium.make_vec("CartPole-v1", 2, vectorization_mode="sync", render_mode="rgb_array")


@pytest.mark.parametrize("direction", ["to_gymnasium", "from_gymnasium"])
def test_vector_adapter__forwards_render_mode_frames_attributes_and_closing(
    direction: str,
) -> None:
    inner = _ours() if direction == "to_gymnasium" else _theirs()
    adapter = to_gymnasium(inner) if direction == "to_gymnasium" else from_gymnasium(inner)
    assert adapter.render_mode == inner.render_mode == "rgb_array"
    adapter.reset(seed=3)
    frames = adapter.render()
    assert frames is not None and len(frames) == 2
    for frame, expected in zip(frames, inner.render(), strict=True):
        np.testing.assert_array_equal(frame, expected)
    assert adapter.envs is inner.envs  # a public attribute of the inner env, forwarded
    with pytest.raises(AttributeError):
        adapter._not_forwarded  # noqa: B018  (private names stay on the adapter)
    assert repr(inner) in repr(adapter)
    assert not adapter.closed
    adapter.close()
    assert adapter.closed and inner.closed


def test_vector_adapter__closed_written_on_the_adapter_reaches_the_inner_env() -> None:
    ours = _ours()
    to_gym = to_gymnasium(ours)
    to_gym.closed = True
    assert ours.closed
    theirs = _theirs()
    from_gym = from_gymnasium(theirs)
    from_gym.closed = True
    assert theirs.closed


def test_vector_adapter__refuses_what_is_not_a_vector_env_of_its_side() -> None:
    with pytest.raises(TypeError, match="VectorEnv"):
        GymnasiumVectorEnvAdapter(_theirs())  # a gymnasium vector env, not one of ours
    with pytest.raises(TypeError, match="VectorEnv"):
        CoreVectorEnvAdapter(_ours())  # one of ours, not a gymnasium one
