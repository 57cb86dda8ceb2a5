"""French and English texts: narration of events, names, menus.

Each game registers its catalogue (key -> {"en": ..., "fr": ...}); `t` formats a text in the
chosen language. The default language follows the system locale (French when it says so).

Plurals: a field written `{n:#card|cards}` is the word for the count `n`, chosen by the
language's gettext plural rule (English: 1 is singular; French: 0 and 1 are), so a text reads
"{n} {n:#card|cards}" and never says "1 points" or "1 plis". `tn` is the ngettext of the
catalogue for a text that is wholly singular or plural.
"""

# Imported for its side effect: registers the shared texts before any caller looks one up.
from parlour.i18n import common  # noqa: F401
from parlour.i18n.catalog import (
    LANGS,
    PLURAL_FORMS,
    has,
    plural_index,
    register,
    resolve_lang,
    system_lang,
    t,
    tn,
)

__all__ = [
    "LANGS",
    "PLURAL_FORMS",
    "has",
    "plural_index",
    "register",
    "resolve_lang",
    "system_lang",
    "t",
    "tn",
]
