"""The suite's own guards: a worker that compiles many programs stays under the mapping limit."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import mapped_regions, release_compiled_programs_if_crowded

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def test_crowded_worker__compiled_programs_are_released():
    jax = pytest.importorskip("jax")
    kept = []
    for size in range(1, 21):  # distinct shapes: one compiled program each, kept alive
        program = jax.jit(lambda x: jax.numpy.cumsum(x) * 2.0)
        program(jax.numpy.ones(size)).block_until_ready()
        kept.append(program)
    before = mapped_regions()
    assert before is not None
    assert release_compiled_programs_if_crowded(limit=before - 1)
    after = mapped_regions()
    assert after is not None and after < before - 100  # twenty programs' code freed


def test_quiet_worker__nothing_is_released():
    pytest.importorskip("jax")
    regions = mapped_regions()
    assert regions is not None
    assert not release_compiled_programs_if_crowded(limit=regions + 10_000)


def test_compile_counter__counts_each_xla_compile():
    jax = pytest.importorskip("jax")
    from tests.conftest import _CompileCounter

    counter = _CompileCounter()
    counter.listen()
    for size in (3, 4, 5):
        jax.jit(lambda x: x * 3.0)(jax.numpy.ones(size)).block_until_ready()
    assert counter.count >= 3
