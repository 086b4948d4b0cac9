"""The argument types the subcommands share (:mod:`ascenseur.commands.options`): each number
refused in its own sentence, by argparse, before the command runs."""

from __future__ import annotations

import pytest

from ascenseur.cli import main


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["simulate", "--games", "x"], "argument --games: expected a whole number, not 'x'"),
        (["simulate", "--games", "0"], "argument --games: expected a number of at least 1, not 0"),
        (
            ["arena", "--budget-seconds", "many"],
            "argument --budget-seconds: expected a number, not 'many'",
        ),
        (
            ["arena", "--budget-seconds", "-1"],
            "argument --budget-seconds: expected a number above 0, not -1",
        ),
        (["ladder", "--budget-seconds", "inf"], "expected a number above 0, not inf"),
        (["ladder", "--budget-seconds", "nan"], "expected a number above 0, not nan"),
        (["play", "--pace", "soon"], "argument --pace: expected a number of seconds, not 'soon'"),
        (["play", "--pause", "61"], "argument --pause: expected 0 to 60 seconds, not 61.0"),
        (["serve", "--pace", "-1"], "argument --pace: expected 0 to 60 seconds, not -1.0"),
        (["serve", "--port", "http"], "argument --port: expected a port number, not 'http'"),
        (["serve", "--port", "65536"], "argument --port: a port is 0 to 65535, not 65536"),
        (["review", "x.json", "--jobs", "0"], "expected a number of at least 1, not 0"),
    ],
)
def test_a_number_out_of_its_range_is_refused_in_a_sentence(
    argv: list[str], sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert sentence in capsys.readouterr().err


def test_lang_and_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    from ascenseur.commands.options import language

    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert language(None) == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert language(None) == "fr"
    assert language("en") == "en"
    monkeypatch.setenv("LC_ALL", "C")
    assert language(None) == "en"
