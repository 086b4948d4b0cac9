"""``python -m ascenseur``."""

import sys

from ascenseur.cli import main

sys.exit(main())
