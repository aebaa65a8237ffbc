"""Settings shared by the whole test suite."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

# Rendering runs headless everywhere: pygame draws to a dummy video driver and MuJoCo to EGL.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# JAX on CPU, without probing for accelerators.
os.environ.setdefault("JAX_PLATFORMS", "cpu")


def mapped_regions() -> int | None:
    """How many memory mappings this process holds (``None`` where Linux's count is unknown)."""
    try:
        with open("/proc/self/maps", "rb") as maps:
            return maps.read().count(b"\n")
    except OSError:
        return None


def mapping_limit() -> int:
    """The kernel's per-process mapping limit (``vm.max_map_count``; Linux's default if unread)."""
    try:
        with open("/proc/sys/vm/max_map_count") as limit:
            return int(limit.read())
    except (OSError, ValueError):
        return 65530


def release_compiled_programs_if_crowded(limit: int) -> bool:
    """Drop JAX's compiled programs when this process holds more than ``limit`` mappings.

    Each program XLA compiles for the CPU keeps about twenty memory mappings for its code, and
    the compile caches (JAX's and the library's compile-once caches) keep programs alive. A
    test worker that compiles a few thousand programs reaches the kernel's mapping limit, and
    the next compile then crashes inside XLA. Returns whether the caches were cleared.
    """
    if "jax" not in sys.modules:
        return False
    regions = mapped_regions()
    if regions is None or regions <= limit:
        return False
    import gc

    import jax

    jax.clear_caches()
    gc.collect()
    return True


class _CompileCounter:
    """Counts XLA compiles in this process, from JAX's monitoring events."""

    EVENT = "/jax/core/compile/backend_compile_duration"

    def __init__(self) -> None:
        self.count = 0
        self.listening = False

    def listen(self) -> None:
        import jax.monitoring

        jax.monitoring.register_event_duration_secs_listener(self._on_event)
        self.listening = True

    def _on_event(self, event: str, *_args: object, **_kwargs: object) -> None:
        if event == self.EVENT:
            self.count += 1


_COMPILES = _CompileCounter()
#: Compiles between two counts of the mappings (a compiled program holds about twenty).
_COMPILES_PER_CHECK = 100


@pytest.fixture(autouse=True)
def _release_compiled_programs() -> Iterator[None]:
    """Keep each worker well under the mapping limit.

    The mappings are counted (a few milliseconds) once a hundred programs were compiled since
    the last count: one slow-tier module alone compiled programs holding some 40,000 mappings,
    so a count per module is not enough.
    """
    yield
    if "jax" not in sys.modules:
        return
    if not _COMPILES.listening:
        _COMPILES.listen()
    elif _COMPILES.count >= _COMPILES_PER_CHECK:
        _COMPILES.count = 0
        release_compiled_programs_if_crowded(mapping_limit() // 2)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Count the documentation's code blocks that ran and those left out (test_snippets.py)."""
    outcomes = {"passed": 0, "failed": 0, "skipped": 0, "marked": 0}
    for kind in ("passed", "failed", "skipped"):
        for report in terminalreporter.stats.get(kind, []):
            nodeid = getattr(report, "nodeid", "")
            if nodeid.startswith("tests/test_snippets.py::test_snippets__marked_block"):
                outcomes["marked"] += 1
            elif nodeid.startswith("tests/test_snippets.py::test_snippets__page_runs"):
                outcomes[kind] += 1
    if any(outcomes.values()):
        terminalreporter.write_line(
            f"documentation snippets: pages {outcomes['passed']} passed, {outcomes['failed']} "
            f"failed, {outcomes['skipped']} skipped (a package missing); {outcomes['marked']} "
            "blocks marked to skip (reasons: pytest -rs tests/test_snippets.py)"
        )
