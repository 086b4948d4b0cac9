"""The subcommands of ``ascenseur``, a module each: its docstring is the command's help, its
``NAME``, ``add_options`` and ``run`` the rest (:class:`ascenseur.commands.options.Command`)."""
