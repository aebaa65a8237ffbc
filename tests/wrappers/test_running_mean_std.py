"""RunningMeanStd gives the reference's statistics bit for bit, one sample or a batch at a time."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.wrappers.utils import RunningMeanStd as ReferenceRunningMeanStd

from gymnasium_core.wrappers.utils import RunningMeanStd


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int64])
@pytest.mark.parametrize("shape", [(), (3,), (2, 2)])
@pytest.mark.parametrize("batch", [1, 4])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_running_mean_std__equals_reference(
    dtype: type, shape: tuple[int, ...], batch: int
) -> None:
    rng = np.random.default_rng(7)
    ours, ref = RunningMeanStd(shape=shape), ReferenceRunningMeanStd(shape=shape)
    for step in range(100):
        x = (rng.standard_normal((batch, *shape)) * 50).astype(dtype)
        if step == 60 and dtype is not np.int64:
            x[...] = np.inf  # the statistics turn NaN the same way
        ours.update(x)
        ref.update(x)
        assert np.array_equal(ours.mean, ref.mean, equal_nan=True)
        assert np.array_equal(ours.var, ref.var, equal_nan=True)
        assert np.asarray(ours.mean).dtype == np.asarray(ref.mean).dtype
        assert ours.count == ref.count
