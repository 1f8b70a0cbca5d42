"""``python -m bezique [COMMAND]``: start the game, or run one of the tools (replay, check-config, bench …)."""

from bezique.commands.cli import main

if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the standalone build's thinking processes start through this executable
    raise SystemExit(main())
