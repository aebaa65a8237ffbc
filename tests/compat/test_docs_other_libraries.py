"""The code on the "Using it with other libraries" page runs as written."""

from __future__ import annotations

import pathlib
import re

import pytest

pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")

_PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "other_libraries.md"
_BLOCKS = re.findall(r"```python\n(.*?)```", _PAGE.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_page__has_the_swap_the_bridge_and_the_sb3_example() -> None:
    assert len(_BLOCKS) == 4
    assert any("stable_baselines3" in block for block in _BLOCKS)


@pytest.mark.parametrize("index", range(len(_BLOCKS)))
def test_page__code_block_runs(index: int) -> None:
    block = _BLOCKS[index]
    if "stable_baselines3" in block:
        pytest.importorskip("torch", reason="Stable-Baselines3 needs torch")
        pytest.importorskip("stable_baselines3", reason="Stable-Baselines3 is not installed")
    exec(compile(block, f"{_PAGE.name}[{index}]", "exec"), {"__name__": "__doc_example__"})
