"""Racing the candidates: those clearly behind the leader stop being played.

Every candidate of a search meets the same worlds (common random numbers), so the difference
of two candidates' scores, world by world, spreads far less than either score. Every
:data:`CHECKS`-th part of the worlds a candidate would get without racing, the leader is the
candidate with the best weighted mean, and every other candidate whose mean is below the
leader's by more than ``z`` standard errors of that difference stops: its estimate stays as
it was. The play-outs it would have had go to the candidates still running, so a close
decision gets more worlds and a clear one ends early (once one candidate is left).

The pure loop (:func:`ascenseur.search.reference.assess`) and the compiled one
(:func:`ascenseur.fast.search.assess`) both follow a :class:`Race`, so they play the same
worlds and stop the same candidates. Pure Python on the core only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

#: Checks per candidate's worlds without racing (the play-outs shared equally).
CHECKS = 8
#: No check before this many worlds: a weighted spread from fewer is not to be trusted.
MIN_WORLDS = 32


@dataclass(slots=True)
class Tally:
    """Weighted sums over the worlds searched so far (a world weighs ``w``, candidate i
    scores ``s_i`` in it): Σw, Σw², and by candidate Σw·s_i, Σw²·s_i and Σw²·s_i·s_j.

    Only the sums of running candidates are kept up to date; all of them met every world.
    """

    weight: float = 0.0
    weight2: float = 0.0
    sums: list[float] = field(default_factory=list)
    squares: list[float] = field(default_factory=list)
    cross: list[list[float]] = field(default_factory=list)

    @staticmethod
    def of(candidates: int) -> Tally:
        return Tally(
            sums=[0.0] * candidates,
            squares=[0.0] * candidates,
            cross=[[0.0] * candidates for _ in range(candidates)],
        )

    def add(self, weight: float, running: Sequence[int], scores: Sequence[int]) -> None:
        """One more world of weight ``weight`` where running candidate ``running[j]`` scored
        ``scores[j]`` (the compiled loop adds the same terms in the same order)."""
        self.weight += weight
        w2 = weight * weight
        self.weight2 += w2
        for j, i in enumerate(running):
            self.sums[i] += weight * scores[j]
            self.squares[i] += w2 * scores[j]
            row = self.cross[i]
            for m, other in enumerate(running):
                row[other] += w2 * scores[j] * scores[m]


def behind(tally: Tally, running: Sequence[int], z: float) -> list[int]:
    """The running candidates whose weighted mean is below the leader's by more than ``z``
    standard errors of their difference (the leader: the best mean, the first if tied).

    The difference of self-normalised weighted means Σw·d / Σw has the variance
    Σw²·(d − d̄)² / (Σw)² (to first order), d = s_leader − s_i world by world.
    """
    leader = max(running, key=lambda i: tally.sums[i])
    cross = tally.cross
    out = []
    for i in running:
        if i == leader:
            continue
        gap = (tally.sums[leader] - tally.sums[i]) / tally.weight
        if gap <= 0.0:
            continue
        moment2 = cross[leader][leader] - 2.0 * cross[leader][i] + cross[i][i]
        moment1 = tally.squares[leader] - tally.squares[i]
        spread = max(0.0, moment2 - 2.0 * gap * moment1 + gap * gap * tally.weight2)
        if gap * tally.weight > z * math.sqrt(spread):
            out.append(i)
    return out


class Race:
    """How many worlds a search plays, in which parts, and which candidates play them.

    ``iterations`` play-outs are shared by the candidates as they run (a world costs one
    play-out per running candidate; at least one world is played); with ``z`` None nothing
    stops early and every candidate meets ``max(1, iterations // candidates)`` worlds, as
    without racing.
    """

    def __init__(self, candidates: int, iterations: int, z: float | None) -> None:
        self.z = z
        self.running = list(range(candidates))
        self.budget = max(iterations, candidates)
        self.used = 0
        self.played = 0
        # Worlds and summed weight each candidate met (set when it stops or at the end).
        self.worlds = [0] * candidates
        self.weights = [0.0] * candidates
        self.step = max(MIN_WORLDS, self.budget // candidates // CHECKS)
        self.next_check = self.step if z is not None else 0
        self.stopped = False  # a candidate stopped: once one is left, the search is done

    def chunk(self, cap: int | None = None) -> int:
        """Worlds to play before the next check (at most ``cap``); 0 when the search is done."""
        if self.stopped and len(self.running) == 1:
            return 0
        worlds = (self.budget - self.used) // len(self.running)
        if self.next_check:
            worlds = min(worlds, self.next_check - self.played)
        return worlds if cap is None else min(worlds, cap)

    @property
    def due(self) -> bool:
        """Whether the worlds played so far end at a check."""
        return self.next_check > 0 and self.played == self.next_check

    def played_worlds(self, worlds: int) -> None:
        """``worlds`` more worlds were played by every running candidate."""
        self.played += worlds
        self.used += worlds * len(self.running)

    def check(self, tally: Tally) -> None:
        """Stop the candidates clearly behind (call when :attr:`due`)."""
        assert self.z is not None
        self.next_check += self.step
        for i in behind(tally, self.running, self.z):
            self.running.remove(i)
            self.worlds[i] = self.played
            self.weights[i] = tally.weight
            self.stopped = True

    def finish(self, weight: float) -> None:
        """Record the worlds and the summed ``weight`` of the worlds met by the candidates
        that ran to the end."""
        for i in self.running:
            self.worlds[i] = self.played
            self.weights[i] = weight
