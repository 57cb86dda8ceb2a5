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
    "No such option {name!r}.": "Option inconnue « {name} ».",
    "No such command {name!r}.": "Commande inconnue « {name} ».",
    "No such option: {name}": "Option inconnue : {name}",
    "Did you mean {possibility}?": "Vouliez-vous dire {possibility} ?",
    "(Did you mean one of: {possibilities}?)": "(Vouliez-vous dire l'une de : {possibilities} ?)",
    "Got unexpected extra argument ({args})": "Argument en trop ({args})",
    "Got unexpected extra arguments ({args})": "Arguments en trop ({args})",
    "Option {name!r} requires an argument.": "L'option « {name} » demande une valeur.",
    "Option {name!r} requires {nargs} arguments.": "L'option « {name} » demande {nargs} valeurs.",
    "Option {name!r} does not take a value.": "L'option « {name} » ne prend pas de valeur.",
    "{value!r} is not a valid {number_type}.": "« {value} » n'est pas un {number_type} valide.",
    "integer": "nombre entier",
    "float": "nombre",
    "{value} is not in the range {range}.": "{value} n'est pas dans l'intervalle {range}.",
    "{value!r} is not {choice}.": "« {value} » n'est pas {choice}.",
    "{value!r} is not one of {choices}.": "« {value} » n'est pas l'une des valeurs {choices}.",
    "{value!r} is not a valid boolean. Recognized values: {states}": (
        "« {value} » n'est pas un booléen. Valeurs reconnues : {states}"
    ),
    "{name} {filename!r} does not exist.": "{name} « {filename} » n'existe pas.",
    "{name} {filename!r} is a directory.": "{name} « {filename} » est un dossier.",
    "{name} {filename!r} is not readable.": "{name} « {filename} » n'est pas lisible.",
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
    "Show hints from the start.": "Montrer les indices dès le début.",
    "The Jeu des 7 familles' own commands: its decks.": (
        "Les commandes propres au Jeu des 7 familles : ses jeux de cartes."
    ),
    "Keys at the table: Enter or a digit plays, x lists every move (and why one is not "
    "allowed), h hints, r rules, s save, + and - the bots' pace, * instant, a auto-play, "
    "i about, q quit, ? or F1 every key.": (
        "Touches à la table : Entrée ou un chiffre joue, x liste tous les coups (et pourquoi "
        "l'un d'eux est interdit), h les indices, r les règles, s enregistre, + et - le rythme "
        "des robots, * instantané, a jeu automatique, i à propos, q quitter, ? ou F1 toutes "
        "les touches."
    ),
    "Go on with a saved game (a record file).": (
        "Reprendre une partie enregistrée (un fichier d'enregistrement)."
    ),
    "Print the review of that seat's decisions (0 is the first seat) instead.": (
        "Afficher plutôt la revue des décisions de cette place (0 est la première)."
    ),
    # parlour simulate, parlour tournament (sim/cli.py)
    "Bots play each other, seats rotated; wins (ties shared) with 95% intervals.": (
        "Des robots jouent entre eux, les places tournent ; les victoires (égalités "
        "partagées) avec leurs intervalles à 95 %."
    ),
    "Bots separated by commas, one per player: first,random, or an import path such as "
    "mypkg.mybots:MyBot (parameters after a further colon).": (
        "Robots séparés par des virgules, un par joueur : first,random, ou un chemin d'import "
        "comme mypkg.mybots:MyBot (les paramètres après un deux-points de plus)."
    ),
    "How many games.": "Nombre de parties.",
    "Master seed: the same seed gives the same table.": (
        "Graine maîtresse : la même graine donne le même tableau."
    ),
    "Local worker processes, 1 or more (default: every core).": (
        "Processus de calcul locaux, 1 ou plus (par défaut un par cœur)."
    ),
    "Run on a Ray cluster: auto, or its address (head:6379).": (
        "Calculer sur une grappe Ray : auto, ou son adresse (head:6379)."
    ),
    "Save plots to a .png or .svg file.": (
        "Enregistrer les graphiques dans un fichier .png ou .svg."
    ),
    "Save one row per game: .csv or .parquet.": (
        "Enregistrer une ligne par partie : .csv ou .parquet."
    ),
    "Save every game's record in this folder.": ("Enregistrer chaque partie dans ce dossier."),
    "Show the progress bar (on stderr).": "Afficher la barre de progression (sur stderr).",
    "Every table of bots plays --games games; OpenSkill ranks the bots, with intervals.": (
        "Chaque table de robots joue --games parties ; OpenSkill classe les robots, avec des "
        "intervalles."
    ),
    "How many games per table.": "Nombre de parties par table.",
    "Bots per table (default 2: every pairing).": (
        "Robots par table (2 par défaut : toutes les paires)."
    ),
    "Save the standings: .json or .csv (default: tournament-GAME.json).": (
        "Enregistrer le classement : .json ou .csv (par défaut tournament-GAME.json)."
    ),
    # parlour serve (web/cli.py)
    "Open the web table: a lobby, tables with friends and bots, in the browser.": (
        "Ouvrir la table en ligne : un salon, des tables entre amis et avec des robots, dans "
        "le navigateur."
    ),
    "Address to listen on.": "Adresse d'écoute.",
    "Port to listen on.": "Port d'écoute.",
    "Database URL (default: a SQLite file in your data folder; "
    "postgresql://user:pass@host/name for PostgreSQL).": (
        "URL de la base de données (par défaut un fichier SQLite dans votre dossier de "
        "données ; postgresql://user:pass@host/name pour PostgreSQL)."
    ),
    "Seconds a bot waits before it plays.": "Secondes qu'attend un robot avant de jouer.",
    "Messages per second one connection may send (flood guard).": (
        "Messages par seconde qu'une connexion peut envoyer (contre l'inondation)."
    ),
    "Server processes (more than one needs PostgreSQL: any process serves any table).": (
        "Processus serveurs (plus d'un demande PostgreSQL : chaque processus sert chaque table)."
    ),
    "New tables one client address may open a minute.": (
        "Nouvelles tables qu'une adresse cliente peut ouvrir par minute."
    ),
    "Table pages (WebSockets) one client address may keep open at once, per server process.": (
        "Pages de table (WebSockets) qu'une adresse cliente peut garder ouvertes à la fois, par "
        "processus serveur."
    ),
    "Address of a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto are believed "
    "(repeat it, or a comma list). Without it, every client is the address it connects from.": (
        "Adresse d'un proxy inverse dont on croit les X-Forwarded-For et X-Forwarded-Proto "
        "(répétable, ou une liste à virgules). Sans elle, chaque client est l'adresse d'où il "
        "se connecte."
    ),
    # parlour rl (rl/cli.py)
    "Research adapters: PettingZoo, Gymnasium and OpenSpiel.": (
        "Adaptateurs pour la recherche : PettingZoo, Gymnasium et OpenSpiel."
    ),
    "Print the observation segments of GAME (name, slice, bounds) and its action count.": (
        "Afficher les segments de l'observation de GAME (nom, tranche, bornes) et son nombre "
        "de coups."
    ),
    "Number of players.": "Nombre de joueurs.",
    "A rules option k=v (repeatable).": "Une option de règle k=v (répétable).",
    "Run the conformance tests of PettingZoo, Gymnasium and OpenSpiel on GAME.": (
        "Lancer les tests de conformité de PettingZoo, Gymnasium et OpenSpiel sur GAME."
    ),
    # parlour beggar (games/beggar/cli.py)
    "Beggar-My-Neighbour: deals, statistics, records.": (
        "Beggar-My-Neighbour (Ruine-ton-voisin) : donnes, statistiques, records."
    ),
    "Play one deal to its end: explicit hands (the first leads) or --players N --seed S.": (
        "Jouer une donne jusqu'au bout : des mains données (la première commence) ou "
        "--players N --seed S."
    ),
    "Explicit hands may hold any cards, in any number and any hand sizes (say 26 number cards "
    "each, or five aces): penalty cards act by rank (J 1, Q 2, K 3, A 4). Only the variant "
    "cards need their option: X jokers (--rules jokers=N, at most N) and B "
    "(--rules beggar_joker=true).": (
        "Les mains données peuvent tenir n'importe quelles cartes, en tout nombre et de toutes "
        "tailles (26 cartes de nombre chacune, ou cinq as) : les cartes qui font payer agissent "
        "selon leur rang (J 1, Q 2, K 3, A 4). Seules les cartes des variantes demandent leur "
        "option : X les jokers (--rules jokers=N, au plus N) et B (--rules beggar_joker=true)."
    ),
    "Cards: 2..10 or T, J Q K A, - for any number card, each rank with an optional suit "
    "(♠♥♦♣ or S H D C): 10H2SKD, K♠A♥, or '2 K 10 Q'.": (
        "Cartes : 2..10 ou T, J Q K A, - pour une carte de nombre quelconque, chaque rang avec "
        "une couleur facultative (♠♥♦♣ ou S H D C) : 10H2SKD, K♠A♥, ou '2 K 10 Q'."
    ),
    "Every argument that is not an option is a hand, even one beginning with - (-K--A, ---). "
    "A -- before the first hand ends the options and is not a hand; anywhere else, or before "
    "a single hand, -- is a hand of two number cards: deal -- -- --- and deal -- --- both "
    "play the hands -- and ---.": (
        "Tout argument qui n'est pas une option est une main, même s'il commence par - (-K--A, "
        "---). Un -- avant la première main termine les options et n'est pas une main ; "
        "partout ailleurs, ou avant une main seule, -- est une main de deux cartes de nombre : "
        "deal -- -- --- et deal -- --- jouent tous deux les mains -- et ---."
    ),
    "Hands, top card first, e.g. -K--A or 2A78Q10: any cards, not only a deck's.": (
        "Les mains, carte du dessus en premier, par ex. -K--A ou 2A78Q10 : n'importe quelles "
        "cartes, pas seulement celles d'un paquet."
    ),
    "Shuffle a deal for N players.": "Battre une donne pour N joueurs.",
    "Seed of the shuffled deal.": "Graine de la donne battue.",
    "Print JSON.": "Afficher du JSON.",
    "Play many random deals (compiled kernel) and print the distribution of game length.": (
        "Jouer de nombreuses donnes au hasard (noyau compilé) et afficher la distribution de "
        "la longueur des parties."
    ),
    "Rules options: exhausted_payer, jokers, beggar_joker and max_turns (a deal longer than the "
    "cap is counted as capped, as deal reports it); shuffle_captured, match and "
    "on_loop=most_cards are refused.": (
        "Options de règle : exhausted_payer, jokers, beggar_joker et max_turns (une donne plus "
        "longue que le plafond compte comme plafonnée, comme deal l'indique) ; "
        "shuffle_captured, match et on_loop=most_cards sont refusées."
    ),
    "Players per deal (2 to 6).": "Joueurs par donne (de 2 à 6).",
    "How many random deals.": "Nombre de donnes au hasard.",
    "Seed of the deals.": "Graine des donnes.",
    "Threads playing deals (0: every core).": "Fils d'exécution qui jouent (0 : un par cœur).",
    "The published record deals, each replayed now by the reference engine and the kernel.": (
        "Les donnes records publiées, chacune rejouée maintenant par le moteur de référence "
        "et par le noyau."
    ),
    "Search long games and loops: random deals and local search by swapping cards.": (
        "Chercher des parties longues et des boucles : donnes au hasard et recherche locale "
        "par échange de cartes."
    ),
    "How long to search.": "Durée de la recherche.",
    "Worker processes (0: every core).": "Processus de calcul (0 : un par cœur).",
    "Run on a Ray cluster at this address ('auto', 'local', ...).": (
        "Calculer sur une grappe Ray à cette adresse ('auto', 'local'...)."
    ),
    "Store every deal of at least this many cards.": (
        "Garder chaque donne d'au moins ce nombre de cartes."
    ),
    "JSON-lines file of found deals (resumed).": (
        "Fichier JSON-lines des donnes trouvées (repris)."
    ),
    "Seed of the search.": "Graine de la recherche.",
    "Replay every stored deal with the reference engine.": (
        "Rejouer chaque donne gardée avec le moteur de référence."
    ),
    # parlour decks (games/familles/cli.py)
    "Decks of the Jeu des 7 familles: the built-in ones, and checking your own TOML deck.": (
        "Les jeux de cartes du Jeu des 7 familles : ceux fournis, et la vérification de votre "
        "propre jeu TOML."
    ),
    "The built-in decks (use one with --rules deck=ID, or deck=PATH for your own).": (
        "Les jeux fournis (en choisir un avec --rules deck=ID, ou deck=CHEMIN pour le vôtre)."
    ),
    "Validate a deck file: a clear message for the first problem, or a summary.": (
        "Vérifier un fichier de jeu : un message clair pour le premier problème, ou un résumé."
    ),
    "A deck file (TOML).": "Un fichier de jeu (TOML).",
    "fr or en.": "fr ou en.",
    # parlour flip7 (games/flip7/cli.py)
    "Flip 7: the exact single-round solver.": "Flip 7 : le solveur exact d'une manche.",
    "One player alone in a round, from a full deck: exact optimal play by dynamic programming.": (
        "Un joueur seul dans une manche, le paquet complet : le jeu optimal exact, par "
        "programmation dynamique."
    ),
    "Action cards are outside the model (a lone player's actions are mostly forced).": (
        "Les cartes action sont hors du modèle (les actions d'un joueur seul sont presque "
        "toujours forcées)."
    ),
    "Only number cards (79), as published analyses.": (
        "Seulement les cartes numéro (79), comme les analyses publiées."
    ),
    "Keep the + cards out of the deck (x2 stays).": (
        "Retirer les cartes + du paquet (le x2 reste)."
    ),
    "Cards in front of you, e.g. 12,11 or 7,x2,+4: hit or stay?": (
        "Les cartes devant vous, par ex. 12,11 ou 7,x2,+4 : encore ou stop ?"
    ),
    "Flip 7 bonus points.": "Points du bonus Flip 7.",
}


