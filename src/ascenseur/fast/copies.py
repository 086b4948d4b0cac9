"""Copies and fills of the small arrays kernels work in.

A kernel (:func:`~ascenseur.fast._jit.jit_kernel`) cannot assign to a slice, ``a[:] = b``:
numba counts references on the view it makes. These copy element by element, as fast at the
sizes the search uses (a few seats, two words each).
"""

from __future__ import annotations

from ascenseur.fast._jit import jit_kernel
from ascenseur.fast.masks import Int64s


@jit_kernel
def copy_row(target: Int64s, source: Int64s) -> None:
    """``target[:] = source`` for 1-d arrays of the same length."""
    for i in range(target.shape[0]):
        target[i] = source[i]


@jit_kernel
def copy_rows(target: Int64s, source: Int64s) -> None:
    """``target[:, :] = source`` for 2-d arrays of the same shape."""
    for i in range(target.shape[0]):
        for j in range(target.shape[1]):
            target[i, j] = source[i, j]


@jit_kernel
def fill_row(target: Int64s, value: int) -> None:
    """``target[:] = value`` for a 1-d array."""
    for i in range(target.shape[0]):
        target[i] = value


@jit_kernel
def fill_rows(target: Int64s, value: int) -> None:
    """``target[:, :] = value`` for a 2-d array."""
    for i in range(target.shape[0]):
        for j in range(target.shape[1]):
            target[i, j] = value


__all__ = ["copy_row", "copy_rows", "fill_row", "fill_rows"]
