"""Where Gymnasium's wrappers fail an ``assert``, ours raise a typed error that is also one.

Code written against Gymnasium that catches ``AssertionError`` in these situations keeps
working; the error's own type (``TypeError``, ``ValueError``, ``RuntimeError``) says what
went wrong. Each case runs on both packages.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import gymnasium
import numpy as np
import pytest
from _wrapper_testenvs import envs_for

import gymnasium_core


def _stats_key_taken(gym: ModuleType, _: Any) -> None:
    env = gym.wrappers.RecordEpisodeStatistics(
        gym.wrappers.TransformObservation(envs_for(gym).BoxEnv(length=1), lambda o: o, None)
    )
    env.reset(seed=0)
    inner = env.env
    original = inner.step

    def step_with_stats_key(action: Any) -> Any:
        *rest, info = original(action)
        return (*rest, {**info, "episode": "taken"})

    inner.step = step_with_stats_key
    env.step(np.zeros(2, dtype=np.float32))


def _stop_without_recording(gym: ModuleType, tmp_path: Any) -> None:
    env = gym.wrappers.RecordVideo(
        envs_for(gym).BoxEnv(render_mode="rgb_array"),
        str(tmp_path),
        episode_trigger=lambda _: False,
    )
    env.reset(seed=0)
    env.stop_recording()


def _human_rendering_without_a_frame(gym: ModuleType, _: Any) -> None:
    pytest.importorskip("pygame")
    base = envs_for(gym).BoxEnv(render_mode="rgb_array")
    base.render = lambda: None
    env = gym.wrappers.HumanRendering(base)
    try:
        env.reset(seed=0)
    finally:
        env.close()


def _vector_stats_over_list_infos(gym: ModuleType, _: Any) -> None:
    vec = gym.vector.SyncVectorEnv([lambda: envs_for(gym).BoxEnv(length=1)] * 2)
    env = gym.wrappers.vector.RecordEpisodeStatistics(gym.wrappers.vector.DictInfoToList(vec))
    env.reset(seed=0)
    env.step(np.zeros((2, 2), dtype=np.float32))


CASES: dict[str, tuple[Callable[[ModuleType, Any], None], type[Exception]]] = {
    "RecordEpisodeStatistics-key-taken": (_stats_key_taken, ValueError),
    "RecordVideo-stop-while-not-recording": (_stop_without_recording, RuntimeError),
    "HumanRendering-no-frame": (_human_rendering_without_a_frame, TypeError),
    "vector-RecordEpisodeStatistics-list-infos": (_vector_stats_over_list_infos, TypeError),
}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("case", sorted(CASES))
def test_wrapper_error__is_also_the_reference_assertion_error(case: str, tmp_path: Any) -> None:
    provoke, own_type = CASES[case]
    with pytest.raises(AssertionError):
        provoke(gymnasium, tmp_path / "reference")
    with pytest.raises(AssertionError) as caught:
        provoke(gymnasium_core, tmp_path / "ours")
    assert isinstance(caught.value, own_type)
