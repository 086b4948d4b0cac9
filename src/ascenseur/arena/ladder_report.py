"""What people read of a ladder: a table per table size and over all, and an SVG chart.

Both read a ladder's ``summary.json`` (``ascenseur-ladder/1``) only.
"""

from __future__ import annotations

from html import escape
from typing import Any


def lines(summary: dict[str, Any]) -> list[str]:
    """The tables of a ladder summary, each with its verdict."""
    design = summary["design"]
    cap = "each size's full hands" if design["max_cards"] is None else f"max {design['max_cards']}"
    mode = "duplicate, every seat rotation" if design["duplicate"] else "one seating a game"
    out = [
        f"ladder of {len(design['population'])} bots at "
        f"{'/'.join(str(n) for n in design['sizes'])} players, {design['games']} games a size "
        f"({mode}), {cap} cards, seed {design['seed']}",
        f"ratings: Plackett–Luce mu; 95% intervals over {summary['bootstrap']['replicates']} "
        "bootstrap replicates of the games; first: share of replicates it rates first",
    ]
    sections = [(f"{s['players']} players", s) for s in summary["sizes"]]
    sections.append(("over all sizes", summary["overall"]))
    for title, section in sections:
        out += ["", f"{title}: {section['games']} games, {section['rankings']} rankings"]
        if not section["standings"]:
            continue
        out.append(
            f"{'':>3} {'bot':<28}{'rating':>8}  {'95% interval':<16}{'first':>6}"
            f"{'points/game':>13}{'think s/game':>14}"
        )
        for place, row in enumerate(section["standings"], 1):
            low, high = row["interval"]
            out.append(
                f"{place:>3} {row['bot']:<28}{row['rating']:>8.2f}  "
                f"{f'[{low:.2f}, {high:.2f}]':<16}{row['first_share']:>6.0%}"
                f"{row['points_per_game']:>13.2f}{row['think_seconds_per_game']:>14.2f}"
            )
        out.append(_verdict(section["standings"]))
    timing = summary["timing"]
    out += [
        "",
        f"{timing['games_played']} games in {timing['elapsed_seconds']:.0f} s on "
        f"{timing['where']} ({timing['games_per_minute']:.2f} a minute)",
    ]
    return out


def _verdict(rows: list[dict[str, Any]]) -> str:
    if len(rows) < 2:
        return ""
    first, second = rows[0], rows[1]
    if first["interval"][0] > second["interval"][1]:
        return f"→ {first['bot']} first, its interval clear of {second['bot']}'s"
    return (
        f"→ {first['bot']} rates first, but its interval overlaps {second['bot']}'s: "
        "not shown to be first"
    )


def svg(summary: dict[str, Any]) -> str:
    """A chart of the ratings with their intervals: a panel per table size, then over all."""
    sections = [(f"{s['players']} players", s["standings"]) for s in summary["sizes"]]
    sections.append(("over all sizes", summary["overall"]["standings"]))
    values = [v for _, rows in sections for row in rows for v in row["interval"]]
    values += [row["rating"] for _, rows in sections for row in rows]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    low, high = low - 1, high + 1
    left, width, row_h = 230, 420, 18
    height = 40 + sum(28 + row_h * len(rows) for _, rows in sections) + 30

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * width

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 30}" '
        f'height="{height}" font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="10" y="20" font-size="14" font-weight="bold">Ladder ratings '
        f"(Plackett–Luce mu, 95% bootstrap intervals), seed {summary['design']['seed']}</text>",
    ]
    y = 40
    for title, rows in sections:
        parts.append(f'<text x="10" y="{y + 14}" font-weight="bold">{escape(title)}</text>')
        y += 28
        for row in rows:
            a, b = row["interval"]
            mid = y + row_h / 2
            parts += [
                f'<text x="20" y="{mid + 4}">{escape(row["bot"])}</text>',
                f'<line x1="{x(a):.1f}" y1="{mid}" x2="{x(b):.1f}" y2="{mid}" '
                'stroke="#4a6fa5" stroke-width="3"/>',
                f'<circle cx="{x(row["rating"]):.1f}" cy="{mid}" r="4" fill="#c0392b"/>',
            ]
            y += row_h
    axis = y + 8
    parts.append(f'<line x1="{left}" y1="{axis}" x2="{left + width}" y2="{axis}" stroke="black"/>')
    step = _step(high - low)
    tick = step * (low // step + 1)
    while tick < high:
        parts.append(
            f'<line x1="{x(tick):.1f}" y1="{axis}" x2="{x(tick):.1f}" y2="{axis + 4}" '
            'stroke="black"/>'
            f'<text x="{x(tick):.1f}" y="{axis + 16}" text-anchor="middle">{tick:g}</text>'
        )
        tick += step
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _step(span: float) -> float:
    """A round distance between ticks: about six of them over ``span``."""
    for step in (1.0, 2.0, 5.0, 10.0, 20.0, 50.0):
        if span / step <= 8:
            return step
    return 100.0
