"""Import time and ``make()`` time against the reference.

Import time is measured in fresh interpreters (``python -c "import X"``), so each round is
one import; ``make`` is timed in-process after a warm-up.
"""

from __future__ import annotations

import subprocess
import sys

from benchmarks.harness import Case, RunFn


def _import(module: str) -> RunFn:
    def run() -> int:
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True)
        return 1

    return run


def _make(module: str, env_id: str) -> RunFn:
    mod = __import__(module)
    mod.make(env_id).close()

    def run() -> int:
        for _ in range(20):
            mod.make(env_id).close()
        return 20

    return run


CASES = [
    Case("import (fresh interpreter, imports/s)", "ours", lambda: _import("gymnasium_core")),
    Case("import (fresh interpreter, imports/s)", "reference", lambda: _import("gymnasium")),
    Case("make('CartPole-v1') (makes/s)", "ours", lambda: _make("gymnasium_core", "CartPole-v1")),
    Case("make('CartPole-v1') (makes/s)", "reference", lambda: _make("gymnasium", "CartPole-v1")),
]
