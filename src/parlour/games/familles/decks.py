"""Decks of the Jeu des 7 familles as data (RULES.md §3): TOML files, validated on loading.

A deck is 7 families of 6 members, listed in the fixed order of the roles (grandfather,
grandmother, father, mother, son, daughter). Card `family * 6 + role` is that family's member.
Two decks ship with Parlour (`fr`, `en`); a user deck is any TOML file of the same shape.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import tomllib
import unicodedata
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from parlour.core.errors import RulesError

FAMILIES = 7
ROLES = ("grandfather", "grandmother", "father", "mother", "son", "daughter")
ROLE_GENDERS = ("m", "f", "m", "f", "m", "f")
DECK_DIR = Path(__file__).with_name("decks")
BUILTIN_DECKS = ("fr", "en")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
UPLOAD_PREFIX = "upload:"  # a deck sent as text (the web table), named by its content's hash
MAX_DECK_BYTES = 8192  # the shipped decks are about 3 KB
# Uploaded decks kept for a new request, by the bytes of their text: a parsed deck, with the
# text it keeps for records, weighs about five times its text, so this keeps a few MiB at most,
# whatever the visitors send.
MAX_UPLOADED_BYTES = 256 * 1024


class DeckError(RulesError):
    """A deck file that cannot be used, with the reason and where."""


@dataclass(frozen=True)
class Member:
    name: str
    article: str  # "le", "la", "l'" or "" (English decks name members without one)
    gender: str  # "m" or "f"
    picture: str | None = None

    def spoken(self) -> str:
        """The member as a player says it: « la fille », « l'oncle », « Miss Bun »."""
        if not self.article:
            return self.name
        if self.article.endswith("'"):
            return self.article + self.name
        return f"{self.article} {self.name}"


@dataclass(frozen=True)
class Family:
    id: str
    name: str
    title: str
    colour: str
    members: tuple[Member, ...]
    picture: str | None = None


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    lang: str
    families: tuple[Family, ...]
    source: str  # "builtin" or the file it was read from
    # The text it was read from, which a game's record carries so that it replays where the
    # file is not (docs/records.md); None for a shipped deck, which every Parlour has.
    text: str | None = field(default=None, compare=False, repr=False)

    @property
    def num_cards(self) -> int:
        return len(self.families) * len(ROLES)

    def family_of(self, card: int) -> int:
        return card // len(ROLES)

    def role_of(self, card: int) -> int:
        return card % len(ROLES)

    def card(self, family: int | str, role: int | str) -> int:
        """A card from a family (index or id) and a role (index or English role name)."""
        f = family if isinstance(family, int) else self.family_index(family)
        r = role if isinstance(role, int) else ROLES.index(role)
        return f * len(ROLES) + r

    def family_index(self, family_id: str) -> int:
        for index, family in enumerate(self.families):
            if family.id == family_id:
                return index
        raise DeckError(f"deck {self.id} has no family {family_id!r}")

    def member(self, card: int) -> Member:
        return self.families[self.family_of(card)].members[self.role_of(card)]

    def to_json(self) -> dict[str, Any]:
        """The deck as views show it; built once per deck (it is in every view of a game), so
        it is shared, and read-only: a reader that tried to change it would change every game's
        view, so it is refused (TypeError) instead."""
        return self._json

    @cached_property
    def _json(self) -> dict[str, Any]:
        return ReadOnlyDict(
            id=self.id,
            name=self.name,
            lang=self.lang,
            families=ReadOnlyList(
                ReadOnlyDict(
                    id=f.id,
                    name=f.name,
                    title=f.title,
                    colour=f.colour,
                    members=ReadOnlyList(m.spoken() for m in f.members),
                )
                for f in self.families
            ),
        )


def _refuse(self: Any, *args: Any, **kwargs: Any) -> None:
    raise TypeError("a deck's view data is shared by every game: it is read-only")


class ReadOnlyDict(dict[str, Any]):
    """A dict that refuses every change; equal to, and JSON like, a plain dict."""

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __copy__(self) -> ReadOnlyDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyDict:
        return self  # nothing in it can change: a copy would be the same

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyDict, (dict(self),))


class ReadOnlyList(list[Any]):
    """A list that refuses every change; equal to, and JSON like, a plain list."""

    __setitem__ = __delitem__ = append = extend = insert = pop = remove = _refuse  # type: ignore[assignment]
    clear = sort = reverse = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]

    def __copy__(self) -> ReadOnlyList:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyList:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyList, (list(self),))


