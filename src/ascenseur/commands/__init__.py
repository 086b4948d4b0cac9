"""The subcommands of ``ascenseur``: each module adds its parser with ``add_parser``."""