def _nbsp(text: str) -> str:
    """French typography: a non-breaking space inside « » and before : ; ! ?, so that a line
    never breaks inside the quotes or before the punctuation (as parlour.i18n.errors does)."""
    text = text.replace("« ", "«\u00a0").replace(" »", "\u00a0»")
    return re.sub(r" ([:;!?])", "\u00a0\\1", text)


def _french(message: str) -> str:
    return _nbsp(FRENCH[message]) if message in FRENCH else message


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
        _french_usage_prefix(package)
        try:
            exceptions = importlib.import_module(f"{package}.exceptions")
        except ImportError:
            continue
        for name in dir(exceptions):
            cls: Any = getattr(exceptions, name)
            if isinstance(cls, type) and "format_message" in vars(cls):
                setattr(cls, "format_message", _translated(vars(cls)["format_message"]))  # noqa: B010


def _french_usage_prefix(package: str) -> None:
    """ "Usage: " in French: the copy of Click inside Typer writes it without gettext, as the
    default of `HelpFormatter.write_usage` (no constant of Typer's holds it)."""
    try:
        formatting = importlib.import_module(f"{package}.formatting")
    except ImportError:
        return
    formatter: Any = getattr(formatting, "HelpFormatter", None)
    original = getattr(formatter, "write_usage", None)
    if original is None or getattr(original, "parlour_french", False):
        return

    def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        original(self, prog, args, f"{_french('Usage:')} " if prefix is None else prefix)

    write_usage.parlour_french = True  # type: ignore[attr-defined]
    formatter.write_usage = write_usage


