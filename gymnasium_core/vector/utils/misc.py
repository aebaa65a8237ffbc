"""Helpers for starting worker processes: pickling environment factories, MPI variables."""

from __future__ import annotations

import contextlib
import os
import pickle
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

__all__ = ["CloudpickleWrapper", "clear_mpi_env_vars"]

T_co = TypeVar("T_co", covariant=True)

# Variables that make a child process believe it is an MPI rank.
_MPI_PREFIXES = ("OMPI_", "PMI_")


class CloudpickleWrapper(Generic[T_co]):
    """Makes a callable picklable with ``cloudpickle`` (lambdas, closures) for a worker process.

    Example:
        >>> import pickle
        >>> factory = CloudpickleWrapper(lambda: 42)
        >>> pickle.loads(pickle.dumps(factory))()
        42
    """

    fn: Callable[[], T_co]

    def __init__(self, fn: Callable[[], T_co]) -> None:
        """Hold ``fn``.

        Args:
            fn: A callable with no arguments, typically an environment factory.
        """
        self.fn = fn

    def __getstate__(self) -> bytes:
        """Serialise :attr:`fn` with ``cloudpickle``."""
        import cloudpickle

        return cloudpickle.dumps(self.fn)  # type: ignore[no-any-return]

    def __setstate__(self, state: bytes) -> None:
        """Restore :attr:`fn` (plain ``pickle`` reads what ``cloudpickle`` wrote)."""
        self.fn = pickle.loads(state)

    def __call__(self) -> T_co:
        """Call :attr:`fn`."""
        return self.fn()


@contextlib.contextmanager
def clear_mpi_env_vars() -> Iterator[None]:
    """Hide MPI environment variables while worker processes start.

    A child that inherits them and imports ``mpi4py`` would initialise MPI as if it were one of
    the parent's ranks and may hang; the variables are restored on exit.

    Yields:
        Nothing; the variables are hidden inside the ``with`` block.
    """
    hidden: dict[str, Any] = {
        key: os.environ.pop(key) for key in list(os.environ) if key.startswith(_MPI_PREFIXES)
    }
    try:
        yield
    finally:
        os.environ.update(hidden)
