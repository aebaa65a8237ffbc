"""Gymnasium's ``experimental`` import paths, kept so code written for them runs unchanged."""

# An attribute of the package once it is imported, as in Gymnasium.
from gymnasium_core.experimental import functional as functional
