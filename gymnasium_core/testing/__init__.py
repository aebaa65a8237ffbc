"""Test helpers for environment and space authors.

Submodules:

- :mod:`gymnasium_core.testing.contract`: the checks every registered environment passes.
- :mod:`gymnasium_core.testing.parity`: run an environment and a reference side by side (make
  the pair, pick the ids both registries share, paired rollouts, injected states).
- :mod:`gymnasium_core.testing.compare`: exact-or-tolerance comparison of step and reset
  results, spaces, specs and metadata.
- :mod:`gymnasium_core.testing.surface`: compare the attribute surface of two objects.
- :mod:`gymnasium_core.testing.spaces`: hypothesis strategies that generate spaces (needs the
  ``testing`` extra).
- :mod:`gymnasium_core.testing.probes`: train an agent on the ``probe/`` environments and name
  its bugs from its values and policy.

Import the submodule you need; nothing heavy loads here.
"""
