"""The error hierarchy, the logger and seeding match the reference's behaviour."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest

from gymnasium_core import error, logger
from gymnasium_core.utils import seeding


def test_error__every_reference_error_exists_with_the_same_bases() -> None:
    ref_names = [
        n
        for n in dir(gymnasium.error)
        if isinstance(getattr(gymnasium.error, n), type)
        and issubclass(getattr(gymnasium.error, n), BaseException)
    ]
    assert ref_names
    for name in ref_names:
        ours, ref = getattr(error, name), getattr(gymnasium.error, name)
        ours_bases = [b.__name__ for b in ours.__mro__]
        ref_bases = [b.__name__ for b in ref.__mro__]
        assert ours_bases == ref_bases, name


def test_error__async_errors_carry_the_call_name() -> None:
    exc = error.AlreadyPendingCallError("busy", name="step")
    assert exc.name == "step" and str(exc) == "busy"
    assert error.NoAsyncCallError("none", name="reset").name == "reset"


@pytest.mark.parametrize("seed", [0, 1, 42, 2**32 + 5])
def test_seeding__same_stream_as_reference(seed: int) -> None:
    ours, ours_seed = seeding.np_random(seed)
    ref, ref_seed = gymnasium.utils.seeding.np_random(seed)
    assert ours_seed == ref_seed == seed
    np.testing.assert_array_equal(ours.random(8), ref.random(8))


def test_seeding__none_gives_fresh_entropy() -> None:
    (a, seed_a), (b, seed_b) = seeding.np_random(), seeding.np_random()
    assert seed_a != seed_b
    assert a.random() != b.random()


@pytest.mark.parametrize("bad", [-1, 1.0, "1", [1]])
def test_seeding__rejects_bad_seeds_like_the_reference(bad: object) -> None:
    with pytest.raises(gymnasium.error.Error):
        gymnasium.utils.seeding.np_random(bad)  # type: ignore[arg-type]
    with pytest.raises(error.Error):
        seeding.np_random(bad)  # type: ignore[arg-type]


def test_logger__warn_uses_our_category_and_respects_level() -> None:
    with pytest.warns(logger.GymnasiumCoreWarning, match="careful"):
        logger.warn("be %s", "careful")
    assert issubclass(logger.GymnasiumCoreWarning, UserWarning)
    old = logger.min_level
    try:
        logger.set_level(logger.ERROR)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            logger.warn("silenced")
    finally:
        logger.set_level(old)


def test_logger__deprecation_and_custom_category() -> None:
    with pytest.warns(DeprecationWarning, match="old"):
        logger.deprecation("old thing")
    with pytest.warns(RuntimeWarning):
        logger.warn("x", category=RuntimeWarning)


def test_logger__info_prints_only_at_info_level(capsys: pytest.CaptureFixture[str]) -> None:
    logger.info("hidden")
    assert capsys.readouterr().err == ""
    old = logger.min_level
    try:
        logger.set_level(logger.INFO)
        logger.info("shown %d", 3)
        assert "shown 3" in capsys.readouterr().err
    finally:
        logger.set_level(old)
