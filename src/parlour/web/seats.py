"""What a web table is made of besides its game: seat slots, player names, the rules a request
may set, and the refusal every table and hall raises.

Kept apart from the table authority so the hall, the transport and the routes share these
without importing each other.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from parlour.bots.base import default_bot, make_bot
from parlour.core.capabilities import seat_choices_for
from parlour.core.errors import ParlourError
from parlour.core.game import Game, Seat
from parlour.i18n import t
from parlour.web.botpool import bot_limit_error

MAX_NAME = 24
MAX_TURN_TIMER = 600


class TableError(ParlourError):
    """A request the table refuses; `code` is the machine-readable reason sent to the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_secret(given: str, expected: str) -> bool:
    """Whether a secret a client sent is the expected one, in constant time.

    Compared as bytes: `hmac.compare_digest` refuses str with non-ASCII characters (a
    TypeError, an HTTP 500), and a client chooses what it sends. Lone surrogates, which JSON
    can carry, are encoded as they are rather than refused."""
    return hmac.compare_digest(
        given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass")
    )


def clean_name(raw: Any) -> str:
    """A player's name: printable, trimmed, 1 to 24 characters."""
    if not isinstance(raw, str):
        raise TableError("bad_name", "a name is a string")
    name = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").strip()
    if not name:
        raise TableError("bad_name", "a name cannot be empty")
    if len(name) > MAX_NAME:
        raise TableError("bad_name", f"a name has at most {MAX_NAME} characters")
    return name


def web_rule_values(
    game: Game, raw: Mapping[str, Any], deck_text: Any, *, register: bool = True
) -> dict[str, Any]:
    """A web table's rules values. The option a game lets players upload (its `upload_option`:
    the 7 familles' deck) is one of the shipped values or the text of an uploaded file (the
    request's `deck_upload`), validated in memory; never a path on the server (that stays a
    command-line feature), so no request can make the server open a file, and no message tells
    of one. With `register` False an upload stands in as the first shipped value: the rest of a
    request is checked before its file is parsed and kept."""
    values = dict(raw)
    upload = game.upload_option()
    if upload is None:
        if deck_text is not None:
            raise TableError("bad_deck", f"{game.name} has no deck to upload")
        return values
    if deck_text is not None:
        if not isinstance(deck_text, str):
            raise TableError("bad_deck", "an uploaded deck is the text of a TOML deck file")
        if not register:
            values[upload.field] = upload.builtin[0]
            return values
        try:
            values[upload.field] = upload.register(deck_text)
        except ParlourError as err:
            raise TableError("bad_deck", str(err)) from None
    elif values.get(upload.field, upload.builtin[0]) not in upload.builtin:
        raise TableError(
            "bad_rules",
            f"a web table's {upload.field} is one of {', '.join(upload.builtin)}, or an "
            f"uploaded file (deck_upload: {upload.help})",
        )
    return values


@dataclass
class SeatSlot:
    kind: str  # "human" or "bot"
    name: str
    bot: str  # the bot playing this seat, or standing in for its gone player on a timer
    token: str | None = None  # hash of the seat's secret; None while the seat is free
    invite: str | None = None  # hash of the invitation that reserves the seat, if any
    age: int | None = None  # the youngest starts in the ask games
    data: dict[str, str] = field(default_factory=dict)  # chosen by the host: a character

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "token": self.token,
            "invite": self.invite,
        }
        if self.age is not None:
            out["age"] = self.age
        if self.data:
            out["data"] = dict(self.data)
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> SeatSlot:
        return cls(
            obj["kind"],
            obj["name"],
            obj["bot"],
            obj.get("token"),
            obj.get("invite"),
            obj.get("age"),
            dict(obj.get("data") or {}),
        )

    def seat(self) -> Seat:
        """The engine's seat: the name, and the age and data the host chose."""
        return Seat(self.name, age=self.age, data=dict(self.data))


def seat_slots(
    game: Game, raw_seats: list[Any], lang: str = "en", rules: Any = None
) -> tuple[list[SeatSlot], dict[int, str]]:
    """The seats of a creation request, and the invitation codes of its reserved seats; a
    seat without a name is named in the table's language ("Bot 3", "Joueur 2"). `rules` (None:
    the defaults) decide the choices a seat may make (the hats add two characters)."""
    fallback = default_bot(game)
    seats: list[SeatSlot] = []
    invites: dict[int, str] = {}
    for index, raw in enumerate(raw_seats):
        if not isinstance(raw, Mapping) or raw.get("kind") not in ("human", "bot"):
            raise TableError("bad_seats", f"seat {index + 1} is neither human nor bot")
        spec = str(raw.get("bot") or fallback)[:60]
        try:
            too_costly = bot_limit_error(spec, make_bot(game, spec))
        except ParlourError as err:
            raise TableError("bad_bot", str(err)) from None
        if too_costly is not None:
            raise TableError("bad_bot", too_costly)
        default_name = t("bot_name" if raw["kind"] == "bot" else "player", lang, n=index + 1)
        name = clean_name(raw.get("name") or default_name)
        slot = SeatSlot(raw["kind"], name, spec)
        slot.age, slot.data = seat_choice(game, raw, index, rules)
        if raw.get("reserved") is True and raw["kind"] == "human":
            code = secrets.token_urlsafe(12)
            slot.invite = hash_token(code)
            invites[index] = code
        seats.append(slot)
    return seats, invites


