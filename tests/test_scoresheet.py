"""Score sheets of games with real cards (``ascenseur-scoresheet/1``): the schedule and the
dealer (D2, D4), bids through the core's bidding (B1–B3), tricks that add up (P9), points
(S1–S3), and ``ascenseur check`` on a sheet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ascenseur.cli import main
from ascenseur.core.rules import Rules
from ascenseur.core.scoresheet import FORMAT, check, evaluate, new_sheet, read


def sheet(deals: list[dict[str, Any]], *, hook: bool = True, **rules: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "rules": {"players": 3, "max_cards": 2, "hook": hook, **rules},
        "first_dealer": 0,
        "seats": ["Ada", "Bea", "Cy"],
        "deals": deals,
    }


#: 3 players, up to 2 cards, hook: deals of 1, 2, 1 cards dealt by seats 0, 1, 2.
WHOLE = [
    {"bids": [1, 0, 1], "tricks": [0, 0, 1]},  # -1, 3, 5
    {"bids": [0, 2, 1], "tricks": [0, 1, 1]},  # 3, -1, 5
    {"bids": [0, 0, 0], "tricks": [1, 0, 0]},  # -1, 3, 3
]


def test_dealer_and_cards_follow_the_schedule_and_pass_to_the_left() -> None:
    """D2, D4: deal j is dealt by first_dealer + j, with the schedule's cards."""
    state = evaluate(sheet(WHOLE[:2], hook=False))
    assert [(d["dealer"], d["cards"]) for d in state["deals"]] == [(0, 1), (1, 2)]
    assert state["next"]["deal"] == 2 and state["next"]["dealer"] == 2
    assert state["next"]["cards"] == 1
    assert state["next"]["order"] == [0, 1, 2]  # B1: from the dealer's left, dealer last


def test_scores_and_running_totals_come_from_the_core_scoring() -> None:
    """S1: exact → 3 + 2 × bid; S2: otherwise −|tricks − bid|; S3: totals add up."""
    state = evaluate(sheet(WHOLE))
    assert [d["scores"] for d in state["deals"]] == [[-1, 3, 5], [3, -1, 5], [-1, 3, 3]]
    assert [d["totals"] for d in state["deals"]] == [[-1, 3, 5], [2, 2, 10], [1, 5, 13]]
    assert state["complete"] and state["winners"] == [2] and state["next"] is None


def test_the_hook_forbids_the_dealer_the_bid_that_makes_the_sum() -> None:
    """B3: k=1, the others bid 1 and 0 → the dealer (seat 0) may not bid 0."""
    state = evaluate(sheet([{"bids": [None, 1, 0]}]))
    assert state["next"]["seat"] == 0
    assert state["next"]["legal_bids"] == [1] and state["next"]["forbidden_bid"] == 0
    refused = evaluate(sheet([{"bids": [0, 1, 0]}]))
    assert not refused["valid"]
    assert refused["error"]["code"] == "hook" and refused["error"]["seat"] == 0
    assert "hook" in refused["error"]["message"]
    assert evaluate(sheet([{"bids": [0, 1, 0]}], hook=False))["valid"]


def test_tricks_must_add_up_to_the_deals_cards() -> None:
    """P9: every trick has one winner, so a deal of k cards has k tricks in all."""
    refused = evaluate(sheet([{"bids": [1, 0, 1], "tricks": [1, 0, 1]}]))
    assert refused["error"]["code"] == "tricks-sum"
    assert refused["error"]["message"] == (
        "deal 1's tricks add up to 2, but a deal of 1 card each has 1 trick"
    )
    negative = evaluate(sheet([{"bids": [1, 0, 1], "tricks": [2, -1, 0]}]))
    assert negative["error"]["code"] == "tricks-out-of-range"


