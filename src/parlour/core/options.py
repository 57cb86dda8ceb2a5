"""Rules objects: frozen dataclasses whose fields are the options of RULES.md.

Every field carries `metadata={"help": ..., "choices": ...}`; these helpers parse `k=v`
strings from the command line, list the options with their defaults, and keep only the fields
that differ from the defaults (what a record stores).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any

from parlour.core.errors import RulesError

# A whole-number option travels to compiled kernels as a 64-bit integer.
LARGEST_WHOLE = 2**63 - 1


def option(default: Any, help: str, choices: Iterable[Any] | None = None) -> Any:
    """A rules field with its help text and, for enumerations, its allowed values."""
    meta = {"help": help, "choices": tuple(choices) if choices is not None else None}
    return dataclasses.field(default=default, metadata=meta)


def check_choices(rules: Any) -> None:
    """Refuse a value outside a field's choices (called from each Rules.__post_init__)."""
    for f in dataclasses.fields(rules):
        choices = f.metadata.get("choices")
        value = getattr(rules, f.name)
        if choices is not None and value not in choices:
            shown = ", ".join(repr(c) for c in choices)
            raise RulesError(f"option {f.name} must be one of {shown}, not {value!r}")


def _field_types(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _parse_value(name: str, text: str, hint: Any) -> Any:
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        if text.lower() in ("none", "null", "off", "") and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _parse_value(name, text, arg)
            except RulesError as err:
                errors.append(str(err))
        raise RulesError(errors[0] if errors else f"bad value {text!r} for {name}")
    if origin is typing.Literal:
        for arg in args:
            if str(arg) == text:
                return arg
        shown = ", ".join(str(a) for a in args)
        raise RulesError(f"option {name} must be one of {shown}, not {text!r}")
    if hint is bool:
        low = text.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise RulesError(f"option {name} takes true or false, not {text!r}")
    if hint is int:
        try:
            return int(text)
        except ValueError:
            raise RulesError(f"option {name} takes a whole number, not {text!r}") from None
    if hint is float:
        try:
            return float(text)
        except ValueError:
            raise RulesError(f"option {name} takes a number, not {text!r}") from None
    if hint is str:
        return text
    if origin is tuple:
        return tuple(part.strip() for part in text.split(",") if part.strip())
    raise RulesError(f"option {name} cannot be set from the command line")


def parse_options(rules_class: type, pairs: Iterable[str]) -> dict[str, Any]:
    """Parse `k=v` strings into typed values, refusing unknown options with the valid list."""
    hints = _field_types(rules_class)
    known = {f.name for f in dataclasses.fields(rules_class)}
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise RulesError(f"a rules option is written key=value, not {pair!r}")
        key, _, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if key not in known:
            raise RulesError(
                f"unknown rules option {key!r}; options are: {', '.join(sorted(known))}"
            )
        if key in out:  # two values for one option: which one was meant is the user's to say
            raise RulesError(f"rules option {key!r} is given twice")
        out[key] = _parse_value(key, text.strip(), hints[key])
    return out


def _value_problem(name: str, value: Any, hint: Any) -> str | None:
    """Why `value` (a Python or JSON value: a record's, a web request's) is not of the option's
    declared type, or None when it is (or when the type is one this cannot tell)."""
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        problems = [_value_problem(name, value, arg) for arg in args if arg is not type(None)]
        if any(problem is None for problem in problems):
            return None
        return next((p for p in problems if p), None)
    if origin is typing.Literal:
        if value in args and any(type(value) is type(arg) for arg in args if arg == value):
            return None
        shown = ", ".join(repr(a) for a in args)
        return f"option {name} must be one of {shown}, not {value!r}"
    if hint is bool:
        ok = isinstance(value, bool)
        return None if ok else f"option {name} takes true or false, not {value!r}"
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        if ok and not -LARGEST_WHOLE <= value <= LARGEST_WHOLE:
            return f"option {name} takes a whole number from -{LARGEST_WHOLE} to {LARGEST_WHOLE}"
        return None if ok else f"option {name} takes a whole number, not {value!r}"
    if hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return None if ok else f"option {name} takes a number, not {value!r}"
    if hint is str:
        return None if isinstance(value, str) else f"option {name} takes text, not {value!r}"
    if origin is tuple:
        if not isinstance(value, list | tuple):
            return f"option {name} takes a list, not {value!r}"
        if len(args) == 2 and args[1] is Ellipsis:
            for item in value:
                problem = _value_problem(name, item, args[0])
                if problem is not None:
                    return problem
    return None


def make_rules(rules_class: type, values: Mapping[str, Any] | None = None) -> Any:
    """Build a rules object, turning construction errors into RulesError.

    Each value must be of its option's declared type (a whole number for an `int`, true or
    false for a `bool`...), so a value from JSON is refused with the option's name."""
    if values is not None and not isinstance(values, Mapping):
        raise RulesError(f"rules are an object of options, not {values!r}")
    values = dict(values or {})
    known = {f.name for f in dataclasses.fields(rules_class)}
    unknown = sorted(set(values) - known)
    if unknown:
        raise RulesError(
            f"unknown rules option {unknown[0]!r}; options are: {', '.join(sorted(known))}"
        )
    hints = _field_types(rules_class)
    for key, value in list(values.items()):
        problem = _value_problem(key, value, hints[key])
        if problem is not None:
            raise RulesError(problem)
        if isinstance(value, list):
            values[key] = tuple(value)
    try:
        return rules_class(**values)
    except (TypeError, ValueError) as err:
        raise RulesError(str(err)) from None


def rules_diff(rules: Any) -> dict[str, Any]:
    """The fields that differ from the defaults (JSON-safe), as a record stores them."""
    default = type(rules)()
    out = {}
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if value != getattr(default, f.name):
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def describe_options(rules_class: type) -> list[tuple[str, Any, str, tuple[Any, ...] | None]]:
    """(name, default, help, choices) for every option."""
    default = rules_class()
    return [
        (f.name, getattr(default, f.name), f.metadata.get("help", ""), f.metadata.get("choices"))
        for f in dataclasses.fields(rules_class)
    ]
