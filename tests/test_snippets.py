"""Every fenced Python block of the README and the docs runs as written.

One fresh interpreter per page, in an empty folder, runs the page's blocks in order in one
namespace (``tests/_snippets.py``), with our own warnings as errors. A block marked
``<!-- snippet: skip, REASON -->`` is a skipped test of its own, with that reason; the test
summary counts them (``tests/conftest.py``). A page whose block imports an optional package that
is not installed is skipped from that block on, naming the package.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import _snippets

PAGES = [p for p in _snippets.pages() if _snippets.blocks(p)]
MARKED = [b for p in PAGES for b in _snippets.blocks(p) if b.skip is not None]
RUNNABLE = [p for p in PAGES if any(b.skip is None for b in _snippets.blocks(p))]
#: Pages whose run takes minutes, with the reason, run in the slow tier. Marking the long block
#: in the page would be better; this is for a page whose owner has not marked it yet.
SLOW: dict[str, str] = {}


def _name(page: Path) -> str:
    return page.relative_to(_snippets.ROOT).as_posix()


def _code(page: Path) -> list[str]:
    return [b.code for b in _snippets.blocks(page) if b.skip is None]


def _same_as() -> dict[str, str]:
    """Pages whose blocks are an earlier page's, in order (docs/index.md repeats the README's),
    each with that page: running the same code twice would prove nothing more."""
    found = {}
    for i, page in enumerate(RUNNABLE):
        earlier = next((e for e in RUNNABLE[:i] if _code(e) == _code(page)), None)
        if earlier is not None:
            found[_name(page)] = _name(earlier)
    return found


SAME_AS = _same_as()


@pytest.mark.parametrize(
    "page",
    [
        pytest.param(p, marks=[pytest.mark.slow, pytest.mark.timeout(1200)])
        if _name(p) in SLOW
        else p
        for p in RUNNABLE
    ],
    ids=_name,
)
def test_snippets__page_runs_as_written(page: Path, tmp_path: Path) -> None:
    if _name(page) in SAME_AS:
        assert _code(page) == _code(_snippets.ROOT / SAME_AS[_name(page)])
        return
    result = subprocess.run(
        [sys.executable, str(Path(_snippets.__file__)), str(page)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=1100 if _name(page) in SLOW else 240,
        env={
            **os.environ,
            "PYTHONPATH": str(_snippets.ROOT),
            "XDG_CACHE_HOME": str(tmp_path / "cache"),  # a persistent JAX cache stays here
            "OMP_NUM_THREADS": "1",  # torch: one thread per test worker
        },
    )
    if result.returncode == _snippets.MISSING:
        pytest.skip(result.stdout.strip().splitlines()[-1])
    assert result.returncode == 0, result.stdout + result.stderr


def test_snippets__slow_pages_exist() -> None:
    assert set(SLOW) <= {_name(p) for p in RUNNABLE}


@pytest.mark.parametrize("block", MARKED, ids=lambda b: b.where)
def test_snippets__marked_block_is_skipped_with_its_reason(block: _snippets.Block) -> None:
    pytest.skip(f"snippet {block.where}: {block.skip}")


def test_snippets__finds_blocks_markers_and_indented_fences() -> None:
    text = (
        "# t\n\n```python\nx = 1\n```\n\n<!-- snippet: skip, needs a display -->\n\n"
        "```py\nshow()\n```\n\n```bash\nls\n```\n\n- item\n\n    ```python\n    y = x + 1\n"
        "        z = 2\n    ```\n"
    )
    found = _snippets.parse(text, "page.md")
    assert [(b.where, b.code, b.skip) for b in found] == [
        ("page.md:3", "x = 1\n", None),
        ("page.md:9", "show()\n", "needs a display"),
        ("page.md:19", "y = x + 1\n    z = 2\n", None),
    ]
