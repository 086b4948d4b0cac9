"""What people read of a match: the table at the end, and progress while it runs."""

from __future__ import annotations

import time
from typing import Any, TextIO


def lines(summary: dict[str, Any]) -> list[str]:
    """The table of a match summary (as written to ``summary.json``)."""
    rules, deals = summary["rules"], summary["deal_set"]
    cand, ref = summary["candidate"], summary["reference"]
    c, r = summary["candidate_stats"], summary["reference_stats"]
    points, wins = summary["points_difference"], summary["win_share_difference"]
    players = rules["players"]
    single = summary.get("single_deal")
    games = "games" if single is None else f"single deals of {single} cards"
    out = [
        f"{cand} (candidate) vs {ref} (reference): {players} players, "
        f"max {rules['max_cards']} cards, hook {'on' if rules['hook'] else 'off'}" + _house(rules),
        f"{summary['games']} {games} × {players + 1} runs on deal set {deals['digest']} "
        f"(seed {deals['seed']}), bot seed {summary['seed']}",
        _budgets(summary["budget"], summary.get("reference_budget", summary["budget"])),
        "",
        f"{'':<22}{'candidate':>11}{'reference':>11}{'difference':>12}  95% CI",
        _row("points per game", _num(c["points_per_game"]), _num(r["points_per_game"]), points),
        _row("win share", _pct(c["win_share"]), _pct(r["win_share"]), wins, percent=True),
        _row("exact bids", _pct(c["exact_rate"]), _pct(r["exact_rate"])),
        _row("mean |tricks − bid|", f"{c['mean_abs_error']:.3f}", f"{r['mean_abs_error']:.3f}"),
        _row("decision time p50", _time(c["time_ms"]["p50"]), _time(r["time_ms"]["p50"])),
        _row("decision time p95", _time(c["time_ms"]["p95"]), _time(r["time_ms"]["p95"])),
        _verdict(points),
        "",
        "points difference by seat: "
        + " · ".join(
            f"{seat} {diff:+.2f}" for seat, diff in enumerate(summary["points_difference_by_seat"])
        ),
        "",
        "bid calibration: deals with that bid, mean tricks taken",
        f"{'bid':>5}{'candidate':>19}{'reference':>19}",
    ]
    cal_c = {row["bid"]: row for row in c["calibration"]}
    cal_r = {row["bid"]: row for row in r["calibration"]}
    for bid in sorted(set(cal_c) | set(cal_r)):
        out.append(f"{bid:>5}{_cal(cal_c.get(bid)):>19}{_cal(cal_r.get(bid)):>19}")
    out.append("")
    out.append(_runtime(summary))
    return out


def _runtime(summary: dict[str, Any]) -> str:
    timing = summary.get("timing")
    where = f"{summary['jobs']} job(s)" if timing is None else timing["where"]
    text = f"runtime {summary['elapsed_seconds']:.1f} s on {where}"
    if timing is not None and timing["games_played"]:
        text += f", {timing['games_per_minute']:.2f} games a minute"
    return text


def _house(rules: dict[str, Any]) -> str:
    """The house rules of a match (RULES.md §7) as the record states them, if any."""
    parts = []
    for name, value in rules.items():
        if name in ("players", "max_cards", "hook"):
            continue
        if isinstance(value, dict):
            shown = ",".join(str(number) for number in value.values())
        elif isinstance(value, list):
            shown = ",".join(map(str, value))
        else:
            shown = str(value).lower()
        parts.append(f"{name} {shown}")
    return "; " + ", ".join(parts) if parts else ""


def _budgets(candidate: dict[str, Any], reference: dict[str, Any]) -> str:
    if candidate == reference:
        return f"budget per decision: {_budget(candidate)}"
    return f"budget per decision: candidate {_budget(candidate)}, reference {_budget(reference)}"


def _budget(budget: dict[str, Any]) -> str:
    parts = []
    if budget["iterations"] is not None:
        parts.append(f"{budget['iterations']} iterations")
    if budget["seconds"] is not None:
        parts.append(f"{budget['seconds']:g} s")
    return " and at most ".join(parts) if parts else "each bot's default"


def _row(
    label: str, cand: str, ref: str, diff: dict[str, Any] | None = None, percent: bool = False
) -> str:
    text = f"{label:<22}{cand:>11}{ref:>11}"
    if diff is None:
        return text
    scale, unit = (100.0, "%") if percent else (1.0, "")
    text += f"{diff['mean'] * scale:>+11.2f}{unit or ' '}"
    low, high = diff["ci"]
    if low is not None:
        text += f"  [{low * scale:+.2f}{unit}, {high * scale:+.2f}{unit}]"
    return text


def _verdict(points: dict[str, Any]) -> str:
    low, high = points["ci"]
    if low is None:
        return "(too few games for an interval)"
    if low > 0:
        return "→ the candidate scores more than the reference (the 95% interval excludes 0)"
    if high < 0:
        return "→ the candidate scores less than the reference (the 95% interval excludes 0)"
    return "→ no difference shown: the 95% interval includes 0"


def _num(value: float) -> str:
    return f"{value:.2f}"


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _time(ms: float | None) -> str:
    if ms is None:
        return "-"
    if ms < 1:
        return f"{ms * 1000:.1f} µs"
    if ms < 1000:
        return f"{ms:.2f} ms"
    return f"{ms / 1000:.2f} s"


def _cal(row: dict[str, Any] | None) -> str:
    return "-" if row is None else f"{row['deals']:>7}  {row['mean_tricks']:6.2f}"


class Progress:
    """Games done, games per minute and the time left: a line kept up to date on a terminal
    (silent when ``stream`` is not one), and :meth:`timing` for a summary file."""

    def __init__(self, total: int, stream: TextIO, label: str = "arena") -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.label = label
        self.start = time.monotonic()
        self.live = stream.isatty()

    def advance(self) -> None:
        self.done += 1
        if not self.live:
            return
        elapsed, rate, left = self._figures()
        width = 24
        filled = width * self.done // max(1, self.total)
        bar = "█" * filled + "·" * (width - filled)
        self.stream.write(
            f"\r{self.label} {bar} {self.done}/{self.total} games, {rate:.1f} a minute, "
            f"{_duration(elapsed)}, ~{_duration(left)} left "
        )
        self.stream.flush()

    def _figures(self) -> tuple[float, float, float]:
        """Seconds since the start, games per minute, and seconds left at that pace."""
        elapsed = time.monotonic() - self.start
        rate = 60 * self.done / elapsed if elapsed > 0 else 0.0
        left = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        return elapsed, rate, left

    def timing(self) -> dict[str, float | int]:
        """What ``summary.json``'s ``timing`` says of this run (a resumed match's games played
        before it are not in it)."""
        elapsed, rate, _ = self._figures()
        return {
            "games_played": self.done,
            "games_asked": self.total,
            "elapsed_seconds": round(elapsed, 3),
            "games_per_minute": round(rate, 3),
        }

    def finish(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def _duration(seconds: float) -> str:
    """``42 s``, ``12 min``, ``3.5 h``: a time people read at a glance."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
