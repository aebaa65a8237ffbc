"""Two local CPU processes under ``jax.distributed`` each hold half of one sharded vector env.

JAX's CPU backend runs cross-process collectives through gloo
(``jax_cpu_collectives_implementation="gloo"``). Each process steps the same global action
batch; together their shards must equal one unsharded run. Slow: two extra interpreters import
JAX and compile.
"""

from __future__ import annotations

import json
import os
import pathlib
import socket
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("jax")

HERE = pathlib.Path(__file__).parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.slow
def test_multihost__two_processes_hold_halves_equal_to_one_unsharded_run():
    from functional_test_envs import Walk
    from multihost_worker import NUM_ENVS, NUM_STEPS, actions

    from gymnasium_core.functional import FunctionalJaxVectorEnv

    port = _free_port()
    env_vars = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), *sys.path])}
    env_vars.pop("XLA_FLAGS", None)
    workers = [
        subprocess.Popen(
            [sys.executable, str(HERE / "multihost_worker.py"), str(i), str(port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env_vars,
        )
        for i in range(2)
    ]
    outputs = []
    for worker in workers:
        out, err = worker.communicate(timeout=180)
        assert worker.returncode == 0, err[-3000:]
        outputs.append(json.loads(out.strip().splitlines()[-1]))
    assert sorted(o["process"] for o in outputs) == [0, 1]

    reference = FunctionalJaxVectorEnv(
        Walk(), NUM_ENVS, max_episode_steps=4, autoreset_mode="SameStep"
    )
    reference.reset(seed=3)
    for t in range(NUM_STEPS):
        obs, reward, *_ = reference.step(actions(t))
    covered = []
    for output in outputs:
        assert len(output["shards"]) == 1  # one CPU device per process
        for shard in output["shards"]:
            rows = shard["rows"]
            covered += rows
            np.testing.assert_array_equal(
                np.asarray(shard["obs"], np.float32), np.asarray(obs)[rows]
            )
            np.testing.assert_array_equal(
                np.asarray(shard["reward"], np.float32), np.asarray(reward)[rows]
            )
    assert sorted(covered) == list(range(NUM_ENVS))
