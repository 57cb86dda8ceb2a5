"""The page in French: the games' drawings' words and the page's own (typography, plurals,
names), and the server's errors shown in French (see test_french_errors for the replies)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, IN_CI, Server

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not IN_CI, reason="the system Chromium is absent"
)
NB = "\u00a0"


@pytest.fixture
def page(browser: Any, server: Server) -> Iterator[Any]:
    """A page of the site in French."""
    context = browser.new_context()
    context.add_init_script("localStorage.setItem('parlour.lang', 'fr')")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    tab.goto(f"{server.url}/rules")
    tab.wait_for_selector("#rules-beggar")
    yield tab
    assert not errors
    context.close()


# Each drawing's words, French then English: the drawings are imported as the page does.
WORDS = """async () => {
  const i18n = await import("/static/i18n.js");
  const load = (name) => import(`/static/games/${name}.js`);
  const [beggar, flip7, gofish, familles, panoplies, askdraw] = await Promise.all(
    ["beggar", "flip7", "gofish", "familles", "panoplies", "askdraw"].map(load));
  const text = (html) => {
    const box = document.createElement("div");
    box.innerHTML = html;
    return box.textContent;
  };
  const flipView = { players: ["Léa"], table: [{ numbers: [], modifiers: [], second_chance: false,
    status: "frozen", points: 0 }], totals: [7], over: false, to_move: 0, target: 200, deck_size: 9,
    discard: [], pending: null };
  const odds = (bust) => text(flip7.render(flipView, { you: 0, hints: { flip7_hint: true },
    serverHints: { kind: "odds", bust_probability: bust / 9, bust_cards: bust, draw_size: 9,
      hit_ev: 1, hit_gain: 1, points: 0 } }));
  // Max surely lacks aces (cards 0-3) and eights (28-31) of a four-suit deck.
  const fishView = { suits: 4, players: ["Léa", "Max"], seat: 0, hand: [], hand_sizes: [0, 3],
    pile_size: 5, laid: [] };
  const memory = { kind: "memory", likeliest: null,
    players: [{ seat: 1, holds: [], groups: [2], lacks: [0, 1, 2, 3, 28, 29, 30, 31] }] };
  const famView = { players: ["Léa", "Max"], deck: { families: [{ name: "Boulanger",
    members: ["le grand-père", "la grand-mère", "le père", "la mère", "le fils", "la fille"] }] } };
  const words = () => ({
    joker: text(beggar.cardFace("B")),
    freeze: flip7.cardName("freeze"),
    frozen: text(flip7.seatExtra(flipView, 0)),
    odds: [0, 1, 2].map(odds),
    faces: [40, 44, 48, 0].map((card) => gofish.cardSvg(fishView, card)),
    fish: text(gofish.render(fishView, { you: 0, legal: [], hints: { memory_hint: true },
      serverHints: memory })),
    ask: gofish.label({ target: 1, rank: 0 }, fishView),
    famille: familles.label({ target: 1, card: 3 }, famView),
    panoplie: panoplies.label({ target: 1, card: "x" }, { players: ["Léa", "Max"] }),
    shared: text(askdraw.memoryPanel({ kind: "memory", likeliest: null,
      players: [{ seat: 1, holds: [], groups: [0], lacks: [5] }] }, ["Léa", "Max"],
      { card: (c) => `<b>${c}</b>`, text: String, group: () => "G", groupWord: "a" })),
    error: i18n.t("error_is", { why: "x" }),
  });
  const fr = words();
  i18n.setLang("en");
  const en = words();
  i18n.setLang("fr");
  return { fr, en };
}"""


def test_the_drawings_speak_french(page: Any) -> None:
    got = page.evaluate(WORDS)
    fr, en = got["fr"], got["en"]
    # Beggar's joker card is named as the French texts name it.
    assert "Joker mendiant" in fr["joker"] and "Beggar joker" in en["joker"]
    # Flip 7's Freeze is « Stop » as in the rules and the terminal; its player is « stop ».
    assert fr["freeze"] == "Stop" and en["freeze"] == "Freeze"
    assert "stop" in fr["frozen"] and "gel" not in fr["frozen"] and "frozen" in en["frozen"]
    # The cards that would bust, counted: French singular for 0 and 1.
    assert [f"({n} carte{'s' if n > 1 else ''} sur 9)" in fr["odds"][n] for n in range(3)] == [
        True
    ] * 3
    assert f"prochaine carte{NB}: 11{NB}%" in fr["odds"][1]
    assert "(1 of 9 cards)" in en["odds"][1]
    # Go Fish's faces: valet, dame, roi in French; J, Q, K in English; the ace A in both.
    for faces, letters in ((fr["faces"], "VDRA"), (en["faces"], "JQKA")):
        for face, letter in zip(faces, letters, strict=True):
            assert f'aria-label="{letter}♠"' in face, (letter, face)
    # What Max surely lacks: « n'a pas d'as ni de huit », the asks with a no-break space.
    assert "n'a pas d'as ni de huit" in fr["fish"] and f"a demandé{NB}: trois" in fr["fish"]
    assert "has none of: aces, eights" in en["fish"]
    assert fr["ask"] == f"Max{NB}: des as" and en["ask"] == "Max: any aces"
    assert fr["famille"].startswith(f"Max{NB}: ") and en["famille"].startswith("Max: ")
    assert fr["panoplie"] == f"Max{NB}: x" and en["panoplie"] == "Max: x"
    assert f"a{NB}: G" in fr["shared"] and f"n'a pas{NB}: 5" in fr["shared"]
    assert "does not hold: 5" in en["shared"]
    assert fr["error"] == f"Erreur{NB}: x" and en["error"] == "Error: x"


def test_the_page_and_its_errors_speak_french(page: Any, server: Server) -> None:
    toggle = page.locator("#lang-toggle")
    assert toggle.get_attribute("aria-label") == f"EN{NB}: lire la page en anglais"
    page.goto(f"{server.url}/new?game=beggar")
    page.wait_for_selector("#create")
    assert (page.text_content("h1") or "").startswith(f"Nouvelle table{NB}: ")
    # A deal number the server refuses: the toast says why, in French.
    page.fill("#my-name", "Léa")
    page.fill("#seed", "99999999999999999999999")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#toast.show")
    assert page.text_content("#toast") == (
        f"Erreur{NB}: un numéro de donne est un nombre entier de 0 à 2^63 - 1"
    )
    # A free seat offered to a visitor: « S'asseoir : place 2 ».
    made = server.post(
        "/api/tables",
        {"game": "beggar", "seats": [{"kind": "human"}, {"kind": "human"}], "lang": "fr"},
    )
    page.goto(f"{server.url}/t/{made['id']}")
    page.wait_for_selector("button.join[data-seat='1']")
    assert page.text_content("button.join[data-seat='1']") == f"S'asseoir{NB}: place 2"
    # The FR/EN button names itself in the page's language once it has been pressed.
    toggle.click()
    assert toggle.get_attribute("aria-label") == "FR: read the page in French"
    assert page.text_content("button.join[data-seat='1']") == "Sit here: Seat 2"
