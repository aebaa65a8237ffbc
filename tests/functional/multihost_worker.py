"""One process of the two-process ``jax.distributed`` test (run by test_multihost.py).

Usage: ``python multihost_worker.py PROCESS_ID PORT``. Prints one JSON line: this process's
index and, per addressable shard, the global sub-env indices and their observations and
rewards after the scripted steps.
"""

from __future__ import annotations

import json
import sys

import numpy as np

NUM_ENVS = 8
NUM_STEPS = 7


def actions(t: int) -> np.ndarray:
    """The full action batch of step ``t``, the same on every process."""
    return np.random.default_rng(t).integers(0, 2, NUM_ENVS).astype(np.int32)


def main() -> None:
    process_id, port = int(sys.argv[1]), sys.argv[2]
    import jax

    jax.config.update("jax_cpu_collectives_implementation", "gloo")
    jax.distributed.initialize(
        coordinator_address=f"127.0.0.1:{port}",
        num_processes=2,
        process_id=process_id,
        initialization_timeout=60,
    )
    from functional_test_envs import Walk
    from jax.sharding import Mesh

    from gymnasium_core.functional import FunctionalJaxVectorEnv

    mesh = Mesh(np.asarray(jax.devices()), ("envs",))
    env = FunctionalJaxVectorEnv(
        Walk(), NUM_ENVS, max_episode_steps=4, mesh=mesh, autoreset_mode="SameStep"
    )
    env.reset(seed=3)
    for t in range(NUM_STEPS):
        obs, reward, *_ = env.step(actions(t))
    shards = [
        {
            "rows": list(range(NUM_ENVS))[o.index[0]],
            "obs": np.asarray(o.data).tolist(),
            "reward": np.asarray(r.data).tolist(),
        }
        for o, r in zip(obs.addressable_shards, reward.addressable_shards, strict=True)
    ]
    print(json.dumps({"process": jax.process_index(), "shards": shards}), flush=True)
    jax.distributed.shutdown()


if __name__ == "__main__":
    main()
