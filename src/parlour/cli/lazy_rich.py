"""Rich for the command line, loaded when it is used: consoles, and Typer's help panels.

`lazy_console()` stands for a `rich.console.Console` and imports Rich at its first print, so a
command module can keep a console at its top and the commands that print none (`--json`) do
not pay for Rich (about 40 ms).

Typer's help panels come without the Markdown and traceback renderers Parlour never uses.
`typer.rich_utils` (the help panels and the usage errors) imports `rich.markdown` (markdown-it,
Pygments) and `rich.traceback` at its top, for the "markdown" markup mode and for pretty
tracebacks: about 0.1 s, two thirds of what `parlour --help` costs. Parlour uses neither (its
markup mode is "rich", pretty exceptions are off), so while `typer.rich_utils` loads, those two
names are stand-ins that import the real class the first time one is made. The help looks the
same; `typer.rich_utils` itself still loads only when help or a usage error is printed.

`defer_rich_help` is installed only by the `parlour` entry point. Where anything is not as
expected (Rich already loaded them, another Typer), the modules load as usual.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["defer_rich_help", "lazy_console"]


class _LazyConsole:
    """Makes the Rich console at the first use of any of its attributes."""

    def __init__(self, options: dict[str, Any]) -> None:
        self._options = options
        self._console: Console | None = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return getattr(self._console, name)


def lazy_console(**options: Any) -> Console:
    """What `rich.console.Console(**options)` makes, made when it is first used."""
    return cast("Console", _LazyConsole(options))


TARGET = "typer.rich_utils"
_hooks: list[Callable[[ModuleType], None]] = []


class Markdown:
    """Stands for `rich.markdown.Markdown`: a real one, imported when one is made."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        from rich.markdown import Markdown as Real

        return Real(*args, **kwargs)


class Traceback:
    """Stands for `rich.traceback.Traceback`: the real class makes the traceback."""

    @classmethod
    def from_exception(cls, *args: Any, **kwargs: Any) -> Any:
        from rich.traceback import Traceback as Real

        return Real.from_exception(*args, **kwargs)


STAND_INS: dict[str, tuple[str, type]] = {
    "rich.markdown": ("Markdown", Markdown),
    "rich.traceback": ("Traceback", Traceback),
}


class _Loader(importlib.abc.Loader):
    """Runs `typer.rich_utils` with the stand-ins in place, then the registered hooks."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        module: ModuleType | None = self.loader.create_module(spec)
        return module

    def exec_module(self, module: ModuleType) -> None:
        placed = []
        for name, (attribute, stand_in) in STAND_INS.items():
            if name not in sys.modules:
                fake = ModuleType(name, "A stand-in while typer.rich_utils loads (parlour).")
                setattr(fake, attribute, stand_in)
                sys.modules[name] = fake
                placed.append((name, fake))
        try:
            self.loader.exec_module(module)
        finally:
            for name, fake in placed:
                if sys.modules.get(name) is fake:
                    del sys.modules[name]  # a later import gets the real module
        for hook in _hooks:
            hook(module)

    def __getattr__(self, name: str) -> Any:  # get_source and the like, for tracebacks
        return getattr(self.loader, name)


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != TARGET:
            return None
        sys.meta_path[:] = [f for f in sys.meta_path if f is not self]  # once is enough
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        spec.loader = _Loader(spec.loader)
        return spec


def defer_rich_help(on_load: Callable[[ModuleType], None] | None = None) -> None:
    """Load `typer.rich_utils` without Markdown and tracebacks, and call `on_load` with it once
    it is loaded (at once if it already is)."""
    if on_load is not None:
        _hooks.append(on_load)
    loaded = sys.modules.get(TARGET)
    if loaded is not None:
        if on_load is not None:
            on_load(loaded)
        return
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