def french_rich_texts(rich_utils: Any) -> None:
    """The words of Typer's help panels (the module `typer.rich_utils`) in French."""
    for constant, english in _TYPER_CONSTANTS.items():
        if hasattr(rich_utils, constant):
            setattr(rich_utils, constant, _french(english))
    # The usage line's first words are highlighted by a pattern of their English.
    highlighter: Any = getattr(rich_utils, "highlighter", None)
    highlights = getattr(highlighter, "highlights", None)
    if isinstance(highlights, list):
        french = rf"(?P<usage>{re.escape(_french('Usage:'))} )"
        highlighter.highlights = [*highlights, french] if french not in highlights else highlights


# The messages that the copy of Click inside Typer writes without gettext, and Pydantic's (Typer
# 0.2x converts values with it), as patterns (compiled at their first use, by `re`'s cache: only
# a French error needs them). A replacement is a template, or a function of the match.
_FRENCH_PATTERNS: list[tuple[str, str | Callable[[re.Match[str]], str]]] = [
    (r"^Invalid value for (.+?): (.*)$", r"Valeur invalide pour \1 : \2"),
    (r"^No such option: (.*)$", r"Option inconnue : \1"),
    (r"^No such command '(.*)'\.$", r"Commande inconnue « \1 »."),
    (r"^Missing argument '(.*)'\.$", r"Argument manquant « \1 »."),
    (r"^Missing option '(.*)'\.$", r"Option manquante « \1 »."),
    (r"^Option '(.*)' requires an argument\.$", r"L'option « \1 » demande une valeur."),
    (
        r"^Got unexpected extra argument(?:s|\(s\))? \((.*)\)$",
        lambda m: (
            ("Arguments en trop" if " " in m[1].strip() else "Argument en trop") + f" ({m[1]})"
        ),
    ),
    (r"Input should be a valid integer.*$", "un nombre entier est attendu"),
    (r"Input should be a valid number.*$", "un nombre est attendu"),
    (r"Input should be a valid boolean.*$", "un booléen est attendu (true ou false)"),
    (
        r"Input should be greater than or equal to (\S+)$",
        lambda m: f"la valeur doit être supérieure ou égale à {_decimal(m[1])}",
    ),
    (
        r"Input should be less than or equal to (\S+)$",
        lambda m: f"la valeur doit être inférieure ou égale à {_decimal(m[1])}",
    ),
    (
        r"Input should be greater than (\S+)$",
        lambda m: f"la valeur doit être strictement supérieure à {_decimal(m[1])}",
    ),
    (
        r"Input should be less than (\S+)$",
        lambda m: f"la valeur doit être strictement inférieure à {_decimal(m[1])}",
    ),
    (r"^(.*) is not in the range (.*)\.$", r"\1 n'est pas dans l'intervalle \2."),
    (r"^(.*) is not one of (.*)\.$", r"\1 n'est pas l'une des valeurs \2."),
    # A name Click quotes as repr does ('--pace'), in French quotes; never an elision (l'aide).
    (r"(?<![\w'])'([^'\s]+)'(?![\w'])", r"« \1 »"),
]


def _decimal(number: str) -> str:
    """A number as French writes it: a decimal comma (0,5)."""
    return number.replace(".", ",") if re.fullmatch(r"-?\d+\.\d+", number) else number


def _french_message(message: str) -> str:
    for _round in range(2):  # "Invalid value for X: <inner message>" translates twice
        for pattern, french in _FRENCH_PATTERNS:
            if isinstance(french, str):
                french = _nbsp(french)
            message = re.sub(pattern, french, message)
    return message


def _translated(format_message: Callable[[Any], str]) -> Callable[[Any], str]:
    def french(self: Any) -> str:
        return _french_message(format_message(self))

    return french


def translate_help(command: Any, translate: Callable[[str], str] | None = None) -> None:
    """The help texts of a Click command tree in French, where the catalogue has them."""
    translate = translate or (
        lambda text: _nbsp(FRENCH_HELP[text]) if text in FRENCH_HELP else text
    )

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
