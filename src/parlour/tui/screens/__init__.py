"""The screens of `parlour play`: choose, set up, play, hand over, read the rules, finish.

Split by what each screen is for (`setup`, `table`, `dialogs`, with the shared pieces in
`base`); this package keeps `from parlour.tui.screens import TableScreen, ...` working.
"""

from __future__ import annotations

from parlour.tui.screens.base import HUMAN, ClosableModal, SizeAware, localise_bindings
from parlour.tui.screens.dialogs import (
    AboutScreen,
    HandoffScreen,
    QuitScreen,
    RulesScreen,
    SaveScreen,
)
from parlour.tui.screens.setup import GameChooser, SetupScreen
from parlour.tui.screens.table import SummaryScreen, TableScreen, pick_level, summary_renderable

__all__ = [
    "HUMAN",
    "AboutScreen",
    "ClosableModal",
    "GameChooser",
    "HandoffScreen",
    "QuitScreen",
    "RulesScreen",
    "SaveScreen",
    "SetupScreen",
    "SizeAware",
    "SummaryScreen",
    "TableScreen",
    "localise_bindings",
    "pick_level",
    "summary_renderable",
]
