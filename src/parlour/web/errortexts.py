"""The web table's errors in the reader's language: the `text` of an error reply.

An error reply keeps its `code` and its English `message` (scripts, logs and tests read them);
its `text` is the same error for the person at the page, in his language. Each message the web
layer raises is a catalogue entry here whose English is the message's template, so the English
text and its French one sit side by side and `error_text` can tell which entry a message is
(its fields read back from the English). A message the web layer passes on from the core (a
rules option refused, a deck that does not parse, a rule broken) is translated by
`parlour.i18n.errors.localise_message`; one nobody can translate is shown after its code's
French lead-in rather than alone in English.
"""

from __future__ import annotations

import re
import string

from parlour.i18n import has, register, t
from parlour.i18n.errors import localise_message

# key -> (English template: exactly the message the web layer raises, French text). A field
# named `why` holds another error's message, itself translated.
_MESSAGES: dict[str, tuple[str, str]] = {
    # The WebSocket protocol (protocol.py, routes.py).
    "flood": ("too many messages; slow down", "trop de messages\u00a0; ralentissez"),
    "binary": ("messages are JSON text", "les messages sont du texte JSON"),
    "too_large": (
        "a message has at most {n} characters",
        "un message a au plus {n} caractères",
    ),
    "too_many_connections": (
        "this address already has as many table pages open as it may ({n}); close one first",
        "cette adresse a déjà autant de pages de table ouvertes qu'elle peut ({n})\u00a0; "
        "fermez-en une d'abord",
    ),
    "bad_json": ("not valid JSON", "ce n'est pas du JSON valide"),
    "bad_message": ("a message is a JSON object", "un message est un objet JSON"),
    "bad_id": (
        "an id is a whole number or a string of at most {n} characters",
        "un id est un nombre entier ou un texte d'au plus {n} caractères",
    ),
    "server": (
        "the server could not handle that message",
        "le serveur n'a pas pu traiter ce message",
    ),
    "already_greeted": (
        "this connection has already said hello",
        "cette connexion s'est déjà présentée",
    ),
    "bad_token": (
        "that seat token is not valid at this table",
        "ce jeton de place n'est pas valable à cette table",
    ),
    "not_this_seat": ("that token is not this seat's", "ce jeton n'est pas celui de cette place"),
    "unknown_type": ("unknown message type {kind}", "type de message inconnu\u00a0: {kind}"),
    "hello_first": ("say hello first", "la page doit d'abord se présenter (hello)"),
    "bad_lang": ("languages are: {langs}", "les langues sont\u00a0: {langs}"),
    "spectator": ("spectators cannot play", "les spectateurs ne peuvent pas jouer"),
    # The hall (hall.py) and the requests (inbound.py, routes.py).
    "no_table": ("no such table", "cette table n'existe pas"),
    "tables_a_minute": (
        "at most {n} new tables a minute; try again soon",
        "au plus {n} nouvelles tables par minute\u00a0; réessayez bientôt",
    ),
    "tables_waiting": (
        "at most {n} tables waiting for players; start or close one",
        "au plus {n} tables en attente de joueurs\u00a0; commencez-en ou fermez-en une",
    ),
    "rules_object": ("rules are a JSON object", "les règles sont un objet JSON"),
    "table_object": (
        "a table is described by a JSON object",
        "une table se décrit par un objet JSON",
    ),
    "seats_list": (
        "seats are a list of humans and bots",
        "les places sont une liste d'humains et de robots",
    ),
    "host_seat": (
        "the host sits at one of the human seats",
        "l'hôte s'assied à l'une des places humaines",
    ),
    "private": ("private is true or false", "«\u00a0private\u00a0» vaut true ou false"),
    "no_table_made": (
        "{why}; no table was made, try again",
        "la base de données ne répond pas\u00a0; aucune table n'a été créée, réessayez",
    ),
    "request_json": ("the request is not valid JSON", "la requête n'est pas du JSON valide"),
    "content_length": (
        "the Content-Length header is not a number",
        "l'en-tête Content-Length n'est pas un nombre",
    ),
    "request_size": (
        "a request has at most {n} bytes",
        "une requête a au plus {n} octets",
    ),
    "join_object": ("a join request is a JSON object", "une demande de place est un objet JSON"),
    "close_object": (
        "a close request is a JSON object",
        "une demande de fermeture est un objet JSON",
    ),
    "no_game": ("no such game at this table", "cette partie n'existe pas à cette table"),
    "replay_over": (
        "a game can be replayed once it is over",
        "une partie se revoit une fois finie",
    ),
    "replay_long": (
        "this game is too long to replay here",
        "cette partie est trop longue pour être revue ici",
    ),
    "review_long": (
        "this game is too long to review here",
        "cette partie est trop longue pour être passée en revue ici",
    ),
    "review_seat": (
        "say whose review with ?seat=0 to {high}",
        "dites de qui passer les coups en revue avec ?seat=0 à {high}",
    ),
    "no_review": ("this game offers no review", "ce jeu n'offre pas de revue des coups"),
    "db_down": (
        "the database is unavailable; try again shortly",
        "la base de données ne répond pas\u00a0; réessayez dans un instant",
    ),
    # Seats, names, decks, timers (seats.py, botpool.py).
    "name_string": ("a name is a string", "un nom est un texte"),
    "name_empty": ("a name cannot be empty", "un nom ne peut pas être vide"),
    "name_long": ("a name has at most {n} characters", "un nom a au plus {n} caractères"),
    "no_deck": ("{game} has no deck to upload", "{game} n'a pas de jeu de cartes à envoyer"),
    "deck_text": (
        "an uploaded deck is the text of a TOML deck file",
        "un jeu envoyé est le texte d'un fichier de jeu TOML",
    ),
    "deck_choice": (
        "a web table's {field} is one of {values}, or an uploaded file (deck_upload: {help})",
        "à une table du site, «\u00a0{field}\u00a0» vaut {values}, ou un fichier envoyé",
    ),
    "seat_kind": (
        "seat {n} is neither human nor bot",
        "la place {n} n'est ni humaine ni un robot",
    ),
    "bad_timer": (
        "the turn timer is 0 (off) to {high} seconds",
        "le minuteur va de 0 (aucun) à {high} secondes",
    ),
    "bad_seed": (
        "a deal number is a whole number from 0 to 2^63 - 1",
        "un numéro de donne est un nombre entier de 0 à 2^63 - 1",
    ),
    "bot_finite": (
        "a web table's bot parameters are finite numbers",
        "à une table du site, les paramètres d'un robot sont des nombres finis",
    ),
    "bot_number": (
        "a web table's bot parameters are at most {n}",
        "à une table du site, les paramètres d'un robot valent au plus {n}",
    ),
    "bot_width": (
        "a web table's search bot weighs at most {n} moves",
        "à une table du site, un robot chercheur pèse au plus {n} coups",
    ),
    "bot_seconds": (
        "a web table's search bot thinks at most {n} s a move",
        "à une table du site, un robot chercheur réfléchit au plus {n}\u00a0s par coup",
    ),
    "bot_deals": (
        "a web table's expert draws at most {n} deals a move",
        "à une table du site, l'expert tire au plus {n} donnes par coup",
    ),
    "bot_deal_playouts": (
        "a web table's expert plays at most {n} playouts a move (deals x playouts x moves weighed)",
        "à une table du site, l'expert joue au plus {n} simulations par coup "
        "(donnes x simulations x coups pesés)",
    ),
    "bot_rounds": (
        "a web table's search bot plays at most {n} rounds a move",
        "à une table du site, un robot chercheur joue au plus {n} tours par coup",
    ),
    "bot_round_playouts": (
        "a web table's search bot plays at most {n} playouts a move (rounds x moves weighed)",
        "à une table du site, un robot chercheur joue au plus {n} simulations par coup "
        "(tours x coups pesés)",
    ),
    "bot_engine_playouts": (
        "a web table's search bot plays at most {n} playouts a move on the reference engine "
        "(rounds x moves weighed)",
        "à une table du site, un robot chercheur joue au plus {n} simulations par coup sur "
        "le moteur de référence (tours x coups pesés)",
    ),
    # The table (table.py).
    "nothing_changed": (
        "{why}; nothing changed, try again",
        "la base de données ne répond pas\u00a0; rien n'a changé, réessayez",
    ),
    "seat_number": (
        "seat must be a number from 0 to {high}",
        "la place est un nombre de 0 à {high}",
    ),
    "bot_seat": ("a bot plays that seat", "un robot joue à cette place"),
    "seat_taken": ("somebody already sits there", "quelqu'un est déjà assis là"),
    "started_watch": (
        "the game has started; watch it as a spectator",
        "la partie a commencé\u00a0; regardez-la en spectateur",
    ),
    "reserved": (
        "that seat is kept for the guest who has its invitation",
        "cette place est gardée pour l'invité qui a son invitation",
    ),
    "close_host": (
        "only the host or the server's admin can close a table",
        "seul l'hôte ou l'administrateur du serveur peut fermer une table",
    ),
    "closed": ("this table is closed", "cette table est fermée"),
    "start_host": ("only the host can start the game", "seul l'hôte peut commencer la partie"),
    "started": ("the game has already started", "la partie a déjà commencé"),
    "again_host": (
        "only the host can start another game",
        "seul l'hôte peut lancer une autre partie",
    ),
    "not_over": ("the current game is not over yet", "la partie en cours n'est pas finie"),
    "not_started": ("the game has not started", "la partie n'a pas commencé"),
    "game_over": ("the game is over", "la partie est finie"),
    "out_of_turn": (
        "it is not your turn (seat {seat} plays)",
        "ce n'est pas votre tour (la place {seat} joue)",
    ),
    "action_object": ("an action is a JSON object", "un coup est un objet JSON"),
    "not_a_move": ("not a move of this game: {why}", "ce n'est pas un coup de ce jeu\u00a0: {why}"),
    "illegal": ("illegal move ({rule}): {why}", "coup interdit\u00a0: {why}"),
    "stale": (
        "the game has moved on: this move was for step {step}, the game is at step {now}",
        "la partie a avancé\u00a0: ce coup était pour l'étape {step}, la partie en est à "
        "l'étape {now}",
    ),
    "bad_step": (
        "a move's step is a whole number, 0 or more",
        "l'étape d'un coup est un nombre entier, 0 ou plus",
    ),
    "stale_game": (
        "the game has moved on: this move was for game {game}, the table is at game {now}",
        "la partie a changé\u00a0: ce coup était pour la partie {game}, la table en est à la "
        "partie {now}",
    ),
    "bad_game": (
        "a move's game is a whole number, 1 or more",
        "la partie d'un coup est un nombre entier, 1 ou plus",
    ),
}

