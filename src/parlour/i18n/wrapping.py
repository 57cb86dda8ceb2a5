"""Line wrapping that keeps French no-break spaces unbroken in Rich and Textual.

French puts a no-break space before « : ; ! ? » and inside guillemets, and a narrow one between
the thousands (« 8 344 cartes »), so that no line starts with a colon or splits a number. Rich and
Textual find their break points with `\\s`, which matches those spaces too (Rich's issues #3545
and #4196, open), so a French table cell could start a line with « ; l'atteindre ». Until they
mend it, their word patterns are replaced by the same patterns with the no-break spaces counted
as part of a word. A release that renames the patterns is left alone: the text still wraps, only
as it did before.
"""

from __future__ import annotations

import importlib
import re
import sys

NO_BREAK = "\u00a0\u2007\u202f"  # no-break, figure and narrow no-break spaces
_SPACE = rf"[^\S{NO_BREAK}]"  # a space a line may break at
_WORD = rf"[\S{NO_BREAK}]"  # a word's character, no-break spaces included

# (module, attribute, the library's pattern, ours: the same shape with the spaces above split)
_PATTERNS = (
    ("rich._wrap", "re_word", r"\s*\S+\s*", rf"{_SPACE}*{_WORD}+{_SPACE}*"),
    ("textual._wrap", "re_chunk", r"\S+\s*|\s+", rf"{_WORD}+{_SPACE}*|{_SPACE}+"),
)


def keep_no_break_spaces() -> None:
    """Make Rich's and Textual's wrapping never break at a no-break space. Textual is mended
    only once something has imported it: the command line's start-up does not load it."""
    for module_name, attribute, theirs, ours in _PATTERNS:
        if module_name.split(".")[0] not in sys.modules and module_name != "rich._wrap":
            continue
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        pattern = getattr(module, attribute, None)
        if isinstance(pattern, re.Pattern) and pattern.pattern in (theirs, ours):
            setattr(module, attribute, re.compile(ours))
