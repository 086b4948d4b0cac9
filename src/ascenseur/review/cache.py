"""Reviews kept on disk: computed once per (record, seat, budget), read back at once after.

A kept review is one seat's review of one record, in a file named by everything its figures
depend on: the record's digest, the seat, the budget's play-outs, the seed and the engine's
key (:func:`~ascenseur.review.analysis.engine_key`: the sources of the engine, the search and
the review), so that changed code or another seed never reads an old review as its own. Files
are written whole (a temporary file, then a rename): a crash leaves the old file or none,
never half of one. A file that does not read as a review is ignored (and computed again).

The directory is the caller's: the command line keeps reviews under the user's data
directory (:func:`ascenseur.session.data_dir`), in ``reviews/``.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from ascenseur.files import write_text_atomic
from ascenseur.review.format import Review, ReviewError, dumps, loads


class ReviewCache:
    """The reviews kept in ``directory`` (created when the first is kept)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path(self, digest: str, seat: int, playouts: int, seed: int, engine: str) -> Path:
        """The file of one seat's review (the digest's hexadecimal part names the record)."""
        record = digest.removeprefix("sha256:")
        return self.directory / f"{record}-seat{seat}-p{playouts}-s{seed}-{engine}.json"

    def get(self, digest: str, seat: int, playouts: int, seed: int, engine: str) -> Review | None:
        """The kept review of ``seat``, or None when there is none (or it does not read)."""
        path = self.path(digest, seat, playouts, seed, engine)
        try:
            review = loads(path.read_bytes())
        except (OSError, ReviewError):
            return None
        if review.record.digest != digest or [s.seat for s in review.seats] != [seat]:
            return None
        return review

    def put(self, review: Review) -> None:
        """Keep each seat of ``review`` in its own file, each written whole."""
        for reviewed in review.seats:
            one = msgspec.structs.replace(review, seats=[reviewed])
            path = self.path(
                review.record.digest,
                reviewed.seat,
                review.budget.playouts,
                review.seed,
                review.engine,
            )
            write_text_atomic(path, dumps(one, indent=None))


__all__ = ["ReviewCache"]
