"""The text catalogue: registration, the language choice, plurals and formatting.

Kept apart from the package's __init__ so that the shared texts (`common`) can register
themselves without importing the package that imports them.
"""

from __future__ import annotations

import gettext
import os
import re
import string
from collections.abc import Callable, Mapping
from typing import Any

from parlour.core.errors import ParlourError

LANGS = ("en", "fr")
_CATALOG: dict[str, dict[str, str]] = {}


# French puts a space before : ; ! ? % » and after «; a non-breaking one keeps the mark on its
# word's line when a terminal or a browser wraps the text (« 3 à payer » / « ! »).
_FRENCH_SPACES = re.compile(r" (?=[:;!?%»])|(?<=«) ")


def french_spaces(text: str) -> str:
    """`text` with a non-breaking space wherever French typography puts a space at a mark."""
    return _FRENCH_SPACES.sub("\u00a0", text)


def register(catalog: Mapping[str, Mapping[str, str]]) -> None:
    """Add texts (key -> one text per language); French texts get their non-breaking spaces
    here, so that no text written with a plain space can break a line at a mark."""
    for key, texts in catalog.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"text {key!r} lacks {missing}")
        entry = dict(texts)
        entry["fr"] = french_spaces(entry["fr"])
        _CATALOG[key] = entry


def same_text(english: str, lang: str, prefix: str) -> str | None:
    """The `lang` text of a catalogue entry under `prefix` whose English is `english`, or None
    (an error that carries only its English words, a rule's inside a replay's, is still read)."""
    for key, texts in _CATALOG.items():
        if key.startswith(prefix) and texts["en"] == english:
            return texts[lang]
    return None


def system_lang() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def resolve_lang(lang: str | None) -> str:
    if lang is None:
        return system_lang()
    low = lang.lower()
    if low not in LANGS:
        raise ParlourError(f"unknown language {lang!r}; languages are: {', '.join(LANGS)}")
    return low


# The Plural-Forms of each language's gettext catalogue header.
PLURAL_FORMS = {"en": "n != 1", "fr": "n > 1"}
_PLURAL: dict[str, Callable[[int], int]] = {
    lang: gettext.c2py(rule) for lang, rule in PLURAL_FORMS.items()
}


def plural_index(lang: str, count: int) -> int:
    """0 for the singular form, 1 for the plural, as gettext's ngettext decides."""
    return _PLURAL.get(lang, _PLURAL["en"])(abs(int(count)))


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("#"):  # {n:#card|cards}: the word that agrees with n
            forms = format_spec[1:].split("|")
            return forms[min(plural_index(self.lang, value), len(forms) - 1)]
        if format_spec == "," and isinstance(value, int):  # {n:,}: 8,344 cards, « 8 344 cartes »
            grouped = format(value, ",")
            # French groups with a narrow no-break space, as CLDR and the browsers write it.
            return grouped.replace(",", "\u202f") if self.lang == "fr" else grouped
        return super().format_field(value, format_spec)


_FORMATTERS = {lang: _Formatter(lang) for lang in LANGS}


def format_text(text: str, lang: str, /, **values: Any) -> str:
    """`text` formatted as the catalogue's texts are, plurals (`{n:#card|cards}`) included:
    for texts kept outside the catalogue, such as the error patterns."""
    return _FORMATTERS[lang if lang in _FORMATTERS else "en"].format(text, **values)


def t(key: str, lang: str, /, **values: Any) -> str:
    texts = _CATALOG.get(key)
    if texts is None:
        raise KeyError(f"no text {key!r}")
    chosen = lang if lang in texts else "en"
    return format_text(texts[chosen], chosen, **values)


def tn(singular: str, plural: str, count: int, lang: str, /, **values: Any) -> str:
    """ngettext over the catalogue: the text of key `singular` or `plural` for `count`."""
    return t(plural if plural_index(lang, count) else singular, lang, count=count, **values)


def has(key: str) -> bool:
    return key in _CATALOG
