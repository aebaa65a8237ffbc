"""Random number generators seeded the way Gymnasium seeds them."""

from __future__ import annotations

import numpy as np

from gymnasium_core import error

# Both names Gymnasium gives the generator type.
RNG = RandomNumberGenerator = np.random.Generator


def np_random(seed: int | None = None) -> tuple[np.random.Generator, int]:
    """Create a numpy generator from a seed, as Gymnasium does.

    The generator is a ``PCG64`` bit generator fed by ``SeedSequence(seed)``, so the same
    seed gives the same stream as the reference.

    Args:
        seed: A non-negative integer, or ``None`` for fresh entropy.

    Returns:
        The generator and the entropy of its seed sequence (the seed itself when given).

    Raises:
        Error: If ``seed`` is not ``None`` nor a non-negative integer.
    """
    if seed is not None and not (isinstance(seed, (int, np.integer)) and seed >= 0):
        if isinstance(seed, (int, np.integer)):
            raise error.Error(f"Seed must be a non-negative integer, got {seed}.")
        raise error.Error(f"Seed must be a Python integer, got {type(seed).__name__}: {seed!r}.")
    seed_seq = np.random.SeedSequence(None if seed is None else int(seed))
    rng = np.random.Generator(np.random.PCG64(seed_seq))
    entropy = seed_seq.entropy
    assert isinstance(entropy, int)
    return rng, entropy
