"""The compiled core's random source: SplitMix64, a *stream* (its 64-bit state in an array).

Randomness is injected: the stream is made from a seed that the caller draws from its
own :class:`random.Random`, so a search is deterministic given its seed and shares nothing
with numba's global generator.
"""

from __future__ import annotations

import random

import numpy as np

from ascenseur.fast._jit import jit_kernel
from ascenseur.fast.masks import Words

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S27 = np.uint64(27)
_S30 = np.uint64(30)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


def new_stream(rng: random.Random) -> Words:
    """A fresh random stream seeded from ``rng``."""
    return np.array([rng.getrandbits(64)], np.uint64)


@jit_kernel
def next_u64(stream: Words) -> np.uint64:
    """The next 64 random bits."""
    z: np.uint64 = stream[0] + _GAMMA
    stream[0] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@jit_kernel
def below(stream: Words, bound: int) -> int:
    """A uniform integer in ``0 … bound-1`` (1 ≤ bound < 2**32), unbiased (Lemire's method)."""
    n = np.uint64(bound)
    product = (next_u64(stream) >> _S32) * n
    low = product & _LOW32
    if low < n:
        threshold = (_TWO32 - n) % n
        while low < threshold:
            product = (next_u64(stream) >> _S32) * n
            low = product & _LOW32
    return int(product >> _S32)


_S11 = np.uint64(11)


@jit_kernel
def uniform(stream: Words) -> float:
    """A uniform float in [0, 1) (53 random bits)."""
    return float(next_u64(stream) >> _S11) * (1.0 / 9007199254740992.0)
