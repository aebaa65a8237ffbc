"""Test helpers for environment and space authors.

Submodules: :mod:`gymnasium_core.testing.spaces` (hypothesis strategies that generate spaces;
needs the ``testing`` extra) and :mod:`gymnasium_core.testing.contract` (the checks every
registered environment passes). Import the submodule you need; nothing heavy loads here.
"""
