"""``ascenseur arena report``: the views of saved matches, each from the arena's own files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascenseur.arena import bidsums, paired, seatdeals, sweep, timing
from ascenseur.arena.duplicate import ArenaError
from ascenseur.cli import main

TINY = ["arena", "--candidate", "random", "--reference", "random", "--players", "4"]
TINY += ["--max-cards", "2", "--games", "4", "--seed", "9", "--jobs", "1"]


def _report(capsys: pytest.CaptureFixture[str], *argv: object) -> list[str]:
    """What ``ascenseur arena report ARGV`` prints, line by line (it must succeed)."""
    capsys.readouterr()
    assert main(["arena", "report", *map(str, argv)]) == 0
    return capsys.readouterr().out.splitlines()


def test_two_matches_on_the_same_deals_compare_game_by_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--paired: the same deals and bot seed, two candidates; A minus B, game by game, is the
    mean of A's points per game minus B's, over the games both played. Several pairs are
    pooled game by game; matches on different deals are refused."""
    options = ["--reference", "random", "--players", "3", "--max-cards", "3"]
    options += ["--games", "12", "--seed", "4", "--jobs", "1"]
    a, b = tmp_path / "a", tmp_path / "b"
    assert main(["arena", "--candidate", "heuristic", *options, "--out", str(a)]) == 0
    assert main(["arena", "--candidate", "random", *options, "--out", str(b)]) == 0
    printed = alone = _report(capsys, "--paired", a, b)
    assert printed[0].startswith("12 games in common")
    first, second = paired.differences(a), paired.differences(b)
    mean = sum(first[g] - second[g] for g in range(12)) / 12
    assert printed[3].startswith(f"  A minus B, game by game: {mean:+.3f} [")
    assert first != second
    # By hand size: every deal of this schedule (1, 2, 3, 2, 1) is in the first band, whose
    # share is then the whole difference, from the deal scores.
    split = _report(capsys, "--paired", "--by-size", a, b)
    assert split[:4] == alone
    assert split[5].startswith(f"    1-4: 5 deals, {mean:+.3f} [")
    assert split[5].endswith(f", {mean / 5:+.3f} a deal") and len(split) == 6
    # A second pair on other deals: each pair as alone, then every game of both, pooled.
    c, d = tmp_path / "c", tmp_path / "d"
    options[options.index("--seed") + 1] = "5"
    options[options.index("--games") + 1] = "6"
    assert main(["arena", "--candidate", "heuristic", *options, "--out", str(c)]) == 0
    assert main(["arena", "--candidate", "random", *options, "--out", str(d)]) == 0
    printed = _report(capsys, "--paired", a, b, c, d)
    assert printed[:4] == alone and printed[4].startswith("6 games in common")
    third, fourth = paired.differences(c), paired.differences(d)
    changes = [first[g] - second[g] for g in range(12)] + [third[g] - fourth[g] for g in range(6)]
    pooled = sum(changes) / 18
    assert printed[8].startswith(f"pooled, 18 games of 2 pairs, A minus B: {pooled:+.3f} [")
    # A match without its pair is an option error; matches on different deals are refused
    # in a sentence, with nothing printed before it.
    with pytest.raises(SystemExit) as stopped:
        main(["arena", "report", "--paired", str(a), str(b), str(c)])
    assert stopped.value.code == 2
    assert "give the matches in pairs: A_DIR B_DIR" in capsys.readouterr().err
    assert main(["arena", "report", "--paired", str(a), str(c)]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert "were not played on the same deal set with the same seed" in said.err
    assert "Traceback" not in said.err


def test_the_candidates_decision_times_are_read_by_deal_and_hand_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--times: each candidate run's times are one bid then the cards of each deal of the
    schedule (3 players, max 3 cards: 1, 2, 3, 2, 1 — 14 decisions a run); the quantiles are of
    the games asked; a match whose runs do not fit its deals is refused."""
    options = ["--reference", "random", "--players", "3", "--max-cards", "3"]
    out = tmp_path / "m"
    options += ["--games", "3", "--seed", "4", "--jobs", "1", "--out", str(out)]
    assert main(["arena", "--candidate", "heuristic", *options]) == 0
    found = timing.decisions(out, None)
    assert len(found) == 3 * 3 * 14  # 3 games, the candidate in each of 3 seats
    assert [(k, bid) for k, bid, _ in found[:14]] == [
        (1, True), (1, False), (2, True), (2, False), (2, False), (3, True),
        (3, False), (3, False), (3, False), (2, True), (2, False), (2, False),
        (1, True), (1, False),
    ]  # fmt: skip
    lines = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    second = [t for run in lines[1]["result"]["candidate"] for t in run["times_ns"]]
    assert sorted(t for _, _, t in timing.decisions(out, range(1, 2))) == sorted(second)
    games = timing.by_game(out)
    assert [game for game, _ in games] == [0, 1, 2]
    assert [d for _, one in games for d in one] == found
    # --by-game: the median bid at 10-16 cards of each game that has one (here none do, so a
    # game is made up: bids at 9 and 17 cards and cards do not count).
    made_up = [(10, True, 200_000_000), (16, True, 400_000_000), (9, True, 50_000_000)]
    made_up += [(17, True, 60_000_000), (12, False, 10_000_000), (11, True, 300_000_000)]
    assert timing.gauge([(7, made_up), *games]) == ["game 7: bids at 10-16 cards p50 0.300 s"]
    printed = _report(capsys, "--times", out, "--games", "1:2")
    assert printed[0].startswith("42 decisions: p50 ")
    assert [line.split()[0] for line in printed[2:]] == ["1", "2", "3"]
    # Two matches: each under its name.
    printed = _report(capsys, "--times", out, out, "--games", "1:2")
    assert printed[0] == printed[6] == f"{out}:" and len(printed) == 12
    assert main(["arena", "report", "--times", str(out), "--games", "5:9"]) == 2
    assert "no finished game in the range asked" in capsys.readouterr().err
    lines[0]["result"]["candidate"][0]["times_ns"].pop()
    (out / "games.jsonl").write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    with pytest.raises(ArenaError, match="game 0: 13 decision times in a run, where"):
        timing.decisions(out, None)
    with pytest.raises(ArenaError, match=r"no match\.json there \(the directory of an 'ascenseur"):
        timing.decisions(tmp_path, None)


def _small_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A whole-game match of 5 games, heuristic against random, 3 players, up to 3 cards
    (deals of 1, 2, 3, 2 and 1 cards), saved with its records in ``tmp_path / "m"``."""
    out = tmp_path / "m"
    options = ["--candidate", "heuristic", "--reference", "random", "--players", "3"]
    options += ["--max-cards", "3", "--games", "5", "--seed", "4", "--jobs", "1"]
    assert main(["arena", *options, "--out", str(out)]) == 0
    capsys.readouterr()
    return out


def test_hand_sizes_split_the_matchs_difference_by_hand_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--hand-sizes: every seat's deal of every game is counted under its hand size (3
    players, max 3 cards: sizes 1, 2, 3, 2, 1), and the differences add up to the arena's own
    points per game (rules S1-S2 scored from the runs' bids and tricks)."""
    out = _small_match(tmp_path, capsys)
    rows, players = seatdeals.by_hand_size(out)
    assert players == 3
    assert [(row.cards, row.deals) for row in rows] == [(1, 30), (2, 30), (3, 15)]
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    total = sum(row.difference for row in rows)
    assert total / (5 * 3) == pytest.approx(summary["points_difference"]["mean"])
    assert all(len(row.per_game) == 5 for row in rows)
    assert sum(row.candidate_exact for row in rows) > sum(row.reference_exact for row in rows)
    # Every seat-deal is exact, under or over its bid, on each side.
    for row in rows:
        assert row.candidate_exact + row.candidate_under + row.candidate_over == row.deals
        assert row.reference_exact + row.reference_under + row.reference_over == row.deals
    assert sum(row.reference_under + row.reference_over for row in rows) > 0
    printed = _report(capsys, "--hand-sizes", out)
    assert [line.split()[0] for line in printed[1:4]] == ["1", "2", "3"]
    one = rows[0]
    assert printed[1].split()[-4:] == [
        f"{one.candidate_under / one.deals:.3f}",
        f"{one.reference_under / one.deals:.3f}",
        f"{one.candidate_over / one.deals:.3f}",
        f"{one.reference_over / one.deals:.3f}",
    ]
    assert printed[-1].startswith(f"all: {total:+d} points over 5 games of 3 seats")
    with pytest.raises(ArenaError, match=r"no match\.json there"):
        seatdeals.by_hand_size(tmp_path)


def test_bid_differences_split_the_matchs_difference_by_the_candidates_bid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--bids: every seat-deal of every game goes under its third of the hand sizes (max 3
    cards: 1, 2, 3 each a third) and the sign of the candidate's bid minus the reference's,
    read here from games.jsonl; the differences add up to the arena's own points per game
    (rules S1-S2); matches are pooled game by game, and only matches of one table."""
    out = _small_match(tmp_path, capsys)
    found = seatdeals.groups([out])
    deals_by_band: dict[str, int] = {}
    for group in found:
        deals_by_band[group.band] = deals_by_band.get(group.band, 0) + group.deals
    assert deals_by_band == {"small": 30, "middle": 30, "big": 15}
    assert {group.cards for group in found} <= {(1, 1), (2, 2), (3, 3)}
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    expected: dict[str, int] = {}
    for game in games:
        result = game["result"]
        for ours, theirs in zip(result["candidate"], result["reference"], strict=True):
            for a, b in zip(ours["bids"], theirs["bids"], strict=True):
                relation = "same" if a == b else "above" if a > b else "below"
                expected[relation] = expected.get(relation, 0) + 1
    counted: dict[str, int] = {}
    for group in found:
        counted[group.relation] = counted.get(group.relation, 0) + group.deals
    assert counted == expected
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    total = sum(group.difference for group in found)
    assert total / (5 * 3) == pytest.approx(summary["points_difference"]["mean"])
    assert all(1 <= len(group.per_game) <= 5 for group in found)
    # Each of the candidate's bids took fewer tricks, as many, or more.
    assert all(g.under + g.candidate_exact + g.over == g.deals for g in found)
    misses = sum(
        sum(bid != took for bid, took in zip(ours["bids"], ours["tricks"], strict=True))
        for game in games
        for ours in game["result"]["candidate"]
    )
    assert sum(g.under + g.over for g in found) == misses > 0
    twice = seatdeals.groups([out, out])
    assert [(g.band, g.relation, g.deals) for g in twice] == [
        (g.band, g.relation, 2 * g.deals) for g in found
    ]
    printed = _report(capsys, "--bids", out)
    assert printed[0].split()[:3] == ["cards", "bid", "deals"]
    assert len(printed) == len(found) + 2
    assert printed[-1].startswith(f"all: {total:+d} points; by the candidate's bid: below ")
    other = tmp_path / "other"
    assert main([*TINY, "--out", str(other)]) == 0
    capsys.readouterr()
    with pytest.raises(ArenaError, match="a table other than the matches before it"):
        seatdeals.groups([out, other])
    with pytest.raises(ArenaError, match=r"no match\.json there"):
        seatdeals.groups([tmp_path])


def test_table_context_counts_every_seat_deal_by_the_table_it_was_bid_at(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--tables: the candidate's seat of each candidate run and every seat of the reference
    run, each deal under the kind of table its bids make; at a table bid over its tricks some
    seat takes fewer than it bid (and more at one bid under), the points are the runs' own
    (rules S1-S3), and a match without records, or with one that does not replay, is
    refused."""
    out = _small_match(tmp_path, capsys)
    found = bidsums.tallies(out)
    for side in ("candidate", "reference"):
        tallies = [t for (s, _), t in found.items() if s == side]
        assert sum(t.deals for t in tallies) == 5 * 3 * 5  # games × seats × deals
        assert all(t.exact + t.under + t.over == t.deals for t in tallies)
    for kind, forced in (("over", "under"), ("under", "over")):
        reference = found.get(("reference", kind))
        if reference is not None:  # every seat of each such deal is counted: one missed
            assert getattr(reference, forced) * 3 >= reference.deals
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    candidate_points = sum(run["total"] for g in games for run in g["result"]["candidate"])
    assert sum(t.points for (s, _), t in found.items() if s == "candidate") == candidate_points
    threes = bidsums.tallies(out, min_cards=3)
    assert sum(t.deals for (s, _), t in threes.items() if s == "candidate") == 5 * 3
    printed = _report(capsys, "--tables", out, "--min-cards", "3")
    assert printed[0].split() == ["side", "table", "deals", "exact", "under", "over", "points"]
    assert {line.split()[0] for line in printed[1:]} == {"candidate", "reference"}
    with pytest.raises(ArenaError, match="no records"):
        bidsums.tallies(tmp_path)
    (out / "records" / "game-00000-seat1.json").write_text("{", encoding="utf-8")
    with pytest.raises(ArenaError, match=r"game-00000-seat1\.json: not a record the arena wrote"):
        bidsums.tallies(out)
    (out / "records" / "game-00000-seat1.json").write_text("[" * 5000, encoding="utf-8")
    assert main(["arena", "report", "--tables", str(out)]) == 2
    said = capsys.readouterr().err
    assert "not a record the arena wrote" in said and "Traceback" not in said


def test_the_sweep_table_has_a_line_per_match_with_the_arenas_own_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The default view: one Markdown line per match, its games finished of those planned and
    the points interval the arena itself wrote; a match with no game finished yet still gets
    its line."""
    runs = {}
    for players, games in ((3, 4), (5, 3)):
        out = tmp_path / f"p{players}"
        options = ["--candidate", "heuristic", "--reference", "random", "--players"]
        options += [str(players), "--max-cards", "2", "--games", str(games), "--seed", "4"]
        assert main(["arena", *options, "--jobs", "1", "--out", str(out)]) == 0
        runs[players] = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    for players, games in ((3, 4), (5, 3)):
        cells = [c.strip() for c in sweep.line(tmp_path / f"p{players}").split("|")]
        points = runs[players]["points_difference"]
        low, high = points["ci"]
        assert cells[1:4] == [f"p{players}", f"{players}, 2", f"{games} of {games}"]
        assert cells[4] == f"{points['mean']:+.2f} [{low:+.1f}, {high:+.1f}]"
    empty = tmp_path / "p5"
    (empty / "games.jsonl").write_text("", encoding="utf-8")
    assert sweep.line(empty).startswith("| p5 | 5, 2 | 0 of 3 | |")
    printed = _report(capsys, tmp_path / "p3", empty)
    assert printed[:2] == list(sweep.HEAD) and len(printed) == 4
    with pytest.raises(ArenaError, match=r"no match\.json there"):
        sweep.line(tmp_path)
    # A view's option without its view is an option error.
    with pytest.raises(SystemExit) as stopped:
        main(["arena", "report", "--by-game", str(empty)])
    assert stopped.value.code == 2
    assert "--by-game goes with the --times only" in capsys.readouterr().err


def test_the_sweep_table_pools_the_games_of_one_design_played_on_several_seeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--pooled: one more line, of every game of the matches given, whose mean is the mean of
    all their games' points; matches that differ in more than the seed are refused in a
    sentence naming the one that differs."""
    differences = []
    for seed in (4, 5):
        options = ["--candidate", "heuristic", "--reference", "random", "--players", "3"]
        options += ["--max-cards", "2", "--games", "3", "--seed", str(seed)]
        assert main(["arena", *options, "--jobs", "1", "--out", str(tmp_path / f"s{seed}")]) == 0
        games = (tmp_path / f"s{seed}" / "games.jsonl").read_text(encoding="utf-8")
        differences += [json.loads(g)["points_difference"] for g in games.splitlines()]
    printed = _report(capsys, "--pooled", tmp_path / "s4", tmp_path / "s5")
    cells = [c.strip() for c in printed[-1].split("|")]
    assert cells[1:4] == ["all", "3, 2", "6 of 6"]
    assert cells[4].startswith(f"{sum(differences) / len(differences):+.2f} [")
    other = ["--candidate", "random", "--reference", "random", "--players", "3"]
    other += ["--max-cards", "2", "--games", "3", "--seed", "4"]
    assert main(["arena", *other, "--jobs", "1", "--out", str(tmp_path / "other")]) == 0
    with pytest.raises(ArenaError, match=r"other is not a match of the same design as .*s4"):
        sweep.pooled([tmp_path / "s4", tmp_path / "other"])


def test_a_match_without_its_deal_set_is_read_from_its_seed_and_can_write_it_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A finished match's deals.json is made again from the seed and the number of games in
    its summary.json, to the same bytes; --restore-deals writes it back (for older code to
    resume the match); a deal set that no longer fits the match's digest is refused."""
    out = _small_match(tmp_path, capsys)
    kept = (out / "deals.json").read_bytes()
    table = _report(capsys, out)
    (out / "deals.json").unlink()
    assert _report(capsys, out) == table  # read from the seed
    assert not (out / "deals.json").exists()  # a report writes nothing
    capsys.readouterr()
    assert main(["arena", "report", "--restore-deals", str(out)]) == 0
    assert "deals.json written again from its seed" in capsys.readouterr().err
    assert (out / "deals.json").read_bytes() == kept
    # A summary that names other games cannot stand for the deal set the match was played on.
    (out / "deals.json").unlink()
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    summary["deal_set"]["seed"] += 1
    (out / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    with pytest.raises(ArenaError, match=r"deals\.json is not the deal set the match was"):
        sweep.line(out)
