"""French for the words that Click and Typer print themselves (usage, errors, help panels) and
for the help of Parlour's own commands, under a French locale.

Click and Typer mark those words for gettext but ship no French catalogue; ours is below, and is
installed only by the `parlour` entry point, never by importing Parlour as a library.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["FRENCH_HELP", "french_rich_texts", "install_french_click", "translate_help"]

FRENCH: dict[str, str] = {
    "Usage:": "Utilisation :",
    "Options": "Options",
    "Commands": "Commandes",
    "Arguments": "Arguments",
    "Error": "Erreur",
    "Error: {message}": "Erreur : {message}",
    "Aborted!": "Abandon.",
    "Aborted.": "Abandon.",
    "Try '{command} {option}' for help.": "Essayez « {command} {option} » pour l'aide.",
    "Try [blue]'{command_path} {help_option}'[/] for help.": (
        "Essayez [blue]« {command_path} {help_option} »[/] pour l'aide."
    ),
    "Invalid value: {message}": "Valeur invalide : {message}",
    "Invalid value for {param_hint}: {message}": "Valeur invalide pour {param_hint} : {message}",
    "Missing argument": "Argument manquant",
    "Missing option": "Option manquante",
    "Missing parameter": "Paramètre manquant",
    "Missing {param_type}": "{param_type} manquant",
    "Missing parameter: {param_name}": "Paramètre manquant : {param_name}",
    "Missing command.": "Commande manquante.",
    "No such option {name!r}.": "Option inconnue {name!r}.",
    "No such command {name!r}.": "Commande inconnue {name!r}.",
    "No such option: {name}": "Option inconnue : {name}",
    "Did you mean {possibility}?": "Vouliez-vous dire {possibility} ?",
    "(Did you mean one of: {possibilities}?)": "(Vouliez-vous dire l'une de : {possibilities} ?)",
    "Got unexpected extra argument ({args})": "Argument en trop ({args})",
    "Got unexpected extra arguments ({args})": "Arguments en trop ({args})",
    "Option {name!r} requires an argument.": "L'option {name!r} demande une valeur.",
    "Option {name!r} requires {nargs} arguments.": "L'option {name!r} demande {nargs} valeurs.",
    "Option {name!r} does not take a value.": "L'option {name!r} ne prend pas de valeur.",
    "{value!r} is not a valid {number_type}.": "{value!r} n'est pas un {number_type} valide.",
    "integer": "nombre entier",
    "float": "nombre",
    "{value} is not in the range {range}.": "{value} n'est pas dans l'intervalle {range}.",
    "{value!r} is not {choice}.": "{value!r} n'est pas {choice}.",
    "{value!r} is not one of {choices}.": "{value!r} n'est pas l'une des valeurs {choices}.",
    "{value!r} is not a valid boolean. Recognized values: {states}": (
        "{value!r} n'est pas un booléen. Valeurs reconnues : {states}"
    ),
    "{name} {filename!r} does not exist.": "{name} {filename!r} n'existe pas.",
    "{name} {filename!r} is a directory.": "{name} {filename!r} est un dossier.",
    "{name} {filename!r} is not readable.": "{name} {filename!r} n'est pas lisible.",
    "file": "fichier",
    "directory": "dossier",
    "path": "chemin",
    "Show this message and exit.": "Afficher cette aide et quitter.",
    "Show the version and exit.": "Afficher la version et quitter.",
    "[default: {}]": "[défaut : {}]",
    "default: {default}": "défaut : {default}",
    "[required]": "[obligatoire]",
    "(deprecated) ": "(obsolète) ",
}

# Command help written in English by each layer, in French (the first line is what lists show).
FRENCH_HELP: dict[str, str] = {
    "Parlour: family card games to play, simulate, search and learn (`parlour games`).": (
        "Parlour : des jeux de cartes en famille, pour jouer, simuler, chercher et apprendre "
        "(`parlour games`)."
    ),
    "Print the version and exit.": "Afficher la version et quitter.",
    "Replay a saved game: the narration, or the result with --json.": (
        "Rejouer une partie enregistrée : le récit, ou le résultat avec --json."
    ),
    "A game record (parlour-record/1 JSON).": (
        "Un enregistrement de partie (JSON parlour-record/1)."
    ),
    "Print the result as JSON.": "Afficher le résultat en JSON.",
    "Language of the texts: fr or en (default: the system's).": (
        "Langue des textes : fr ou en (par défaut celle du système)."
    ),
    "Print the rules of a game and its options with their defaults.": (
        "Afficher les règles d'un jeu et ses options avec leurs valeurs par défaut."
    ),
    "The game (see `parlour games`).": "Le jeu (voir `parlour games`).",
    "Credits and licence.": "Crédits et licence.",
    "List the games this installation offers.": "Lister les jeux de cette installation.",
    'Print the shell completion script, e.g. `eval "$(parlour completion bash)"`.': (
        'Afficher le script de complétion du shell, par ex. `eval "$(parlour completion bash)"`.'
    ),
    "bash, zsh or fish.": "bash, zsh ou fish.",
    "Play in the terminal against bots or hot-seat; flags skip the setup screen.": (
        "Jouer dans le terminal contre des robots ou à plusieurs sur le même écran ; les "
        "options passent l'écran de préparation."
    ),
    "Number of players (skips the setup screen).": (
        "Nombre de joueurs (passe l'écran de préparation)."
    ),
    "People at the keyboard: a count or names (Léa,Tom); two or more play hot-seat.": (
        "Les personnes au clavier : un nombre ou des noms (Léa,Tom) ; à deux ou plus, "
        "l'écran se passe de main en main."
    ),
    "Bots of the other seats, e.g. strong,strong,counter, or an import path such as "
    "mypkg.mybots:MyBot.": (
        "Robots des autres places, par ex. strong,strong,counter, ou un chemin d'import "
        "comme mypkg.mybots:MyBot."
    ),
    "A rules option key=value (repeatable).": "Une option de règle clé=valeur (répétable).",
    "Seed of the deal.": "Graine de la donne.",
    "fr or en (default: the system's).": "fr ou en (par défaut celle du système).",
    "Milliseconds between two bot moves.": "Millisecondes entre deux coups de robot.",
    "Bots play at once, without pauses.": "Les robots jouent aussitôt, sans pause.",
    "Show hints from the start.": "Montrer les aides dès le début.",
    "Keys at the table: Enter or a digit plays, x lists every move (and why one is not "
    "allowed), h hints, r rules, s save, + and - the bots' pace, * instant, a auto-play, "
    "i about, q quit.": (
        "Touches à la table : Entrée ou un chiffre joue, x liste tous les coups (et pourquoi "
        "l'un d'eux est interdit), h les aides, r les règles, s enregistre, + et - le rythme "
        "des robots, * instantané, a jeu automatique, i à propos, q quitter."
    ),
    "Go on with a saved game (a record file).": (
        "Reprendre une partie enregistrée (un fichier d'enregistrement)."
    ),
}


def _french(message: str) -> str:
    return FRENCH.get(message, message)


def _french_plural(singular: str, plural: str, n: int) -> str:
    from parlour.i18n import plural_index

    return _french(plural if plural_index("fr", n) else singular)


# Click, and the copy of Click that recent Typer releases carry inside them.
_CLICK_MODULES = (
    *(
        f"{package}.{module}"
        for package in ("click", "typer._click")
        for module in ("core", "exceptions", "formatting", "types", "parser", "decorators")
    ),
    "typer.core",
    "typer.main",
)
_TYPER_CONSTANTS = {
    "DEPRECATED_STRING": "(deprecated) ",
    "DEFAULT_STRING": "[default: {}]",
    "REQUIRED_LONG_STRING": "[required]",
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error",
    "ABORTED_TEXT": "Aborted.",
    "RICH_HELP": "Try [blue]'{command_path} {help_option}'[/] for help.",
}


def install_french_click() -> None:
    """Click's and Typer's own words in French, for this process (the command line).

    Typer's help panels (`typer.rich_utils`, loaded only to print help or a usage error) get
    theirs through `french_rich_texts` when they load.
    """
    # The Click that Typer runs, already loaded with Typer: recent releases carry their own, and
    # a separate Click that is installed but not loaded serves nothing here (nor slows it).
    packages = [p for p in ("click", "typer._click") if p in sys.modules]
    for name in _CLICK_MODULES:
        if name.split(".")[0] == "click" and "click" not in packages:
            continue
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        if hasattr(module, "_"):
            setattr(module, "_", _french)  # noqa: B010  (Click's gettext alias)
        if hasattr(module, "ngettext"):
            setattr(module, "ngettext", _french_plural)  # noqa: B010
    for package in packages:
        try:
            exceptions = importlib.import_module(f"{package}.exceptions")
        except ImportError:
            continue
        for name in dir(exceptions):
            cls: Any = getattr(exceptions, name)
            if isinstance(cls, type) and "format_message" in vars(cls):
                setattr(cls, "format_message", _translated(vars(cls)["format_message"]))  # noqa: B010


def french_rich_texts(rich_utils: Any) -> None:
    """The words of Typer's help panels (the module `typer.rich_utils`) in French."""
    for constant, english in _TYPER_CONSTANTS.items():
        if hasattr(rich_utils, constant):
            setattr(rich_utils, constant, _french(english))


