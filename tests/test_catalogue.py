"""The catalogue files of the interfaces' words (ascenseur.text.catalogue): what they hold, and
what the loader refuses — each with a sentence that names the file and the key."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from ascenseur.text.catalogue import CatalogueError, load, load_nouns, merge
from ascenseur.text.messages import MESSAGES, NOUNS, french_typography
from ascenseur.web.words import PAGE_MESSAGES, WEB_MESSAGES, catalogue, web_tr

SHIPPED = sorted(path.name for path in files("ascenseur.text.catalogue").iterdir())


def write(folder: Path, name: str, text: str) -> Path:
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder


def test_the_shipped_files_load_and_make_one_page_catalogue() -> None:
    assert {name for name in SHIPPED if name.endswith(".toml")} >= {
        "table.toml",
        "review.toml",
        "web.toml",
        "web_review.toml",
    }
    assert load("table")["bids"] == ("{name} bids {value}.", "{name} annonce {value}.")
    assert PAGE_MESSAGES.keys() == MESSAGES.keys() | WEB_MESSAGES.keys()
    assert not MESSAGES.keys() & WEB_MESSAGES.keys()
    assert catalogue("fr")["nouns"] == {noun: forms[1] for noun, forms in NOUNS.items()}


def test_every_french_sentence_the_program_shows_has_its_narrow_spaces() -> None:
    """The terminal's words, the page's, the score sheet's faults the server words and the
    rules page: no colon, question mark… after an ordinary space in any of them."""
    from ascenseur.web import howto, words

    catalogues = {
        "page": PAGE_MESSAGES,
        "sheet": words._SHEET_ERRORS,
        "howto": howto.TEXT,
        "howto_titles": howto.TITLES,
    }
    for name, texts in catalogues.items():
        for key, (_, french) in texts.items():
            assert french_typography(french) == french, (name, key)
    sentence = web_tr("fr", "stale_state", seen=3, now=5)
    assert "\u202f:" in sentence and " :" not in sentence


def test_the_files_hold_ordinary_spaces_the_typography_is_put_in_later() -> None:
    for name in SHIPPED:
        if name.endswith(".toml"):
            text = files("ascenseur.text.catalogue").joinpath(name).read_text(encoding="utf-8")
            assert "\u202f" not in text and "\u00a0" not in text, name
    assert MESSAGES["rank_line"][1] == "{rank}. {name}\u202f: {points}"


def test_a_key_missing_its_french_is_refused_naming_the_file_and_the_key(tmp_path: Path) -> None:
    write(tmp_path, "table", '[bids]\nen = "{name} bids {value}."\n')
    with pytest.raises(CatalogueError, match=r"^table\.toml: \[bids\] has no fr$"):
        load("table", folder=tmp_path)


def test_a_key_missing_both_languages_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "web", "[home]\n")
    with pytest.raises(CatalogueError, match=r"^web\.toml: \[home\] has no en and no fr$"):
        load("web", folder=tmp_path)


def test_a_key_twice_in_one_file_is_refused_naming_the_file_and_the_key(tmp_path: Path) -> None:
    entry = '[bids]\nen = "a"\nfr = "b"\n\n'
    write(tmp_path, "table", entry + entry)
    with pytest.raises(CatalogueError, match=r"^table\.toml is not readable TOML: .*'bids'.*twice"):
        load("table", folder=tmp_path)


def test_a_key_in_two_files_loaded_together_is_refused_naming_both(tmp_path: Path) -> None:
    write(tmp_path, "table", '[home]\nen = "Home"\nfr = "Accueil"\n')
    write(tmp_path, "web", '[home]\nen = "Home page"\nfr = "Accueil"\n')
    with pytest.raises(
        CatalogueError, match=r"^home is defined twice: in table\.toml and in web\.toml$"
    ):
        load("table", "web", folder=tmp_path)
    with pytest.raises(CatalogueError, match=r"^x is defined twice: in terminal and in page$"):
        merge({"terminal": {"x": ("a", "b")}, "page": {"x": ("a", "b")}})


def test_a_missing_file_is_refused_naming_it(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"^the catalogue file table\.toml is missing$"):
        load("table", folder=tmp_path)


def test_an_entry_of_another_shape_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "a", '[bids]\nen = "a"\nfr = "b"\nde = "c"\n')
    with pytest.raises(CatalogueError, match=r"^a\.toml: \[bids\] has de: only en and fr$"):
        load("a", folder=tmp_path)
    write(tmp_path, "b", '[bids]\nen = "a"\nfr = 3\n')
    with pytest.raises(CatalogueError, match=r"^b\.toml: \[bids\] fr is not a string$"):
        load("b", folder=tmp_path)
    write(tmp_path, "c", 'bids = "a"\n')
    with pytest.raises(CatalogueError, match=r"^c\.toml: bids is not an entry"):
        load("c", folder=tmp_path)
    write(tmp_path, "d", '[card]\nen = ["card", "cards"]\nfr = "carte"\n')
    with pytest.raises(CatalogueError, match=r"^d\.toml: \[card\] fr is not \[singular, plural\]$"):
        load_nouns("d", folder=tmp_path)


def test_nouns_are_read_as_singular_and_plural(tmp_path: Path) -> None:
    write(tmp_path, "nouns", '[card]\nen = ["card", "cards"]\nfr = ["carte", "cartes"]\n')
    assert load_nouns(folder=tmp_path) == {"card": (("card", "cards"), ("carte", "cartes"))}
    assert NOUNS["game"] == (("game", "games"), ("partie", "parties"))