def test_bids_are_made_in_order_and_only_the_last_deal_may_be_unfinished() -> None:
    """B1: the player on the dealer's left bids first; §6: only the last deal is in progress."""
    early = evaluate(sheet([{"bids": [1, None, 0]}]))  # seat 2 bid before seat 1
    assert early["error"]["code"] == "bids-out-of-order" and early["error"]["seat"] == 2
    gap = evaluate(sheet([{"bids": [1, 0, 1]}, {"bids": [0, 2, 1], "tricks": [0, 1, 1]}]))
    assert gap["error"]["code"] == "unfinished-deal" and gap["error"]["deal"] == 0
    waiting = evaluate(sheet([{"bids": [1, 0, 1]}]))
    assert waiting["next"]["step"] == "tricks" and waiting["next"]["deal"] == 0


def test_a_correction_that_breaks_a_later_rule_is_refused_where_it_breaks() -> None:
    """Correcting deal 1's bid is checked again like any deal (B3 on the corrected bids)."""
    corrected = [dict(WHOLE[0], bids=[0, 1, 0]), *WHOLE[1:]]
    refused = evaluate(sheet(corrected))
    assert (refused["error"]["deal"], refused["error"]["code"]) == (0, "hook")


def test_the_written_sheet_states_dealer_cards_and_scores_and_reads_back() -> None:
    """The export carries each deal's dealer, cards and scores; reading it gives it back."""
    written = evaluate(sheet(WHOLE))["sheet"]
    assert written["deals"][1] == {
        "dealer": 1,
        "cards": 2,
        "bids": [0, 2, 1],
        "tricks": [0, 1, 1],
        "scores": [3, -1, 5],
    }
    assert read(written).to_json() == written


def test_check_refuses_scores_the_rules_do_not_give() -> None:
    """S1/S2: a sheet's written scores must be what its bids and tricks make."""
    written = evaluate(sheet(WHOLE))["sheet"]
    written["deals"][0]["scores"] = [3, 3, 5]
    verdict = check(json.dumps(written))
    assert not verdict["valid"] and verdict["error"]["code"] == "wrong-scores"
    written = evaluate(sheet(WHOLE))["sheet"]
    written["deals"][2]["dealer"] = 0
    assert check(json.dumps(written))["error"]["code"] == "wrong-dealer"
    written = evaluate(sheet(WHOLE))["sheet"]
    written["deals"][1]["cards"] = 3
    assert check(json.dumps(written))["error"]["code"] == "wrong-cards"


def test_new_sheet_checks_its_players() -> None:
    assert new_sheet(Rules(players=3, max_cards=2), 1, ["A", "B", "C"])["deals"] == []
    with pytest.raises(ValueError, match="seats must list 3 names"):
        new_sheet(Rules(players=3), 0, ["A", "B"])


