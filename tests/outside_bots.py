"""A bot package written outside Parlour: a module of its own, and an installed distribution
that declares its bots in the `parlour.bots` entry-point group.

The distribution is a `*.dist-info` folder beside the module, on `sys.path` (and on PYTHONPATH
for processes started afresh), which is all `importlib.metadata` needs to find it: nothing is
installed into the environment.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from parlour.bots.base import forget_declared_bots

# A name no other test module takes: the module is imported for real, and stays in sys.modules.
MODULE = "outside_bots_for_parlour_tests"

SOURCE = '''
"""Bots a researcher wrote outside Parlour."""

from pathlib import Path

from parlour.bots import Bot, Decision

# Proves whether this module was imported at all (the web table must never import it).
Path(__file__).with_suffix(".imported").write_text("imported")


class LastBot(Bot):
    """Plays the last legal action, or the one at `index` from the end."""

    name = "last"

    def __init__(self, index: str = "1", rng=None) -> None:
        super().__init__(rng)
        self.index = int(index)

    def act(self, decision: Decision):
        legal = decision.legal_actions
        return legal[-min(self.index, len(legal))]


class NoRngBot(Bot):
    """An outside bot whose constructor takes no generator: it still gets the seeded one."""

    def __init__(self) -> None:
        super().__init__()

    def act(self, decision: Decision):
        return self.rng.choice(decision.legal_actions)


def make_last(index: str = "1", rng=None) -> LastBot:
    return LastBot(index, rng=rng)


class NotABot:
    def act(self, decision):
        return decision.legal_actions[0]


def not_a_bot(rng=None):
    return {"move": 0}


NUMBER = 3
'''

ENTRY_POINTS = f"""[parlour.bots]
flip7.outsider = {MODULE}:LastBot
familles.outsider = {MODULE}:LastBot
beggar.outsider = {MODULE}:LastBot
everywhere = {MODULE}:NoRngBot
flip7.strong = {MODULE}:NotABot
flip7.broken = no_such_module_for_parlour_tests:Bot
"""


# A module no entry point names: only an import path could bring it in.
UNDECLARED = "undeclared_bots_for_parlour_tests"


@dataclass
class OutsidePackage:
    folder: Path
    module: str = MODULE

    @property
    def marker(self) -> Path:
        """Written when the undeclared module is imported."""
        return self.folder / f"{UNDECLARED}.imported"

    @property
    def env(self) -> dict[str, str]:
        """The environment of a fresh process that must find the package."""
        path = os.pathsep.join([str(self.folder), os.environ.get("PYTHONPATH", "")])
        return {**os.environ, "PYTHONPATH": path.rstrip(os.pathsep)}


def write_package(folder: Path) -> OutsidePackage:
    (folder / f"{MODULE}.py").write_text(SOURCE, "utf-8")
    (folder / f"{UNDECLARED}.py").write_text(SOURCE, "utf-8")
    info = folder / "outside_bots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: outside-bots\nVersion: 1.0\n", "utf-8"
    )
    (info / "entry_points.txt").write_text(ENTRY_POINTS, "utf-8")
    return OutsidePackage(folder)


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[OutsidePackage]:
    """The package on sys.path and PYTHONPATH, the entry points read afresh; all undone after."""
    package = write_package(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", package.env["PYTHONPATH"])
    for name in (MODULE, UNDECLARED):
        sys.modules.pop(name, None)
    forget_declared_bots()
    try:
        yield package
    finally:
        for name in (MODULE, UNDECLARED):
            sys.modules.pop(name, None)
        forget_declared_bots()
