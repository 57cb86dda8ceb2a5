"""French and English texts: narration of events, names, menus.

Each game registers its catalogue (key -> {"en": ..., "fr": ...}); `t` formats a text in the
chosen language. The default language follows the system locale (French when it says so).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from parlour.core.errors import ParlourError

LANGS = ("en", "fr")
_CATALOG: dict[str, dict[str, str]] = {}


def register(catalog: Mapping[str, Mapping[str, str]]) -> None:
    for key, texts in catalog.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"text {key!r} lacks {missing}")
        _CATALOG[key] = dict(texts)


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


def t(key: str, lang: str, /, **values: Any) -> str:
    texts = _CATALOG.get(key)
    if texts is None:
        raise KeyError(f"no text {key!r}")
    return texts.get(lang, texts["en"]).format(**values)


def has(key: str) -> bool:
    return key in _CATALOG


from parlour.i18n import common  # noqa: E402,F401  (registers the shared texts)
