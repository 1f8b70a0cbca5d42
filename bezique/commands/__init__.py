"""The command-line verbs: one module per command (play, replay, check-config, bench, demo, install-desktop)."""
