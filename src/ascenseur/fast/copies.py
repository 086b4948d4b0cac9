"""Copies and fills of the small arrays kernels work in.

A kernel (:func:`~ascenseur.fast._jit.jit_kernel`) cannot assign to a slice, ``a[:] = b``:
numba's slice assignment needs its runtime (it may copy the source first). These copy element
by element, as fast at the sizes the search uses (a few seats, a deck's 78 cards). Each is
compiled once per array type (int64 words or float64 chances).
"""

from __future__ import annotations

from ascenseur.fast._jit import jit_kernel
from ascenseur.fast.masks import Floats, Int64s


@jit_kernel
def copy_row(target: Int64s | Floats, source: Int64s | Floats) -> None:
    """``target[:] = source`` for 1-d arrays of the same length."""
    for i in range(target.shape[0]):
        target[i] = source[i]


@jit_kernel
def copy_rows(target: Int64s | Floats, source: Int64s | Floats) -> None:
    """``target[:, :] = source`` for 2-d arrays of the same shape."""
    for i in range(target.shape[0]):
        for j in range(target.shape[1]):
            target[i, j] = source[i, j]


@jit_kernel
def fill_row(target: Int64s | Floats, value: float) -> None:
    """``target[:] = value`` for a 1-d array."""
    for i in range(target.shape[0]):
        target[i] = value


@jit_kernel
def fill_rows(target: Int64s | Floats, value: float) -> None:
    """``target[:, :] = value`` for a 2-d array."""
    for i in range(target.shape[0]):
        for j in range(target.shape[1]):
            target[i, j] = value


__all__ = ["copy_row", "copy_rows", "fill_row", "fill_rows"]
