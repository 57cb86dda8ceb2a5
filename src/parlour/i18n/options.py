"""Rules options as a person reads them: a label, a help line and named values, in two languages.

The rules classes keep their field names and English help (the command line's `key=value` and
the JSON records use those); the screens show these texts instead, so that nobody reads
`exhausted_payer`, `False` or `None`. An option without an entry falls back to its field name
and help, never to nothing.
"""

from __future__ import annotations

from typing import Any

from parlour.i18n import has, register, t

_MAX_TURNS = (
    "Turn limit",
    "Limite de coups",
    "A cap on the number of moves; reaching it is a draw.",
    "Un plafond de coups ; l'atteindre donne une partie nulle.",
)

# Values with a name of their own in every game: ("*", option or "*", value) -> (English,
# French); a game names its own through `register_options`.
_VALUES: dict[tuple[str, str, str], tuple[str, str]] = {
    ("*", "*", "True"): ("yes", "oui"),
    ("*", "*", "False"): ("no", "non"),
    ("*", "max_turns", "None"): ("none", "aucune"),
    ("*", "hand_size", "None"): ("automatic", "automatique"),
    ("*", "*", "None"): ("none", "aucun"),
    ("*", "next_after_miss", "asked"): ("the player asked", "le joueur interrogé"),
    ("*", "next_after_miss", "left"): ("the asker's left", "le voisin de gauche"),
}


def register_options(
    game: str,
    options: dict[str, tuple[str, str, str, str]],
    values: dict[tuple[str, str], tuple[str, str]] | None = None,
) -> None:
    """A game's option texts: option -> (English label, French label, English help, French
    help), and (option, value) -> (English, French) for values with a name of their own. Each
    game calls this from its own texts module; the turn limit's texts are added for all.

    `max_turns` is the engine's cap, the same in every game (reaching it is a draw), so its
    texts are Parlour's: a game that names it is refused rather than silently overridden."""
    if "max_turns" in options:
        raise ValueError(
            f"{game}: max_turns is the engine's turn cap (reaching it is a draw, in every game); "
            "its texts are Parlour's, leave it out of register_options"
        )
    out: dict[str, dict[str, str]] = {}
    for name, (en, fr, help_en, help_fr) in {**options, "max_turns": _MAX_TURNS}.items():
        out[f"option.{game}.{name}"] = {"en": en, "fr": fr}
        out[f"option.{game}.{name}.help"] = {"en": help_en, "fr": help_fr}
    for (name, value), (en, fr) in (values or {}).items():
        out[f"value.{game}.{name}.{value}"] = {"en": en, "fr": fr}
    register(out)


register({f"value.{g}.{n}.{v}": {"en": en, "fr": fr} for (g, n, v), (en, fr) in _VALUES.items()})


def option_label(game: str, name: str, lang: str) -> str:
    key = f"option.{game}.{name}"
    return t(key, lang) if has(key) else name.replace("_", " ").capitalize()


def option_help(game: str, name: str, fallback: str, lang: str) -> str:
    key = f"option.{game}.{name}.help"
    return t(key, lang) if has(key) else fallback


def value_label(game: str, name: str, value: Any, lang: str) -> str:
    """A rules value as words: yes/no, none, a choice's meaning; numbers as they are."""
    text = ",".join(map(str, value)) if isinstance(value, tuple) else str(value)
    for key in (
        f"value.{game}.{name}.{text}",
        f"value.*.{name}.{text}",
        f"value.{game}.*.{text}",
        f"value.*.*.{text}",
    ):
        if has(key):
            return t(key, lang)
    return text


def typed_value(value: Any) -> str:
    """A value as `--rules key=value` takes it: true, false, none, 1,2,3."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)
