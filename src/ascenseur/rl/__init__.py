"""Reinforcement learning on Tarot ascenseur: PettingZoo and Gymnasium environments.

Needs the optional extra ``rl`` (``pip install 'ascenseur[rl]'``; ``make`` installs it).

- :class:`~ascenseur.rl.env.AscenseurEnv` — the PettingZoo AEC environment: one agent per
  seat that learns, registered bots in the others;
- :class:`~ascenseur.rl.gym.AscenseurGymEnv` — the Gymnasium environment of one learning
  seat;
- :class:`~ascenseur.rl.encoding.Encoding` — a seat's view as arrays (OpenSpiel's action ids
  and observation tensor layout), for the environments and for bots alike;
- :class:`~ascenseur.rl.bot.PolicyBot` — a trained policy as a bot for the arena;
- :mod:`ascenseur.rl.bidding` — a small bidding policy trained by self-play with numpy.

Nothing else in the project imports this package.
"""

from importlib.util import find_spec

_MISSING = [name for name in ("gymnasium", "pettingzoo", "numpy") if find_spec(name) is None]
if _MISSING:
    raise ImportError(
        f"ascenseur.rl needs {', '.join(_MISSING)}: install the extra with "
        "pip install 'ascenseur[rl]'"
    )

from ascenseur.rl.bot import PolicyBot  # noqa: E402
from ascenseur.rl.encoding import Encoding  # noqa: E402
from ascenseur.rl.env import AscenseurEnv  # noqa: E402
from ascenseur.rl.gym import AscenseurGymEnv  # noqa: E402

__all__ = ["AscenseurEnv", "AscenseurGymEnv", "Encoding", "PolicyBot"]
