"""Settings for the vector tests."""

from __future__ import annotations

import multiprocessing

# Once JAX runs in the test process, AsyncVectorEnv workers come from a fork server instead of
# a fork (see `_vector_testenvs.async_context`). The server imports these once (ours and the
# reference's, which the parity tests run side by side), so each worker forked from it starts
# without importing them again.
multiprocessing.set_forkserver_preload(
    [
        "numpy",
        "cloudpickle",
        "gymnasium_core.vector",
        "gymnasium_core.envs.classic_control",
        "gymnasium.vector",
        "gymnasium.envs.classic_control",
    ]
)