# code -> the French lead-in of a message passed on from the core that no entry translates.
_LEADS: dict[str, tuple[str, str]] = {
    "refused": ("refused", "refusé"),
    "bad_rules": ("bad rules", "règles refusées"),
    "bad_game": ("unknown game", "jeu refusé"),
    "bad_seats": ("bad seats", "places refusées"),
    "bad_bot": ("bad bot", "robot refusé"),
    "bad_deck": ("bad deck", "jeu de cartes refusé"),
}

# French puts a no-break space (U+00A0) before ; : ! ? and inside « », as the texts above do.
register({f"web.error.{key}": {"en": en, "fr": fr} for key, (en, fr) in _MESSAGES.items()})
register({f"web.error.lead.{code}": {"en": en, "fr": fr} for code, (en, fr) in _LEADS.items()})


def _pattern(template: str) -> re.Pattern[str]:
    """The messages an English template makes: its words as they are, each field any text."""
    parts = []
    for literal, field, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(f"(?P<{field}>.*?)")
    return re.compile("".join(parts), re.S)


_PATTERNS = [(key, _pattern(en)) for key, (en, _) in _MESSAGES.items()]


def error_text(code: str, message: str, lang: str) -> str:
    """What the person at the page reads of an error: `message` in `lang`."""
    if lang != "fr":
        return message
    for key, pattern in _PATTERNS:
        found = pattern.fullmatch(message)
        if found:
            values = found.groupdict()
            if "why" in values:  # another error's message, inside this one
                values["why"] = localise_message(values["why"], lang)
            return t(f"web.error.{key}", lang, **values)
    translated = localise_message(message, lang)
    if translated != message or not has(f"web.error.lead.{code}"):
        return translated
    # A message from the core that nobody translates: the French says what was refused, the
    # English details follow.
    return f"{t(f'web.error.lead.{code}', lang)}\u00a0: {message}"
