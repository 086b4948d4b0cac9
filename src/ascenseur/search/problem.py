"""The search problem: one decision of a seat, with everything public it may search over.

Built once per decision from the seat's view (:meth:`SearchProblem.of`); nothing here sees a
hidden card. :class:`WorldSpec` says which deals of the unseen cards are consistent with the
view (the *worlds* to sample); the rest is the deal so far as the play-outs start from it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ascenseur.core.actions import Bid, Play, PlayerAction
from ascenseur.core.cards import (
    EXCUSE_BIT,
    FULL_DECK_MASK,
    KIND_MASKS,
    TRUMP_COUNT,
    TRUMPS_ABOVE,
    Suit,
    mask_of,
)
from ascenseur.core.observation import Observation, SeatFacts
from ascenseur.core.rules import Scoring
from ascenseur.core.state import Phase

#: A world's weight never falls below exp(-LOG_WEIGHT_FLOOR), so that some world always
#: counts (the inference from bids, :func:`ascenseur.search.reference.guess_bids`).
LOG_WEIGHT_FLOOR = 60.0
#: ln(i!) for i = 0 … 78 (a card count): :meth:`WorldSpec.fill_factor`'s.
LOG_FACTORIAL = tuple(math.lgamma(i + 1.0) for i in range(79))
#: Seat-by-seat draws of a world that may fail in a row before the samplers build one instead
#: (:mod:`ascenseur.search.worlds` and its compiled twin alike).
ATTEMPTS = 200
#: Swap (or rotation) proposals per unseen card when a world is built rather than drawn.
MIXING = 20


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the search found for one candidate: its mean deal score (under the rule set's
    scoring table, H2), and the share of the sampled worlds (weighted) in which the seat takes
    exactly its bid — for a bid, the chance of taking exactly that many tricks; for a card, of
    making the bid.

    ``worlds`` is how many worlds the candidate met (fewer than others' if the search stopped
    playing it: :mod:`~ascenseur.search.racing`). ``tricks[t]`` is the share of those worlds
    (weighted) in which the seat ends the deal with t tricks, t = 0 … hand size (what the
    review and the hints' "why" read; empty where an estimate does not say).
    """

    action: PlayerAction
    points: float
    exact: float
    worlds: int
    tricks: tuple[float, ...] = ()


class NoConsistentWorld(RuntimeError):
    """The observation admits no world (it cannot come from a real game)."""


def allowed_mask(facts: SeatFacts) -> int:
    """The cards a seat may still hold given the public facts about it."""
    mask = FULL_DECK_MASK
    for kind in facts.voids:
        mask &= ~KIND_MASKS[kind]
    if facts.trump_ceiling < TRUMP_COUNT and Suit.TRUMPS not in facts.voids:
        mask &= ~TRUMPS_ABOVE[facts.trump_ceiling]
    return mask | EXCUSE_BIT


