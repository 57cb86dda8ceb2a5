"""The keys screen lists every key the table binds, so that no key is known only from the code."""

from __future__ import annotations

import re

from parlour.tui.screens.keys import KEYS
from parlour.tui.screens.table import TableScreen

# How the keys screen writes a Textual key name, in English and in French.
SHOWN = {
    "space": ("Space", "Espace"),
    "plus": ("+", "+"),
    "minus": ("-", "-"),
    "asterisk": ("*", "*"),
    "question_mark": ("?", "?"),
    "f1": ("F1", "F1"),
    "escape": ("Escape", "Échap"),
    "backspace": ("Backspace", "Retour arrière"),
}


def _is_listed(shown: str, lang: int) -> bool:
    """`shown` stands alone in the screen's key column (an `s` inside "Space" does not count)."""
    column = " | ".join(keys[lang] for _name, *keys in KEYS)
    return re.search(rf"(?<!\w){re.escape(shown)}(?!\w)", column) is not None


def test_every_binding_of_the_table_is_on_the_keys_screen() -> None:
    for lang in (0, 1):
        for binding in TableScreen.BINDINGS:
            for key in binding.key.split(","):  # type: ignore[union-attr]
                shown = SHOWN.get(key, (key, key))[lang]
                assert _is_listed(shown, lang), (
                    f"{key!r} ({binding.action}) is not on the keys screen"
                )
