"""The test extra installs every optional library, so no test may skip for want of one.

`pip install -e '.[test]'` brings PettingZoo, Gymnasium, OpenSpiel, Ray, PyArrow, Matplotlib and
psycopg; a test that skips when one is missing would hide a broken install in CI. Tests import
them plainly, and an absent one fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
EXTRAS = {
    "gymnasium",
    "matplotlib",
    "open_spiel",
    "pettingzoo",
    "psycopg",
    "pyarrow",
    "pyspiel",
    "ray",
}


def test_no_test_skips_for_a_library_of_the_test_extra() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            module = str(first.value) if isinstance(first, ast.Constant) else ""
            if name == "importorskip" and module.split(".")[0] in EXTRAS:
                found.append(f"{path.relative_to(TESTS)}:{node.lineno} {module}")
    assert not found, found