def test_ascenseur_check_verifies_a_score_sheet_and_names_each_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` reads sheets as well as records; each JSON line names its file."""
    good = tmp_path / "sheet.json"
    good.write_text(json.dumps(evaluate(sheet(WHOLE))["sheet"]), encoding="utf-8")
    bad = tmp_path / "bad-sheet.json"
    bad.write_text(json.dumps(sheet([{"bids": [1, 0, 1], "tricks": [1, 1, 1]}])), "utf-8")
    status = main(["check", str(good), str(bad)])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 1
    assert lines[0] == {
        "file": str(good),
        "valid": True,
        "format": FORMAT,
        "complete": True,
        "deals": [
            {"tricks": [0, 0, 1], "scores": [-1, 3, 5]},
            {"tricks": [0, 1, 1], "scores": [3, -1, 5]},
            {"tricks": [1, 0, 0], "scores": [-1, 3, 3]},
        ],
        "totals": [1, 5, 13],
        "winners": [2],
    }
    assert lines[1]["file"] == str(bad) and lines[1]["error"]["code"] == "tricks-sum"


def test_the_documented_example_is_a_valid_sheet_in_progress() -> None:
    """docs/scoresheet.md: its example is what ``check`` accepts (a game in progress)."""
    doc = (Path(__file__).parent.parent / "docs" / "scoresheet.md").read_text(encoding="utf-8")
    example = doc.split("```json\n")[1].split("```")[0]
    verdict = check(example)
    assert verdict["valid"] and not verdict["complete"], verdict
    assert verdict["totals"] == [-1, 5, 3]
    state = evaluate(json.loads(example))
    assert state["next"]["seat"] == 1 and state["next"]["legal_bids"] == [0, 2]


# -- house rules (RULES.md §7) ------------------------------------------------------------------


def test_check_scores_a_sheet_of_tens_dealt_down_then_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H1 "down-up": deals of 2, 1, 2 cards; H2 "tens": exact 20 + 10 × bid, else −10 a trick
    of the gap; ``ascenseur check`` verifies and scores the sheet under them."""
    tens = {"exact_base": 20, "exact_per_bid": 10, "miss_base": 0, "miss_per_trick": 10}
    deals = [
        {"bids": [1, 0, 1], "tricks": [1, 0, 1]},  # 30, 20, 30
        {"bids": [0, 0, 0], "tricks": [1, 0, 0]},  # -10, 20, 20
        {"bids": [2, 0, 1], "tricks": [1, 0, 1]},  # -10, 20, 30
    ]
    path = tmp_path / "tens.json"
    data = sheet(deals, hook=False, schedule="down-up", scoring=tens | {"per_trick": 0})
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["valid"] and verdict["complete"]
    assert [d["scores"] for d in verdict["deals"]] == [[30, 20, 30], [-10, 20, 20], [-10, 20, 30]]
    assert verdict["totals"] == [10, 60, 80] and verdict["winners"] == [2]
    state = evaluate(data)
    assert [d["cards"] for d in state["deals"]] == [2, 1, 2]
    assert state["sheet"]["rules"]["schedule"] == "down-up"


def test_a_sheet_with_a_list_schedule_plays_exactly_its_deals() -> None:
    """H1 with a list: the sheet has one deal per number of the list, no more; the per-trick
    table (H2 "tricks and ten") pays every trick taken."""
    data = sheet(
        [{"bids": [1, 1, 0], "tricks": [2, 1, 0]}, {"bids": [0, 1, 1], "tricks": [0, 1, 1]}],
        hook=False,
        schedule=[3, 2],
        scoring={"exact_base": 10, "exact_per_bid": 0, "miss_per_trick": 0, "per_trick": 1},
    )
    del data["rules"]["max_cards"]
    state = evaluate(data)
    assert state["valid"] and state["complete"], state
    assert [d["scores"] for d in state["deals"]] == [[2, 11, 10], [10, 11, 11]]
    too_many = dict(data, deals=[*data["deals"], {"bids": [0, 0, 0], "tricks": [1, 0, 0]}])
    refused = check(json.dumps(too_many))
    assert not refused["valid"] and refused["error"]["code"] == "too-many-deals"


@pytest.mark.parametrize(
    ("rules", "sentence"),
    [
        ({"schedule": "sideways"}, "schedule must be one of up-down, down-up, up, down"),
        ({"scoring": {"exact_base": 101}}, "scoring.exact_base must be a whole number 0…100"),
        ({"hook": True, "bidding": "simultaneous"}, "hook needs bids made in turn"),
        ({"lead_restriction": "yes"}, "lead_restriction must be true or false"),
        ({"stakes": 5}, "rules has unknown field(s) stakes"),
    ],
)
def test_a_sheet_under_a_bad_rule_set_is_refused_with_the_rules_sentence(
    rules: dict[str, Any], sentence: str
) -> None:
    """§7: a reader refuses a rule set it cannot play (never scores it under other rules),
    with the one validator's sentence."""
    data = sheet([], **{"hook": False, **rules})
    verdict = check(json.dumps(data))
    assert not verdict["valid"] and verdict["error"]["code"] == "bad-rules"
    assert sentence in verdict["error"]["message"]
