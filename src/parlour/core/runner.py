"""Moved to `parlour.play.runner` (the runner seats bots, so it sits above `core` and `bots`).

This name keeps working for the scripts that import it: each attribute is looked up in the new
module when first asked for, so importing `core` never imports the bots.
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    return getattr(importlib.import_module("parlour.play.runner"), name)