MAX_AGE = 150


def seat_choice(
    game: Game, raw: Mapping[str, Any], index: int, rules: Any = None
) -> tuple[int | None, dict[str, str]]:
    """A seat's age and chosen data (a Panoplies character), refused unless the game offers
    them: never kept silently unused. The engine checks the choices together (two seats, one
    character) when the table is made."""
    age = raw.get("age")
    if age is not None and not game.uses_ages():
        raise TableError("bad_seats", f"seat {index + 1}: {game.name} does not use ages")
    if age is not None and (
        not isinstance(age, int) or isinstance(age, bool) or not 0 <= age <= MAX_AGE
    ):
        raise TableError("bad_seats", f"seat {index + 1}: an age is a whole number, 0 to {MAX_AGE}")
    data = raw.get("data")
    data = {} if data is None else data
    offered = seat_choices_for(game, "en", rules)
    if not isinstance(data, Mapping):
        raise TableError("bad_seats", f"seat {index + 1}: data is a JSON object")
    chosen: dict[str, str] = {}
    for key, value in data.items():
        if key not in offered:
            keys = ", ".join(offered) or "none"
            raise TableError(
                "bad_seats",
                f"seat {index + 1}: {game.name} seats choose no {key!r} (choices: {keys})",
            )
        values = [v for _label, v in offered[key]]
        if value not in values:
            raise TableError(
                "bad_seats", f"seat {index + 1}: {key} is one of {', '.join(values)}, not {value!r}"
            )
        chosen[key] = value
    return age, chosen


def tagged_seat_choices(game: Game, lang: str) -> dict[str, list[dict[str, Any]]]:
    """The seat choices of the new-table form: every choice of the default rules, and those
    that one option switched on adds (the hats' aunt and uncle), each with that option's name,
    so the form offers a choice only while its option is ticked."""
    tagged: dict[str, list[dict[str, Any]]] = {
        key: [{"value": value, "label": label, "option": None} for label, value in pairs]
        for key, pairs in seat_choices_for(game, lang, None).items()
    }
    defaults = game.rules_class()
    for name, value in vars(defaults).items():
        if value is not False:
            continue  # only an option that is off by default can add choices
        try:
            switched = replace(defaults, **{name: True})
        except (ParlourError, TypeError, ValueError):
            continue  # an option that cannot be on alone
        for key, pairs in seat_choices_for(game, lang, switched).items():
            known = {c["value"] for c in tagged.setdefault(key, [])}
            tagged[key] += [
                {"value": value, "label": label, "option": name}
                for label, value in pairs
                if value not in known
            ]
    return tagged


def stand_in_name(slot: SeatSlot, index: int, lang: str) -> str:
    """The name of a bot that takes an empty chair at the start, in the table's language: "Bot
    2" for a seat that kept its default name, "Grandma (bot)" for one the host named."""
    if not slot.name or slot.name == t("player", lang, n=index + 1):
        return t("bot_name", lang, n=index + 1)
    name = slot.name
    over = len(t("stand_in_name", lang, name=name)) - MAX_NAME
    if over > 0:
        # The name is shortened, never the suffix: "Tante Marie-Chr… (robot)".
        name = name[: len(name) - over - 1].rstrip() + "…"
    return clean_name(t("stand_in_name", lang, name=name))


def checked_timer(timer: Any) -> int:
    """A turn timer in seconds (0: off), refused outside its bounds."""
    if not isinstance(timer, int) or isinstance(timer, bool) or not 0 <= timer <= MAX_TURN_TIMER:
        raise TableError("bad_timer", f"the turn timer is 0 (off) to {MAX_TURN_TIMER} seconds")
    return timer


def checked_seed(seed: Any) -> int | None:
    """A requested deal number, or None for a fresh one: a JSON integer, or its decimal digits
    in a string (the page sends the digits typed, which a JavaScript number would round above
    2^53), from 0 to 2^63 - 1."""
    if isinstance(seed, str):
        digits = seed.lstrip("0") or "0"
        # ASCII digits only ("²" and "٣" are digits to `isdigit`), and few: 2^63 has 19.
        if seed.isascii() and seed.isdigit() and len(digits) <= 19:
            seed = int(digits)
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63
    ):
        raise TableError("bad_seed", "a deal number is a whole number from 0 to 2^63 - 1")
    return seed