@dataclass(frozen=True, slots=True)
class WorldSpec:
    """What every world for one observation must satisfy (computed once per decision).

    ``known[s]``: the cards seat s is known to hold — the seat's own hand for itself, and in a
    blind one-card deal (H5) the others' cards it sees, and none of its own; ``unseen``: the
    cards it has not seen; ``counts[s]`` and ``allowed[s]``: how many unseen cards seat s
    holds and which it may hold (0 and 0 for the seat itself, but in a blind deal, where its
    one card is drawn among the unseen like any hidden card); ``order``: the seats to fill,
    most constrained first.
    """

    seat: int
    known: tuple[int, ...]
    unseen: int
    counts: tuple[int, ...]
    allowed: tuple[int, ...]
    order: tuple[int, ...]

    @property
    def own(self) -> int:
        """The cards of the searching seat's hand it knows (none in a blind deal)."""
        return self.known[self.seat]

    @staticmethod
    def of(view: Observation) -> WorldSpec:
        if view.seat is None:
            raise ValueError("a spectator has no hand: worlds are sampled for a seat")
        me = view.seat
        unseen = view.unseen_mask
        seen = view.seen_hands or ((),) * view.players
        known = tuple(
            view.hand_mask if seat == me else mask_of(cards) for seat, cards in enumerate(seen)
        )
        counts = tuple(c - known[seat].bit_count() for seat, c in enumerate(view.hand_counts))
        allowed = tuple(
            0 if seat == me and not counts[seat] else allowed_mask(facts) & unseen
            for seat, facts in enumerate(view.facts)
        )
        return WorldSpec(me, known, unseen, counts, (), ()).narrowed(allowed)

    def narrowed(self, allowed: tuple[int, ...]) -> WorldSpec:
        """This spec with each seat allowed only ``allowed[seat]`` (at most what it allows
        now) and the seats to fill put in order again; raises :class:`NoConsistentWorld` when
        a seat could no longer fill its hand."""
        for seat, count in enumerate(self.counts):
            if allowed[seat].bit_count() < count:
                raise NoConsistentWorld(f"seat {seat} cannot hold {count} unseen cards")
        hidden = [s for s in range(len(self.counts)) if self.counts[s]]
        # Most constrained first: fewest spare cards beyond the hand to fill.
        hidden.sort(key=lambda s: allowed[s].bit_count() - self.counts[s])
        return replace(self, allowed=allowed, order=tuple(hidden))

    def fill_factor(self, hands: Sequence[int]) -> float:
        """How much likelier a uniform draw over the consistent worlds makes ``hands`` than
        the seat-by-seat draw does (:mod:`~ascenseur.search.worlds`), up to a constant: at most 1.

        The seat-by-seat draw gives each of the C(p, k) hands of k cards of a seat's pool of p
        (the cards it may hold that the seats filled before it left) the same chance, so a
        world comes with the chance 1 / Π C(p, k) over the seats in :attr:`order`, where
        uniformly every world comes with the same chance. The factor is Π C(p, k) / C(p₀, k),
        p₀ the seat's pool before any seat has drawn: the same for every world when each
        seat's allowed cards are within the next one's (nested constraints), so weighing by it
        changes nothing there, and elsewhere (one seat has shown no heart, another no spade)
        it makes the drawn worlds count as a uniform draw would.
        """
        left = self.unseen
        log_factor = 0.0
        for who in self.order:
            count = self.counts[who]
            size = (self.allowed[who] & left).bit_count()
            whole = (self.allowed[who] & self.unseen).bit_count()
            log_factor += _log_choose(size, count) - _log_choose(whole, count)
            left &= ~hands[who]
        return math.exp(log_factor)

    def fill_ceiling(self) -> float:
        """The most :meth:`fill_factor` can be for any world of this spec: the bound that lets
        a drawn world be kept with the chance ``fill_factor / fill_ceiling``, which makes the
        kept worlds an exactly uniform draw (:func:`ascenseur.search.worlds.uniform_world`).

        A seat filled after others finds a pool of at most its allowed cards less what those
        seats must take of them: each of them holds k cards of which at most its allowed
        cards outside this seat's can lie elsewhere, so it takes at least k minus that many
        of this seat's (their cards are distinct, so the least amounts add up). With nested
        constraints the bound is met by every world, and every drawn world is kept.
        """
        log_ceiling = 0.0
        for position, who in enumerate(self.order):
            count = self.counts[who]
            mine = self.allowed[who] & self.unseen
            taken = 0
            for before in self.order[:position]:
                elsewhere = (self.allowed[before] & self.unseen & ~mine).bit_count()
                taken += max(0, self.counts[before] - elsewhere)
            whole = mine.bit_count()
            most = max(count, whole - taken)
            log_ceiling += _log_choose(most, count) - _log_choose(whole, count)
        return math.exp(log_ceiling)


