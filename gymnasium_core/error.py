"""Exceptions raised by gymnasium_core.

The class names and their hierarchy follow Gymnasium 1.4 so that ``except`` clauses written
for it keep working.
"""

from __future__ import annotations


class Error(Exception):
    """Base class of every error raised by gymnasium_core."""


class UnregisteredEnv(Error):
    """No environment is registered under the requested id."""


class NamespaceNotFound(UnregisteredEnv):
    """The namespace of the requested id has no registered environment."""


class NameNotFound(UnregisteredEnv):
    """The name of the requested id is not registered (in its namespace)."""


class VersionNotFound(UnregisteredEnv):
    """The name exists, but not at the requested version."""


class DeprecatedEnv(Error):
    """The requested version exists in a newer form and this one is no longer supported."""


class RegistrationError(Error):
    """An environment could not be registered (for example a malformed id)."""


class DependencyNotInstalled(Error):
    """An optional dependency needed for this feature is missing."""


class UnsupportedMode(Error):
    """The requested render mode is not supported by the environment."""


class InvalidMetadata(Error):
    """The environment's metadata is malformed."""


class ResetNeeded(Error):
    """``step`` (or ``render``) was called before ``reset``."""


class StepBeforeReset(ResetNeeded, AssertionError, AttributeError):
    """``step`` was called on an environment that was never reset.

    Also an :class:`AssertionError` and an :class:`AttributeError`: Gymnasium's own environments
    fail with one or the other in this situation, so code written to catch those still catches
    it.
    """


class RenderBeforeReset(ResetNeeded, AttributeError):
    """``render`` was called on an environment that was never reset.

    Also an :class:`AttributeError`, which Gymnasium's own environments raise here (they read a
    state attribute that ``reset`` has not set yet).
    """


class InvalidAction(Error):
    """The action is not valid for the environment."""


class InvalidBound(Error):
    """A space was given bounds that do not make sense."""


class InvalidProbability(Error):
    """A probability mask given to ``sample`` is malformed."""


class MissingArgument(Error):
    """A required argument was not given."""


class DeprecatedWrapper(ImportError):
    """The requested wrapper was removed; the message names its replacement."""


class ClosedEnvironmentError(Exception):
    """An operation was attempted on a vector environment that is already closed."""


class CustomSpaceError(Exception):
    """A custom space is not supported by the requested operation."""


class SharedMemoryUnsupported(Error, ValueError, TypeError):
    """No shared memory buffer can hold observations of the given space.

    Raised for spaces of dynamic shape (``Graph``, ``Sequence``, or composites containing them)
    and for custom spaces with no shared-memory implementation. Gymnasium raises ``TypeError``
    for the first and ``ValueError`` for the second, so this class derives from both and either
    ``except`` clause catches it.
    """


class AlreadyPendingCallError(Exception):
    """An asynchronous call was started while another one is still pending.

    Attributes:
        name: The name of the pending call.
    """

    def __init__(self, message: str, name: str) -> None:
        super().__init__(message)
        self.name = name


class NoAsyncCallError(Exception):
    """A ``*_wait`` method was called without a matching ``*_async`` call.

    Attributes:
        name: The name of the call that was expected.
    """

    def __init__(self, message: str, name: str) -> None:
        super().__init__(message)
        self.name = name