DECK_KEYS = ("id", "name", "lang", "families")
FAMILY_KEYS = ("id", "name", "title", "colour", "members", "picture")
MEMBER_KEYS = ("name", "article", "gender", "picture")


def _known_keys(obj: dict[str, Any], keys: tuple[str, ...], where: str) -> None:
    """An unknown key is refused, never ignored: `color` for `colour` would silently lose
    the colour, a misspelt `picture` the picture."""
    for key in obj:
        if key not in keys:
            close = difflib.get_close_matches(str(key), keys, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise DeckError(f"{where}: unknown key {key!r}; {hint}keys are {', '.join(keys)}")


def _text(obj: dict[str, Any], key: str, where: str, required: bool = True) -> str | None:
    value = obj.get(key)
    if value is None:
        if required:
            raise DeckError(f"{where}: missing {key!r}")
        return None
    if not isinstance(value, str) or not value.strip():
        raise DeckError(f"{where}: {key!r} must be a non-empty text, got {value!r}")
    return value.strip()


def _picture(obj: dict[str, Any], where: str, base: Path | None) -> str | None:
    picture = _text(obj, "picture", where, required=False)
    if picture is not None and base is not None and not (base / picture).is_file():
        raise DeckError(f"{where}: picture {picture!r} not found next to the deck file")
    return picture


# Words whose h is aspirated: « le héros », « la harpie », never « l'héros ». Any other h is
# mute and elides (« l'hôtesse », « l'homme »). A deck can always give an article itself.
H_ASPIRE = frozenset(
    """
    hache hachis haddock hagard haie haillon haine hall halle halo halte hamac hamburger hameau
    hamster hanche handball handicap hangar hanneton hareng hargne haricot harnais harpe harpie
    harpon hasard hase hâte hausse haut hauteur havre heaume henné hérisson hernie héron héros
    hêtre heurt hibou hideux hiérarchie hippie hobby hochet hockey hollandais homard hongrois
    honte hoquet horde hors hotte houblon houle houppe housse houx hublot huche huée huguenot
    huit huitième huppe hurlement hurler hurleur hurluberlu hussard hutte
    """.split()  # noqa: SIM905  (a list of words, read as one)
)
# Words starting with a vowel that take no elision (« le onze », « le ouistiti »), and words in
# y that do (« l'yeuse », « l'ypérite »): before a vowel, y is a consonant (« le yéti »).
NO_ELISION = frozenset({"onze", "onzième", "ouistiti", "ouija", "uhlan"})
Y_ELIDES = frozenset({"yeuse", "yeux", "ypérite", "ytterbium", "yttrium", "ypsilon"})
_VOWELS = frozenset("aeiouœæ")


def _base_letter(char: str) -> str:
    """The letter under its accents: é, è, ê, à, î, ï, ô, û give e, e, e, a, i, i, o, u."""
    return unicodedata.normalize("NFD", char)[0]


def _in(word: str, words: frozenset[str]) -> bool:
    """`word`, or it as the plural or feminine of a listed word (« hiboux », « harpies »,
    « hollandaises »), is listed."""
    forms = [word]
    if word.endswith(("s", "x")):
        forms.append(word[:-1])
    forms += [form[:-1] for form in forms if form.endswith("e")]
    return any(form in words for form in forms)


def french_article(name: str, gender: str) -> str:
    """The article a French deck's member gets when its file gives none: « l'oncle »,
    « l'œnologue », « l'îlienne », « l'hôtesse », but « le héros », « la harpie », « le yéti »."""
    word = re.split(r"[\s'’-]", name.strip().lower(), maxsplit=1)[0]
    first = _base_letter(word[:1]) if word else ""
    if first == "h":
        elides = not _in(word, H_ASPIRE)
    elif first == "y":
        elides = _in(word, Y_ELIDES) or (len(word) > 1 and _base_letter(word[1]) not in _VOWELS)
    else:
        elides = first in _VOWELS and not _in(word, NO_ELISION)
    if elides:
        return "l'"
    return "le" if gender == "m" else "la"


def _member(obj: Any, where: str, role: int, lang: str, base: Path | None) -> Member:
    if not isinstance(obj, dict):
        raise DeckError(f'{where}: a member is a table such as {{ name = "fille" }}')
    _known_keys(obj, MEMBER_KEYS, where)
    name = _text(obj, "name", where)
    assert name is not None
    gender = _text(obj, "gender", where, required=False) or ROLE_GENDERS[role]
    if gender not in ("m", "f"):
        raise DeckError(f'{where}: gender must be "m" or "f", not {gender!r}')
    article = obj.get("article")
    if article is None:
        # French narration needs an article: a deck may give it, else it is guessed.
        article = french_article(name, gender) if lang == "fr" else ""
    if not isinstance(article, str):
        raise DeckError(f"{where}: article must be a text, got {article!r}")
    return Member(name, article.strip(), gender, _picture(obj, where, base))


def parse_deck(
    data: dict[str, Any], source: str, base: Path | None = None, text: str | None = None
) -> Deck:
    """Validate a deck read from TOML (from `text`, kept in the deck); every problem is a
    DeckError saying where and why."""
    where = source
    _known_keys(data, DECK_KEYS, where)
    deck_id = _text(data, "id", where)
    name = _text(data, "name", where)
    lang = _text(data, "lang", where, required=False) or "fr"
    assert deck_id is not None and name is not None
    if not _ID.match(deck_id):
        raise DeckError(f"{where}: id {deck_id!r} must be lower-case letters, digits, - or _")
    if lang not in ("fr", "en"):
        raise DeckError(f'{where}: lang must be "fr" or "en", not {lang!r}')
    raw = data.get("families")
    if not isinstance(raw, list) or not raw:
        raise DeckError(f"{where}: a deck needs [[families]] tables")
    if len(raw) != FAMILIES:
        raise DeckError(f"{where}: a deck has {FAMILIES} families, this one has {len(raw)}")
    families: list[Family] = []
    seen_ids: set[str] = set()
    seen_names: set[str] = set()
    for index, fam in enumerate(raw):
        fwhere = f"{where}: family {index + 1}"
        if not isinstance(fam, dict):
            raise DeckError(f"{fwhere} is not a table")
        if isinstance(fam.get("id"), str):
            fwhere = f"{where}: family {fam['id']!r}"
        _known_keys(fam, FAMILY_KEYS, fwhere)
        fid = _text(fam, "id", fwhere)
        fname = _text(fam, "name", fwhere)
        assert fid is not None and fname is not None
        fwhere = f"{where}: family {fid!r}"
        if not _ID.match(fid):
            raise DeckError(f"{fwhere}: id must be lower-case letters, digits, - or _")
        if fid in seen_ids:
            raise DeckError(f"{fwhere}: duplicate family id {fid!r}")
        # Names differing only in case are the same name to a player asking for a card.
        if fname.casefold() in seen_names:
            raise DeckError(
                f"{fwhere}: duplicate family name {fname!r} (names differing only in case "
                "are the same name)"
            )
        seen_ids.add(fid)
        seen_names.add(fname.casefold())
        colour = _text(fam, "colour", fwhere, required=False) or "#888888"
        if not _COLOUR.match(colour):
            raise DeckError(f'{fwhere}: colour must look like "#a1b2c3", not {colour!r}')
        members_raw = fam.get("members")
        if not isinstance(members_raw, list):
            raise DeckError(f"{fwhere}: missing its list of members")
        if len(members_raw) != len(ROLES):
            raise DeckError(
                f"{fwhere} is not complete: it has {len(members_raw)} members, a family has "
                f"{len(ROLES)} ({', '.join(ROLES)}, in that order)"
            )
        members = tuple(
            _member(m, f"{fwhere}, member {r + 1} ({ROLES[r]})", r, lang, base)
            for r, m in enumerate(members_raw)
        )
        names = [m.name.casefold() for m in members]
        for member in members:
            if names.count(member.name.casefold()) > 1:
                raise DeckError(
                    f"{fwhere}: duplicate member {member.name!r} (names differing only in "
                    "case are the same name)"
                )
        title = _text(fam, "title", fwhere, required=False) or fname
        families.append(Family(fid, fname, title, colour, members, _picture(fam, fwhere, base)))
    return Deck(deck_id, name, lang, tuple(families), source, text)


def read_toml(text: str, where: str) -> dict[str, Any]:
    """A deck's TOML, or a `DeckError` saying why not. Arrays or tables nested a few thousand
    deep (a few kilobytes of brackets) exhaust the parser's recursion: refused the same way,
    not a traceback (a web table's upload answered 500)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DeckError(f"{where} is not valid TOML: {err}") from None
    except RecursionError:
        raise DeckError(f"{where} is not valid TOML: nested too deeply") from None


def load_deck_file(path: str | Path) -> Deck:
    file = Path(path)
    try:
        raw = file.read_bytes()
    except OSError as err:
        raise DeckError(f"cannot read deck {path}: {err.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DeckError(f"{path} is not UTF-8 text") from None
    data = read_toml(text, str(path))
    source = str(path)
    return parse_deck(data, source, file.parent, text)


class UploadedDecks:
    """The uploaded decks: the most recently used ones up to `cap` bytes of text (the least
    recently used is dropped first), and any other that something still holds (a game being
    played keeps its deck), so a deck in use is always found and an unused one is freed."""

    def __init__(self, cap: int = MAX_UPLOADED_BYTES) -> None:
        self.cap = cap
        self.bytes = 0
        self._recent: OrderedDict[str, tuple[Deck, int]] = OrderedDict()
        self._held: weakref.WeakValueDictionary[str, Deck] = weakref.WeakValueDictionary()

    def __len__(self) -> int:
        return len(self._recent)

    def get(self, spec: str) -> Deck | None:
        kept = self._recent.get(spec)
        if kept is not None:
            self._recent.move_to_end(spec)
            return kept[0]
        deck = self._held.get(spec)
        if deck is not None:
            self.put(spec, deck, MAX_DECK_BYTES)  # in use again: kept as recent too
        return deck

    def put(self, spec: str, deck: Deck, size: int) -> None:
        if spec in self._recent:
            self.bytes -= self._recent.pop(spec)[1]
        self._recent[spec] = (deck, size)
        self._held[spec] = deck
        self.bytes += size
        while self.bytes > self.cap and len(self._recent) > 1:
            _, (_, dropped) = self._recent.popitem(last=False)
            self.bytes -= dropped


UPLOADED = UploadedDecks()


def register_deck_text(text: str) -> str:
    """Validate a deck sent as TOML text, in memory (no file is ever opened), and return the
    spec that names it (`upload:<hash>`) for `get_deck` and the rules' `deck` option. Whoever
    keeps only the spec registers the text again before using it: a deck unused for long may
    have been dropped (see `UploadedDecks`)."""
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        raise DeckError("the uploaded deck is not UTF-8 text") from None
    if len(raw) > MAX_DECK_BYTES:
        raise DeckError(f"an uploaded deck has at most {MAX_DECK_BYTES} bytes")
    spec = UPLOAD_PREFIX + hashlib.sha256(raw).hexdigest()[:24]
    if UPLOADED.get(spec) is None:
        data = read_toml(text, "the uploaded deck")
        UPLOADED.put(spec, parse_deck(data, "the uploaded deck", None, text), len(raw))
    return spec


def deck_text(spec: str) -> str | None:
    """The text of the deck a spec names, for a game's record to carry: an upload's as it was
    sent, a file's as it was read when the game loaded it (not as it may be now). None for a
    shipped deck, for an upload no longer kept, and for a file too large to be registered
    again as an upload: the record then names the deck only, as records always did."""
    if spec in BUILTIN_DECKS:
        return None
    try:
        text = get_deck(spec).text
    except DeckError:
        return None
    if text is None or len(text.encode("utf-8")) > MAX_DECK_BYTES:
        return None
    return text


def get_deck(spec: str) -> Deck:
    """A deck by built-in id (`fr`, `en`), by the spec of a registered upload, or by the path
    of a TOML file (the command line's way; the web table never passes a path)."""
    if spec.startswith(UPLOAD_PREFIX):
        # Not behind `cache`: that would keep every upload for ever.
        deck = UPLOADED.get(spec)
        if deck is None:
            raise DeckError(f"unknown uploaded deck {spec!r}; send its text again")
        return deck
    return _named_deck(spec)


@cache
def _named_deck(spec: str) -> Deck:
    if spec in BUILTIN_DECKS:
        data = tomllib.loads((DECK_DIR / f"{spec}.toml").read_text(encoding="utf-8"))
        return parse_deck(data, "builtin")
    if spec.endswith(".toml") or "/" in spec:
        return load_deck_file(spec)
    raise DeckError(
        f"unknown deck {spec!r}; decks are {', '.join(BUILTIN_DECKS)} or the path of a .toml file"
    )
