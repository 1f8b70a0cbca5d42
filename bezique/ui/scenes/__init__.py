"""The screens other than the table, one per module: menu, settings, statistics, how to play, crash."""
