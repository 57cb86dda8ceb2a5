"""Optional libraries: a feature that needs one says which extra to install when it is absent."""

from __future__ import annotations

import importlib.util

from parlour.core.errors import ParlourError


def require(module: str, extra: str, feature: str) -> None:
    """Refuse `feature` at once, with the pip line that installs `module`, when it is absent.

    Called while the arguments are checked, so nothing runs for nothing before the error.
    """
    if importlib.util.find_spec(module) is None:
        raise ParlourError(f"{feature} needs the {module} library: pip install 'parlour[{extra}]'")