# The messages that the copy of Click inside Typer writes without gettext, as patterns (compiled
# at their first use, by `re`'s cache: only a French error needs them).
_FRENCH_PATTERNS = [
    (r"^Invalid value for (.+?): (.*)$", r"Valeur invalide pour \1 : \2"),
    (r"^No such option: (.*)$", r"Option inconnue : \1"),
    (r"^No such command '(.*)'\.$", r"Commande inconnue « \1 »."),
    (r"^Missing argument '(.*)'\.$", r"Argument manquant « \1 »."),
    (r"^Missing option '(.*)'\.$", r"Option manquante « \1 »."),
    (r"^Option '(.*)' requires an argument\.$", r"L'option « \1 » demande une valeur."),
    (r"^Got unexpected extra arguments? \((.*)\)$", r"Argument en trop (\1)"),
    (r"Input should be a valid integer.*$", "un nombre entier est attendu"),
    (r"Input should be a valid number.*$", "un nombre est attendu"),
    (r"^(.*) is not in the range (.*)\.$", r"\1 n'est pas dans l'intervalle \2."),
    (r"^(.*) is not one of (.*)\.$", r"\1 n'est pas l'une des valeurs \2."),
]


def _french_message(message: str) -> str:
    for _round in range(2):  # "Invalid value for X: <inner message>" translates twice
        for pattern, french in _FRENCH_PATTERNS:
            message = re.sub(pattern, french, message)
    return message


def _translated(format_message: Callable[[Any], str]) -> Callable[[Any], str]:
    def french(self: Any) -> str:
        return _french_message(format_message(self))

    return french


def translate_help(command: Any, translate: Callable[[str], str] | None = None) -> None:
    """The help texts of a Click command tree in French, where the catalogue has them."""
    translate = translate or (lambda text: FRENCH_HELP.get(text, text))

    def french_doc(text: str | None) -> str | None:
        if not text:
            return text
        paragraphs = [" ".join(part.split()) for part in text.split("\n\n")]
        return "\n\n".join(translate(part) for part in paragraphs)

    command.help = french_doc(command.help)
    if getattr(command, "short_help", None):
        command.short_help = translate(command.short_help)
    for param in getattr(command, "params", []):
        if getattr(param, "help", None):
            param.help = translate(param.help)
    original = getattr(command, "get_help_option", None)
    if original is not None:

        def help_option(ctx: Any) -> Any:
            option = original(ctx)
            if option is not None and option.help:
                option.help = _french(option.help)
            return option

        command.get_help_option = help_option
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub, translate)
