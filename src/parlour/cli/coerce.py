"""Quick conversion of the command line's plain values, for the start-up of `parlour`.

Typer 0.2x converts every parameter through a Pydantic TypeAdapter: importing Pydantic and
building the adapters cost about 0.15 s of CPU per command, more than the quick commands
(`parlour beggar deal ...`) spend on everything else. The parameters of Parlour are nearly all
plain `str`, `int`, `float`, `bool` or lists of them, which need no Pydantic: for those this
module converts directly, and it hands everything else to Typer's own converter.

Typer's converter also gets every value the quick path does not accept (say `--players x`), so
a bad value is refused by Typer with its own message, word for word, and a good value is the
one Typer would give (`tests/test_startup.py` compares the two). Installed only by the `parlour`
entry point; on a Typer without this converter (older releases, over Click) it does nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, get_args, get_origin

__all__ = ["install_quick_coercion", "quick_value"]

_INT = re.compile(r"\s*[+-]?[0-9](?:_?[0-9])*\s*", re.ASCII)
_FLOAT = re.compile(r"\s*[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\s*", re.ASCII)


class _Refused(Exception):
    """The quick path does not convert this value: Typer's converter decides."""


def _plain(annotation: Any, value: Any) -> Any:
    if annotation is str:
        if isinstance(value, str):
            return value
    elif annotation is bool:
        if isinstance(value, bool):
            return value
    elif annotation is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and _INT.fullmatch(value):
            return int(value)
    elif annotation is float:
        if isinstance(value, float):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str) and _FLOAT.fullmatch(value):
            return float(value)
    raise _Refused


PLAIN = (str, int, float, bool)


def plain_item(annotation: Any) -> tuple[bool, Any] | None:
    """(is a list, item type) when the quick path can convert `annotation`, else None."""
    if annotation in PLAIN:
        return False, annotation
    if get_origin(annotation) is list:
        (item,) = get_args(annotation) or (None,)
        if item in PLAIN:
            return True, item
    return None


def quick_value(annotation: Any, value: Any) -> Any:
    """`value` converted to `annotation` as Typer converts it; `_Refused` if not plain."""
    shape = plain_item(annotation)
    if shape is None:
        raise _Refused
    is_list, item = shape
    if not is_list:
        return _plain(item, value)
    items = value if isinstance(value, (list, tuple)) else [value]
    return [_plain(item, one) for one in items]


def install_quick_coercion() -> None:
    """Convert plain parameters without Pydantic in this process (idempotent)."""
    try:
        from typer import _coercion, core
    except ImportError:  # a Typer over Click: no Pydantic to avoid
        return
    found: Callable[[Any], Any] | None = getattr(core, "build_runtime_param", None)
    base: Any = getattr(_coercion, "RuntimeParam", None)
    if found is None or base is None or getattr(found, "parlour_quick", False):
        return
    typer_build = found

    class QuickRuntimeParam(base):  # type: ignore[misc, valid-type]
        """Typer's runtime conversion of one parameter, Pydantic left for the odd values."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                return quick_value(self.annotation, value)
            except _Refused:
                pass
            typer_param = getattr(self, "_typer", None)
            if typer_param is None:
                typer_param = typer_build(self._descriptor)
                object.__setattr__(self, "_typer", typer_param)  # the dataclass is frozen
            return typer_param._coerce_value(value, param=param, ctx=ctx)

    def build(descriptor: Any) -> Any:
        info = descriptor.parameter_info
        constrained = (
            getattr(descriptor, "file_annotation", None) is not None
            or getattr(info, "parser", None) is not None
            or getattr(info, "min", None) is not None
            or getattr(info, "max", None) is not None
        )
        if constrained or plain_item(descriptor.annotation) is None:
            return typer_build(descriptor)
        quick = QuickRuntimeParam(parameter_info=info, annotation=descriptor.annotation)
        object.__setattr__(quick, "_descriptor", descriptor)
        return quick

    build.parlour_quick = True  # type: ignore[attr-defined]
    core.build_runtime_param = build
