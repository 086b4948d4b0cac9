"""What a searching bot knows at one decision, shared by the pure and the compiled search.

:class:`~ascenseur.search.problem.SearchProblem` is built once from a seat's
:class:`~ascenseur.core.observation.Observation`; the expert's pure loop
(:mod:`ascenseur.bots.expert`) and its compiled back end (:mod:`ascenseur.fast.search`) both
read it, so the two cannot set the search up differently. Pure Python on the core only.
"""

from ascenseur.search.problem import (
    NoConsistentWorld,
    SearchProblem,
    SearchSettings,
    WorldSpec,
    allowed_mask,
)

__all__ = ["NoConsistentWorld", "SearchProblem", "SearchSettings", "WorldSpec", "allowed_mask"]