def _log_choose(n: int, k: int) -> float:
    """ln C(n, k), from :data:`LOG_FACTORIAL`."""
    return LOG_FACTORIAL[n] - LOG_FACTORIAL[k] - LOG_FACTORIAL[n - k]


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchSettings:
    """How hard and how to search one decision (keyword-only: most fields are numbers).

    ``iterations`` play-outs are shared among the candidates; ``seconds`` (None: no limit)
    stops the search early; ``inverse_variance`` is 1 / (2 σ²) of the inference from bids (0:
    every world weighs 1); the deal is solved exactly once at most ``exact_cards`` cards are
    left to play; ``nested``: the searching seat looks one card ahead in its play-outs;
    ``draws``: worlds drawn for each world searched, one of them kept with a chance in
    proportion to its weight (1: every world drawn is searched); ``race``: candidates whose
    mean is below the leader's by more than this many standard errors stop being played, and
    their play-outs go to the others (None: every candidate plays to the end;
    :mod:`~ascenseur.search.racing`); ``noise``: in a nested play-out, the other seats' chance
    at each decision with a choice of playing a legal card drawn uniformly instead of the
    policy's (0: never; each world draws its own, the same for every candidate of it);
    ``faithful``: the in-play constants of the heuristic bot (its ``PlayParams``) when card
    decisions search worlds drawn under a faithful model of a field of such bots
    (:mod:`ascenseur.fast.chain`; empty: no such inference; the compiled search only).
    """

    iterations: int
    seconds: float | None
    inverse_variance: float
    exact_cards: int
    nested: bool
    draws: int = 1
    race: float | None = None
    noise: float = 0.0
    faithful: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchProblem:
    """One decision of a seat: its candidates, the worlds to sample, the deal so far.

    Cards are deck indices and sets of cards masks, as the play-outs take them. ``candidates``
    are the bid values (bidding) or card indices of ``actions``, the view's legal actions —
    :data:`MY_CARD_CANDIDATE` for "my card" in a blind deal (H5), the one card each world
    deals the seat. ``scoring`` (H2) and ``lead_restriction`` (H3) are the rule set's: the
    play-outs score and play by them.
    """

    spec: WorldSpec
    scoring: Scoring
    lead_restriction: bool
    actions: tuple[PlayerAction, ...]
    candidates: tuple[int, ...]
    bidding: bool
    hand_size: int
    bids: tuple[int | None, ...]  # the bids made so far, by seat
    shown: tuple[int, ...]  # the cards each seat has played this deal
    trick: tuple[int, ...]  # the current trick, in play order
    tricks_won: tuple[int, ...]
    tricks_left: int  # tricks not yet finished, the current one included
    to_act: int  # the seat that acts first in a play-out (the first bidder when bidding)
    cards_left: int  # cards every seat still holds, in all
    plays: tuple[tuple[int, int], ...] = ()  # (seat, card) of this deal, in play order

    @property
    def seat(self) -> int:
        """The searching seat."""
        return self.spec.seat

    def among(self, actions: Sequence[PlayerAction]) -> SearchProblem:
        """The same decision with only ``actions`` (some of its own) as candidates, in its
        order."""
        keep = [i for i, action in enumerate(self.actions) if action in actions]
        if len(keep) != len(set(actions)) or not keep:
            raise ValueError(f"{list(actions)} are not candidates of this decision")
        return replace(
            self,
            actions=tuple(self.actions[i] for i in keep),
            candidates=tuple(self.candidates[i] for i in keep),
        )

    def solved_exactly(self, settings: SearchSettings) -> bool:
        """Whether the play-outs give way to the exact endgame search (never for a bid)."""
        return not self.bidding and self.cards_left <= settings.exact_cards

    @staticmethod
    def of(view: Observation) -> SearchProblem:
        """The problem of the seat whose view this is; raises for a spectator's view."""
        spec = WorldSpec.of(view)
        n = view.players
        leader = (view.dealer + 1) % n
        bidding = view.phase is Phase.BIDDING
        actions = tuple(view.legal_actions)
        plays = deal_plays(view)
        shown = [0] * n
        for seat, card in plays:
            shown[seat] |= 1 << card
        return SearchProblem(
            spec=spec,
            scoring=view.rules.scoring,
            lead_restriction=view.rules.lead_restriction,
            actions=actions,
            candidates=tuple(_candidate(a) for a in actions),
            bidding=bidding,
            hand_size=view.hand_size,
            bids=view.bids,
            shown=tuple(shown),
            trick=tuple(card.index for _, card in view.trick),
            tricks_won=tuple(view.tricks_won),
            tricks_left=view.hand_size - len(view.tricks),
            to_act=leader if bidding else spec.seat,
            cards_left=sum(view.hand_counts),
            plays=plays,
        )


#: The candidate of "my card" (a blind one-card deal, H5): no card given, so a play-out plays
#: the seat's one card of its world, whichever it is.
MY_CARD_CANDIDATE = -1


def _candidate(action: PlayerAction) -> int:
    """A legal action as the search's candidate: a bid's value, a card's index, or
    :data:`MY_CARD_CANDIDATE`."""
    if isinstance(action, Bid):
        return action.value
    if isinstance(action, Play):
        return action.card.index
    return MY_CARD_CANDIDATE


def deal_plays(view: Observation) -> tuple[tuple[int, int], ...]:
    """``(seat, card index)`` of every card of the view's deal so far, in play order."""
    n = view.players
    plays = [
        ((trick.leader + i) % n, card.index)
        for trick in view.tricks
        for i, card in enumerate(trick.cards)
    ]
    plays += [(seat, card.index) for seat, card in view.trick]
    return tuple(plays)
