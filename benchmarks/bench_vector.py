"""Vector env throughput: our Sync/AsyncVectorEnv against the reference's.

Groups: CartPole-v1 (cheap steps: the framework's overhead shows) and an 84x84 RGB image env
(large observations: shared memory against pipes), with 4 sub-environments; and CartPole-v1 with
one worker process, where the pipe round trip and the worker loop are all there is to time.
"""

from __future__ import annotations

import atexit
import sys
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.harness import Case

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "vector"))

NUM_ENVS = 4
CHUNK = 200


def _vector_module(impl: str) -> Any:
    if impl == "ours":
        import gymnasium_core
        import gymnasium_core.vector

        return gymnasium_core
    import gymnasium

    return gymnasium


def _cartpole_fns(gym: Any, num_envs: int) -> list[Any]:
    return [lambda: gym.make("CartPole-v1")] * num_envs


def _image_fns(gym: Any, num_envs: int) -> list[Any]:
    from _vector_testenvs import image_env_class

    return [image_env_class(gym)] * num_envs


def _setup(impl: str, kind: str, fns: Any, num_envs: int = NUM_ENVS, **kwargs: Any) -> Any:
    def setup() -> Any:
        gym = _vector_module(impl)
        cls = gym.vector.SyncVectorEnv if kind == "sync" else gym.vector.AsyncVectorEnv
        if kind == "async":
            kwargs.setdefault("context", "fork")
        envs = cls(fns(gym, num_envs), **kwargs)
        atexit.register(envs.close)
        envs.reset(seed=0)
        actions = np.zeros(num_envs, dtype=np.int64)

        def run() -> int:
            for _ in range(CHUNK):
                envs.step(actions)
            return CHUNK * num_envs

        run()
        return run

    return setup


CASES: list[Case] = []
for _impl in ("ours", "reference"):
    for _kind in ("sync", "async"):
        CASES.append(
            Case(
                f"CartPole-v1 {_kind} vector x{NUM_ENVS}",
                _impl,
                _setup(_impl, _kind, _cartpole_fns),
                {"num_envs": NUM_ENVS},
            )
        )
    CASES.append(
        Case(
            f"image 84x84x3 sync vector x{NUM_ENVS}",
            _impl,
            _setup(_impl, "sync", _image_fns),
            {"num_envs": NUM_ENVS},
        )
    )
    for _shared in (True, False):
        CASES.append(
            Case(
                f"image 84x84x3 async vector x{NUM_ENVS} shared_memory={_shared}",
                _impl,
                _setup(_impl, "async", _image_fns, shared_memory=_shared),
                {"num_envs": NUM_ENVS, "shared_memory": _shared},
            )
        )
    # One worker: the round trip through the pipe and the worker loop, without the scheduling
    # noise of more worker processes than cores.
    for _shared in (True, False):
        CASES.append(
            Case(
                f"CartPole-v1 async vector x1 shared_memory={_shared}",
                _impl,
                _setup(_impl, "async", _cartpole_fns, num_envs=1, shared_memory=_shared),
                {"num_envs": 1, "shared_memory": _shared},
            )
        )
