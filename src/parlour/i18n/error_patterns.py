"""The English messages of Parlour's errors, as patterns, and their French.

The table of `parlour.i18n.errors`, kept apart so that the code that reads it stays short.
In a French text, « » get their non-breaking spaces when the table is compiled; a group whose
value is a quoted string ('x', as repr writes it) reads « x »; `{n:#one|many}` is the word that
agrees with the count n; a `why` group (another error's message, inside this one) is translated
in turn; the groups named in `errors._NAME_LISTS` are lists of names, each quoted. The first
pattern that matches is the one used, so a precise pattern comes before a general one.
"""

from __future__ import annotations

# (English message pattern, French text): the messages of the layers (bots, seats, options,
# files, records, moves); those of the games' own errors follow them, in `errors`.
MESSAGES: list[tuple[str, str]] = [
    # Bots (bots/base.py, play/runner.py)
    (
        r"^unknown bot (?P<bot>'.*') for (?P<game>\w+); bots are: (?P<bots>.*) "
        r"\(or an import path, package\.module:Class\)$",
        "robot inconnu {bot} pour {game} ; les robots sont : {bots} (ou un chemin "
        "d'import, paquet.module:Classe)",
    ),
    (
        r"^unknown bot (?P<bot>'.*') for (?P<game>\w+); bots are: (?P<bots>.*)$",
        "robot inconnu {bot} pour {game} ; les robots sont : {bots}",
    ),
    (
        r"^bad parameters for bot (?P<bot>'.*'): (?P<name>\S+) takes no parameter$",
        "mauvais paramètres pour le robot {bot} : «{name}» ne prend aucun paramètre",
    ),
    (
        r"^bad parameters for bot (?P<bot>'.*'): (?P<name>\S+) takes (?P<params>.*) "
        r"\(numbers\), not (?P<given>'.*')$",
        "mauvais paramètres pour le robot {bot} : «{name}» attend des nombres "
        "({params}), pas {given}",
    ),
    (
        r"^bad parameters for bot (?P<bot>'.*?'): (?P<name>\S+) takes (?P<params>.*)$",
        "mauvais paramètres pour le robot {bot} : «{name}» prend {params}",
    ),
    (
        r"^bad parameters for bot (?P<bot>'.*?'): (?P<why>.*)$",
        "mauvais paramètres pour le robot {bot} : {why}",
    ),
    (
        r"^bot (?P<bot>'.*?'): cannot import module (?P<module>'.*?') \((?P<why>.*)\); is "
        r"its folder on PYTHONPATH or its package installed\?$",
        "robot {bot} : impossible d'importer le module {module} ({why}) ; son dossier est-il "
        "dans PYTHONPATH, ou son paquet installé ?",
    ),
    (r"^No module named (?P<module>'.*')$", "aucun module nommé {module}"),
    (
        r"^bot (?P<bot>'.*?'): importing module (?P<module>'.*?') failed: (?P<error>.*)$",
        "robot {bot} : l'import du module {module} a échoué : {error}",
    ),
    (
        r"^bot (?P<bot>'.*?'): module (?P<module>'.*?') has no attribute (?P<attr>'.*')$",
        "robot {bot} : le module {module} n'a pas d'attribut {attr}",
    ),
    (
        r"^bot (?P<bot>'.*?'): (?P<path>\S+) is not a bot \(a (?P<kind>\w+)\); name a "
        r"subclass of parlour\.bots\.Bot or a function that returns one$",
        "robot {bot} : {path} n'est pas un robot (c'est un {kind}) ; nommez une sous-classe "
        "de parlour.bots.Bot ou une fonction qui en renvoie un",
    ),
    (
        r"^bot (?P<bot>'.*?') is declared by an installed package but does not load: "
        r"(?P<why>.*)$",
        "le robot {bot} est déclaré par un paquet installé mais ne se charge pas : {why}",
    ),
    (
        r"^bot (?P<bot>'.*?') is an import path; only installed bots play here: "
        r"(?P<bots>.*)$",
        "le robot {bot} est un chemin d'import ; seuls les robots installés jouent ici : {bots}",
    ),
    (
        r"^bot (?P<bot>'.*?') is not a bot: (?P<name>\S+) made a (?P<kind>\w+), not a "
        r"parlour\.bots\.Bot$",
        "le robot {bot} n'en est pas un : {name} a fait un {kind}, pas un parlour.bots.Bot",
    ),
    (
        r"^bot (?P<bot>'.*?') returned (?P<what>.*), not an action: return one of "
        r"decision\.legal_actions$",
        "le robot {bot} a renvoyé {what}, qui n'est pas un coup : il doit renvoyer l'un "
        "des decision.legal_actions",
    ),
    (r"^empty bot name$", "nom de robot vide"),
    (r"^bot (?P<bot>.+) cannot play$", "le robot {bot} ne peut pas jouer"),
    (
        r"^--bots takes bot names separated by commas, got (?P<value>.*)$",
        "--bots prend des noms de robots séparés par des virgules, pas {value}",
    ),
    # A game that failed in a run of simulate or tournament (sim/simulation.py)
    (
        r"^table (?P<table>\d+) \((?P<bots>.*?)\): (?P<why>game \d+ of \w+ failed .*)$",
        "table {table} ({bots}) : {why}",
    ),
    (
        r"^game (?P<n>\d+) of (?P<game>\w+) failed \(seed (?P<seed>\d+), seats (?P<seats>.*), "
        r"seat (?P<seat>\d+) to move, after (?P<turns>\d+) turns\): (?P<why>.*)$",
        "la partie {n} de {game} a échoué (graine {seed}, places {seats}, place {seat} au "
        "trait, après {turns} tours) : {why}",
    ),
    (
        r"^game (?P<n>\d+) of (?P<game>\w+) failed \(seed (?P<seed>\d+), seats (?P<seats>.*), "
        r"after (?P<turns>\d+) turns\): (?P<why>.*)$",
        "la partie {n} de {game} a échoué (graine {seed}, places {seats}, après {turns} "
        "tours) : {why}",
    ),
    (
        r"^(?P<error>.*); record saved to (?P<path>.*)$",
        "{error} ; la partie jusque-là est enregistrée dans {path}",
    ),
    (
        r"^(?P<error>.*); traceback saved to (?P<path>.*)$",
        "{error} ; la trace de l'erreur est enregistrée dans {path}",
    ),
    # Games, players and seats (core, tui)
    (
        r"^unknown game (?P<game>'.*'); games are: (?P<games>.*)$",
        "jeu inconnu {game} ; les jeux sont : {games}",
    ),
    (
        r"^game (?P<game>'.*') cannot be loaded \((?P<why>.*)\)$",
        "le jeu {game} ne peut pas être chargé ({why})",
    ),
    (
        r"^(?P<game>\w+) is played by (?P<low>\d+) to (?P<high>\d+) players, not (?P<n>-?\d+)"
        r"(?P<rest>.*)$",
        "{game} se joue de {low} à {high} joueurs, pas {n}{rest}",
    ),
    (
        r"^(?P<game>\w+) is played by (?P<low>\d+) players?, not (?P<n>-?\d+)(?P<rest>.*)$",
        "{game} se joue à {low} {low:#joueur|joueurs}, pas {n}{rest}",
    ),
    (
        r"^(?P<n>\d+) human seats but only (?P<players>-?\d+) players$",
        "{n} {n:#place humaine|places humaines} mais seulement {players} {players:#joueur|joueurs}",
    ),
    (
        r"^(?P<players>-?\d+) players cannot seat (?P<humans>\d+) human\(s\) and "
        r"(?P<robots>\d+) bot\(s\)$",
        "{players} {players:#joueur ne suffit|joueurs ne suffisent} pas pour {humans} "
        "{humans:#humain|humains} et {robots} {robots:#robot|robots}",
    ),
    (
        r"^name the game to play, e\.g\. (?P<example>.*)$",
        "nommez le jeu, par exemple {example}",
    ),
    (r"^every seat needs a name$", "chaque place doit avoir un nom"),
    (r"^two seats have the same name$", "deux places portent le même nom"),
    (r"^a seat needs a name, got (?P<value>.*)$", "une place doit avoir un nom, pas {value}"),
    (
        r"^a seat's age must be a whole number, got (?P<value>.*)$",
        "l'âge d'une place est un nombre entier, pas {value}",
    ),
    (r"^seat (?P<seat>-?\d+) is not a person$", "la place {seat} n'est pas une personne"),
    (r"^no bot is to move$", "aucun robot n'a la main"),
    (
        r"^--resume goes on with the saved table; (?P<flags>.*) cannot change it$",
        "--resume reprend la table enregistrée ; {flags} ne peut pas la changer",
    ),
    (
        r"^an age is a whole number, not (?P<value>.*)$",
        "un âge est un nombre entier, pas {value}",
    ),
    (
        r"^the seed is a whole number, not (?P<value>.*)$",
        "la graine est un nombre entier, pas {value}",
    ),
    (
        r"^unknown language (?P<lang>'.*'); languages are: (?P<langs>.*)$",
        "langue inconnue {lang} ; les langues sont : {langs}",
    ),
    (
        r"^unknown shell (?P<shell>'.*'); shells are: (?P<shells>.*)$",
        "shell inconnu {shell} ; les shells sont : {shells}",
    ),
    (
        r"^(?P<feature>.+) needs the (?P<module>\S+) library: pip install '(?P<extra>.*)'$",
        "{feature} demande la bibliothèque {module} : pip install '{extra}'",
    ),
    (
        r"^rl check needs PettingZoo and Gymnasium, or OpenSpiel: pip install '(?P<rl>.*)' or "
        r"pip install '(?P<spiel>.*)'$",
        "rl check demande PettingZoo et Gymnasium, ou OpenSpiel : pip install '{rl}' ou "
        "pip install '{spiel}'",
    ),
    # Rules options (core/options.py)
    (
        r"^unknown rules option (?P<key>'.*?'); options are: (?P<opts>.*)$",
        "option de règle inconnue {key} ; les options sont : {opts}",
    ),
    (
        r"^option (?P<name>\S+) must be one of (?P<choices>.*), not (?P<value>.*)$",
        "l'option «{name}» doit valoir {choices}, pas {value}",
    ),
    (
        r"^option (?P<name>\S+) takes true or false, not (?P<value>.*)$",
        "l'option «{name}» vaut «true» ou «false», pas {value}",
    ),
    (
        r"^option (?P<name>\S+) takes a whole number, not (?P<value>.*)$",
        "l'option «{name}» est un nombre entier, pas {value}",
    ),
    (
        r"^option (?P<name>\S+) takes a number, not (?P<value>.*)$",
        "l'option «{name}» est un nombre, pas {value}",
    ),
    (
        r"^option (?P<name>\S+) takes a whole number from (?P<low>-?\d+) to (?P<high>\d+)$",
        "l'option «{name}» est un nombre entier de {low} à {high}",
    ),
    (
        r"^option (?P<name>\S+) takes text, not (?P<value>.*)$",
        "l'option «{name}» est un texte, pas {value}",
    ),
    (
        r"^option (?P<name>\S+) takes a list, not (?P<value>.*)$",
        "l'option «{name}» est une liste, pas {value}",
    ),
    (
        r"^option (?P<name>\S+) cannot be set from the command line$",
        "l'option «{name}» ne se règle pas en ligne de commande",
    ),
    (
        r"^bad value (?P<value>'.*') for (?P<name>\S+)$",
        "valeur invalide {value} pour «{name}»",
    ),
    (
        r"^a rules option is written key=value, not (?P<pair>.*)$",
        "une option de règle s'écrit clé=valeur, pas {pair}",
    ),
    (
        r"^rules are an object of options, not (?P<value>.*)$",
        "les règles sont un objet d'options, pas {value}",
    ),
    (
        r"^initial_cards must be at least 1, or -1 for OpenSpiel's default$",
        "initial_cards doit valoir au moins 1, ou -1 pour la valeur par défaut d'OpenSpiel",
    ),
    (
        r"^(?P<option>\S+) must be at least (?P<low>[^\s,]+), not (?P<value>.*)$",
        "{option} doit valoir au moins {low}, pas {value}",
    ),
    (
        r"^(?P<option>\S+) must be at most (?P<high>[^\s,]+), not (?P<value>.*)$",
        "{option} doit valoir au plus {high}, pas {value}",
    ),
    (
        r"^(?P<option>\S+) must be at least (?P<low>\S+)(?P<rest>.*)$",
        "{option} doit valoir au moins {low}{rest}",
    ),
    (
        r"^(?P<option>\S+) must be at most (?P<high>\S+)(?P<rest>.*)$",
        "{option} doit valoir au plus {high}{rest}",
    ),
    (r"^(?P<option>\S+) cannot be negative$", "{option} ne peut pas être négatif"),
    (
        r"^(?P<option>--\S+) must be 0 \(every core\) or more$",
        "{option} doit valoir 0 (tous les cœurs) ou plus",
    ),
    # Files (records, decks, outputs)
    (
        r"^cannot read deck (?P<path>.*): (?P<why>.*)$",
        "impossible de lire le jeu {path} : {why}",
    ),
    (
        r"^cannot write records to (?P<path>.*): (?P<why>.*)$",
        "impossible d'écrire les enregistrements dans {path} : {why}",
    ),
    (r"^cannot read (?P<path>.*): (?P<why>.*)$", "impossible de lire {path} : {why}"),
    (r"^cannot write (?P<path>.*): (?P<why>.*)$", "impossible d'écrire {path} : {why}"),
    (r"^cannot create (?P<path>.*): (?P<why>.*)$", "impossible de créer {path} : {why}"),
    (
        r"^(?P<path>.*) is not a game record \(not a text file\)$",
        "{path} n'est pas un enregistrement de partie (ce n'est pas un fichier texte)",
    ),
    (
        r"^(?P<path>.*) is not valid JSON: (?P<json>.*) \(line (?P<line>\d+)\)$",
        "{path} n'est pas du JSON valide : {json} (ligne {line})",
    ),
    (
        r"^(?P<path>.*) is not valid JSON: (?P<why>.*)$",
        "{path} n'est pas du JSON valide : {why}",
    ),
    (
        r"^(?P<path>.*) does not hold a record object$",
        "{path} ne contient pas d'enregistrement de partie",
    ),
    (
        r"^(?P<path>.*) is a game of (?P<game>\w+), not (?P<other>\w+)$",
        "{path} est une partie de {game}, pas de {other}",
    ),
    (
        r"^(?P<option>--\S+) (?P<path>.+): the folder (?P<folder>'.*') does not exist$",
        "{option} {path} : le dossier {folder} n'existe pas",
    ),
    (
        r"^(?P<option>--\S+) (?P<path>.+): that is a folder, not a file$",
        "{option} {path} : c'est un dossier, pas un fichier",
    ),
    (
        r"^(?P<option>--\S+) (?P<path>.+): not allowed to write there$",
        "{option} {path} : écriture non permise à cet endroit",
    ),
    (
        r"^(?P<option>--\S+) (?:writes|saves) (?P<first>\.\w+) or (?P<second>\.\w+) files, "
        r"not (?P<name>'.*')$",
        "{option} écrit des fichiers {first} ou {second}, pas {name}",
    ),
    # Records (core/records.py, core/review.py) and replays
    (r"^a record is a JSON object$", "un enregistrement est un objet JSON"),
    (
        r"^unsupported record format None \(expected (?P<expected>\S+)\)$",
        "l'enregistrement ne dit pas son format (il faut {expected})",
    ),
    (
        r"^unsupported record format (?P<format>.*) \(expected (?P<expected>\S+)\)$",
        "format d'enregistrement non pris en charge : {format} (il faut {expected})",
    ),
    (
        r"^the record has no (?P<field>'.*') field$",
        "l'enregistrement n'a pas de champ {field}",
    ),
    (
        r"^the record's game must be a game's name, not (?P<value>.*)$",
        "le jeu de l'enregistrement doit être le nom d'un jeu, pas {value}",
    ),
    (
        r"^the record's rules must be an object of options, not (?P<value>.*)$",
        "les règles de l'enregistrement doivent être un objet d'options, pas {value}",
    ),
    (
        r"^the record's seats must be a list of names, not (?P<value>.*)$",
        "les places de l'enregistrement doivent être une liste de noms, pas {value}",
    ),
    (
        r'^the record\'s seat (?P<n>\d+) must be a name or an object with a "name", not '
        r"(?P<value>.*)$",
        "la place {n} de l'enregistrement doit être un nom ou un objet avec un «name», pas {value}",
    ),
    (
        r"^the record's seat (?P<n>\d+)'s age must be a whole number, not (?P<value>.*)$",
        "l'âge de la place {n} de l'enregistrement doit être un nombre entier, pas {value}",
    ),
    (
        r"^the record's seat (?P<n>\d+)'s data must be an object, not (?P<value>.*)$",
        "les données de la place {n} de l'enregistrement doivent être un objet, pas {value}",
    ),
    (
        r"^the record's seat (?P<n>\d+)'s bot must be a bot's name, not (?P<value>.*)$",
        "le robot de la place {n} de l'enregistrement doit être un nom de robot, pas {value}",
    ),
    (
        r"^the record's seed must be an integer, got (?P<value>.*)$",
        "la graine de l'enregistrement doit être un nombre entier, pas {value}",
    ),
    (r"^the record has neither a seed nor a deal$", "l'enregistrement n'a ni graine ni donne"),
    (
        r"^the record's actions must be a list, not (?P<value>.*)$",
        "les coups de l'enregistrement doivent être une liste, pas {value}",
    ),
    (
        r'^the record\'s action (?P<n>\d+) must be an object such as \{"type": \.\.\.\}, '
        r"not (?P<value>.*)$",
        'le coup {n} de l\'enregistrement doit être un objet comme {{"type": ...}}, pas {value}',
    ),
    (
        r"^the record's result must be an object, not (?P<value>.*)$",
        "le résultat de l'enregistrement doit être un objet, pas {value}",
    ),
    (
        r"^the record's deal is malformed: (?P<why>.*)$",
        "la donne de l'enregistrement est mal formée : {why}",
    ),
    (r"^no (?P<key>'.*')$", "il manque {key}"),
    (
        r"^action (?P<n>\d+) \((?P<action>.*)\) is illegal: (?P<why>.*)$",
        "le coup {n} ({action}) est interdit : {why}",
    ),
    (
        r"^action (?P<n>\d+) \((?P<action>.*)\) is malformed: (?P<why>.*)$",
        "le coup {n} ({action}) est mal formé : {why}",
    ),
    (
        r"^replay gives (?P<got>.*), but the record says (?P<expected>.*)$",
        "la partie rejouée donne {got}, mais l'enregistrement dit {expected}",
    ),
    (
        r"^seat (?P<seat>-?\d+) is not at this game \(seats 0 to (?P<high>\d+)\)$",
        "la place {seat} n'est pas à cette partie (places 0 à {high})",
    ),
    (
        r"^(?P<game>\w+) offers no review of a seat's decisions$",
        "{game} n'offre pas de revue des décisions d'une place",
    ),
    (r"^no deal stored in (?P<path>.*)$", "aucune donne enregistrée dans {path}"),
    # The web server's options (web/cli.py, web/storage.py)
    (r"^--bot-delay is between 0 and 30 seconds$", "--bot-delay est entre 0 et 30 secondes"),
    (
        r"^--host is empty: give an address \(127\.0\.0\.1, or 0\.0\.0\.0 for all\)$",
        "--host est vide : donnez une adresse (127.0.0.1, ou 0.0.0.0 pour toutes)",
    ),
    (
        r"^--port must be between 1 and 65535, not (?P<port>-?\d+)$",
        "--port doit être entre 1 et 65535, pas {port}",
    ),
    (r"^--rate must be positive$", "--rate doit être positif"),
    (r"^--workers is at least 1$", "--workers vaut au moins 1"),
    (
        r"^--workers above 1 needs PostgreSQL \(--db postgresql://\.\.\.\): a SQLite database "
        r"is served by one process$",
        "--workers au-delà de 1 demande PostgreSQL (--db postgresql://...) : une base SQLite "
        "est servie par un seul processus",
    ),
    (
        r"^port (?P<port>\d+) is already in use on (?P<host>\S+) \(another server\?\): try "
        r"another --port$",
        "le port {port} est déjà pris sur {host} (un autre serveur ?) : essayez un autre --port",
    ),
    (
        r"^--host (?P<host>'.*') cannot be resolved: (?P<why>.*)$",
        "--host {host} est introuvable : {why}",
    ),
    (r"^cannot listen on (?P<url>\S+): (?P<why>.*)$", "impossible d'écouter sur {url} : {why}"),
    (
        r"^--proxy takes IP addresses or networks \(127\.0\.0\.1, 10\.0\.0\.0/8\), not "
        r"(?P<address>'.*')$",
        "--proxy prend des adresses ou des réseaux IP (127.0.0.1, 10.0.0.0/8), pas {address}",
    ),
    (
        r"^cannot use database (?P<db>'.*'): Parlour supports only SQLite \(sqlite:///file\.db\) "
        r"and PostgreSQL \(postgresql://\.\.\.\), not (?P<backend>\S+)$",
        "impossible d'utiliser la base {db} : Parlour ne prend que SQLite (sqlite:///fichier.db) "
        "et PostgreSQL (postgresql://...), pas {backend}",
    ),
    (
        r"^the SQLite database (?P<path>.*) is already served by another process; several "
        r"server processes \(--workers\) need PostgreSQL \(--db postgresql://\.\.\.\)$",
        "la base SQLite {path} est déjà servie par un autre processus ; plusieurs processus "
        "serveurs (--workers) demandent PostgreSQL (--db postgresql://...)",
    ),
    # Moves and rules, with the values a rule code's text leaves out
    (
        r"^unknown action (?P<action>\{.*\}); the only move is an ask$",
        "coup inconnu {action} ; le seul coup est une demande",
    ),
    (
        r"^an ask needs an integer target and card, got (?P<action>.*)$",
        "une demande veut une cible et une carte en nombres entiers, pas {action}",
    ),
    (r"^unknown Flip 7 action (?P<action>.*)$", "coup de Flip 7 inconnu : {action}"),
    (
        r"^unknown key (?P<key>.*) in a move; its keys are (?P<keys>.*)$",
        "clé inconnue {key} dans un coup ; ses clés sont {keys}",
    ),
    (
        r"^there is no card (?P<card>-?\d+) in this deck$",
        "la carte {card} n'existe pas dans ce jeu",
    ),
    (r"^there is no rank (?P<n>-?\d+) in this deck$", "le rang {n} n'existe pas dans ce jeu"),
    (
        r"^there is no character (?P<n>-?\d+) in this deck$",
        "le personnage {n} n'existe pas dans ce jeu",
    ),
    (r"^there is no group (?P<n>-?\d+) in this deck$", "le groupe {n} n'existe pas dans ce jeu"),
    (
        r"^there is no seat (?P<seat>-?\d+) at this table$",
        "la place {seat} n'existe pas à cette table",
    ),
    (
        r"^it is not seat (?P<seat>\d+)'s turn \(seat (?P<mover>\d+) plays\)$",
        "ce n'est pas le tour de la place {seat} (la place {mover} joue)",
    ),
    (
        r"^(?P<action>.*) is not a legal move now$",
        "{action} n'est pas un coup permis maintenant",
    ),
]

