"""The shape of the package: rooms stay small, layers point down, imports form no cycle.

Pure `ast` over `src/parlour` (nothing is imported), so it runs in well under a second and catches a
new offender in review rather than in a later clean-up.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "parlour"

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80

# The compiled kernels are long straight loops on purpose (Numba compiles one function per hot
# path; splitting them costs speed), so they are exempt from both size limits.
KERNEL_FILE = "kernel.py"

# The layers above core: core must never import them at module level.
ABOVE_CORE = ("games", "bots", "play", "sim", "tui", "web", "rl", "cli")

# Offenders allowed (none today): an entry names a module or function still to be split, so
# that any new offender fails the test; a stale entry fails it too.
ALLOWED_LONG_MODULES: frozenset[str] = frozenset()
ALLOWED_LONG_FUNCTIONS: frozenset[str] = frozenset()


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(SRC).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


MODULES = dict(_modules())


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _is_kernel(path: Path) -> bool:
    return path.name == KERNEL_FILE


def _is_compiled(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A Numba-compiled loop (`@njit`, `@jit(...)`, a module's own `_njit` wrapper): a kernel
    loop wherever it lives, exempt from the function limit for the same reason as kernel.py."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if "jit" in name:
            return True
    return False


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level_imports(module: str, path: Path) -> Iterator[str]:
    """Absolute names imported when the module is loaded (not in functions, not TYPE_CHECKING)."""
    is_package = path.name == "__init__.py"

    def walk(body: list[ast.stmt]) -> Iterator[str]:
        for node in body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield alias.name
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = module.split(".") if is_package else module.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    prefix = ".".join(base + ([node.module] if node.module else []))
                else:
                    prefix = node.module or ""
                yield prefix
                # `from pkg import sub` loads pkg.sub when sub is a module.
                for alias in node.names:
                    yield f"{prefix}.{alias.name}"
            elif isinstance(node, ast.If):
                if not _is_type_checking(node.test):
                    yield from walk(node.body)
                yield from walk(node.orelse)
            elif isinstance(node, ast.Try):
                yield from walk(node.body)
                for handler in node.handlers:
                    yield from walk(handler.body)
                yield from walk(node.orelse)
                yield from walk(node.finalbody)
            elif isinstance(node, ast.With):
                yield from walk(node.body)

    yield from walk(_tree(path).body)


def _parlour_imports(module: str, path: Path) -> set[str]:
    return {name for name in _module_level_imports(module, path) if name in MODULES} - {module}


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    def walk(
        node: ast.AST, prefix: str
    ) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                yield name, child
                yield from walk(child, f"{name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def test_no_module_over_the_limit() -> None:
    long = {
        module
        for module, path in MODULES.items()
        if not _is_kernel(path)
        and len(path.read_text(encoding="utf-8").splitlines()) > MAX_MODULE_LINES
    }
    # A split offender leaves the allow-list too, so it cannot grow back unnoticed.
    assert long >= ALLOWED_LONG_MODULES, f"no longer over: {sorted(ALLOWED_LONG_MODULES - long)}"
    assert long <= ALLOWED_LONG_MODULES, (
        f"modules over {MAX_MODULE_LINES} lines: {sorted(long - ALLOWED_LONG_MODULES)}"
    )


def test_no_function_over_the_limit() -> None:
    long = set()
    for module, path in MODULES.items():
        if _is_kernel(path):
            continue
        for name, node in _functions(_tree(path)):
            assert node.end_lineno is not None
            # Measured from the `def` line, decorators excluded, docstring included.
            if node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES and not _is_compiled(node):
                long.add(f"{module}:{name}")
    assert long >= ALLOWED_LONG_FUNCTIONS, (
        f"no longer over: {sorted(ALLOWED_LONG_FUNCTIONS - long)}"
    )
    assert long <= ALLOWED_LONG_FUNCTIONS, (
        f"functions over {MAX_FUNCTION_LINES} lines: {sorted(long - ALLOWED_LONG_FUNCTIONS)}"
    )


def test_core_imports_nothing_above_it() -> None:
    above = tuple(f"parlour.{layer}" for layer in ABOVE_CORE)
    upward = sorted(
        f"{module} -> {name}"
        for module, path in MODULES.items()
        if module == "parlour.core" or module.startswith("parlour.core.")
        for name in _module_level_imports(module, path)
        if name.startswith(above)
        and (name in above or name.startswith(tuple(f"{a}." for a in above)))
    )
    assert not upward, f"core imports a layer above it: {upward}"


def test_no_import_cycle() -> None:
    graph = {module: _parlour_imports(module, path) for module, path in MODULES.items()}
    # Only explicit imports count: a package's __init__ importing its own submodules is the usual
    # shape, and a submodule is a cycle with its package only when it imports a name from it.
    cycles = _cycles(graph)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph.get(node, ())):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@pytest.mark.parametrize("module", ["parlour.core", "parlour.web.tables"])
def test_the_walk_finds_the_package(module: str) -> None:
    # Guards against the walk silently seeing nothing (a moved src tree would pass every check).
    assert module in MODULES
