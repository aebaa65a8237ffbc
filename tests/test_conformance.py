"""Conformance with the installed ``gymnasium``: every public module and name, call-compatible.

For each public module ``gymnasium.X.Y`` of the reference (walked with ``pkgutil``), the module
``gymnasium_core.X.Y`` must exist, hold every public name of the reference module, and each
function and class must accept the calls the reference's accepts (same parameter names, order
and kinds; our extra parameters only with defaults). Classes must also have the reference's
public methods (call-compatible) and class attributes. Modules reachable as attributes right
after ``import gymnasium`` must be reachable the same way after ``import gymnasium_core``.
The checks themselves live in ``tests/_conformance.py``.

Two lists hold what is known not to conform:

* ``_ALLOWED`` -- deliberate, reviewed differences, one line of reason each;
* ``_PENDING`` -- gaps still to close. A pending entry that is no longer a gap fails the test
  (remove it), so the list only shrinks; any gap in neither list fails the test.
"""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

from tests import _conformance

# Deliberate differences: gap key -> one-line reason.
_ALLOWED: dict[str, str] = {}

_PENDING: dict[str, str] = {}


@pytest.fixture(scope="module")
def gaps() -> dict[str, str]:
    return _conformance.all_gaps()


def test_conformance__skipped_modules_still_cannot_be_checked() -> None:
    # A module is skipped only while the dependency its reason names is not installed here.
    import importlib.util

    for module_path, reason in _conformance.SKIPPED_MODULES.items():
        dependency = "mujoco_py" if "mujoco-py" in reason else "torch"
        assert importlib.util.find_spec(dependency) is None, f"{module_path} can be checked now"


def test_conformance__lists_do_not_overlap() -> None:
    assert set(_ALLOWED).isdisjoint(_PENDING)
    assert all(reason.strip() for reason in _ALLOWED.values())


def test_conformance__no_unlisted_gap(gaps: dict[str, str]) -> None:
    unlisted = {
        key: why for key, why in gaps.items() if key not in _ALLOWED and key not in _PENDING
    }
    report = "\n".join(f"  {key}: {why}" for key, why in sorted(unlisted.items()))
    assert not unlisted, f"{len(unlisted)} gap(s) against gymnasium:\n{report}"


def test_conformance__pending_entries_are_still_gaps(gaps: dict[str, str]) -> None:
    closed = sorted(set(_PENDING) - set(gaps))
    assert not closed, "closed, remove from _PENDING: " + ", ".join(closed)


def test_conformance__allowed_entries_are_still_differences(gaps: dict[str, str]) -> None:
    stale = sorted(set(_ALLOWED) - set(gaps))
    assert not stale, "no longer a difference, remove from _ALLOWED: " + ", ".join(stale)


def test_signature_difference__the_call_compatibility_rules() -> None:
    def reference(a, b=1, *, c=None): ...

    def same(a, b=1, *, c=None): ...

    def extra_keyword(a, b=1, *, c=None, d=2): ...

    def extra_positional_default(a, b=1, e=0, *, c=None): ...

    def renamed(x, b=1, *, c=None): ...

    def keyword_only_b(a, *, b=1, c=None): ...

    def required_extra(a, b=1, *, c=None, d): ...

    def lost_default(a, b, *, c=None): ...

    def other_default(a, b=2, *, c=None): ...

    check = _conformance.signature_difference
    assert check(same, reference) is None
    assert check(extra_keyword, reference) is None
    assert check(extra_positional_default, reference) is None
    for incompatible in (renamed, keyword_only_b, required_extra, lost_default, other_default):
        assert check(incompatible, reference), incompatible.__name__


def test_name_gaps__kinds_and_plain_class_data() -> None:
    class Reference:
        metadata = {"render_modes": ["human"]}

        def step(self, action): ...

        @property
        def unwrapped(self): ...

    class Ours:
        metadata = {"render_modes": []}

        def step(self, act): ...

        def unwrapped(self): ...

    gaps = _conformance.name_gaps("m", "C", Ours, Reference)
    assert set(gaps) == {"m:C.metadata", "m:C.step", "m:C.unwrapped"}
    assert _conformance.name_gaps("m", "f", lambda: None, Reference) == {
        "m:f": "a class in the reference, a callable here"
    }