# More messages, tried after those of `MESSAGES` and `errors.GAME_MESSAGES`; their samples are in
# tests/i18n/test_error_patterns_more.py. A `flip7_card` group is a Flip 7 card's JSON name.
MORE_MESSAGES: list[tuple[str, str]] = [
    # Records that cannot be read (core/records.py)
    (
        r"^(?P<path>.*) is not a game record: its JSON is nested too deep$",
        "{path} n'est pas un enregistrement de partie : son JSON est imbriqué trop profondément",
    ),
    (
        r"^(?P<path>.*) is not a game record: Exceeds the limit \((?P<limit>\d+) digits\) for "
        r"integer string conversion.*$",
        "{path} n'est pas un enregistrement de partie : il contient un nombre entier trop long "
        "pour être une valeur d'enregistrement (plus de {limit} chiffres)",
    ),
    # Beggar deals, statistics and actions (beggar/cards.py, bulk.py, game.py)
    (
        r"^the deal has (?P<n>\d+) joker\(s\) but the rules allow (?P<m>\d+) \(option jokers\)$",
        "la donne a {n} {n:#joker|jokers} mais les règles en permettent {m} (option «jokers»)",
    ),
    (
        r"^the deal has a beggar joker B but option beggar_joker is off \(or two\)$",
        "la donne a un joker du mendiant B alors que l'option «beggar_joker» est désactivée "
        "(ou bien elle en a deux)",
    ),
    (
        r"^bulk statistics need a deterministic game: turn shuffle_captured off$",
        "les statistiques en masse demandent un jeu déterministe : désactivez shuffle_captured",
    ),
    (
        r"^bulk statistics play single deals: match=(?P<value>\S+) is not supported \(use "
        r"parlour simulate beggar for matches\)$",
        "les statistiques en masse jouent des donnes isolées : match={value} n'est pas pris en "
        "charge (utilisez parlour simulate beggar pour les matchs)",
    ),
    (
        r"^bulk statistics count loops apart, with no winner: on_loop=(?P<value>\S+) is not "
        r"supported$",
        "les statistiques en masse comptent les boucles à part, sans gagnant : on_loop={value} "
        "n'est pas pris en charge",
    ),
    (
        r"^unknown Beggar-My-Neighbour action (?P<action>.*)$",
        "coup de Beggar-My-Neighbour inconnu : {action}",
    ),
    # Beggar search (beggar/search.py, beggar/cli.py) and Ray clusters (sim/backends.py)
    (
        r"^--results (?P<path>.+): line (?P<n>\d+) is not JSON: (?P<line>.*)$",
        "--results {path} : la ligne {n} n'est pas du JSON : {line}",
    ),
    (
        r"^--results (?P<path>.+): line (?P<n>\d+) is not a deal found by a search: "
        r"(?P<line>.*)$",
        "--results {path} : la ligne {n} n'est pas une donne trouvée par une recherche : {line}",
    ),
    (r"^--results (?P<path>.+) is not a text file$", "--results {path} n'est pas un fichier texte"),
    (
        r"^choose --workers \(local processes\) or --ray \(a cluster\), not both$",
        "choisissez --workers (des processus locaux) ou --ray (un cluster), pas les deux",
    ),
    (
        r"^cannot reach the Ray cluster at (?P<address>\S+): (?P<why>.*)$",
        "impossible de joindre le cluster Ray à {address} : {why}",
    ),
    (
        r"^cannot reach the Ray cluster (?P<address>'.*?'): (?P<why>.*)$",
        "impossible de joindre le cluster Ray {address} : {why}",
    ),
    (
        r"^Could not find any running Ray instance$",
        "aucune instance de Ray ne tourne ici (lancez-en une avec ray start --head)",
    ),
    # Flip 7 moves refused, with the card (flip7/rules.py)
    (
        r"^choose who gets the (?P<flip7_card>\S+)$",
        "choisissez qui reçoit {flip7_card}",
    ),
    (
        r"^seat (?P<seat>\d+) cannot get the (?P<flip7_card>\S+) \(choose among "
        r"\[(?P<seats>[\d, ]*)\]\)$",
        "la place {seat} ne peut pas recevoir {flip7_card} (choisissez parmi les places {seats})",
    ),
    # A rules option given twice (core/options.py)
    (
        r"^rules option (?P<key>'.*?') is given twice$",
        "l'option de règle {key} est donnée deux fois",
    ),
]
