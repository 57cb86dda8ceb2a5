"""The credits of every registered game, for the About screens of every face."""

from __future__ import annotations

from parlour.core.registry import game_names, get_game
from parlour.i18n import t
from parlour.i18n.common import after_colon, colon


def game_credits(lang: str) -> list[dict[str, str]]:
    """Each game's title and credits (its `credits` capability) in `lang`."""
    out = []
    for name in game_names():
        game = get_game(name)
        title = game.title.get(lang, game.title["en"])
        out.append({"game": name, "title": title, "credits": game.credits(lang)})
    return out


def about_text(lang: str) -> str:
    """Parlour's licence line, then one line of credits per game."""
    lines = [t("credits", lang)]
    for entry in game_credits(lang):
        # French writes a space before the colon and goes on in lower case after it (English
        # keeps the credits' own capital: a sentence follows).
        credits = (
            after_colon(entry["credits"], entry["title"]) if lang == "fr" else entry["credits"]
        )
        lines.append(f"{entry['title']}{colon(lang)}{credits}")
    return "\n".join(lines)
